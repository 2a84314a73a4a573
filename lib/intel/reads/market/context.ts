// What every market read needs: the client, the network, and the block all reads are pinned to.
import type { Address } from "viem";
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

export { aggregate, aggregateGroups, call, valueOrNull, type CallResult, type ContractCall } from "@/lib/chain/multicall";
