// 29. Trades through a fee-taking router (contracts/FeeTakingRouter.sol) beside trades through the
// canonical V2 router, each recording what the trader's own balances did. The details:
// playRouterTrader below.
import { erc20Abi, parseEventLogs, type Address } from "viem";
import { priceOf, type PoolLaunch } from "../market";
import { ref, type Sent, type TxRef } from "../player";
import { DEADLINE, type VenueContext } from "../venues/common";
import { deriveRoleWallets } from "../venues/wallets";
import { artifact, deployContract, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens } from "./common";

/** One trade of the router trader, with what its own balances did across the trade's block. */
export type RouterTrade = {
  /** Through contracts/FeeTakingRouter.sol, or through the canonical V2 router (no fee). */
  via: "router" | "pool";
  side: "buy" | "sell";
  tx: TxRef;
  /** Tokens that reached (buy) or left (sell) the trader. */
  tokenAmount: string;
  /** Native coin that left (buy) or reached (sell) the trader, gas left out: the trade's cost or proceeds. */
  traderNative: string;
  /** What the pool took in (buy) or paid out (sell) of the wrapped native in its Swap. */
  poolNative: string;
  /** The router's cut: traderNative - poolNative on a buy, poolNative - traderNative on a sell (0 beside the router). */
  fee: string;
  /** traderNative per whole token, rounded down. */
  priceNativePerToken: string;
};

export type RouterTraderScenario = {
  title: string;
  proves: string;
  token: Address;
  tokenDeployer: Address;
  tokenDeployTx: TxRef;
  pool: PoolLaunch;
  router: { address: Address; deployer: Address; deployTx: TxRef; feeBps: number };
  trader: Address;
  /** The trader's approval of the fee router, before the trades. */
  approveTx: TxRef;
  trades: RouterTrade[];
  /** balanceOf(trader) after the last trade. */
  tokensHeld: string;
};

/** Role → account index ROUTER_WALLET_FIRST_INDEX + position, clear of the siphon wallets (320 on) and the supply-trick wallets (360 on). Append only. */
export const ROUTER_WALLET_ROLES = ["routerDeployer", "routerTokenDeployer", "routerTrader"] as const;
export const ROUTER_WALLET_FIRST_INDEX = 380;
const ROUTER_WALLET_BALANCE = 100n * 10n ** 18n;
const FEE_BPS = 100n;

/** The sells' share of what the trader holds at the time, in order: a third, a quarter, a half. */
type Step = { via: "router" | "pool"; side: "buy"; native: string } | { via: "router" | "pool"; side: "sell"; shareOfHeld: readonly [bigint, bigint] };
const STEPS: readonly Step[] = [
  { via: "router", side: "buy", native: "1" },
  { via: "pool", side: "buy", native: "0.5" },
  { via: "router", side: "sell", shareOfHeld: [1n, 3n] },
  { via: "router", side: "buy", native: "0.8" },
  { via: "pool", side: "sell", shareOfHeld: [1n, 4n] },
  { via: "router", side: "sell", shareOfHeld: [1n, 2n] },
];

/**
 * 29. Trades through a fee-taking router: one trader buys and sells a plain token through
 * contracts/FeeTakingRouter.sol (which keeps 1 % of the native side of every leg, the pool paying
 * the router and the router paying the trader, a sell's proceeds in native coin by an internal
 * transfer) and, beside those, trades the same token through the canonical V2 router, which takes
 * no fee. Played after the siphon scenario so nothing built before it moves.
 *
 * Each trade records what the trader's own balances did across its transaction (the block holds
 * that one transaction): the tokens that arrived or left, and the native coin that left or arrived
 * with the gas taken out. Those, not the pool's amounts, are what the trade cost or brought in.
 */
