// What every market read needs: the client, the network, and the block all reads are pinned to.
import { decodeFunctionResult, encodeFunctionData, multicall3Abi, type Abi, type Address } from "viem";
import { ApiError } from "@/lib/api/errors";
import type { ChainClient } from "@/lib/chain/clients";
import { getNetwork, type ChainId, type NetworkInfo } from "@/lib/chain/networks";

export type MarketContext = {
  client: ChainClient;
  chain: ChainId;
  network: NetworkInfo;
  /** Every read is made at this block, so reserves, balances and supplies agree. */
  block: bigint;
  /** The block's timestamp (seconds), when known: says whether a lock is still running. */
  blockTimestamp: bigint | null;
};

/** A context before the block is known: reads go to the node's latest block (the first round only). */
export type LatestContext = Omit<MarketContext, "block" | "blockTimestamp"> & { block?: bigint };

export function marketContext(input: { client: ChainClient; chain: ChainId; block: bigint; blockTimestamp?: bigint | null }): MarketContext {
  return { ...input, blockTimestamp: input.blockTimestamp ?? null, network: getNetwork(input.chain) };
}

export function sameAddress(a: Address | string, b: Address | string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** The multicall results as values, a failed or empty call as null (a revert is an answer, not an outage). */
export function valueOrNull<T = unknown>(result: CallResult | undefined): T | null {
  return result?.status === "success" ? (result.result as T) : null;
}

export type ContractCall = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };
export type CallResult = { status: "success"; result: unknown } | { status: "failure"; error: Error };

/**
 * Many reads in exactly one eth_call through Multicall3's aggregate3, every call allowed to
 * fail. viem's own multicall batcher splits large batches across ticks, which costs extra
 * round trips; one aggregate per round keeps each round one request. A call that reverts or
 * answers nothing is a failure result, not an error.
 */
export async function aggregate(ctx: Pick<LatestContext, "client" | "network" | "block">, calls: readonly ContractCall[]): Promise<CallResult[]> {
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
  if (!data || data === "0x") throw new ApiError("unavailable", `${ctx.network.displayName} node has no Multicall3 at ${ctx.network.multicall3}`);
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
