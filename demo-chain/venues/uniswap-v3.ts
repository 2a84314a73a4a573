// Uniswap V3 the way its users reach it: positions through the NonfungiblePositionManager
// (create and initialize the pool, mint, decrease and collect in multicalls, as the interface
// sends them) and swaps through the Universal Router (WRAP_ETH + V3_SWAP_EXACT_IN to buy,
// V3_SWAP_EXACT_IN + UNWRAP_WETH to sell, the token pulled through Permit2).
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  getCreate2Address,
  keccak256,
  maxUint128,
  numberToHex,
  parseEventLogs,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { priceOf } from "../market";
import { ref, type Sent } from "../player";
import { venueArtifacts } from "./artifacts";
import { balanceOf, concentratedTrade, DEADLINE, sortPair, type VenueContext, type LiquidityRemoval, type PositionRecord, type V3PoolRecord, type VenueTrade } from "./common";
import { fullRange, nativePerTokenAt, sqrtPriceX96For } from "./math";

export type V3PoolState = {
  block: number;
  sqrtPriceX96: string;
  tick: number;
  liquidity: string;
  /** Mid price from sqrtPriceX96: native base units per whole token. */
  priceNativePerToken: string;
  /** What the pool contract holds of each side (all ranges, fees included). */
  tokenBalance: string;
  nativeBalance: string;
};

/** Universal Router command bytes and its recipient placeholders. */
export const UR = {
  V3_SWAP_EXACT_IN: 0x00,
  WRAP_ETH: 0x0b,
  UNWRAP_WETH: 0x0c,
  V4_SWAP: 0x10,
  MSG_SENDER: "0x0000000000000000000000000000000000000001" as Address,
  ADDRESS_THIS: "0x0000000000000000000000000000000000000002" as Address,
} as const;

export function commandBytes(commands: readonly number[]): Hex {
  return concat(commands.map((command) => numberToHex(command, { size: 1 })));
}

export async function executeUniversalRouter(
  ctx: VenueContext,
  from: PrivateKeyAccount,
  commands: readonly number[],
  inputs: readonly Hex[],
  options: { value?: bigint; gas?: bigint; expectRevert?: boolean } = {},
): Promise<Sent> {
  const { universalRouter } = venueArtifacts();
  const data = encodeFunctionData({
    abi: universalRouter.abi,
    functionName: "execute",
    args: [commandBytes(commands), inputs, DEADLINE],
  });
  return ctx.player.send(from, { to: ctx.venues.uniswapV4.universalRouter, data, ...options });
}

/** token(20 bytes) fee(3 bytes) token(20 bytes): a one-hop V3 path. */
function v3Path(tokenIn: Address, fee: number, tokenOut: Address): Hex {
  return concat([tokenIn, numberToHex(fee, { size: 3 }), tokenOut]);
}

export function predictedV3Pool(deployer: Address, initCodeHash: Hex, token0: Address, token1: Address, fee: number): Address {
  const salt = keccak256(encodeAbiParameters([{ type: "address" }, { type: "address" }, { type: "uint24" }], [token0, token1, fee]));
  return getCreate2Address({ from: deployer, salt, bytecodeHash: initCodeHash });
}

export function tickSpacingOf(ctx: VenueContext, fee: number): number {
  const tier = ctx.venues.uniswapV3.feeTiers.find((entry) => entry.fee === fee);
  if (!tier) throw new Error(`Uniswap V3 has no fee tier ${fee}`);
  return tier.tickSpacing;
}

type V3Swap = { amount0: bigint; amount1: bigint; sqrtPriceX96: bigint; liquidity: bigint; tick: number };

/** The Swap event of one pool in a receipt: Uniswap V3's seven fields (amounts signed, into the pool positive). */
export function v3SwapIn(sent: Sent, pool: Address): V3Swap {
  const { v3Pool } = venueArtifacts();
  const swaps = parseEventLogs({ abi: v3Pool.abi, logs: sent.receipt.logs, eventName: "Swap" }).filter(
    (log) => getAddress(log.address) === pool,
  ) as unknown as { args: V3Swap }[];
  const swap = swaps[0];
  if (!swap) throw new Error(`no Swap on ${pool} in ${sent.hash}`);
  return swap.args;
}

/** A V3-style swap as a trade record: native and token amounts from the pool's side of the event. */
export function v3Trade(
  wallet: Address,
  side: "buy" | "sell",
  sent: Sent,
  swap: V3Swap,
  nativeIsToken0: boolean,
): VenueTrade {
  return concentratedTrade(wallet, side, sent, nativeIsToken0 ? { native: swap.amount0, token: swap.amount1 } : { native: swap.amount1, token: swap.amount0 }, swap);
}

