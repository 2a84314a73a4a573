// When and in which transaction a pool was created: the event of the contract that opened it
// (a factory's PairCreated / PoolCreated, found by its indexed token pair within a bounded
// look-back; for a Uniswap V4 pool, the PoolManager's Initialize event for its id), as the
// pool's venue module reads it.
import type { MarketContext } from "./context";
import type { PoolCandidate } from "./pool-types";
import { venueModule } from "./venues";
import type { PoolCreationRead } from "./venues/venue-module";

export type { PoolCreation, PoolCreationRead } from "./venues/venue-module";

/** One round (on a node that serves the whole window in one batch of ranges). */
export function readPoolCreation(ctx: MarketContext, pool: PoolCandidate, lookbackBlocks: bigint): Promise<PoolCreationRead> {
  return venueModule(pool.dex).readCreation(ctx, pool, lookbackBlocks);
}
