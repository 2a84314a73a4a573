// PancakeSwap V3 on bsc: pools created by PancakeSwap's factory through the pool deployer,
// initialized, and traded through contracts/DemoPancakeV3Router.sol (PancakeSwap's own position
// manager and SmartRouter are not on the demo chain). Its Swap event has nine fields: Uniswap
// V3's seven and the protocol fees of each side.
import { erc20Abi, getAddress, parseEventLogs, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { type V3PoolRecord, type VenueTrade, sortPair, type VenueContext } from "./common";
import { ref, type Sent, type TxRef } from "../player";
import { venueArtifacts } from "./artifacts";
import { fullRange, fullRangeLiquidity, sqrtPriceX96For } from "./math";
import { predictedV3Pool, v3Trade } from "./uniswap-v3";

type PancakeSwap = {
  amount0: bigint;
  amount1: bigint;
  sqrtPriceX96: bigint;
  liquidity: bigint;
  tick: number;
  protocolFeesToken0: bigint;
  protocolFeesToken1: bigint;
};

function pancake(ctx: VenueContext) {
  const venue = ctx.venues.pancakeV3;
  if (!venue) throw new Error(`PancakeSwap V3 is not on ${ctx.network.chain}`);
  return venue;
}

/** factory.createPool, then pool.initialize at the price the two amounts set. */
export async function createPancakePool(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; token: Address; fee: number; tokenAmount: bigint; nativeAmount: bigint },
): Promise<V3PoolRecord & { createTx: TxRef; initializeTx: TxRef }> {
  const { from, token, fee, tokenAmount, nativeAmount } = options;
  const venue = pancake(ctx);
  const { pancakeFactory, pancakePool } = venueArtifacts();
  const weth = ctx.canonical.wrappedNative.address;
  const tier = venue.feeTiers.find((entry) => entry.fee === fee);
  if (!tier) throw new Error(`PancakeSwap V3 has no fee tier ${fee}`);
  const [token0, token1] = sortPair(token, weth);
  const nativeIsToken0 = token0 === weth;
  const sqrtPriceX96 = nativeIsToken0 ? sqrtPriceX96For(nativeAmount, tokenAmount) : sqrtPriceX96For(tokenAmount, nativeAmount);

  const createTx = await ctx.player.write(from, venue.factory, pancakeFactory.abi, "createPool", [token, weth, fee]);
  const pool = getAddress(await ctx.player.read<Address>(venue.factory, pancakeFactory.abi, "getPool", [token0, token1, fee]));
  const predicted = predictedV3Pool(venue.poolDeployer, venue.poolInitCodeHash, token0, token1, fee);
  if (pool !== predicted) throw new Error(`PancakeSwap V3 pool ${pool} is not at its CREATE2 address ${predicted}`);
  const initializeTx = await ctx.player.write(from, pool, pancakePool.abi, "initialize", [sqrtPriceX96]);
  return {
    venue: "pancakeswap-v3",
    factory: venue.factory,
    deployer: venue.poolDeployer,
    address: pool,
    token0,
    token1,
    fee,
    tickSpacing: tier.tickSpacing,
    initialSqrtPriceX96: sqrtPriceX96.toString(),
    createTx: ref(createTx),
    initializeTx: ref(initializeTx),
  };
}

/** A full-range position for `from` in the pool, paid in the token (approved) and native coin. */
export async function addPancakeLiquidity(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; router: Address; pool: V3PoolRecord; token: Address; tokenAmount: bigint; nativeAmount: bigint },
) {
  const { from, router, pool, token, tokenAmount, nativeAmount } = options;
  const weth = ctx.canonical.wrappedNative.address;
  const nativeIsToken0 = pool.token0 === weth;
  const [amount0, amount1] = nativeIsToken0 ? [nativeAmount, tokenAmount] : [tokenAmount, nativeAmount];
  const liquidity = fullRangeLiquidity(BigInt(pool.initialSqrtPriceX96), amount0, amount1);
  const { tickLower, tickUpper } = fullRange(pool.tickSpacing);
  const approveTx = await ctx.player.write(from, token, erc20Abi, "approve", [router, tokenAmount]);
  const routerAbi = ctx.player.artifacts.DemoPancakeV3Router!.abi;
  const sent = await ctx.player.write(
    from,
    router,
    routerAbi,
    "addLiquidity",
    [pool.address, tickLower, tickUpper, liquidity, from.address],
    { value: nativeAmount },
  );
  const [mint] = parseEventLogs({ abi: venueArtifacts().pancakePool.abi, logs: sent.receipt.logs, eventName: "Mint" }) as unknown as {
    args: { amount: bigint; amount0: bigint; amount1: bigint };
  }[];
  if (!mint) throw new Error(`no Mint in ${sent.hash}`);
  return {
    owner: from.address,
    tickLower,
    tickUpper,
    liquidity: mint.args.amount.toString(),
    tokenAdded: (nativeIsToken0 ? mint.args.amount1 : mint.args.amount0).toString(),
    nativeAdded: (nativeIsToken0 ? mint.args.amount0 : mint.args.amount1).toString(),
    approveTx: ref(approveTx),
    tx: ref(sent),
  };
}

function pancakeSwapIn(sent: Sent, pool: Address): PancakeSwap {
  const swaps = parseEventLogs({ abi: venueArtifacts().pancakePool.abi, logs: sent.receipt.logs, eventName: "Swap" }).filter(
    (log) => getAddress(log.address) === pool,
  ) as unknown as { args: PancakeSwap }[];
  const swap = swaps[0];
  if (!swap) throw new Error(`no Swap on ${pool} in ${sent.hash}`);
  return swap.args;
}

/** Buys with native coin (wrapped by the router) or sells for it (unwrapped by the router). */
export async function swapPancake(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; router: Address; pool: V3PoolRecord; token: Address; side: "buy" | "sell"; amount: bigint },
): Promise<{ trade: VenueTrade; approveTx: TxRef | null }> {
  const { from, router, pool, token, side, amount } = options;
  const weth = ctx.canonical.wrappedNative.address;
  const nativeIsToken0 = pool.token0 === weth;
  const routerAbi = ctx.player.artifacts.DemoPancakeV3Router!.abi;
  // Native in (buy): zero for one when native is token0. Token in (sell): the other way.
  const zeroForOne = side === "buy" ? nativeIsToken0 : !nativeIsToken0;
  const approveTx = side === "sell" ? ref(await ctx.player.write(from, token, erc20Abi, "approve", [router, amount])) : null;
  const sent = await ctx.player.write(
    from,
    router,
    routerAbi,
    "swapExactInput",
    [pool.address, zeroForOne, amount, 0n, side === "sell"],
    { value: side === "buy" ? amount : 0n },
  );
  const swap = pancakeSwapIn(sent, pool.address);
  const trade: VenueTrade = {
    ...v3Trade(from.address, side, sent, swap, nativeIsToken0),
    protocolFeesToken0: swap.protocolFeesToken0.toString(),
    protocolFeesToken1: swap.protocolFeesToken1.toString(),
  };
  return { trade, approveTx };
}
