// Base: a dollar token and the demo USDC (6 decimals) in an Aerodrome classic stable pool
// (x³y + xy³ = k, 0.05%). A trader swaps both ways, then the deployer swaps a fifth of the pool's
// depth: the stable curve pays close to 1:1 where a constant-product pool would not.
import type { Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { classicPoolRecord, lpHoldings, LOCKED_LIQUIDITY_HOLDER, type AerodromeContext, type AerodromePoolRecord, type LpHolding } from "../aerodrome/context";
import { ref, type TxRef } from "../player";
import { artifact, deployContract, HOUR, MINUTE, startScenario, wholeTokens, type ScenarioToken, tokenSummary } from "./common";
import type { ClassicPoolState } from "../aerodrome/venue";

export type StableSwapRecord = {
  wallet: Address;
  tx: TxRef;
  approveTx: TxRef;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: string;
  amountOut: string;
  /** Router.getAmountsOut just before the swap. */
  quotedOut: string;
  /** The fee the pool took from the input (Fees event). */
  fee: string;
  /** What a volatile (x·y = k) pool with the same reserves and fee would have paid. */
  constantProductOut: string;
};

export type AerodromeStableScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  /** The other side of the pool: the demo USDC (6 decimals). */
  quote: Address;
  deployer: Address;
  deployTx: TxRef;
  pool: AerodromePoolRecord;
  launch: {
    provider: Address;
    tokenAdded: string;
    quoteAdded: string;
    lpMinted: string;
    lockedLiquidity: LpHolding;
    quoteMintTx: TxRef;
    approveTxs: TxRef[];
    /** addLiquidity, which also created the pool. */
    addLiquidityTx: TxRef;
  };
  swaps: StableSwapRecord[];
  lpHolders: LpHolding[];
  finalPool: ClassicPoolState;
};

const DEPTH = 250_000n;

export async function playAerodromeStable(ctx: AerodromeContext): Promise<AerodromeStableScenario> {
  startScenario(ctx);
  const { venue } = ctx;
  const deployer = ctx.wallets.aerodromeStableDeployer;
  const trader = ctx.wallets.aerodromeTrader;
  const usdc = ctx.canonical.stablecoin;
  const usdcUnit = 10n ** BigInt(usdc.decimals);
  const usdcAbi = artifact(ctx, usdc.contract).abi;

  const { address: token, tx: deployTx } = await deployContract(ctx, deployer, "FixtureToken", [
    "Demo Dollar",
    "DUSD",
    wholeTokens(10_000_000n),
  ]);
  const quoteMintTx = await ctx.player.write(deployer, usdc.address, usdcAbi, "mint", [deployer.address, DEPTH * usdcUnit]);
  const launch = await venue.classic.addLiquidity({
    from: deployer,
    tokenA: token,
    tokenB: usdc.address,
    stable: true,
    amountA: wholeTokens(DEPTH),
    amountB: DEPTH * usdcUnit,
  });
  const pool = launch.pool;
  const tokenIsToken0 = BigInt(token) < BigInt(usdc.address);

  const swaps: StableSwapRecord[] = [];
  /** One swap, with what x·y = k would have paid at the same reserves and fee beside it. */
  const swap = async (from: PrivateKeyAccount, tokenIn: Address, tokenOut: Address, amountIn: bigint) => {
    const [reserveIn, reserveOut] = await ctx.player.read<readonly [bigint, bigint]>(ctx.aerodrome.classic.router, venue.abis.router, "getReserves", [
      tokenIn,
      tokenOut,
      true,
      ctx.aerodrome.classic.factory,
    ]);
    const afterFee = amountIn - (amountIn * BigInt(ctx.aerodrome.classic.stableFeeBps)) / 10_000n;
    const done = await venue.classic.swapTokens({ from, tokenIn, tokenOut, stable: true, amountIn });
    swaps.push({ ...done, constantProductOut: ((afterFee * reserveOut) / (reserveIn + afterFee)).toString() });
  };

  ctx.player.clock.wait(20 * MINUTE);
  await ctx.player.write(trader, usdc.address, usdcAbi, "mint", [trader.address, 20_000n * usdcUnit]);
  await swap(trader, usdc.address, token, 10_000n * usdcUnit);
  ctx.player.clock.wait(HOUR);
  await swap(trader, token, usdc.address, wholeTokens(4_000n));
  ctx.player.clock.wait(3 * HOUR);
  await swap(deployer, token, usdc.address, wholeTokens(DEPTH / 5n));

  return {
    title: "Aerodrome stable pool",
    proves:
      "An Aerodrome classic stable pool (x³y + xy³ = k, 0.05%) between an 18-decimal token and 6-decimal USDC: swaps both ways close to 1:1, a large one far better than x·y = k.",
    token: await tokenSummary(ctx, token),
    quote: usdc.address,
    deployer: deployer.address,
    deployTx: ref(deployTx),
    pool: await classicPoolRecord(ctx, pool),
    launch: {
      provider: deployer.address,
      tokenAdded: (tokenIsToken0 ? launch.mint.amount0 : launch.mint.amount1).toString(),
      quoteAdded: (tokenIsToken0 ? launch.mint.amount1 : launch.mint.amount0).toString(),
      lpMinted: launch.lpMinted.toString(),
      lockedLiquidity: (await lpHoldings(ctx, pool, [LOCKED_LIQUIDITY_HOLDER]))[0]!,
      quoteMintTx: ref(quoteMintTx),
      approveTxs: launch.approveTxs,
      addLiquidityTx: launch.tx,
    },
    swaps,
    lpHolders: await lpHoldings(ctx, pool, [deployer.address, LOCKED_LIQUIDITY_HOLDER]),
    finalPool: await venue.classic.state(pool),
  };
}
