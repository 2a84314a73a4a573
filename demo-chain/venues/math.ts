// Price and liquidity arithmetic for concentrated-liquidity pools, in exact integers. Every
// position the demo chain opens spans the full usable tick range, so no tick-to-price table is
// needed: the amounts a full-range position takes are, within a rounding wei, those of a
// constant-product pool with the same liquidity.

export const Q96 = 2n ** 96n;
const Q192 = Q96 * Q96;

/** The extreme ticks of Uniswap V3/V4 and PancakeSwap V3. */
export const MIN_TICK = -887_272;
export const MAX_TICK = 887_272;

export function isqrt(value: bigint): bigint {
  if (value < 0n) throw new Error("square root of a negative number");
  if (value < 2n) return value;
  // Newton's method from a power of two above the root decreases to the exact floor.
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const next = (x + value / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

/** sqrt(amount1 / amount0) in Q64.96: the price at which the two amounts are worth the same. */
export function sqrtPriceX96For(amount0: bigint, amount1: bigint): bigint {
  return isqrt((amount1 * Q192) / amount0);
}

/** The widest range a pool with this tick spacing accepts. */
export function fullRange(tickSpacing: number): { tickLower: number; tickUpper: number } {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
}

/**
 * Liquidity a full-range position can take with at most these amounts at this price, with a
 * 0.1 % margin so the exact amounts (which depend on the range ends) stay under the maxima.
 */
export function fullRangeLiquidity(sqrtPriceX96: bigint, amount0: bigint, amount1: bigint): bigint {
  const from0 = (amount0 * sqrtPriceX96) / Q96;
  const from1 = (amount1 * Q96) / sqrtPriceX96;
  const liquidity = from0 < from1 ? from0 : from1;
  return (liquidity * 999n) / 1000n;
}

/** Mid price in native base units per whole token (10^decimals base units). */
export function nativePerTokenAt(sqrtPriceX96: bigint, nativeIsToken0: boolean, tokenDecimals = 18): bigint {
  const unit = 10n ** BigInt(tokenDecimals);
  const squared = sqrtPriceX96 * sqrtPriceX96;
  if (squared === 0n) return 0n;
  // squared / 2^192 is token1 base units per token0 base unit.
  return nativeIsToken0 ? (Q192 * unit) / squared : (squared * unit) / Q192;
}
