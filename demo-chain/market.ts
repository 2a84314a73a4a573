// Trading through the canonical V2 router, the way wallets on the real networks do, and reading
// back what each trade did from the pair's own events.
import { erc20Abi, getAddress, parseEventLogs, zeroAddress, type Abi, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import type { CanonicalMap } from "./canonical";
import { uniswapArtifacts } from "./compile";
import { ref, type Player, type Sent, type TxRef } from "./player";

/** Far enough ahead that no scenario timestamp reaches it; a fixed value keeps calldata fixed. */
const DEADLINE = 4_102_444_800n; // 2100-01-01T00:00:00Z

export type PoolState = {
  block: number;
  reserveToken: string;
  reserveNative: string;
  /** Mid price: native base units per one whole token. */
  priceNativePerToken: string;
};

export type Trade = {
  wallet: Address;
  side: "buy" | "sell";
  tx: TxRef;
  /** Tokens the pair sent out (buy) or the seller sent in (sell), before any transfer tax. */
  tokenAmount: string;
  nativeAmount: string;
  /** Execution price: native base units per one whole token. */
  priceNativePerToken: string;
};

export type PoolLaunch = {
  pair: Address;
  token0: Address;
  token1: Address;
  provider: Address;
  tokenAdded: string;
  nativeAdded: string;
  lpMinted: string;
  approveTx: TxRef;
  addLiquidityTx: TxRef;
};

export type BuyResult = { trade: Trade; tokensReceived: bigint; tokensOut: bigint; nativeIn: bigint; sent: Sent };
export type SellResult = { trade: Trade; nativeOut: bigint; tokensIn: bigint; approveTx: TxRef; sent: Sent };

export function priceOf(nativeAmount: bigint, tokenAmount: bigint, decimals = 18): bigint {
  if (tokenAmount === 0n) return 0n;
  return (nativeAmount * 10n ** BigInt(decimals)) / tokenAmount;
}

export type Market = ReturnType<typeof createMarket>;

export function createMarket(player: Player, canonical: CanonicalMap) {
  const { router: routerArtifact, pair: pairArtifact, factory: factoryArtifact } = uniswapArtifacts();
  const routerAbi: Abi = routerArtifact.abi;
  const pairAbi: Abi = pairArtifact.abi;
  const router = canonical.dex.router;
  const wrapped = canonical.wrappedNative.address;

  // Every swap played, per token, so a scenario's record lists trades other scenarios made too.
  const tradeLog = new Map<Address, Trade[]>();
  const logTrade = (token: Address, trade: Trade) => tradeLog.set(token, [...(tradeLog.get(token) ?? []), trade]);

  const balanceOf = (token: Address, owner: Address) => player.read<bigint>(token, erc20Abi, "balanceOf", [owner]);

  async function pairOf(token: Address): Promise<Address> {
    const pair = await player.read<Address>(canonical.dex.factory, factoryArtifact.abi, "getPair", [token, wrapped]);
    if (pair === zeroAddress) throw new Error(`no pair for ${token}`);
    return getAddress(pair);
  }

  function swapOf(sent: Sent, pair: Address) {
    const swaps = parseEventLogs({ abi: pairAbi, logs: sent.receipt.logs, eventName: "Swap" }).filter(
      (log) => getAddress(log.address) === pair,
    );
    const swap = swaps[0] as unknown as
      | { args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint } }
      | undefined;
    if (!swap) throw new Error(`no Swap on ${pair} in ${sent.hash}`);
    return swap.args;
  }

  // token0 of a V2 pair is the lower address; which side is native decides how to read Swap.
  function sides(token: Address, args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint }) {
    const nativeIsToken0 = BigInt(wrapped) < BigInt(token);
    return nativeIsToken0
      ? { nativeIn: args.amount0In, nativeOut: args.amount0Out, tokenIn: args.amount1In, tokenOut: args.amount1Out }
      : { nativeIn: args.amount1In, nativeOut: args.amount1Out, tokenIn: args.amount0In, tokenOut: args.amount0Out };
  }

  async function approve(from: PrivateKeyAccount, token: Address, spender: Address, amount: bigint): Promise<Sent> {
    return player.write(from, token, erc20Abi, "approve", [spender, amount]);
  }

  async function state(token: Address): Promise<PoolState> {
    const pair = await pairOf(token);
    const [reserve0, reserve1] = await player.read<readonly [bigint, bigint, number]>(pair, pairAbi, "getReserves");
    const nativeIsToken0 = BigInt(wrapped) < BigInt(token);
    const reserveNative = nativeIsToken0 ? reserve0 : reserve1;
    const reserveToken = nativeIsToken0 ? reserve1 : reserve0;
    const block = Number(await player.client.getBlockNumber());
    return {
      block,
      reserveToken: reserveToken.toString(),
      reserveNative: reserveNative.toString(),
      priceNativePerToken: priceOf(reserveNative, reserveToken).toString(),
    };
  }

  return {
    router,
    routerAbi,
    pairAbi,
    balanceOf,
    pairOf,
    approve,
    state,
    tradesOf: (token: Address): Trade[] => [...(tradeLog.get(token) ?? [])],

    /** Provides the first liquidity, which also creates the pair through the factory. */
    async launch(options: { from: PrivateKeyAccount; token: Address; tokenAmount: bigint; nativeAmount: bigint }) {
      const { from, token, tokenAmount, nativeAmount } = options;
      const approveTx = await approve(from, token, router, tokenAmount);
      const added = await player.write(
        from,
        router,
        routerAbi,
        "addLiquidityETH",
        [token, tokenAmount, 0n, 0n, from.address, DEADLINE],
        { value: nativeAmount },
      );
      const pair = await pairOf(token);
      const lpMinted = await balanceOf(pair, from.address);
      const [token0, token1] = BigInt(wrapped) < BigInt(token) ? [wrapped, token] : [token, wrapped];
      const launch: PoolLaunch = {
        pair,
        token0,
        token1,
        provider: from.address,
        tokenAdded: tokenAmount.toString(),
        nativeAdded: nativeAmount.toString(),
        lpMinted: lpMinted.toString(),
        approveTx: ref(approveTx),
        addLiquidityTx: ref(added),
      };
      return launch;
    },

    /** Spends native coin on the token. Fee-on-transfer tokens need the router's "supporting" path. */
    async buy(options: { from: PrivateKeyAccount; token: Address; nativeIn: bigint; feeOnTransfer?: boolean }) {
      const { from, token, nativeIn } = options;
      const pair = await pairOf(token);
      const before = await balanceOf(token, from.address);
      const method = options.feeOnTransfer ? "swapExactETHForTokensSupportingFeeOnTransferTokens" : "swapExactETHForTokens";
      const sent = await player.write(from, router, routerAbi, method, [0n, [wrapped, token], from.address, DEADLINE], {
        value: nativeIn,
      });
      const swap = sides(token, swapOf(sent, pair));
      const tokensReceived = (await balanceOf(token, from.address)) - before;
      const trade: Trade = {
        wallet: from.address,
        side: "buy",
        tx: ref(sent),
        tokenAmount: swap.tokenOut.toString(),
        nativeAmount: swap.nativeIn.toString(),
        priceNativePerToken: priceOf(swap.nativeIn, swap.tokenOut).toString(),
      };
      logTrade(token, trade);
      return { trade, tokensReceived, tokensOut: swap.tokenOut, nativeIn: swap.nativeIn, sent } satisfies BuyResult;
    },

    /** Approves exactly the amount, then sells it for native coin. */
    async sell(options: { from: PrivateKeyAccount; token: Address; amount: bigint; feeOnTransfer?: boolean }) {
      const { from, token, amount } = options;
      const pair = await pairOf(token);
      const approveTx = await approve(from, token, router, amount);
      const method = options.feeOnTransfer ? "swapExactTokensForETHSupportingFeeOnTransferTokens" : "swapExactTokensForETH";
      const sent = await player.write(from, router, routerAbi, method, [amount, 0n, [token, wrapped], from.address, DEADLINE]);
      const swap = sides(token, swapOf(sent, pair));
      const trade: Trade = {
        wallet: from.address,
        side: "sell",
        tx: ref(sent),
        tokenAmount: amount.toString(),
        nativeAmount: swap.nativeOut.toString(),
        priceNativePerToken: priceOf(swap.nativeOut, amount).toString(),
      };
      logTrade(token, trade);
      return { trade, nativeOut: swap.nativeOut, tokensIn: amount, approveTx: ref(approveTx), sent } satisfies SellResult;
    },

    /** A sell that the token is expected to refuse; it is still mined, as a failed transaction. */
    async failedSell(options: { from: PrivateKeyAccount; token: Address; amount: bigint }) {
      const { from, token, amount } = options;
      const approveTx = await approve(from, token, router, amount);
      const sent = await player.write(
        from,
        router,
        routerAbi,
        "swapExactTokensForETH",
        [amount, 0n, [token, wrapped], from.address, DEADLINE],
        { gas: 400_000n, expectRevert: true },
      );
      return { approveTx: ref(approveTx), tx: ref(sent) };
    },

    async removeLiquidity(options: { from: PrivateKeyAccount; token: Address; lpAmount: bigint }) {
      const { from, token, lpAmount } = options;
      const pair = await pairOf(token);
      const approveTx = await approve(from, pair, router, lpAmount);
      const sent = await player.write(from, router, routerAbi, "removeLiquidityETH", [
        token,
        lpAmount,
        0n,
        0n,
        from.address,
        DEADLINE,
      ]);
      const burns = parseEventLogs({ abi: pairAbi, logs: sent.receipt.logs, eventName: "Burn" }) as unknown as {
        args: { amount0: bigint; amount1: bigint };
      }[];
      const burn = burns[0];
      if (!burn) throw new Error(`no Burn in ${sent.hash}`);
      const nativeIsToken0 = BigInt(wrapped) < BigInt(token);
      return {
        approveTx: ref(approveTx),
        tx: ref(sent),
        tokenOut: nativeIsToken0 ? burn.args.amount1 : burn.args.amount0,
        nativeOut: nativeIsToken0 ? burn.args.amount0 : burn.args.amount1,
      };
    },
  };
}