export async function playRouterTrader(ctx: VenueContext): Promise<RouterTraderScenario> {
  const wallets = deriveRoleWallets(ROUTER_WALLET_ROLES, ROUTER_WALLET_FIRST_INDEX);
  for (const role of ROUTER_WALLET_ROLES) await ctx.player.rpc("anvil_setBalance", [wallets[role].address, `0x${ROUTER_WALLET_BALANCE.toString(16)}`]);
  startScenario(ctx, 10 * MINUTE);
  const wrapped = ctx.canonical.wrappedNative.address;
  const trader = wallets.routerTrader;
  const routerAbi = artifact(ctx, "FeeTakingRouter").abi;
  const { address: router, tx: routerTx } = await deployContract(ctx, wallets.routerDeployer, "FeeTakingRouter", [ctx.canonical.dex.factory, wrapped]);
  const { address: token, tx: tokenTx } = await deployContract(ctx, wallets.routerTokenDeployer, "FixtureToken", ["Router Demo Token", "RTRD", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: wallets.routerTokenDeployer, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("20") });
  // One approval for the fee router's sells, made before the trades so none of them carries it.
  const approveTx = await ctx.market.approve(trader, token, router, 2n ** 256n - 1n);

  const held = () => ctx.player.read<bigint>(token, erc20Abi, "balanceOf", [trader.address]);
  const swapOf = (sent: Sent) => {
    const [swap] = parseEventLogs({ abi: ctx.market.pairAbi, logs: sent.receipt.logs, eventName: "Swap" }).filter((log) => log.address.toLowerCase() === pool.pair.toLowerCase()) as unknown as {
      args: { amount0In: bigint; amount1In: bigint; amount0Out: bigint; amount1Out: bigint };
    }[];
    if (!swap) throw new Error(`no Swap on ${pool.pair} in ${sent.hash}`);
    const nativeIs0 = BigInt(wrapped) < BigInt(token);
    const { amount0In, amount1In, amount0Out, amount1Out } = swap.args;
    return nativeIs0 ? { nativeIn: amount0In, nativeOut: amount0Out } : { nativeIn: amount1In, nativeOut: amount1Out };
  };

  const trades: RouterTrade[] = [];
  for (const step of STEPS) {
    ctx.player.clock.wait(20 * MINUTE);
    const tokensBefore = await held();
    let sent: Sent;
    if (step.side === "buy") {
      const value = native(step.native);
      sent =
        step.via === "router"
          ? await ctx.player.write(trader, router, routerAbi, "swapExactETHForTokensSupportingFeeOnTransferTokens", [0n, [wrapped, token], trader.address, DEADLINE], { value })
          : (await ctx.market.buy({ from: trader, token, nativeIn: value, feeOnTransfer: true })).sent;
    } else {
      const amount = (tokensBefore * step.shareOfHeld[0]) / step.shareOfHeld[1];
      sent =
        step.via === "router"
          ? await ctx.player.write(trader, router, routerAbi, "swapExactTokensForETHSupportingFeeOnTransferTokens", [amount, 0n, [token, wrapped], trader.address, DEADLINE])
          : (await ctx.market.sell({ from: trader, token, amount, feeOnTransfer: true })).sent;
    }
    // The canonical router's sell approves first, in a block of its own: the balances are read
    // across the trade's own block, which holds that one transaction.
    const block = BigInt(sent.block);
    const [nativeBefore, nativeAfter, tokensAfter] = await Promise.all([
      ctx.player.client.getBalance({ address: trader.address, blockNumber: block - 1n }),
      ctx.player.client.getBalance({ address: trader.address, blockNumber: block }),
      held(),
    ]);
    const gas = sent.receipt.gasUsed * sent.receipt.effectiveGasPrice;
    const nativeMoved = step.side === "buy" ? nativeBefore - nativeAfter - gas : nativeAfter - nativeBefore + gas;
    const tokensMoved = step.side === "buy" ? tokensAfter - tokensBefore : tokensBefore - tokensAfter;
    const swap = swapOf(sent);
    const poolNative = step.side === "buy" ? swap.nativeIn : swap.nativeOut;
    // The router's fee is exactly the gap between the pool's amount and the trader's.
    const fee = step.side === "buy" ? nativeMoved - poolNative : poolNative - nativeMoved;
    const expectedFee = step.via === "router" ? ((step.side === "buy" ? nativeMoved : poolNative) * FEE_BPS) / 10_000n : 0n;
    if (fee !== expectedFee) throw new Error(`router trade ${sent.hash}: fee ${fee}, expected ${expectedFee}`);
    trades.push({
      via: step.via,
      side: step.side,
      tx: ref(sent),
      tokenAmount: tokensMoved.toString(),
      traderNative: nativeMoved.toString(),
      poolNative: poolNative.toString(),
      fee: fee.toString(),
      priceNativePerToken: priceOf(nativeMoved, tokensMoved).toString(),
    });
  }

  return {
    title: "Trades through a fee-taking router, and straight through the pool beside them",
    proves:
      "The trader's buys and sells through a router that keeps 1 % of every leg cost more and bring in " +
        "less than the pool's amounts say; the sells' proceeds reach the trader as internal native " +
        "transfers. What left and reached the trader's wallet is the trade: PnL by average cost from these " +
        "amounts is lower than one from the pool's.",
    token,
    tokenDeployer: wallets.routerTokenDeployer.address,
    tokenDeployTx: ref(tokenTx),
    pool,
    router: { address: router, deployer: wallets.routerDeployer.address, deployTx: ref(routerTx), feeBps: Number(FEE_BPS) },
    trader: trader.address as Address,
    approveTx: ref(approveTx),
    trades,
    tokensHeld: (await held()).toString(),
  };
}
