// An independent reading of a concentrated-liquidity pool's ±2 % depth, position by position:
// each position's liquidity counts over the part of its range that lies inside the band (token0
// above the price, token1 below it). The service walks ticks instead; both must agree.
import { integerSqrt, sqrtPriceAtTick } from "@/lib/intel/reads/market/liquidity-math";

const Q96 = 2n ** 96n;
const Q192 = 2n ** 192n;

export type Position = { tickLower: number; tickUpper: number; liquidity: bigint };

export function clippedBandAmounts(sqrtPriceX96: bigint, positions: readonly Position[], bandBps = 200n) {
  const up = (sqrtPriceX96 * integerSqrt(((10_000n + bandBps) * Q192) / 10_000n)) / Q96;
  const down = (sqrtPriceX96 * integerSqrt(((10_000n - bandBps) * Q192) / 10_000n)) / Q96;
  let amount0 = 0n;
  let amount1 = 0n;
  for (const position of positions) {
    const lower = sqrtPriceAtTick(position.tickLower);
    const upper = sqrtPriceAtTick(position.tickUpper);
    // Above the price: from max(price, lower) to min(up, upper), if the position spans the price.
    if (lower <= sqrtPriceX96 && upper > sqrtPriceX96) {
      const top = upper < up ? upper : up;
      amount0 += (position.liquidity * (top - sqrtPriceX96) * Q96) / (sqrtPriceX96 * top);
      const bottom = lower > down ? lower : down;
      amount1 += (position.liquidity * (sqrtPriceX96 - bottom)) / Q96;
    } else if (lower > sqrtPriceX96 && lower < up) {
      const top = upper < up ? upper : up;
      amount0 += (position.liquidity * (top - lower) * Q96) / (lower * top);
    } else if (upper <= sqrtPriceX96 && upper > down) {
      const bottom = lower > down ? lower : down;
      amount1 += (position.liquidity * (upper - bottom)) / Q96;
    }
  }
  return { amount0, amount1 };
}

/** Two amounts equal up to the rounding of a few divisions. */
export function closeTo(value: bigint, expected: bigint, slack = 10n): boolean {
  return (value > expected ? value - expected : expected - value) <= slack;
}
