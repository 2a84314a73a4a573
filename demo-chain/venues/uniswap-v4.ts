// Uniswap V4 the way its users reach it: pools initialized and positions opened or reduced
// through the PositionManager (initializePool + modifyLiquidities in one multicall; MINT_POSITION,
// SETTLE_PAIR, SWEEP to open, DECREASE_LIQUIDITY + TAKE_PAIR to reduce), swaps through the
// Universal Router's V4_SWAP (SWAP_EXACT_IN_SINGLE, SETTLE_ALL, TAKE_ALL). Tokens are pulled
// through Permit2; native ETH/BNB is the zero-address currency and is paid with the call.
import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  keccak256,
  parseEventLogs,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { priceOf } from "../market";
import { ref, type Sent } from "../player";
import { venueArtifacts } from "./artifacts";
import { concentratedTrade, DEADLINE, nativeBalance, type VenueContext, type LiquidityRemoval, type Permit2Approvals, type PositionRecord, type VenueTrade } from "./common";
import { fullRange, fullRangeLiquidity, nativePerTokenAt, sqrtPriceX96For } from "./math";
import { executeUniversalRouter, UR } from "./uniswap-v3";

export type V4PoolKey = { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };

export type V4PoolState = {
  block: number;
  sqrtPriceX96: string;
  tick: number;
  liquidity: string;
  protocolFee: number;
  lpFee: number;
  priceNativePerToken: string;
};

export type V4Position = PositionRecord & { approvals: Permit2Approvals };

/** v4-periphery Actions. */
const ACTION = {
  DECREASE_LIQUIDITY: 0x01,
  MINT_POSITION: 0x02,
  SWAP_EXACT_IN_SINGLE: 0x06,
  SETTLE_ALL: 0x0c,
  SETTLE_PAIR: 0x0d,
  TAKE_ALL: 0x0f,
  TAKE_PAIR: 0x11,
  SWEEP: 0x14,
} as const;

/** The fee of a pool whose hook sets the LP fee (LPFeeLibrary.DYNAMIC_FEE_FLAG). */
export const DYNAMIC_FEE_FLAG = 0x800000;

const POOL_KEY = {
  type: "tuple",
  components: [
    { name: "currency0", type: "address" },
    { name: "currency1", type: "address" },
    { name: "fee", type: "uint24" },
    { name: "tickSpacing", type: "int24" },
    { name: "hooks", type: "address" },
  ],
} as const;

export function poolIdOf(key: V4PoolKey): Hex {
  return keccak256(encodeAbiParameters([POOL_KEY], [key]));
}

/** A token paired with the native coin: currency0 is always the zero address. */
export function nativePoolKey(token: Address, fee: number, tickSpacing: number, hooks: Address = zeroAddress): V4PoolKey {
  return { currency0: zeroAddress, currency1: getAddress(token), fee, tickSpacing, hooks };
}

function actionBytes(actions: readonly number[]): Hex {
  return `0x${actions.map((action) => action.toString(16).padStart(2, "0")).join("")}`;
}

function actionsAndParams(actions: readonly number[], params: readonly Hex[]): Hex {
  return encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [actionBytes(actions), params]);
}

const address = { type: "address" } as const;
const uint256 = { type: "uint256" } as const;

/**
 * Initializes a native/token pool at the price the amounts set and opens a full-range position
 * for `from`: PositionManager.multicall([initializePool, modifyLiquidities(MINT_POSITION,
 * SETTLE_PAIR, SWEEP)]) with the native amount as value; the token comes through Permit2.
 */
