// Many contract reads in one eth_call through Multicall3's aggregate3. Shared by every
// intelligence module that counts its rounds: each round is one JSON-RPC batch, and this
// keeps all of a round's eth_calls inside it.
import { decodeFunctionResult, encodeFunctionData, multicall3Abi, type Abi, type Address, type Hex } from "viem";
import { ChainUnavailableError } from "./errors";
import { isContractRevert, isOutOfGas } from "./upstream";
import type { ChainClient } from "./clients";
import type { NetworkInfo } from "./networks";

/** Where an aggregate runs: the client, its network (for Multicall3's address) and the block, latest when absent. */
export type AggregateTarget = { client: ChainClient; network: Pick<NetworkInfo, "multicall3" | "displayName">; block?: bigint };

/** The multicall results as values, a failed or empty call as null (a revert is an answer, not an outage). */
export function valueOrNull<T = unknown>(result: CallResult | undefined): T | null {
  return result?.status === "success" ? (result.result as T) : null;
}

export type ContractCall = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };
export type CallResult = { status: "success"; result: unknown } | { status: "failure"; error: Error };

/**
 * Most calls in one aggregate3: a wallet with thousands of grants, or a token with thousands of
 * holders, would otherwise make one eth_call past a node's gas cap (geth's default is 50M) or its
 * answer-size limit. Larger sets go out as several aggregates at once, still one round.
 */
export const maxCallsPerAggregate = 500;

/**
 * Many reads through Multicall3's aggregate3, every call allowed to fail, in one round: one
 * eth_call, or several sent together when there are more than maxCallsPerAggregate. viem's own
 * multicall batcher splits large batches across ticks, which costs extra round trips. A call
 * that reverts or answers nothing is a failure result, not an error.
 */
export async function aggregate(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  if (calls.length <= maxCallsPerAggregate) return aggregateOnce(ctx, calls);
  const chunks: ContractCall[][] = [];
  for (let start = 0; start < calls.length; start += maxCallsPerAggregate) chunks.push(calls.slice(start, start + maxCallsPerAggregate));
  return (await Promise.all(chunks.map((chunk) => aggregateOnce(ctx, chunk)))).flat();
}

const encodeCall = (call: ContractCall) => encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never);

/** One call's answer decoded by its ABI; nothing, or what does not decode, is a failure. */
function decoded(call: ContractCall, returnData: Hex): CallResult {
  if (returnData === "0x") return { status: "failure", error: new Error("no data") };
  try {
    return { status: "success", result: decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: returnData } as never) as unknown };
  } catch (error) {
    return { status: "failure", error: error as Error };
  }
}

async function aggregateOnce(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map((call) => ({ target: call.address, allowFailure: true, callData: encodeCall(call) }));
  let data: Hex | undefined;
  try {
    ({ data } = await ctx.client.call({
      to: ctx.network.multicall3,
      data: encodeFunctionData({ abi: multicall3Abi, functionName: "aggregate3", args: [encoded] }),
      blockNumber: ctx.block,
      batch: false,
    }));
  } catch (error) {
    // aggregate3 hands each call all the gas left: one call into a pre-Byzantium contract that does
    // not know the function burns it, and the whole aggregate runs out. Then each call goes on its own.
    if (isOutOfGas(error)) return callOneByOne(ctx, calls);
    throw error;
  }
  if (!data || data === "0x") throw new ChainUnavailableError("method_not_offered", ctx.network.displayName, `${ctx.network.displayName} node has no Multicall3 at ${ctx.network.multicall3}`);
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data });
  return results.map((result, index) => (result.success ? decoded(calls[index]!, result.returnData) : { status: "failure" as const, error: new Error("reverted") }));
}

/**
 * The calls as eth_calls of their own, sent together (one JSON-RPC batch: one more round, paid only
 * by a token whose code burns the gas of a call it refuses). A revert or a burnt call is that call's
 * failure; a node fault is the round's.
 */
async function callOneByOne(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  return Promise.all(
    calls.map(async (call): Promise<CallResult> => {
      try {
        const { data } = await ctx.client.call({ to: call.address, data: encodeCall(call), blockNumber: ctx.block, batch: false });
        return decoded(call, data ?? "0x");
      } catch (error) {
        if (isContractRevert(error)) return { status: "failure", error: error as Error };
        throw error;
      }
    }),
  );
}
