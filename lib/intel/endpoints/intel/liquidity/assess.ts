// intel/liquidity, assess: what the reserves amount to in prices and dollars, which pool each
// custody reading follows, and which recognised lockers hold LP whose schedule is not decoded.
import { nativeUsdPrice, plus, poolLiquidityUsd, priceToken, type LpCustody, type Pool, type Ratio } from "@/lib/intel/reads/market";
import type { LiquidityReading } from "./read";

export function assessMarket(reading: Pick<LiquidityReading, "identity" | "pools" | "referencePools">) {
  const { pools, referencePools } = reading;
  const nativeUsd = nativeUsdPrice(referencePools);
  const price = priceToken({ pools, referencePools }, reading.identity.decimals.value);
  const liquidityUsd = pools.map((pool) => poolLiquidityUsd(pool, nativeUsd)).filter((value): value is Ratio => value !== null);
  const totalUsd = liquidityUsd.reduce<Ratio | null>((sum, value) => (sum ? plus(sum, value) : value), null);
  return { nativeUsd, price, liquidityUsd, totalUsd };
}

/** Each custody reading beside the read pool it follows. */
export function custodyPools(reading: Pick<LiquidityReading, "pools" | "lpPools" | "custodies">): { custody: LpCustody; pool: Pool }[] {
  return reading.custodies.map((custody, index) => ({ custody, pool: reading.pools.find((pool) => pool.address === reading.lpPools[index].address)! }));
}

/** The recognised lockers holding LP whose lock schedule this version does not decode, each named once. */
export function undecodedLockers(custodies: readonly LpCustody[]): string[] {
  const undecoded = custodies.flatMap((custody) => custody.locked.lockers.filter((locker) => locker.locks === null));
  return [...new Set(undecoded.map((locker) => locker.name))];
}

/** The LP transfer window the custody readings cover (every pool is read over the same one). */
export function historyWindow(custodies: readonly LpCustody[]): { from: number; to: number } | null {
  return custodies[0] ? { from: Number(custodies[0].scan.fromBlock), to: Number(custodies[0].scan.toBlock) } : null;
}
