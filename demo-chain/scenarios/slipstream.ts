// Base: a token launched in an Aerodrome Slipstream pool (tick spacing 200, 0.30%) against WETH.
// The deployer's position-manager mint creates the pool at the launch price and mints a
// full-range position NFT; a trader buys twice and sells once through the SwapRouter; the deployer
// then takes out a quarter of the liquidity (decreaseLiquidity) and collects it with its fees.
import { getAddress, parseEventLogs, type Address } from "viem";
import { type AerodromeContext } from "../aerodrome/context";
import { sqrtPriceFor, type SlipstreamPoolState } from "../aerodrome/venue";
import { ref, type TxRef } from "../player";
import { DAY, deployContract, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, type ScenarioToken, tokenSummary } from "./common";
import type { Trade } from "../market";

export type SlipstreamTrade = Trade & {
  /** The pool's Swap event: price, tick and in-range liquidity after the swap. */
  sqrtPriceX96After: string;
  tickAfter: number;
  liquidity: string;
};

export type SlipstreamScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  pool: {
    address: Address;
    factory: Address;
    token0: Address;
    token1: Address;
    tickSpacing: number;
    /** Swap fee in pips (1e-6). */
    fee: number;
    initialSqrtPriceX96: string;
    initialTick: number;
    /** The position manager's mint, which created the pool (PoolCreated, Initialize) and minted the position. */
    createdTx: TxRef;
  };
  position: {
    positionManager: Address;
    tokenId: string;
    owner: Address;
    tickLower: number;
    tickUpper: number;
    liquidityMinted: string;
    tokenAdded: string;
    nativeAdded: string;
    approveTx: TxRef;
    mintTx: TxRef;
    /** positions(tokenId).liquidity at the end of the build. */
    finalLiquidity: string;
  };
  /** Swaps through the SwapRouter, in order. */
  trades: SlipstreamTrade[];
  decrease: { tx: TxRef; liquidity: string; tokenAmount: string; nativeAmount: string };
  /** collect after the decrease: the removed liquidity plus the position's fees (WETH stays WETH). */
  collect: { tx: TxRef; recipient: Address; tokenAmount: string; nativeAmount: string; feesToken: string; feesNative: string };
  finalPool: SlipstreamPoolState & { balanceToken: string; balanceNative: string };
};

const TICK_SPACING = 200;
/** The widest range tick spacing 200 allows (±887272 rounded towards zero to a multiple of 200). */
const TICK_LOWER = -887_200;
const TICK_UPPER = 887_200;

