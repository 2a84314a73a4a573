// Depth of a concentrated-liquidity pool two ways, because one figure misleads: within 2 % of the
// price, and everything its positions hold.
import { aggregateGroups, sameAddress, valueOrNull, type ContractCall, type MarketContext } from "./context";
import { amountsForLiquidity, integerSqrt, sqrtPriceAtTick } from "./liquidity-math";
import type { PositionCustody } from "./position-custody";
import type { LiquidityRange } from "./venues/venue-module";
import type { Pool } from "./pool-types";
import { venueModule } from "./venues";

/** The in-range band: 2 % either side of the current price. */
export const depthBandBps = 200;

// ln(1.02) / ln(1.0001) ≈ 198.03 and ln(0.98) / ln(1.0001) ≈ -202.03: the ticks the band spans.
const BAND_TICKS_UP = 199;
const BAND_TICKS_DOWN = 203;
const Q96 = 2n ** 96n;
const Q192 = 2n ** 192n;

export type Amounts = { token: bigint; quote: bigint };

export type ConcentratedDepth = {
  /** The liquidity active at the current price (the pool's liquidity()). */
  activeLiquidity: bigint;
  tick: number;
  /** Within ±2 % of the price; null when the pool's ticks could not be read. */
  inRange: Amounts | null;
  total: (Amounts & { source: "pool_balances" | "positions" }) | null;
  /** Why `total` is null. */
  totalGap: string | null;
};

const floorDiv = (a: number, b: number) => Math.floor(a / b);

/** The initialisable ticks (multiples of the spacing) the ±2 % band can cross. */
export function bandTicks(tick: number, spacing: number): number[] {
  const ticks: number[] = [];
  for (let at = floorDiv(tick - BAND_TICKS_DOWN, spacing) * spacing; at <= tick + BAND_TICKS_UP; at += spacing) ticks.push(at);
  return ticks;
}

function isConcentrated(pool: Pool): pool is Pool & { v3: NonNullable<Pool["v3"]>; tickSpacing: number } {
  return pool.v3 !== null && pool.tickSpacing !== null && pool.tickSpacing > 0 && venueModule(pool.dex).tickCall !== null;
}

function tickCalls(pool: Pool): ContractCall[] {
  const tickCall = venueModule(pool.dex).tickCall;
  if (!isConcentrated(pool) || !tickCall) return [];
  return bandTicks(pool.v3.tick, pool.tickSpacing).map((tick) => tickCall(pool, tick));
}

/** The sqrt price `num/den` times the price at `sqrtPrice` (both Q64.96). */
function scaledSqrt(sqrtPrice: bigint, num: bigint, den: bigint): bigint {
  return (sqrtPrice * integerSqrt((num * Q192) / den)) / Q96;
}

/**
 * Token0 above the price and token1 below it, within the band, walking the ticks out from the
 * current price: crossing a tick upward adds its net liquidity, crossing it downward removes it.
 */
export function bandAmounts(state: { sqrtPriceX96: bigint; liquidity: bigint; tick: number }, netLiquidity: ReadonlyMap<number, bigint>): { amount0: bigint; amount1: bigint } {
  const bps = BigInt(depthBandBps);
  const upTarget = scaledSqrt(state.sqrtPriceX96, 10_000n + bps, 10_000n);
  const downTarget = scaledSqrt(state.sqrtPriceX96, 10_000n - bps, 10_000n);
  const crossings = [...netLiquidity.entries()].filter(([, net]) => net !== 0n);

  let amount0 = 0n;
  let liquidity = state.liquidity;
  let at = state.sqrtPriceX96;
  for (const [tick, net] of crossings.filter(([tick]) => tick > state.tick).sort(([a], [b]) => a - b)) {
    const next = sqrtPriceAtTick(tick);
    if (next >= upTarget) break;
    if (liquidity > 0n && next > at) amount0 += (liquidity * (next - at) * Q96) / (at * next);
    at = next > at ? next : at;
    liquidity += net;
  }
  if (liquidity > 0n && upTarget > at) amount0 += (liquidity * (upTarget - at) * Q96) / (at * upTarget);

  let amount1 = 0n;
  liquidity = state.liquidity;
  at = state.sqrtPriceX96;
  for (const [tick, net] of crossings.filter(([tick]) => tick <= state.tick).sort(([a], [b]) => b - a)) {
    const next = sqrtPriceAtTick(tick);
    if (next <= downTarget) break;
    if (liquidity > 0n && next < at) amount1 += (liquidity * (at - next)) / Q96;
    at = next < at ? next : at;
    liquidity -= net;
  }
  if (liquidity > 0n && at > downTarget) amount1 += (liquidity * (at - downTarget)) / Q96;
  return { amount0, amount1 };
}

