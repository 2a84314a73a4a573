// Base: a token launched in an Aerodrome classic volatile pool against WETH. Half the LP is
// burned to 0x…dEaD, a trader buys twice and sells once through the Router, the deployer claims
// its share of the swap fees, then removes part of the LP it kept (the pool's Burn event).
import { erc20Abi, type Address } from "viem";
import { classicPoolRecord, lpHoldings, LOCKED_LIQUIDITY_HOLDER, type AerodromeContext, type AerodromePoolRecord, type LpHolding } from "../aerodrome/context";
import { BURN_ADDRESS } from "../networks";
import { ref, type TxRef } from "../player";
import { bps, DAY, deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, type ScenarioToken, tokenSummary } from "./common";
import type { ClassicPoolState } from "../aerodrome/venue";
import type { Trade } from "../market";

export type AerodromeVolatileScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  pool: AerodromePoolRecord;
  launch: {
    provider: Address;
    tokenAdded: string;
    nativeAdded: string;
    lpMinted: string;
    /** The pool's MINIMUM_LIQUIDITY, minted to 0x…0001 at the first deposit. */
    lockedLiquidity: LpHolding;
    approveTx: TxRef;
    /** addLiquidityETH, which also created the pool through the factory (PoolCreated). */
    addLiquidityTx: TxRef;
  };
  lpBurn: { amount: string; to: Address; tx: TxRef };
  /** Swaps through the Router, in order. */
  trades: Trade[];
  /** The deployer's share of the swap fees, claimed from the pool's fee holder. */
  feeClaim: { wallet: Address; tx: TxRef; tokenAmount: string; nativeAmount: string };
  removal: {
    wallet: Address;
    lpAmount: string;
    /** Share of the deployer's LP at the time, in basis points. */
    shareOfHeldBps: number;
    tokenOut: string;
    nativeOut: string;
    approveTx: TxRef;
    /** removeLiquidityETH; the pool's Burn names the Router as `to`. */
    tx: TxRef;
  };
  lpHolders: LpHolding[];
  finalPool: ClassicPoolState;
};

/** Of the LP the deployer still holds after the burn, the share it takes out. */
const REMOVED_SHARE_BPS = 4_000n;

export async function playAerodromeVolatile(ctx: AerodromeContext): Promise<AerodromeVolatileScenario> {
  startScenario(ctx);
  const { venue } = ctx;
  const deployer = ctx.wallets.aerodromeDeployer;
  const trader = ctx.wallets.aerodromeTrader;
  const wrapped = ctx.canonical.wrappedNative.address;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Aero Volatile Demo Token",
    "AVOL",
    STANDARD_SUPPLY,
  ]);

  const launch = await venue.classic.addLiquidityETH({
    from: deployer,
    token,
    stable: false,
    tokenAmount: wholeTokens(500_000_000n),
    nativeAmount: native("25"),
  });
  const pool = launch.pool;
  const lpBurned = launch.lpMinted / 2n;
  const lpBurnTx = await ctx.player.write(deployer, pool, erc20Abi, "transfer", [BURN_ADDRESS, lpBurned]);

  ctx.player.clock.wait(30 * MINUTE);
  const firstBuy = await venue.classic.buy({ from: trader, token, stable: false, nativeIn: native("2") });
  ctx.player.clock.wait(45 * MINUTE);
  const secondBuy = await venue.classic.buy({ from: trader, token, stable: false, nativeIn: native("1") });
  ctx.player.clock.wait(2 * HOUR);
  const held = await venue.balanceOf(token, trader.address);
  const sell = await venue.classic.sell({ from: trader, token, stable: false, amount: (held * 2n) / 5n });

  ctx.player.clock.wait(HOUR);
  const claim = await venue.classic.claimFees({ from: deployer, pool });
  const tokenIsToken0 = BigInt(token) < BigInt(wrapped);

  ctx.player.clock.wait(DAY);
  const lpHeld = await venue.balanceOf(pool, deployer.address);
  const lpRemoved = (lpHeld * REMOVED_SHARE_BPS) / 10_000n;
  const removal = await venue.classic.removeLiquidityETH({ from: deployer, token, stable: false, lpAmount: lpRemoved });

  return {
    title: "Aerodrome volatile pool",
    proves:
      "An Aerodrome classic volatile pool (x·y = k, 0.30%): LP partly burned, Router buys and sells, fees claimed apart from the reserves, a liquidity removal by the deployer.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    pool: await classicPoolRecord(ctx, pool),
    launch: {
      provider: deployer.address,
      tokenAdded: wholeTokens(500_000_000n).toString(),
      nativeAdded: native("25").toString(),
      lpMinted: launch.lpMinted.toString(),
      lockedLiquidity: (await lpHoldings(ctx, pool, [LOCKED_LIQUIDITY_HOLDER]))[0]!,
      approveTx: launch.approveTx,
      addLiquidityTx: launch.tx,
    },
    lpBurn: { amount: lpBurned.toString(), to: BURN_ADDRESS, tx: ref(lpBurnTx) },
    trades: [firstBuy, secondBuy, sell.trade],
    feeClaim: {
      wallet: deployer.address,
      tx: claim.tx,
      tokenAmount: (tokenIsToken0 ? claim.amount0 : claim.amount1).toString(),
      nativeAmount: (tokenIsToken0 ? claim.amount1 : claim.amount0).toString(),
    },
    removal: {
      wallet: deployer.address,
      lpAmount: lpRemoved.toString(),
      shareOfHeldBps: bps(lpRemoved, lpHeld),
      tokenOut: removal.tokenOut.toString(),
      nativeOut: removal.nativeOut.toString(),
      approveTx: removal.approveTx,
      tx: removal.tx,
    },
    lpHolders: await lpHoldings(ctx, pool, [deployer.address, BURN_ADDRESS, LOCKED_LIQUIDITY_HOLDER]),
    finalPool: await venue.classic.state(pool),
  };
}
