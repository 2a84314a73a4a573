// Tick prices and position amounts against the values the real contracts use.
import { describe, expect, it } from "vitest";
import { bandAmounts, bandTicks } from "@/lib/intel/reads/market/depth";
import { amountsForLiquidity, sqrtPriceAtTick } from "@/lib/intel/reads/market/liquidity-math";
import { clippedBandAmounts, closeTo, type Position } from "../support/band-depth";

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

describe("in-range depth: the tick walk agrees with counting each position over its part of the band", () => {
  // Ticks net liquidity as a pool stores it: +L at a position's lower tick, −L at its upper.
  const netOf = (positions: readonly Position[]) => {
    const nets = new Map<number, bigint>();
    for (const { tickLower, tickUpper, liquidity } of positions) {
      nets.set(tickLower, (nets.get(tickLower) ?? 0n) + liquidity);
      nets.set(tickUpper, (nets.get(tickUpper) ?? 0n) - liquidity);
    }
    return nets;
  };
  const activeAt = (tick: number, positions: readonly Position[]) => positions.filter((p) => p.tickLower <= tick && tick < p.tickUpper).reduce((sum, p) => sum + p.liquidity, 0n);

  const cases: { name: string; tick: number; positions: Position[] }[] = [
    { name: "one full-range position (no crossing)", tick: 1234, positions: [{ tickLower: -887220, tickUpper: 887220, liquidity: 10n ** 21n }] },
    {
      name: "narrow positions above, below and around the price",
      tick: -40,
      positions: [
        { tickLower: -887220, tickUpper: 887220, liquidity: 10n ** 20n },
        { tickLower: -60, tickUpper: 120, liquidity: 5n * 10n ** 20n },
        { tickLower: 60, tickUpper: 300, liquidity: 3n * 10n ** 20n },
        { tickLower: -600, tickUpper: -120, liquidity: 7n * 10n ** 20n },
        { tickLower: 600, tickUpper: 1200, liquidity: 9n * 10n ** 22n },
      ],
    },
    { name: "the price on an initialized tick", tick: 120, positions: [{ tickLower: 120, tickUpper: 180, liquidity: 10n ** 19n }, { tickLower: 60, tickUpper: 120, liquidity: 4n * 10n ** 19n }] },
  ];
  it.each(cases)("$name", ({ tick, positions }) => {
    const sqrtPriceX96 = sqrtPriceAtTick(tick) + 12345n; // inside the tick, not on its edge
    const walked = bandAmounts({ sqrtPriceX96, liquidity: activeAt(tick, positions), tick }, netOf(positions));
    const clipped = clippedBandAmounts(sqrtPriceX96, positions);
    expect(closeTo(walked.amount0, clipped.amount0, 20n), `${walked.amount0} ≈ ${clipped.amount0}`).toBe(true);
    expect(closeTo(walked.amount1, clipped.amount1, 20n), `${walked.amount1} ≈ ${clipped.amount1}`).toBe(true);
    // Liquidity parked outside the band (600–1200 above) does not count.
    if (positions.length > 2) expect(walked.amount0 < 9n * 10n ** 22n).toBe(true);
  });

  it("the band's ticks cover 2 % each way at any spacing", () => {
    expect(bandTicks(0, 60)).toEqual([-240, -180, -120, -60, 0, 60, 120, 180]);
    expect(bandTicks(-1, 1).length).toBe(403);
    expect(bandTicks(-1, 1)[0]).toBe(-204);
  });
});