export async function mintV4FullRange(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; key: V4PoolKey; tokenAmount: bigint; nativeAmount: bigint },
): Promise<{ poolId: Hex; initialSqrtPriceX96: bigint; position: PositionRecord }> {
  const { from, key, tokenAmount, nativeAmount } = options;
  const { v4PositionManager } = venueArtifacts();
  const posm = ctx.venues.uniswapV4.positionManager;
  const poolManager = ctx.venues.uniswapV4.poolManager;
  const sqrtPriceX96 = sqrtPriceX96For(nativeAmount, tokenAmount);
  const { tickLower, tickUpper } = fullRange(key.tickSpacing);
  const liquidity = fullRangeLiquidity(sqrtPriceX96, nativeAmount, tokenAmount);

  const mint = encodeAbiParameters(
    [
      POOL_KEY,
      { type: "int24" },
      { type: "int24" },
      uint256,
      { type: "uint128" },
      { type: "uint128" },
      address,
      { type: "bytes" },
    ],
    [key, tickLower, tickUpper, liquidity, nativeAmount, tokenAmount, from.address, "0x"],
  );
  const unlockData = actionsAndParams(
    [ACTION.MINT_POSITION, ACTION.SETTLE_PAIR, ACTION.SWEEP],
    [
      mint,
      encodeAbiParameters([address, address], [key.currency0, key.currency1]),
      // Native coin sent beyond what the position took goes back to the owner.
      encodeAbiParameters([address, address], [zeroAddress, from.address]),
    ],
  );
  const abi = v4PositionManager.abi;
  const tokenId = await ctx.player.read<bigint>(posm, abi, "nextTokenId");
  const calls = [
    encodeFunctionData({ abi, functionName: "initializePool", args: [key, sqrtPriceX96] }),
    encodeFunctionData({ abi, functionName: "modifyLiquidities", args: [unlockData, DEADLINE] }),
  ];
  const before = await nativeBalance(ctx, poolManager);
  const sent = await ctx.player.write(from, posm, abi, "multicall", [calls], { value: nativeAmount });
  const nativeAdded = (await nativeBalance(ctx, poolManager)) - before;
  const owner = getAddress(await ctx.player.read<Address>(posm, abi, "ownerOf", [tokenId]));
  if (owner !== from.address) throw new Error(`position ${tokenId} belongs to ${owner}`);
  return {
    poolId: poolIdOf(key),
    initialSqrtPriceX96: sqrtPriceX96,
    position: {
      positionManager: posm,
      tokenId: tokenId.toString(),
      owner,
      tickLower,
      tickUpper,
      liquidity: (await ctx.player.read<bigint>(posm, abi, "getPositionLiquidity", [tokenId])).toString(),
      tokenAdded: tokenTransferred(sent, key.currency1, from.address, poolManager).toString(),
      nativeAdded: nativeAdded.toString(),
      mintTx: ref(sent),
    },
  };
}

const transferAbi = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "value", type: "uint256", indexed: false },
    ],
  },
] as const;

/** ERC-20 amount of `token` moved from → to in one transaction. */
function tokenTransferred(sent: Sent, token: Address, from: Address, to: Address): bigint {
  return parseEventLogs({ abi: transferAbi, logs: sent.receipt.logs, eventName: "Transfer" })
    .filter((log) => getAddress(log.address) === token && getAddress(log.args.from) === from && getAddress(log.args.to) === to)
    .reduce((total, log) => total + log.args.value, 0n);
}

/** Takes `liquidity` out of a position: DECREASE_LIQUIDITY, then TAKE_PAIR to the owner. */
export async function decreaseV4(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; key: V4PoolKey; tokenId: bigint; liquidity: bigint },
): Promise<LiquidityRemoval> {
  const { from, key, tokenId, liquidity } = options;
  const { v4PositionManager } = venueArtifacts();
  const posm = ctx.venues.uniswapV4.positionManager;
  const poolManager = ctx.venues.uniswapV4.poolManager;
  const unlockData = actionsAndParams(
    [ACTION.DECREASE_LIQUIDITY, ACTION.TAKE_PAIR],
    [
      encodeAbiParameters(
        [uint256, uint256, { type: "uint128" }, { type: "uint128" }, { type: "bytes" }],
        [tokenId, liquidity, 0n, 0n, "0x"],
      ),
      encodeAbiParameters([address, address, address], [key.currency0, key.currency1, from.address]),
    ],
  );
  const before = await nativeBalance(ctx, poolManager);
  const sent = await ctx.player.write(from, posm, v4PositionManager.abi, "modifyLiquidities", [unlockData, DEADLINE]);
  const nativeOut = before - (await nativeBalance(ctx, poolManager));
  const left = await ctx.player.read<bigint>(posm, v4PositionManager.abi, "getPositionLiquidity", [tokenId]);
  return {
    tokenId: tokenId.toString(),
    liquidityRemoved: liquidity.toString(),
    liquidityLeft: left.toString(),
    tokenOut: tokenTransferred(sent, key.currency1, poolManager, from.address).toString(),
    nativeOut: nativeOut.toString(),
    tx: ref(sent),
  };
}

type V4Swap = { id: Hex; amount0: bigint; amount1: bigint; sqrtPriceX96: bigint; liquidity: bigint; tick: number; fee: number };

/** The PoolManager's Swap event for one pool. V4 signs amounts from the swapper's side: paid in is negative. */
function v4SwapIn(ctx: VenueContext, sent: Sent, poolId: Hex): V4Swap {
  const { v4PoolManager } = venueArtifacts();
  const swaps = parseEventLogs({ abi: v4PoolManager.abi, logs: sent.receipt.logs, eventName: "Swap" }).filter(
    (log) => getAddress(log.address) === ctx.venues.uniswapV4.poolManager,
  ) as unknown as { args: V4Swap }[];
  const swap = swaps.find((log) => log.args.id === poolId);
  if (!swap) throw new Error(`no Swap of ${poolId} in ${sent.hash}`);
  return swap.args;
}

