// 18. Dust V2, deep V3: a token with a Uniswap V2 pool holding dust (0.0005 of the native coin,
// priced 2.5 times higher) and a deep Uniswap V3 pool against the wrapped native coin (40 of the
// native coin). A buyer trades in the V3 pool, then adds a narrow position around the price (one
// tick spacing below to two above), so the V3 pool's in-range depth crosses initialized ticks.
// The market price is the deep pool's; the dust pool's price is noise.

import { ref, type TxRef } from "../player";
import { type VenueContext, type PositionRecord, type V3PoolRecord, type VenueScenarioBase } from "../venues/common";
import { tokenSummary, deployContract, HOUR, native, STANDARD_SUPPLY, startScenario, wholeTokens } from "./common";
import { buyV3, mintV3Position, v3PoolState, type V3PoolState } from "../venues/uniswap-v3";
import type { PoolLaunch, PoolState } from "../market";

export type DustV2DeepV3Scenario = VenueScenarioBase & {
  v2Pool: PoolLaunch & { finalPool: PoolState };
  v3Pool: V3PoolRecord;
  v3Position: PositionRecord & { approveTx: TxRef };
  /** The trader's position from one tick spacing below the price to two above, minted after the buy. */
  narrowPosition: PositionRecord & { approveTx: TxRef };
  finalV3Pool: V3PoolState;
  /** (V2 mid price - V3 mid price) / V3 mid price, at the end. */
  v2PremiumOverV3Bps: number;
};

const FEE = 3000;

export async function playDustV2DeepV3(ctx: VenueContext): Promise<DustV2DeepV3Scenario> {
  startScenario(ctx);
  const deployer = ctx.venueWallets.dustDeployer;
  const trader = ctx.venueWallets.dustTrader;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Dust Pool Demo Token",
    "DUSTV2",
    STANDARD_SUPPLY,
  ]);
  const v2Launch = await ctx.market.launch({
    from: deployer,
    token,
    tokenAmount: wholeTokens(2_000n),
    nativeAmount: native("0.0005"),
  });
  ctx.player.clock.wait(HOUR);
  const { pool, position } = await mintV3Position(ctx, {
    from: deployer,
    token,
    fee: FEE,
    tokenAmount: wholeTokens(400_000_000n),
    nativeAmount: native("40"),
  });
  ctx.player.clock.wait(HOUR);
  const trade = await buyV3(ctx, { from: trader, token, pool: pool.address, fee: FEE, nativeIn: native("1") });
  ctx.player.clock.wait(HOUR);
  const aligned = Math.floor(trade.tickAfter / pool.tickSpacing) * pool.tickSpacing;
  const { position: narrowPosition } = await mintV3Position(ctx, {
    from: trader,
    token,
    fee: FEE,
    tokenAmount: BigInt(trade.tokenAmount) / 2n,
    nativeAmount: native("0.5"),
    range: { tickLower: aligned - pool.tickSpacing, tickUpper: aligned + 2 * pool.tickSpacing },
  });

  const v2Final = await ctx.market.state(token);
  const finalV3Pool = await v3PoolState(ctx, pool.address, token);
  const v2Price = BigInt(v2Final.priceNativePerToken);
  const v3Price = BigInt(finalV3Pool.priceNativePerToken);
  return {
    title: "Dust V2 pool beside a deep V3 pool",
    proves:
      "Pool choice: a token's dust V2 pool (tiny reserves, a price far off) must not set its price or liquidity; the deep V3 pool does.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    trades: [trade],
    v2Pool: { ...v2Launch, finalPool: v2Final },
    v3Pool: pool,
    v3Position: position,
    narrowPosition,
    finalV3Pool,
    v2PremiumOverV3Bps: Number(((v2Price - v3Price) * 10_000n) / v3Price),
  };
}