export async function playSlipstream(ctx: AerodromeContext): Promise<SlipstreamScenario> {
  startScenario(ctx);
  const { venue } = ctx;
  const { slipstream } = ctx.aerodrome;
  const deployer = ctx.wallets.slipstreamDeployer;
  const trader = ctx.wallets.slipstreamTrader;
  const wrapped = ctx.canonical.wrappedNative.address;
  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Slipstream Demo Token",
    "SLIP",
    STANDARD_SUPPLY,
  ]);

  const tokenAmount = wholeTokens(400_000_000n);
  const nativeAmount = native("20");
  const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
  const launchPrice = tokenIsToken0 ? sqrtPriceFor(tokenAmount, nativeAmount) : sqrtPriceFor(nativeAmount, tokenAmount);
  const minted = await venue.slipstream.mintPosition({
    from: deployer,
    token,
    tickSpacing: TICK_SPACING,
    tickLower: TICK_LOWER,
    tickUpper: TICK_UPPER,
    tokenAmount,
    nativeAmount,
    createAtSqrtPriceX96: launchPrice,
  });
  const pool = minted.pool;
  const mintReceipt = await ctx.player.client.getTransactionReceipt({ hash: minted.tx.hash });
  const initialized = parseEventLogs({ abi: venue.abis.clPool, logs: mintReceipt.logs, eventName: "Initialize" as never })[0] as unknown as
    | { args: { sqrtPriceX96: bigint; tick: number } }
    | undefined;
  if (!initialized) throw new Error(`no Initialize in ${minted.tx.hash}`);

  const trades: SlipstreamTrade[] = [];
  ctx.player.clock.wait(40 * MINUTE);
  trades.push(await venue.slipstream.buy({ from: trader, token, tickSpacing: TICK_SPACING, nativeIn: native("1.5") }));
  ctx.player.clock.wait(HOUR);
  trades.push(await venue.slipstream.buy({ from: trader, token, tickSpacing: TICK_SPACING, nativeIn: native("0.5") }));
  ctx.player.clock.wait(3 * HOUR);
  const held = await venue.balanceOf(token, trader.address);
  trades.push((await venue.slipstream.sell({ from: trader, token, tickSpacing: TICK_SPACING, amount: held / 2n })).trade);

  ctx.player.clock.wait(DAY);
  const removed = minted.liquidity / 4n;
  const decrease = await venue.slipstream.decreaseLiquidity({ from: deployer, tokenId: minted.tokenId, liquidity: removed, token });
  ctx.player.clock.wait(5 * MINUTE);
  const collect = await venue.slipstream.collect({ from: deployer, tokenId: minted.tokenId, token });

  const managerAbi = venue.abis.positionManager;
  const [position, owner] = await Promise.all([
    ctx.player.read<readonly unknown[]>(slipstream.positionManager, managerAbi, "positions", [minted.tokenId]),
    ctx.player.read<Address>(slipstream.positionManager, managerAbi, "ownerOf", [minted.tokenId]),
  ]);
  const [token0, token1] = tokenIsToken0 ? [token, wrapped] : [wrapped, token];
  const fee = await ctx.player.read<number>(pool, venue.abis.clPool, "fee");
  const state = await venue.slipstream.state(pool, token);
  return {
    title: "Aerodrome Slipstream pool",
    proves:
      "A Slipstream concentrated-liquidity pool found by tick spacing: created and funded through the position manager (an NFT position), SwapRouter buys and sells, a decreaseLiquidity and a collect of principal plus fees.",
    token: await tokenSummary(ctx, token),
    deployer: deployer.address,
    deployTx: ref(deployTx),
    pool: {
      address: pool,
      factory: slipstream.factory,
      token0,
      token1,
      tickSpacing: TICK_SPACING,
      fee: Number(fee),
      initialSqrtPriceX96: initialized.args.sqrtPriceX96.toString(),
      initialTick: Number(initialized.args.tick),
      createdTx: minted.tx,
    },
    position: {
      positionManager: slipstream.positionManager,
      tokenId: minted.tokenId.toString(),
      owner: getAddress(owner),
      tickLower: TICK_LOWER,
      tickUpper: TICK_UPPER,
      liquidityMinted: minted.liquidity.toString(),
      tokenAdded: minted.tokenAdded.toString(),
      nativeAdded: minted.nativeAdded.toString(),
      approveTx: minted.approveTx,
      mintTx: minted.tx,
      finalLiquidity: (position[7] as bigint).toString(),
    },
    trades,
    decrease: {
      tx: decrease.tx,
      liquidity: removed.toString(),
      tokenAmount: decrease.tokenAmount.toString(),
      nativeAmount: decrease.nativeAmount.toString(),
    },
    collect: {
      tx: collect.tx,
      recipient: collect.recipient,
      tokenAmount: collect.tokenAmount.toString(),
      nativeAmount: collect.nativeAmount.toString(),
      feesToken: (collect.tokenAmount - decrease.tokenAmount).toString(),
      feesNative: (collect.nativeAmount - decrease.nativeAmount).toString(),
    },
    finalPool: {
      ...state,
      balanceToken: (await venue.balanceOf(token, pool)).toString(),
      balanceNative: (await venue.balanceOf(wrapped, pool)).toString(),
    },
  };
}