/**
 * Creates and initializes the token's pool against the wrapped native coin at the price the two
 * amounts set (unless it exists), and mints a position for `from` — full range unless `range`
 * says otherwise — in one NonfungiblePositionManager multicall paid in native coin (the manager
 * wraps it; refundETH returns what is left).
 */
export async function mintV3Position(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; token: Address; fee: number; tokenAmount: bigint; nativeAmount: bigint; range?: { tickLower: number; tickUpper: number } },
): Promise<{ pool: V3PoolRecord; position: PositionRecord & { approveTx: PositionRecord["mintTx"] } }> {
  const { from, token, fee, tokenAmount, nativeAmount } = options;
  const { v3PositionManager, v3Factory } = venueArtifacts();
  const npm = ctx.venues.uniswapV3.positionManager;
  const factory = ctx.venues.uniswapV3.factory;
  const weth = ctx.canonical.wrappedNative.address;
  const tickSpacing = tickSpacingOf(ctx, fee);
  const [token0, token1] = sortPair(token, weth);
  const nativeIsToken0 = token0 === weth;
  const [amount0, amount1] = nativeIsToken0 ? [nativeAmount, tokenAmount] : [tokenAmount, nativeAmount];
  const sqrtPriceX96 = sqrtPriceX96For(amount0, amount1);
  const { tickLower, tickUpper } = options.range ?? fullRange(tickSpacing);

  const approveTx = await ctx.player.write(from, token, erc20Abi, "approve", [npm, tokenAmount]);
  const abi = v3PositionManager.abi;
  const calls = [
    encodeFunctionData({ abi, functionName: "createAndInitializePoolIfNecessary", args: [token0, token1, fee, sqrtPriceX96] }),
    encodeFunctionData({
      abi,
      functionName: "mint",
      args: [
        {
          token0,
          token1,
          fee,
          tickLower,
          tickUpper,
          amount0Desired: amount0,
          amount1Desired: amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: from.address,
          deadline: DEADLINE,
        },
      ],
    }),
    encodeFunctionData({ abi, functionName: "refundETH" }),
  ];
  const sent = await ctx.player.write(from, npm, abi, "multicall", [calls], { value: nativeAmount });
  const [increase] = parseEventLogs({ abi, logs: sent.receipt.logs, eventName: "IncreaseLiquidity" }) as unknown as {
    args: { tokenId: bigint; liquidity: bigint; amount0: bigint; amount1: bigint };
  }[];
  if (!increase) throw new Error(`no IncreaseLiquidity in ${sent.hash}`);

  const pool = getAddress(await ctx.player.read<Address>(factory, v3Factory.abi, "getPool", [token0, token1, fee]));
  const predicted = predictedV3Pool(factory, ctx.venues.uniswapV3.poolInitCodeHash, token0, token1, fee);
  if (pool !== predicted) throw new Error(`V3 pool ${pool} is not at its CREATE2 address ${predicted}`);

  const { tokenId, liquidity } = increase.args;
  return {
    pool: {
      venue: "uniswap-v3",
      factory,
      deployer: factory,
      address: pool,
      token0,
      token1,
      fee,
      tickSpacing,
      initialSqrtPriceX96: sqrtPriceX96.toString(),
    },
    position: {
      positionManager: npm,
      tokenId: tokenId.toString(),
      owner: from.address,
      tickLower,
      tickUpper,
      liquidity: liquidity.toString(),
      tokenAdded: (nativeIsToken0 ? increase.args.amount1 : increase.args.amount0).toString(),
      nativeAdded: (nativeIsToken0 ? increase.args.amount0 : increase.args.amount1).toString(),
      mintTx: ref(sent),
      approveTx: ref(approveTx),
    },
  };
}

/** Buys with native coin through the Universal Router: WRAP_ETH, then V3_SWAP_EXACT_IN paid by the router. */
export async function buyV3(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; token: Address; pool: Address; fee: number; nativeIn: bigint },
): Promise<VenueTrade> {
  const { from, token, pool, fee, nativeIn } = options;
  const weth = ctx.canonical.wrappedNative.address;
  const sent = await executeUniversalRouter(
    ctx,
    from,
    [UR.WRAP_ETH, UR.V3_SWAP_EXACT_IN],
    [
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [UR.ADDRESS_THIS, nativeIn]),
      encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "bool" }],
        [UR.MSG_SENDER, nativeIn, 0n, v3Path(weth, fee, token), false],
      ),
    ],
    { value: nativeIn },
  );
  return v3Trade(from.address, "buy", sent, v3SwapIn(sent, pool), BigInt(weth) < BigInt(token));
}

/**
 * Sells through the Universal Router: V3_SWAP_EXACT_IN paid by the seller through Permit2 (the
 * router needs a Permit2 allowance), the wrapped native coin kept by the router, then UNWRAP_WETH.
 */
