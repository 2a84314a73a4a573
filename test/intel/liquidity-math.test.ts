// Tick prices and position amounts against the values the real contracts use.
import { describe, expect, it } from "vitest";
import { amountsForLiquidity, sqrtPriceAtTick } from "@/lib/intel/market/liquidity-math";

const Q96 = 2n ** 96n;
const within = (value: bigint, expected: bigint, partsPerBillion: bigint) => {
  const diff = value > expected ? value - expected : expected - value;
  return diff * 1_000_000_000n <= expected * partsPerBillion;
};

describe("concentrated-liquidity arithmetic", () => {
  it("sqrt prices at ticks match Uniswap's TickMath bounds and 1.0001^tick", () => {
    expect(sqrtPriceAtTick(0)).toBe(Q96);
    // MIN_SQRT_RATIO and MAX_SQRT_RATIO of Uniswap V3/V4 (ticks ∓887272).
    expect(within(sqrtPriceAtTick(-887272), 4295128739n, 1n)).toBe(true);
    expect(within(sqrtPriceAtTick(887272), 1461446703485210103287273052203988822378723970342n, 1n)).toBe(true);
    // Tick 6932 is a price of about 2 (1.0001^6932 = 1.99999...).
    const price = Number(sqrtPriceAtTick(6932)) / Number(Q96);
    expect(price * price).toBeCloseTo(1.0001 ** 6932, 9);
  });

  it("a position's amounts: all token0 below its range, all token1 above it, both inside it", () => {
    const [lower, upper] = [sqrtPriceAtTick(-600), sqrtPriceAtTick(600)];
    const liquidity = 10n ** 18n;
    expect(amountsForLiquidity(sqrtPriceAtTick(-1200), lower, upper, liquidity).amount1).toBe(0n);
    expect(amountsForLiquidity(sqrtPriceAtTick(1200), lower, upper, liquidity).amount0).toBe(0n);
    const inside = amountsForLiquidity(Q96, lower, upper, liquidity);
    // Symmetric range around price 1: about the same of each, L · (1 − 1.0001^−300).
    expect(within(inside.amount0, inside.amount1, 1_000n)).toBe(true);
    expect(Number(inside.amount1) / 1e18).toBeCloseTo(1 - 1.0001 ** -300, 6);
  });
});
