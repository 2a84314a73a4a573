// Which of a token's pools why-down reads: the deepest in dollars at the window's start, across
// venues and quote assets, so a dead pair cannot shadow a live pool and a small pool in one quote
// asset cannot outrank a deep one in another. A pool opened inside the window counts from now.
import { deeperFirst, nativeUsdPrice, type Pool } from "@/lib/intel/reads/market";

/** The index of the main pool among `now` (and `start`, read for the same pools). */
export function mainPoolOf(market: { now: readonly Pool[]; start: readonly Pool[]; referenceNow: readonly Pool[]; referenceStart: readonly Pool[] }): number {
  const existedAtStart = (index: number) => (market.start[index]?.reserves?.quote ?? 0n) > 0n;
  const atStart = market.start.map((pool, index) => ({ pool, index })).filter(({ index }) => existedAtStart(index));
  if (atStart.length > 0) {
    const order = deeperFirst(nativeUsdPrice(market.referenceStart));
    return atStart.sort((a, b) => order(a.pool, b.pool))[0].index;
  }
  const order = deeperFirst(nativeUsdPrice(market.referenceNow));
  return market.now.map((pool, index) => ({ pool, index })).sort((a, b) => order(a.pool, b.pool))[0].index;
}
