// Trading on the demo chain's Aerodrome classic and Slipstream the way Base wallets do — through
// the Router, the SwapRouter and the position manager — and reading back what each transaction
// did from the pools' own events.
import { encodeFunctionData, erc20Abi, getAddress, parseEventLogs, zeroAddress, type Abi, type Address, type Log } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { priceOf, type Trade } from "../market";
import { ref, type Player, type Sent } from "../player";
import type { AerodromeCanonical } from "./placement";

/** Far enough ahead that no scenario timestamp reaches it; a fixed value keeps calldata fixed. */
export const DEADLINE = 4_102_444_800n; // 2100-01-01T00:00:00Z

const MAX_UINT128 = 2n ** 128n - 1n;
const Q192 = 2n ** 192n;

export type ClassicPoolState = {
  block: number;
  reserve0: string;
  reserve1: string;
  lpTotalSupply: string;
};

export type SlipstreamPoolState = {
  block: number;
  sqrtPriceX96: string;
  tick: number;
  observationIndex: number;
  observationCardinality: number;
  observationCardinalityNext: number;
  unlocked: boolean;
  liquidity: string;
  /** Mid price from sqrtPriceX96: native base units per one whole token. */
  priceNativePerToken: string;
};

export type Route = { from: Address; to: Address; stable: boolean; factory: Address };

/** Native base units per whole token (18 decimals) at a pool's sqrt price. */
export function priceFromSqrt(sqrtPriceX96: bigint, tokenIsToken0: boolean, decimals = 18): bigint {
  const unit = 10n ** BigInt(decimals);
  const squared = sqrtPriceX96 * sqrtPriceX96;
  // sqrtPriceX96² / 2^192 is token1 base units per token0 base unit.
  return tokenIsToken0 ? (squared * unit) / Q192 : (Q192 * unit) / squared;
}