export async function sellV3(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; token: Address; pool: Address; fee: number; amount: bigint },
): Promise<VenueTrade> {
  const { from, token, pool, fee, amount } = options;
  const weth = ctx.canonical.wrappedNative.address;
  const sent = await executeUniversalRouter(
    ctx,
    from,
    [UR.V3_SWAP_EXACT_IN, UR.UNWRAP_WETH],
    [
      encodeAbiParameters(
        [{ type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "bool" }],
        [UR.ADDRESS_THIS, amount, 0n, v3Path(token, fee, weth), true],
      ),
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [UR.MSG_SENDER, 0n]),
    ],
  );
  return v3Trade(from.address, "sell", sent, v3SwapIn(sent, pool), BigInt(weth) < BigInt(token));
}

/**
 * Takes part of a position out: decreaseLiquidity, collect to the manager, unwrapWETH9 and
 * sweepToken to the owner, in one multicall. The amounts are what collect paid out (the
 * principal and the fees the position had earned).
 */
export async function decreaseV3(
  ctx: VenueContext,
  options: { from: PrivateKeyAccount; token: Address; tokenId: bigint; liquidity: bigint },
): Promise<LiquidityRemoval> {
  const { from, token, tokenId, liquidity } = options;
  const { v3PositionManager } = venueArtifacts();
  const abi = v3PositionManager.abi;
  const npm = ctx.venues.uniswapV3.positionManager;
  const weth = ctx.canonical.wrappedNative.address;
  const calls = [
    encodeFunctionData({
      abi,
      functionName: "decreaseLiquidity",
      args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }],
    }),
    encodeFunctionData({
      abi,
      functionName: "collect",
      // The zero address: the manager keeps the tokens so it can unwrap and sweep them.
      args: [{ tokenId, recipient: zeroAddress, amount0Max: maxUint128, amount1Max: maxUint128 }],
    }),
    encodeFunctionData({ abi, functionName: "unwrapWETH9", args: [0n, from.address] }),
    encodeFunctionData({ abi, functionName: "sweepToken", args: [token, 0n, from.address] }),
  ];
  const sent = await ctx.player.write(from, npm, abi, "multicall", [calls]);
  const [collect] = parseEventLogs({ abi, logs: sent.receipt.logs, eventName: "Collect" }) as unknown as {
    args: { amount0: bigint; amount1: bigint };
  }[];
  if (!collect) throw new Error(`no Collect in ${sent.hash}`);
  const position = await ctx.player.read<readonly unknown[]>(npm, abi, "positions", [tokenId]);
  const nativeIsToken0 = BigInt(weth) < BigInt(token);
  return {
    tokenId: tokenId.toString(),
    liquidityRemoved: liquidity.toString(),
    liquidityLeft: (position[7] as bigint).toString(),
    tokenOut: (nativeIsToken0 ? collect.args.amount1 : collect.args.amount0).toString(),
    nativeOut: (nativeIsToken0 ? collect.args.amount0 : collect.args.amount1).toString(),
    tx: ref(sent),
  };
}

const slot0Abi = [
  {
    type: "function",
    name: "slot0",
    stateMutability: "view",
    inputs: [],
    // The first two fields are the same in Uniswap V3 and PancakeSwap V3.
    outputs: [
      { name: "sqrtPriceX96", type: "uint160" },
      { name: "tick", type: "int24" },
    ],
  },
  { type: "function", name: "liquidity", stateMutability: "view", inputs: [], outputs: [{ type: "uint128" }] },
] as const;

/** Price, tick, in-range liquidity and the balances a V3-style pool holds, now. */
export async function v3PoolState(ctx: VenueContext, pool: Address, token: Address): Promise<V3PoolState> {
  const weth = ctx.canonical.wrappedNative.address;
  const block = Number(await ctx.player.client.getBlockNumber());
  // Decoding only the first two words of slot0 works for both encodings (7 fields either way).
  const raw = await ctx.player.client.call({ to: pool, data: encodeFunctionData({ abi: slot0Abi, functionName: "slot0" }) });
  const data = raw.data ?? "0x";
  const sqrtPriceX96 = BigInt(`0x${data.slice(2, 66)}`);
  const tickWord = BigInt(`0x${data.slice(66, 130)}`);
  const tick = Number(BigInt.asIntN(256, tickWord));
  const liquidity = await ctx.player.read<bigint>(pool, slot0Abi, "liquidity");
  const nativeIsToken0 = BigInt(weth) < BigInt(token);
  return {
    block,
    sqrtPriceX96: sqrtPriceX96.toString(),
    tick,
    liquidity: liquidity.toString(),
    priceNativePerToken: nativePerTokenAt(sqrtPriceX96, nativeIsToken0).toString(),
    tokenBalance: (await balanceOf(ctx, token, pool)).toString(),
    nativeBalance: (await balanceOf(ctx, weth, pool)).toString(),
  };
}
