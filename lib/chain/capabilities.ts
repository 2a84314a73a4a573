// What a network's node can serve (archive state, ots_getContractCreator, eth_getBlockReceipts,
// traces, state overrides), found out at start. The details: probeNode below.
import { zeroAddress, toHex } from "viem";
import { profileOfClient, type ChainClient } from "./clients";
import { getNetwork, type ChainId } from "./networks";
import { faultKindOf } from "./upstream";

export type Capability = "yes" | "no" | "unknown";

export type NodeCapabilities = {
  chain: ChainId;
  head: bigint;
  /** State at a block this far below the head, asked for with eth_getBalance. */
  archiveProbeDepth: bigint;
  archiveState: Capability;
  otsContractCreator: Capability;
  blockReceipts: Capability;
  /** trace_transaction or debug_traceTransaction. */
  traces: Capability;
  stateOverride: Capability;
};

/** The tracers wallet/pnl asks, in its order. */
export const transactionTracers = ["trace_transaction", "debug_traceTransaction"] as const;

/** Deep enough that no full node keeps it (geth keeps 128 blocks; pruned reth and Erigon about 10,000). */
export const archiveProbeDepth = 100_000n;

async function answers(ask: () => Promise<unknown>, missingWhen: (error: unknown) => boolean): Promise<Capability> {
  try {
    await ask();
    return "yes";
  } catch (error) {
    return missingWhen(error) ? "no" : "unknown";
  }
}

const notOffered = (error: unknown) => faultKindOf(error) === "method_not_offered";

/** Asked about a transaction no node has: any answer but "no such method" (geth says "transaction not found") shows the method is there. */
async function offers(client: ChainClient, method: string, params: unknown[]): Promise<Capability> {
  try {
    await client.request({ method: method as never, params: params as never });
    return "yes";
  } catch (error) {
    const kind = faultKindOf(error);
    if (kind === "method_not_offered") return "no";
    return kind === "unreachable" || kind === "timed_out" || kind === "rate_limited" ? "unknown" : "yes";
  }
}

const noTransaction = `0x${"0".repeat(64)}`;

/**
 * What a network's node can serve, found out at start: whether it keeps past state (an archive
 * node: wallet/pnl's prices at each trade, why-down's pool at the window's start, the deployer by
 * code search), whether it offers ots_getContractCreator and eth_getBlockReceipts, whether it
 * traces transactions (wallet/pnl's native coin paid to a wallet inside a transaction), and
 * whether it runs eth_call with a state override (risk's simulation, the position lens). The operator reads
 * it in the start-up log; the provider profile remembers a method the node does not offer, so no
 * request pays for finding out again.
 */
export async function probeNode(chain: ChainId, client: ChainClient): Promise<NodeCapabilities> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const depth = head > archiveProbeDepth ? archiveProbeDepth : head > 1n ? head - 1n : 0n;
  const [archiveState, otsContractCreator, blockReceipts, stateOverride, parityTraces, gethTraces] = await Promise.all([
    answers(
      // Asked of the node itself (not through Multicall3, which a client may batch balances into).
      () => client.request({ method: "eth_getBalance", params: [zeroAddress, toHex(head - depth)] }),
      (error) => faultKindOf(error) === "state_not_available",
    ),
    answers(() => client.request({ method: "ots_getContractCreator" as never, params: [getNetwork(chain).multicall3] as never }), notOffered),
    answers(() => client.request({ method: "eth_getBlockReceipts" as never, params: [toHex(head)] as never }), notOffered),
    answers(
      () => client.call({ to: zeroAddress, data: "0x", blockNumber: head, stateOverride: [{ address: zeroAddress, code: "0x00" }], batch: false }),
      (error) => faultKindOf(error) !== "unreachable" && faultKindOf(error) !== "timed_out" && faultKindOf(error) !== "rate_limited",
    ),
    offers(client, transactionTracers[0], [noTransaction]),
    offers(client, transactionTracers[1], [noTransaction, { tracer: "callTracer" }]),
  ]);
  const profile = profileOfClient(client);
  if (otsContractCreator === "no") profile?.methodRefused("ots_getContractCreator");
  if (blockReceipts === "no") profile?.methodRefused("eth_getBlockReceipts");
  if (parityTraces === "no") profile?.methodRefused(transactionTracers[0]);
  if (gethTraces === "no") profile?.methodRefused(transactionTracers[1]);
  const traces: Capability = parityTraces === "yes" || gethTraces === "yes" ? "yes" : parityTraces === "no" && gethTraces === "no" ? "no" : "unknown";
  return { chain, head, archiveProbeDepth: depth, archiveState, otsContractCreator, blockReceipts, traces, stateOverride };
}

/** One start-up log line: what the node serves, and what the reads do without it. */
export function describeCapabilities(found: NodeCapabilities): string {
  const network = getNetwork(found.chain).displayName;
  const parts = [
    found.archiveState === "yes"
      ? `archive state (${found.archiveProbeDepth.toLocaleString("en-US")} blocks back)`
      : found.archiveState === "no"
        ? "no past state: wallet/pnl and why-down answer 503 naming it, the deployer needs ots_getContractCreator"
        : "past state not confirmed",
    found.otsContractCreator === "yes" ? "ots_getContractCreator" : found.otsContractCreator === "no" ? "no ots_getContractCreator (the deployer found by code search)" : "ots_getContractCreator not confirmed",
    found.blockReceipts === "no" ? "no eth_getBlockReceipts (receipts one by one)" : null,
    found.traces === "yes"
      ? "transaction traces"
      : found.traces === "no"
        ? "no trace_transaction or debug_traceTransaction: wallet/pnl reads a native-coin trade from the wallet's balance where its block holds it alone, else at the pool's amount, saying so"
        : "transaction traces not confirmed",
    found.stateOverride === "yes" ? "state overrides" : found.stateOverride === "no" ? "no state overrides: risk answers its fallback read, position owners take one more round" : "state overrides not confirmed",
  ].filter((part) => part !== null);
  return `chains: ${network} node at block ${found.head}: ${parts.join("; ")}`;
}
