// What every chain read adds to the success envelope: each field's provenance, and where the
// data came from (whether the operator's own node serves the network, and the block). One
// function turns any intelligence module's presented answer into the endpoint's result.
import { rpcUrlFor } from "@/lib/chain/clients";
import { getNetwork, isServiceGrounded, type ChainId } from "@/lib/chain/networks";
import { inNodeScope, readingAt } from "@/lib/chain/node-scope";
import type { EndpointResult } from "@/lib/api-contract/endpoint";
import type { AnswerDataOf, EndpointImplementationOf, InputOf, IntelEndpointId } from "@/lib/api-contract/endpoints";
import type { Provenance } from "@/lib/schemas/provenance";
import { withChainScope, type ChainScope } from "./chain-scope";
import { answerStore, readKey, sharedRead } from "./hot-reads";
import { intelThreadPool } from "./threads/pool";

export function chainReadMeta(read: { chain: ChainId; block: bigint; provenance: Record<string, Provenance> }) {
  return {
    provenance: read.provenance,
    chain_data_source: { service_grounded: isServiceGrounded(read.chain), block_number: Number(read.block) },
  };
}

/** A presented intelligence answer: the data (typed by the endpoint's response schema where the endpoint is named), its provenance, and where it was read. */
export type PresentedAnswer<Data = unknown> = {
  chain: ChainId;
  block: bigint;
  data: Data;
  provenance: Record<string, Provenance>;
  /** The transactions and reads the answer cites. */
  sources?: unknown;
  /** A success with nothing to report (no pools, no wallets): never charged. */
  honestEmpty?: boolean;
  /** What the request's options turned into (`meta.read`). */
  read?: Record<string, unknown>;
};

export function chainAnswer<Data>(answer: PresentedAnswer<Data>): EndpointResult<Data> {
  return {
    data: answer.data,
    ...(answer.sources === undefined ? {} : { sources: answer.sources }),
    ...(answer.honestEmpty === undefined ? {} : { honestEmpty: answer.honestEmpty }),
    meta: { ...chainReadMeta(answer), ...(answer.read ? { read: answer.read } : {}) },
  };
}

/** An intelligence endpoint's own work: its typed input, in the request's chain scope, to an answer its response schema accepts (read, assess, present). */
export type IntelAnswer<Id extends IntelEndpointId> = (input: InputOf<Id>, scope: ChainScope) => Promise<PresentedAnswer<AnswerDataOf<Id>>>;

/** The endpoint's implementation for the pipeline, with its answer function for the intelligence threads. */
export type IntelImplementation<Id extends IntelEndpointId> = EndpointImplementationOf<Id> & { answer: IntelAnswer<Id> };

/**
 * An intelligence endpoint: its typed input to read, assess and present, answered with its
 * provenance, every read at the head block learned first. The id ties the answer to the
 * registry's schemas: an answer whose data its response schema would refuse does not compile.
 * Identical reads of one endpoint share one computation (hot-reads.ts), on the request thread;
 * the computation itself runs on an intelligence thread where the server has them
 * (threads/pool.ts), else here.
 */
export function intelEndpoint<Id extends IntelEndpointId>(id: Id, answer: IntelAnswer<Id>): IntelImplementation<Id> {
  const implementation: EndpointImplementationOf<Id> = async ({ input, endpoint, signal }) => {
    if (endpoint !== id) throw new Error(`${id}'s answer was routed for ${endpoint}`);
    // Every intelligence request names its chain (the registry's request schemas all carry it).
    const { chain } = input as InputOf<Id> & { chain: ChainId };
    // The request's one chain scope: its client, and node failures translated once, around the head read too.
    return withChainScope({ chain }, (scope) => {
      // The configured URL, not the client's: a caller that joins a read in flight never needs a client of its own.
      const nodeUrl = rpcUrlFor(chain);
      const read = async (head: bigint, stop?: AbortSignal) => {
        const stopped = stop ? (signal ? AbortSignal.any([signal, stop]) : stop) : signal;
        const pool = intelThreadPool();
        if (pool) return pool.run(endpoint, input as Record<string, unknown>, head, stopped);
        // A read that may be stopped runs in a node scope of its own, with its own client: its signal
        // stops only its node requests, and none of them shares a batch with a read that goes on.
        const presented = await (stop
          ? inNodeScope({ signal: stopped }, () => withChainScope({ chain }, (own) => readingAt(head, () => answer(input, own))))
          : readingAt(head, () => answer(input, scope)));
        return { block: presented.block.toString(), result: chainAnswer(presented) };
      };
      const shared = sharedRead(readKey(endpoint, nodeUrl, input as Record<string, unknown>), () => scope.client, answerStore(), read, { url: nodeUrl, blockIntervalMs: getNetwork(chain).blockInterval.ms });
      // Kept and threaded answers cross as JSON, so their type is lost there; the read key names this endpoint, so this is its answer (and the pipeline parses it again).
      return shared as Promise<EndpointResult<AnswerDataOf<Id>>>;
    });
  };
  return Object.assign(implementation, { answer });
}