function swapParams(key: V4PoolKey, zeroForOne: boolean, amountIn: bigint): Hex {
  return encodeAbiParameters(
    [
      {
        type: "tuple",
        components: [
          { name: "poolKey", ...POOL_KEY },
          { name: "zeroForOne", type: "bool" },
          { name: "amountIn", type: "uint128" },
          { name: "amountOutMinimum", type: "uint128" },
          { name: "hookData", type: "bytes" },
        ],
      },
    ],
    [{ poolKey: key, zeroForOne, amountIn, amountOutMinimum: 0n, hookData: "0x" }],
  );
}

function v4Trade(wallet: Address, side: "buy" | "sell", sent: Sent, swap: V4Swap): VenueTrade {
  // currency0 is the native coin; amounts are the swapper's: negative paid in, positive received.
  return { ...concentratedTrade(wallet, side, sent, { native: swap.amount0, token: swap.amount1 }, swap), lpFee: Number(swap.fee) };
}

/** Buys with native coin: V4_SWAP (SWAP_EXACT_IN_SINGLE zero for one, SETTLE_ALL native, TAKE_ALL token). */
export async function buyV4(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; key: V4PoolKey; nativeIn: bigint },
): Promise<VenueTrade> {
  const { from, key, nativeIn } = options;
  const input = actionsAndParams(
    [ACTION.SWAP_EXACT_IN_SINGLE, ACTION.SETTLE_ALL, ACTION.TAKE_ALL],
    [
      swapParams(key, true, nativeIn),
      encodeAbiParameters([address, uint256], [key.currency0, nativeIn]),
      encodeAbiParameters([address, uint256], [key.currency1, 0n]),
    ],
  );
  const sent = await executeUniversalRouter(ctx, from, [UR.V4_SWAP], [input], { value: nativeIn });
  return v4Trade(from.address, "buy", sent, v4SwapIn(ctx, sent, poolIdOf(key)));
}

function sellInput(key: V4PoolKey, amount: bigint): Hex {
  return actionsAndParams(
    [ACTION.SWAP_EXACT_IN_SINGLE, ACTION.SETTLE_ALL, ACTION.TAKE_ALL],
    [
      swapParams(key, false, amount),
      encodeAbiParameters([address, uint256], [key.currency1, amount]),
      encodeAbiParameters([address, uint256], [key.currency0, 0n]),
    ],
  );
}

/** Sells the token for native coin; the router pulls the token through Permit2. */
export async function sellV4(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; key: V4PoolKey; amount: bigint },
): Promise<VenueTrade> {
  const { from, key, amount } = options;
  const sent = await executeUniversalRouter(ctx, from, [UR.V4_SWAP], [sellInput(key, amount)]);
  return v4Trade(from.address, "sell", sent, v4SwapIn(ctx, sent, poolIdOf(key)));
}

/** A sell the pool's hook is expected to refuse: mined, reverted. */
export async function failedSellV4(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; key: V4PoolKey; amount: bigint },
): Promise<Sent> {
  return executeUniversalRouter(ctx, options.from, [UR.V4_SWAP], [sellInput(options.key, options.amount)], {
    gas: 1_000_000n,
    expectRevert: true,
  });
}

/** Price, tick, liquidity and fees of a native/token pool, read through StateView. */
export async function v4PoolState(ctx: VenueContext, poolId: Hex): Promise<V4PoolState> {
  const { v4StateView } = venueArtifacts();
  const stateView = ctx.venues.uniswapV4.stateView;
  const block = Number(await ctx.player.client.getBlockNumber());
  const [sqrtPriceX96, tick, protocolFee, lpFee] = await ctx.player.read<readonly [bigint, number, number, number]>(
    stateView,
    v4StateView.abi,
    "getSlot0",
    [poolId],
  );
  const liquidity = await ctx.player.read<bigint>(stateView, v4StateView.abi, "getLiquidity", [poolId]);
  return {
    block,
    sqrtPriceX96: sqrtPriceX96.toString(),
    tick: Number(tick),
    liquidity: liquidity.toString(),
    protocolFee: Number(protocolFee),
    lpFee: Number(lpFee),
    // Native is currency0 in every demo V4 pool.
    priceNativePerToken: nativePerTokenAt(sqrtPriceX96, true).toString(),
  };
}