/** What a set of ranges holds at the price, summed. */
export function rangeAmounts(sqrtPriceX96: bigint, ranges: readonly LiquidityRange[]): { amount0: bigint; amount1: bigint } {
  let amount0 = 0n;
  let amount1 = 0n;
  for (const range of ranges) {
    const held = amountsForLiquidity(sqrtPriceX96, sqrtPriceAtTick(range.tickLower), sqrtPriceAtTick(range.tickUpper), range.liquidity);
    amount0 += held.amount0;
    amount1 += held.amount1;
  }
  return { amount0, amount1 };
}

/** A pair of amounts ordered by currency (token0, token1) as the token's side and the quote's side. */
export function sidesOf(tokenIsToken0: boolean, amount0: bigint, amount1: bigint): Amounts {
  return tokenIsToken0 ? { token: amount0, quote: amount1 } : { token: amount1, quote: amount0 };
}

/** A pool's amounts (token0, token1) as the token's side and the quote's side. */
export function onSides(pool: Pool, amounts: { amount0: bigint; amount1: bigint }): Amounts {
  return sidesOf(pool.token0 !== null && sameAddress(pool.token0, pool.token), amounts.amount0, amounts.amount1);
}

/** Both sides in quote base units at the pool's mid price; null when the pool has no price. */
export function inQuoteUnits(pool: Pool, amounts: Amounts): bigint | null {
  if (!pool.midPrice) return null;
  return amounts.quote + (amounts.token * pool.midPrice.num) / pool.midPrice.den;
}

/** What one position holds at the pool's current price, in quote base units; null when the pool has no price. */
export function positionValue(pool: Pool, position: LiquidityRange): bigint | null {
  if (!pool.v3) return null;
  return inQuoteUnits(pool, onSides(pool, rangeAmounts(pool.v3.sqrtPriceX96, [position])));
}

function totalOf(pool: Pool & { v3: NonNullable<Pool["v3"]> }, custody: PositionCustody | undefined): Pick<ConcentratedDepth, "total" | "totalGap"> {
  if (!pool.v4) return pool.reserves ? { total: { ...pool.reserves, source: "pool_balances" }, totalGap: null } : { total: null, totalGap: "The pool's token balances did not answer." };
  if (!custody?.v4Ranges) return { total: null, totalGap: "The pool's ModifyLiquidity history was not read." };
  const initialized = pool.initializedBlock ?? 0n;
  if (custody.scan.truncated || custody.scan.fromBlock > initialized) {
    return { total: null, totalGap: `The ModifyLiquidity history read starts at block ${custody.scan.fromBlock}, after the pool's start: liquidity added earlier is not seen, so no total is formed.` };
  }
  return { total: { ...onSides(pool, rangeAmounts(pool.v3.sqrtPriceX96, custody.v4Ranges)), source: "positions" }, totalGap: null };
}

/**
 * Depth of a concentrated-liquidity pool (Uniswap and PancakeSwap V3, Slipstream, Uniswap V4),
 * two ways, because one figure misleads:
 *
 *   - in range: the token amounts the pool's liquidity holds within 2 % of the current price, what
 *     a trade moving the price that far can draw on. It walks the pool's ticks from the current
 *     price, adding each crossed tick's net liquidity, so liquidity parked far from the price
 *     does not count.
 *   - total: everything the pool's positions hold: a V3-style pool's token balances, or for a V4
 *     pool (whose tokens the PoolManager holds together) the sum of every range the
 *     ModifyLiquidity history shows, valued at the current price.
 *
 * One round: the band's ticks of every concentrated-liquidity pool, then each pool's depth.
 * `custodies` (the position reads) give a V4 pool's ranges; without them its total is null.
 */
export async function readConcentratedDepths(ctx: MarketContext, pools: readonly Pool[], custodies: Promise<readonly PositionCustody[]>): Promise<Map<Pool, ConcentratedDepth>> {
  const concentrated = pools.filter(isConcentrated);
  const perPool = concentrated.map(tickCalls);
  const [results, read] = await Promise.all([aggregateGroups(ctx, { ticks: perPool }), custodies]);
  const depths = new Map<Pool, ConcentratedDepth>();
  concentrated.forEach((pool, index) => {
    const ticks = bandTicks(pool.v3.tick, pool.tickSpacing);
    // Each venue's tick call (its module's own ABI) answers (liquidityGross, liquidityNet, …); the venue interface types it as a ContractCall.
    const values = results.ticks[index].map((result) => valueOrNull(result) as readonly [bigint, bigint] | null);
    const nets = values.every((value) => value !== null) ? new Map(ticks.map((tick, at) => [tick, values[at]![1]])) : null;
    const custody = read.find((entry) => sameAddress(entry.pool, pool.address) && entry.poolId === (pool.v4?.id ?? null));
    depths.set(pool, {
      activeLiquidity: pool.v3.liquidity,
      tick: pool.v3.tick,
      inRange: nets ? onSides(pool, bandAmounts(pool.v3, nets)) : null,
      ...totalOf(pool, custody),
    });
  });
  return depths;
}
