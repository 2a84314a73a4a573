// 12. The trader: buys the healthy token twice at rising prices (other buyers push the price
// between the buys), then sells part of the position at a higher price still. No one else trades the token afterwards,
// so the final mid price, and with it the unrealized PnL, is fixed.
import type { Address } from "viem";
import { priceOf, type Trade } from "../market";
import { buyersBuy, HOUR, MINUTE, native, startScenario, type ScenarioContext } from "./common";

/**
 * Hand-checkable PnL of the trader in native base units. Prices are native base units per whole
 * token. Average cost: the cost of every token bought, spread evenly. FIFO: sold tokens are
 * the oldest ones. Unrealized figures value the remaining tokens at the final mid price.
 */
export type TraderExpectations = {
  tokensBought: string;
  nativeSpent: string;
  tokensSold: string;
  nativeReceived: string;
  tokensHeld: string;
  averageCostNativePerToken: string;
  realizedPnlNativeAverageCost: string;
  realizedPnlNativeFifo: string;
  finalMidPriceNativePerToken: string;
  heldValueNativeAtMid: string;
  unrealizedPnlNativeAverageCost: string;
  unrealizedPnlNativeFifo: string;
};

export type TraderScenario = {
  title: string;
  proves: string;
  wallet: Address;
  token: Address;
  pair: Address;
  trades: Trade[];
  expected: TraderExpectations;
};

type Lot = { tokens: bigint; cost: bigint };

/** FIFO: sold tokens come from the oldest lots; returns the cost of what was sold and what is left. */
function fifo(lots: Lot[], sold: bigint): { soldCost: bigint; remaining: Lot[] } {
  let left = sold;
  let soldCost = 0n;
  const remaining: Lot[] = [];
  for (const lot of lots) {
    if (left === 0n) {
      remaining.push(lot);
      continue;
    }
    const taken = lot.tokens < left ? lot.tokens : left;
    const takenCost = (lot.cost * taken) / lot.tokens;
    soldCost += takenCost;
    left -= taken;
    if (taken < lot.tokens) remaining.push({ tokens: lot.tokens - taken, cost: lot.cost - takenCost });
  }
  return { soldCost, remaining };
}

export function traderExpectations(trades: Trade[], finalMidPrice: bigint): TraderExpectations {
  const buys = trades.filter((trade) => trade.side === "buy");
  const sells = trades.filter((trade) => trade.side === "sell");
  const sum = (list: Trade[], field: "tokenAmount" | "nativeAmount") =>
    list.reduce((total, trade) => total + BigInt(trade[field]), 0n);
  const tokensBought = sum(buys, "tokenAmount");
  const nativeSpent = sum(buys, "nativeAmount");
  const tokensSold = sum(sells, "tokenAmount");
  const nativeReceived = sum(sells, "nativeAmount");
  const tokensHeld = tokensBought - tokensSold;

  const averageSoldCost = (nativeSpent * tokensSold) / tokensBought;
  const averageHeldCost = nativeSpent - averageSoldCost;
  const lots = buys.map((trade) => ({ tokens: BigInt(trade.tokenAmount), cost: BigInt(trade.nativeAmount) }));
  const { soldCost: fifoSoldCost, remaining } = fifo(lots, tokensSold);
  const fifoHeldCost = remaining.reduce((total, lot) => total + lot.cost, 0n);
  const heldValue = (tokensHeld * finalMidPrice) / 10n ** 18n;

  return {
    tokensBought: tokensBought.toString(),
    nativeSpent: nativeSpent.toString(),
    tokensSold: tokensSold.toString(),
    nativeReceived: nativeReceived.toString(),
    tokensHeld: tokensHeld.toString(),
    averageCostNativePerToken: priceOf(nativeSpent, tokensBought).toString(),
    realizedPnlNativeAverageCost: (nativeReceived - averageSoldCost).toString(),
    realizedPnlNativeFifo: (nativeReceived - fifoSoldCost).toString(),
    finalMidPriceNativePerToken: finalMidPrice.toString(),
    heldValueNativeAtMid: heldValue.toString(),
    unrealizedPnlNativeAverageCost: (heldValue - averageHeldCost).toString(),
    unrealizedPnlNativeFifo: (heldValue - fifoHeldCost).toString(),
  };
}

export async function playTrader(ctx: ScenarioContext, healthyToken: Address): Promise<TraderScenario> {
  startScenario(ctx, 2 * HOUR);
  const trader = ctx.wallets.trader;
  const trades: Trade[] = [];

  const first = await ctx.market.buy({ from: trader, token: healthyToken, nativeIn: native("1") });
  trades.push(first.trade);
  await buyersBuy(ctx, healthyToken, [["buyer5", "3"], ["buyer6", "2"]], { gapSeconds: 30 * MINUTE });
  ctx.player.clock.wait(HOUR);
  trades.push((await ctx.market.buy({ from: trader, token: healthyToken, nativeIn: native("2") })).trade);
  await buyersBuy(ctx, healthyToken, [["buyer7", "2.5"]], { gapSeconds: 2 * HOUR });
  ctx.player.clock.wait(3 * HOUR);
  // Three quarters of the first lot: under FIFO the whole sale comes from that one lot.
  const sold = (first.tokensReceived * 3n) / 4n;
  trades.push((await ctx.market.sell({ from: trader, token: healthyToken, amount: sold })).trade);

  const finalPool = await ctx.market.state(healthyToken);
  return {
    title: "Trader with realized and unrealized PnL",
    proves: "Two buys at different prices and a partial sell: PnL can be worked out by hand from the trades.",
    wallet: trader.address,
    token: healthyToken,
    pair: await ctx.market.pairOf(healthyToken),
    trades,
    expected: traderExpectations(trades, BigInt(finalPool.priceNativePerToken)),
  };
}