/** floor(sqrt(n)) for a bigint. */
export function integerSqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((n.toString(2).length >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** The sqrt price (Q64.96) at which `amount1` of token1 is worth `amount0` of token0. */
export function sqrtPriceFor(amount0: bigint, amount1: bigint): bigint {
  return integerSqrt((amount1 << 192n) / amount0);
}

export type AerodromeVenue = ReturnType<typeof createAerodromeVenue>;

export function createAerodromeVenue(player: Player, canonical: AerodromeCanonical, wrapped: Address) {
  const abiOf = (name: string): Abi => {
    const artifact = player.artifacts[name];
    if (!artifact) throw new Error(`no compiled contract ${name}`);
    return artifact.abi;
  };
  const abis = {
    pool: abiOf("AerodromePool"),
    factory: abiOf("AerodromePoolFactory"),
    router: abiOf("AerodromeRouter"),
    clPool: abiOf("SlipstreamCLPool"),
    clFactory: abiOf("SlipstreamCLFactory"),
    swapRouter: abiOf("SlipstreamSwapRouter"),
    positionManager: abiOf("SlipstreamPositionManager"),
  };
  const { classic, slipstream } = canonical;

  const balanceOf = (token: Address, owner: Address) => player.read<bigint>(token, erc20Abi, "balanceOf", [owner]);
  const approve = (from: PrivateKeyAccount, token: Address, spender: Address, amount: bigint) =>
    player.write(from, token, erc20Abi, "approve", [spender, amount]);
  const blockNumber = async () => Number(await player.client.getBlockNumber());

  /** The one event of `name` that `address` emitted in the transaction. */
  function eventOf<T>(sent: Sent, abi: Abi, name: string, address: Address): T {
    const parsed = parseEventLogs({ abi, logs: sent.receipt.logs as Log[], eventName: name as never }) as unknown as {
      address: Address;
      args: T;
    }[];
    const found = parsed.filter((log) => getAddress(log.address) === address);
    if (found.length !== 1) throw new Error(`expected one ${name} from ${address} in ${sent.hash}, found ${found.length}`);
    return found[0]!.args;
  }

  // ---- Aerodrome classic ----

  async function classicPool(tokenA: Address, tokenB: Address, stable: boolean): Promise<Address> {
    const pool = await player.read<Address>(classic.factory, abis.factory, "getPool", [tokenA, tokenB, stable]);
    if (pool === zeroAddress) throw new Error(`no ${stable ? "stable" : "volatile"} pool for ${tokenA}/${tokenB}`);
    return getAddress(pool);
  }

  async function classicState(pool: Address): Promise<ClassicPoolState> {
    const [[reserve0, reserve1], supply] = await Promise.all([
      player.read<readonly [bigint, bigint, bigint]>(pool, abis.pool, "getReserves"),
      player.read<bigint>(pool, abis.pool, "totalSupply"),
    ]);
    return { block: await blockNumber(), reserve0: reserve0.toString(), reserve1: reserve1.toString(), lpTotalSupply: supply.toString() };
  }

  type ClassicSwap = { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint };

  /** What went in and out of `pool` for `token` and the other side, from its Swap event. */
  function classicSides(sent: Sent, pool: Address, token: Address, other: Address) {
    const swap = eventOf<ClassicSwap>(sent, abis.pool, "Swap", pool);
    const tokenIsToken0 = BigInt(token) < BigInt(other);
    return tokenIsToken0
      ? { tokenIn: swap.amount0In, tokenOut: swap.amount0Out, otherIn: swap.amount1In, otherOut: swap.amount1Out }
      : { tokenIn: swap.amount1In, tokenOut: swap.amount1Out, otherIn: swap.amount0In, otherOut: swap.amount0Out };
  }

  const route = (from: Address, to: Address, stable: boolean): Route => ({ from, to, stable, factory: classic.factory });

  const classicVenue = {
    pool: classicPool,
    state: classicState,

    /** First liquidity of a token and native ETH; the router creates the pool. */
    async addLiquidityETH(options: { from: PrivateKeyAccount; token: Address; stable: boolean; tokenAmount: bigint; nativeAmount: bigint }) {
      const { from, token, stable, tokenAmount, nativeAmount } = options;
      const approveTx = await approve(from, token, classic.router, tokenAmount);
      const sent = await player.write(
        from,
        classic.router,
        abis.router,
        "addLiquidityETH",
        [token, stable, tokenAmount, 0n, 0n, from.address, DEADLINE],
        { value: nativeAmount },
      );
      const pool = await classicPool(token, wrapped, stable);
      const mint = eventOf<{ amount0: bigint; amount1: bigint }>(sent, abis.pool, "Mint", pool);
      return { pool, approveTx: ref(approveTx), tx: ref(sent), lpMinted: await balanceOf(pool, from.address), mint };
    },

    async addLiquidity(options: {
      from: PrivateKeyAccount;
      tokenA: Address;
      tokenB: Address;
      stable: boolean;
      amountA: bigint;
      amountB: bigint;
    }) {
      const { from, tokenA, tokenB, stable, amountA, amountB } = options;
      const approveA = await approve(from, tokenA, classic.router, amountA);
      const approveB = await approve(from, tokenB, classic.router, amountB);
      const sent = await player.write(from, classic.router, abis.router, "addLiquidity", [
        tokenA,
        tokenB,
        stable,
        amountA,
        amountB,
        0n,
        0n,
        from.address,
        DEADLINE,
      ]);
      const pool = await classicPool(tokenA, tokenB, stable);
      const mint = eventOf<{ amount0: bigint; amount1: bigint }>(sent, abis.pool, "Mint", pool);
      return { pool, approveTxs: [ref(approveA), ref(approveB)], tx: ref(sent), lpMinted: await balanceOf(pool, from.address), mint };
    },

    /** swapExactETHForTokens along [WETH → token]. */
    async buy(options: { from: PrivateKeyAccount; token: Address; stable: boolean; nativeIn: bigint }): Promise<Trade> {
      const { from, token, stable, nativeIn } = options;
      const pool = await classicPool(token, wrapped, stable);
      const sent = await player.write(
        from,
        classic.router,
        abis.router,
        "swapExactETHForTokens",
        [0n, [route(wrapped, token, stable)], from.address, DEADLINE],
        { value: nativeIn },
      );
      const sides = classicSides(sent, pool, token, wrapped);
      return {
        wallet: from.address,
        side: "buy",
        tx: ref(sent),
        tokenAmount: sides.tokenOut.toString(),
        nativeAmount: sides.otherIn.toString(),
        priceNativePerToken: priceOf(sides.otherIn, sides.tokenOut).toString(),
      };
    },

    /** Approves exactly the amount, then swapExactTokensForETH along [token → WETH]. */
    async sell(options: { from: PrivateKeyAccount; token: Address; stable: boolean; amount: bigint }) {
      const { from, token, stable, amount } = options;
      const pool = await classicPool(token, wrapped, stable);
      const approveTx = await approve(from, token, classic.router, amount);
      const sent = await player.write(from, classic.router, abis.router, "swapExactTokensForETH", [
        amount,
        0n,
        [route(token, wrapped, stable)],
        from.address,
        DEADLINE,
      ]);
      const sides = classicSides(sent, pool, token, wrapped);
      const trade: Trade = {
        wallet: from.address,
        side: "sell",
        tx: ref(sent),
        tokenAmount: sides.tokenIn.toString(),
        nativeAmount: sides.otherOut.toString(),
        priceNativePerToken: priceOf(sides.otherOut, sides.tokenIn).toString(),
      };
      return { trade, approveTx: ref(approveTx) };
    },

    /** Approves exactly the amount, then swapExactTokensForTokens along [tokenIn → tokenOut]. */
    async swapTokens(options: { from: PrivateKeyAccount; tokenIn: Address; tokenOut: Address; stable: boolean; amountIn: bigint }) {
      const { from, tokenIn, tokenOut, stable, amountIn } = options;
      const pool = await classicPool(tokenIn, tokenOut, stable);
      const quoted = await player.read<readonly bigint[]>(classic.router, abis.router, "getAmountsOut", [
        amountIn,
        [route(tokenIn, tokenOut, stable)],
      ]);
      const approveTx = await approve(from, tokenIn, classic.router, amountIn);
      const sent = await player.write(from, classic.router, abis.router, "swapExactTokensForTokens", [
        amountIn,
        0n,
        [route(tokenIn, tokenOut, stable)],
        from.address,
        DEADLINE,
      ]);
      const sides = classicSides(sent, pool, tokenIn, tokenOut);
      const fees = eventOf<{ amount0: bigint; amount1: bigint }>(sent, abis.pool, "Fees", pool);
      return {
        wallet: from.address,
        tx: ref(sent),
        approveTx: ref(approveTx),
        tokenIn,
        tokenOut,
        amountIn: sides.tokenIn.toString(),
        amountOut: sides.otherOut.toString(),
        quotedOut: quoted[quoted.length - 1]!.toString(),
        fee: (fees.amount0 + fees.amount1).toString(),
      };
    },

    /** Approves the LP, then removeLiquidityETH; amounts from the pool's Burn event. */
    async removeLiquidityETH(options: { from: PrivateKeyAccount; token: Address; stable: boolean; lpAmount: bigint }) {
      const { from, token, stable, lpAmount } = options;
      const pool = await classicPool(token, wrapped, stable);
      const approveTx = await approve(from, pool, classic.router, lpAmount);
      const sent = await player.write(from, classic.router, abis.router, "removeLiquidityETH", [
        token,
        stable,
        lpAmount,
        0n,
        0n,
        from.address,
        DEADLINE,
      ]);
      const burn = eventOf<{ sender: Address; to: Address; amount0: bigint; amount1: bigint }>(sent, abis.pool, "Burn", pool);
      const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
      return {
        approveTx: ref(approveTx),
        tx: ref(sent),
        burnTo: getAddress(burn.to),
        tokenOut: tokenIsToken0 ? burn.amount0 : burn.amount1,
        nativeOut: tokenIsToken0 ? burn.amount1 : burn.amount0,
      };
    },

    /** The LP's share of the swap fees, paid out of the pool's fee holder. */
    async claimFees(options: { from: PrivateKeyAccount; pool: Address }) {
      const { from, pool } = options;
      const sent = await player.write(from, pool, abis.pool, "claimFees");
      const claim = eventOf<{ amount0: bigint; amount1: bigint }>(sent, abis.pool, "Claim", pool);
      return { tx: ref(sent), amount0: claim.amount0, amount1: claim.amount1 };
    },
  };

  // ---- Slipstream ----

  async function clPool(tokenA: Address, tokenB: Address, tickSpacing: number): Promise<Address> {
    const pool = await player.read<Address>(slipstream.factory, abis.clFactory, "getPool", [tokenA, tokenB, tickSpacing]);
    if (pool === zeroAddress) throw new Error(`no Slipstream pool for ${tokenA}/${tokenB} at tick spacing ${tickSpacing}`);
    return getAddress(pool);
  }

  async function clState(pool: Address, token: Address): Promise<SlipstreamPoolState> {
    const [slot0, liquidity, token0] = await Promise.all([
      player.read<readonly [bigint, number, number, number, number, boolean]>(pool, abis.clPool, "slot0"),
      player.read<bigint>(pool, abis.clPool, "liquidity"),
      player.read<Address>(pool, abis.clPool, "token0"),
    ]);
    const [sqrtPriceX96, tick, observationIndex, observationCardinality, observationCardinalityNext, unlocked] = slot0;
    return {
      block: await blockNumber(),
      sqrtPriceX96: sqrtPriceX96.toString(),
      tick: Number(tick),
      observationIndex: Number(observationIndex),
      observationCardinality: Number(observationCardinality),
      observationCardinalityNext: Number(observationCardinalityNext),
      unlocked,
      liquidity: liquidity.toString(),
      priceNativePerToken: priceFromSqrt(sqrtPriceX96, getAddress(token0) === token).toString(),
    };
  }

  type ClSwap = { amount0: bigint; amount1: bigint; sqrtPriceX96: bigint; liquidity: bigint; tick: number };

  /** A swap in a token/WETH Slipstream pool as a trade, with the pool's price after it. */
  function clTrade(sent: Sent, pool: Address, token: Address, wallet: Address) {
    const swap = eventOf<ClSwap>(sent, abis.clPool, "Swap", pool);
    const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
    const [tokenDelta, nativeDelta] = tokenIsToken0 ? [swap.amount0, swap.amount1] : [swap.amount1, swap.amount0];
    const side: Trade["side"] = tokenDelta < 0n ? "buy" : "sell";
    const tokenAmount = tokenDelta < 0n ? -tokenDelta : tokenDelta;
    const nativeAmount = nativeDelta < 0n ? -nativeDelta : nativeDelta;
    return {
      wallet,
      side,
      tx: ref(sent),
      tokenAmount: tokenAmount.toString(),
      nativeAmount: nativeAmount.toString(),
      priceNativePerToken: priceOf(nativeAmount, tokenAmount).toString(),
      sqrtPriceX96After: swap.sqrtPriceX96.toString(),
      tickAfter: Number(swap.tick),
      liquidity: swap.liquidity.toString(),
    };
  }

  const slipstreamVenue = {
    pool: clPool,
    state: clState,

    /**
     * A full-range position of token and native ETH through the position manager; a non-zero
     * `createAtSqrtPriceX96` creates the pool in the same call (Slipstream's MintParams).
     * The ETH left over is refunded in the same multicall.
     */
    async mintPosition(options: {
      from: PrivateKeyAccount;
      token: Address;
      tickSpacing: number;
      tickLower: number;
      tickUpper: number;
      tokenAmount: bigint;
      nativeAmount: bigint;
      createAtSqrtPriceX96: bigint;
    }) {
      const { from, token, tickSpacing, tokenAmount, nativeAmount } = options;
      const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
      const [token0, token1] = tokenIsToken0 ? [token, wrapped] : [wrapped, token];
      const [amount0, amount1] = tokenIsToken0 ? [tokenAmount, nativeAmount] : [nativeAmount, tokenAmount];
      const approveTx = await approve(from, token, slipstream.positionManager, tokenAmount);
      const mintCall = encodeCall(abis.positionManager, "mint", [
        {
          token0,
          token1,
          tickSpacing,
          tickLower: options.tickLower,
          tickUpper: options.tickUpper,
          amount0Desired: amount0,
          amount1Desired: amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: from.address,
          deadline: DEADLINE,
          sqrtPriceX96: options.createAtSqrtPriceX96,
        },
      ]);
      const refund = encodeCall(abis.positionManager, "refundETH", []);
      const sent = await player.write(from, slipstream.positionManager, abis.positionManager, "multicall", [[mintCall, refund]], {
        value: nativeAmount,
      });
      const pool = await clPool(token, wrapped, tickSpacing);
      const increase = eventOf<{ tokenId: bigint; liquidity: bigint; amount0: bigint; amount1: bigint }>(
        sent,
        abis.positionManager,
        "IncreaseLiquidity",
        slipstream.positionManager,
      );
      const created = eventOf<{ pool: Address }>(sent, abis.clFactory, "PoolCreated", slipstream.factory);
      if (getAddress(created.pool) !== pool) throw new Error(`PoolCreated names ${created.pool}, the factory ${pool}`);
      return {
        pool,
        approveTx: ref(approveTx),
        tx: ref(sent),
        tokenId: increase.tokenId,
        liquidity: increase.liquidity,
        tokenAdded: tokenIsToken0 ? increase.amount0 : increase.amount1,
        nativeAdded: tokenIsToken0 ? increase.amount1 : increase.amount0,
      };
    },

    /** exactInputSingle from native ETH (wrapped by the router) into the token. */
    async buy(options: { from: PrivateKeyAccount; token: Address; tickSpacing: number; nativeIn: bigint }) {
      const { from, token, tickSpacing, nativeIn } = options;
      const pool = await clPool(token, wrapped, tickSpacing);
      const sent = await player.write(
        from,
        slipstream.swapRouter,
        abis.swapRouter,
        "exactInputSingle",
        [
          {
            tokenIn: wrapped,
            tokenOut: token,
            tickSpacing,
            recipient: from.address,
            deadline: DEADLINE,
            amountIn: nativeIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
        { value: nativeIn },
      );
      return clTrade(sent, pool, token, from.address);
    },

    /** Approves exactly the amount, then multicall(exactInputSingle to the router, unwrapWETH9 to the seller). */
    async sell(options: { from: PrivateKeyAccount; token: Address; tickSpacing: number; amount: bigint }) {
      const { from, token, tickSpacing, amount } = options;
      const pool = await clPool(token, wrapped, tickSpacing);
      const approveTx = await approve(from, token, slipstream.swapRouter, amount);
      const swapCall = encodeCall(abis.swapRouter, "exactInputSingle", [
        {
          tokenIn: token,
          tokenOut: wrapped,
          tickSpacing,
          recipient: slipstream.swapRouter,
          deadline: DEADLINE,
          amountIn: amount,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ]);
      const unwrap = encodeCall(abis.swapRouter, "unwrapWETH9", [0n, from.address]);
      const sent = await player.write(from, slipstream.swapRouter, abis.swapRouter, "multicall", [[swapCall, unwrap]]);
      return { trade: clTrade(sent, pool, token, from.address), approveTx: ref(approveTx) };
    },

    async decreaseLiquidity(options: { from: PrivateKeyAccount; tokenId: bigint; liquidity: bigint; token: Address }) {
      const { from, tokenId, liquidity, token } = options;
      const sent = await player.write(from, slipstream.positionManager, abis.positionManager, "decreaseLiquidity", [
        { tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE },
      ]);
      const decreased = eventOf<{ amount0: bigint; amount1: bigint }>(sent, abis.positionManager, "DecreaseLiquidity", slipstream.positionManager);
      const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
      return {
        tx: ref(sent),
        tokenAmount: tokenIsToken0 ? decreased.amount0 : decreased.amount1,
        nativeAmount: tokenIsToken0 ? decreased.amount1 : decreased.amount0,
      };
    },

    /** Everything the position is owed (removed liquidity and fees), to its owner, WETH as WETH. */
    async collect(options: { from: PrivateKeyAccount; tokenId: bigint; token: Address }) {
      const { from, tokenId, token } = options;
      const sent = await player.write(from, slipstream.positionManager, abis.positionManager, "collect", [
        { tokenId, recipient: from.address, amount0Max: MAX_UINT128, amount1Max: MAX_UINT128 },
      ]);
      const collected = eventOf<{ recipient: Address; amount0: bigint; amount1: bigint }>(
        sent,
        abis.positionManager,
        "Collect",
        slipstream.positionManager,
      );
      const tokenIsToken0 = BigInt(token) < BigInt(wrapped);
      return {
        tx: ref(sent),
        recipient: getAddress(collected.recipient),
        tokenAmount: tokenIsToken0 ? collected.amount0 : collected.amount1,
        nativeAmount: tokenIsToken0 ? collected.amount1 : collected.amount0,
      };
    },
  };

  return { abis, balanceOf, approve, classic: classicVenue, slipstream: slipstreamVenue };
}

function encodeCall(abi: Abi, functionName: string, args: readonly unknown[]) {
  return encodeFunctionData({ abi, functionName, args: args as unknown[] });
}
