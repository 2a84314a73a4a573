// What the kinds whose pools a factory opens share: the factory's answer to "which pool is this
// pair's", and the factory's creation event for a pool, found by its indexed token pair.
import { getAddress, zeroAddress, type AbiEvent, type Address, type Hash } from "viem";
import { scanLogs } from "@/lib/chain/log-scanner";
import { sameAddress, type MarketContext } from "../context";
import type { PoolCandidate } from "../pool-types";
import type { PoolCreationRead } from "./venue-module";

/** A factory's getPair/getPool answer as a pool address; the zero address (or no answer) is no pool. */
export function poolAddress(value: unknown): Address | null {
  const address = value as Address | null;
  return address && !sameAddress(address, zeroAddress) ? getAddress(address) : null;
}

/** The pool's two tokens in the factory's order (token0 is the lower address). */
export function sortedPair(pool: Pick<PoolCandidate, "token" | "quote">): [Address, Address] {
  const [a, b] = [getAddress(pool.token), getAddress(pool.quote.address)];
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** The bounded window creation events are searched in, on the contract that opens the pools. */
export function creationWindow(ctx: MarketContext, address: Address, lookbackBlocks: bigint) {
  return { client: ctx.client, address, fromBlock: 0n, toBlock: ctx.block, maxLookbackBlocks: lookbackBlocks, chunkSize: 50_000n, concurrency: 8 };
}

/**
 * One round (on a node that serves the whole window in one batch of ranges): the factory's
 * creation events for the pool's token pair (`args` narrows them to its fee, curve or spacing),
 * and the one that names the pool.
 */
export async function readFactoryCreation(ctx: MarketContext, pool: PoolCandidate, factory: Address, event: AbiEvent, args: Record<string, unknown>, lookbackBlocks: bigint): Promise<PoolCreationRead> {
  const scan = await scanLogs({ ...creationWindow(ctx, factory, lookbackBlocks), events: [event] as const, args });
  // The venue's creation event is one of several (its module's), typed at run time as any event: its args are read by name.
  const logs = scan.logs as unknown as { args: Record<string, unknown>; blockNumber: bigint; transactionHash: Hash }[];
  const match = logs.find((log) => {
    const created = (log.args.pair ?? log.args.pool) as Address | undefined;
    return created !== undefined && sameAddress(created, pool.address);
  });
  return {
    creation: match ? { block: match.blockNumber, transaction: match.transactionHash } : null,
    fromBlock: scan.fromBlock,
    toBlock: scan.toBlock,
  };
}
