// Concentrated-liquidity arithmetic: the sqrt price of a tick, and the amounts a position's
// liquidity stands for at a price. Used where an event gives liquidity but not amounts (a Uniswap
// V4 ModifyLiquidity) or only a range. Integer math throughout; the sqrt price of a tick is
// exact to well under a millionth, which is what an answer in token units needs.
const Q96 = 2n ** 96n;
const Q128 = 2n ** 128n;

export function integerSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from a power of two above the root: it falls monotonically to the floor.
  let x = 1n << (BigInt(value.toString(2).length) / 2n + 1n);
  for (;;) {
    const next = (x + value / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

/** √1.0001 as a Q128 fixed-point number. */
const SQRT_TICK_BASE_Q128 = integerSqrt((10001n * Q128 * Q128) / 10000n);

/** The Q64.96 sqrt price at a tick: √(1.0001^tick) · 2^96. */
export function sqrtPriceAtTick(tick: number): bigint {
  let result = Q128;
  let base = SQRT_TICK_BASE_Q128;
  for (let exponent = BigInt(Math.abs(tick)); exponent > 0n; exponent >>= 1n) {
    if (exponent & 1n) result = (result * base) / Q128;
    base = (base * base) / Q128;
  }
  if (tick < 0) result = (Q128 * Q128) / result;
  return result >> 32n;
}

/** The token amounts `liquidity` stands for in [lower, upper] at the sqrt price `current` (all Q64.96). */
export function amountsForLiquidity(current: bigint, lower: bigint, upper: bigint, liquidity: bigint): { amount0: bigint; amount1: bigint } {
  if (current <= lower) return { amount0: (liquidity * (upper - lower) * Q96) / (lower * upper), amount1: 0n };
  if (current >= upper) return { amount0: 0n, amount1: (liquidity * (upper - lower)) / Q96 };
  return { amount0: (liquidity * (upper - current) * Q96) / (current * upper), amount1: (liquidity * (current - lower)) / Q96 };
}
