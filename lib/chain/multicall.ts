// Many contract reads in one eth_call through Multicall3's aggregate3. Shared by every
// intelligence module that counts its rounds: each round is one JSON-RPC batch, and this
// keeps all of a round's eth_calls inside it.
import { decodeFunctionResult, encodeFunctionData, multicall3Abi, type Abi, type Address } from "viem";
import { ChainUnavailableError } from "./errors";
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

async function aggregateOnce(ctx: AggregateTarget, calls: readonly ContractCall[]): Promise<CallResult[]> {
  if (calls.length === 0) return [];
  const encoded = calls.map((call) => ({
    target: call.address,
    allowFailure: true,
    callData: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never),
  }));
  const { data } = await ctx.client.call({
    to: ctx.network.multicall3,
    data: encodeFunctionData({ abi: multicall3Abi, functionName: "aggregate3", args: [encoded] }),
    blockNumber: ctx.block,
    batch: false,
  });
  if (!data || data === "0x") throw new ChainUnavailableError("method_not_offered", ctx.network.displayName, `${ctx.network.displayName} node has no Multicall3 at ${ctx.network.multicall3}`);
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data });
  return results.map((result, index) => {
    if (!result.success) return { status: "failure" as const, error: new Error("reverted") };
    if (result.returnData === "0x") return { status: "failure" as const, error: new Error("no data") };
    try {
      const call = calls[index];
      return { status: "success" as const, result: decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: result.returnData } as never) as unknown };
    } catch (error) {
      return { status: "failure" as const, error: error as Error };
    }
  });
}
