// 17. PancakeSwap V3 trader (bsc): a token on a PancakeSwap V3 pool (fee 0.25%) created through
// PancakeSwap's factory and its pool deployer. A trader buys twice and sells once; each Swap event
// carries PancakeSwap's nine fields (the protocol fees of both sides last).

import { ref, type TxRef } from "../player";
import { type VenueContext, type V3PoolRecord, type VenueScenarioBase, type VenueTrade } from "../venues/common";
import { addPancakeLiquidity, createPancakePool, swapPancake } from "../venues/pancake-v3";
import { v3PoolState, type V3PoolState } from "../venues/uniswap-v3";
import { deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, tokenSummary } from "./common";
import type { Address } from "viem";

export type PancakeV3TraderScenario = VenueScenarioBase & {
  pool: V3PoolRecord & { createTx: TxRef; initializeTx: TxRef };
  /** contracts/DemoPancakeV3Router.sol: PancakeSwap's own periphery is not on the demo chain. */
  router: { address: Address; deployer: Address; deployTx: TxRef };
  /** The position belongs to the deployer in the pool itself (no NFT manager). */
  position: { owner: Address; tickLower: number; tickUpper: number; liquidity: string; tokenAdded: string; nativeAdded: string; approveTx: TxRef; tx: TxRef };
  trader: Address;
  finalPool: V3PoolState;
};

export async function playPancakeV3Trader(ctx: VenueContext): Promise<PancakeV3TraderScenario | null> {
  if (!ctx.venues.pancakeV3) return null;
  startScenario(ctx);
  const periphery = ctx.venueWallets.peripheryDeployer;
  const deployer = ctx.venueWallets.pancakeDeployer;
  const trader = ctx.venueWallets.pancakeTrader;

  const { address: router, tx: routerTx } = await deployContract(ctx, periphery, "DemoPancakeV3Router", [
    ctx.canonical.wrappedNative.address,
  ]);
  ctx.player.clock.wait(30 * MINUTE);
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Pancake V3 Demo Token",
    "PCV3",
    STANDARD_SUPPLY,
  ]);
  const tokenAmount = wholeTokens(500_000_000n);
  const nativeAmount = native("50");
  const pool = await createPancakePool(ctx, { from: deployer, token, fee: 2500, tokenAmount, nativeAmount });
  const position = await addPancakeLiquidity(ctx, { from: deployer, router, pool, token, tokenAmount, nativeAmount });

  const trades: VenueTrade[] = [];
  ctx.player.clock.wait(15 * MINUTE);
  trades.push((await swapPancake(ctx, { from: trader, router, pool, token, side: "buy", amount: native("2") })).trade);
  ctx.player.clock.wait(HOUR);
  trades.push((await swapPancake(ctx, { from: trader, router, pool, token, side: "buy", amount: native("3") })).trade);
  const bought = trades.reduce((total, trade) => total + BigInt(trade.tokenAmount), 0n);
  ctx.player.clock.wait(2 * HOUR);
  trades.push((await swapPancake(ctx, { from: trader, router, pool, token, side: "sell", amount: bought / 2n })).trade);

  return {
    title: "Trader on a PancakeSwap V3 pool",
    proves:
      "PancakeSwap V3's own Swap event (nine fields, protocol fees last) and its separate pool deployer: the pool sits at the CREATE2 address of the deployer, not of the factory.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    pool,
    router: { address: router, deployer: periphery.address, deployTx: ref(routerTx) },
    position,
    trades,
    trader: trader.address,
    finalPool: await v3PoolState(ctx, pool.address, token),
  };
}
