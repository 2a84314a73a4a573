// When and in which transaction a pool was created: the factory's own creation event
// (PairCreated / PoolCreated), found by its indexed token pair within a bounded look-back; for a
// Uniswap V4 pool, the PoolManager's Initialize event for its id.
import { getAddress, type Address, type Hash } from "viem";
import { scanLogs } from "@/lib/chain/log-scanner";
import { pairCreated, slipstreamPoolCreated, solidlyPoolCreated, v3PoolCreated, v4Initialize } from "./abis";
import { sameAddress, type MarketContext } from "./context";
import type { PoolCandidate } from "./pools";

export type PoolCreation = { block: bigint; transaction: Hash };

export type PoolCreationRead = {
  creation: PoolCreation | null;
  /** The range searched; a pool created before `fromBlock` is not found. */
  fromBlock: bigint;
  toBlock: bigint;
};

function sorted(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** One round (on a node that serves the whole window in one batch of ranges). */
export async function readPoolCreation(ctx: MarketContext, pool: PoolCandidate, lookbackBlocks: bigint): Promise<PoolCreationRead> {
  const [token0, token1] = sorted(getAddress(pool.token), getAddress(pool.quote.address));
  const dex = pool.dex;
  const window = { client: ctx.client, address: dex.kind === "uniswap-v4" ? dex.poolManager : dex.factory, fromBlock: 0n, toBlock: ctx.block, maxLookbackBlocks: lookbackBlocks, chunkSize: 50_000n, concurrency: 8 };
  let logs: { args: Record<string, unknown>; blockNumber: bigint; transactionHash: Hash }[];
  let range: { fromBlock: bigint; toBlock: bigint };
  if (dex.kind === "uniswap-v4") {
    const scan = await scanLogs({ ...window, events: [v4Initialize] as const, args: { id: pool.v4?.id } });
    return { creation: scan.logs[0] ? { block: scan.logs[0].blockNumber, transaction: scan.logs[0].transactionHash } : null, fromBlock: scan.fromBlock, toBlock: scan.toBlock };
  } else if (dex.kind === "uniswap-v2") {
    const scan = await scanLogs({ ...window, events: [pairCreated] as const, args: { token0, token1 } });
    logs = scan.logs as never;
    range = scan;
  } else if (dex.kind === "uniswap-v3") {
    const scan = await scanLogs({ ...window, events: [v3PoolCreated] as const, args: { token0, token1, fee: pool.feeTier } });
    logs = scan.logs as never;
    range = scan;
  } else if (dex.kind === "slipstream") {
    const scan = await scanLogs({ ...window, events: [slipstreamPoolCreated] as const, args: { token0, token1, tickSpacing: pool.tickSpacing } });
    logs = scan.logs as never;
    range = scan;
  } else {
    const scan = await scanLogs({ ...window, events: [solidlyPoolCreated] as const, args: { token0, token1, stable: pool.stable } });
    logs = scan.logs as never;
    range = scan;
  }
  const match = logs.find((log) => {
    const created = (log.args.pair ?? log.args.pool) as Address | undefined;
    return created !== undefined && sameAddress(created, pool.address);
  });
  return {
    creation: match ? { block: match.blockNumber, transaction: match.transactionHash } : null,
    fromBlock: range.fromBlock,
    toBlock: range.toBlock,
  };
}
