// POST /v1/api/wallet/pnl: one wallet's profit in one token by average cost, from its own trades
// (lib/intel/endpoints/wallet/pnl/). Every figure is given in the trades' quote asset (exact smallest
// units) and in dollars beside it; a figure that has no defensible value is null, never zero,
// with the reason under data.unavailable.
import { z } from "zod";
import { movementCountsOut } from "../vocabulary";
import { addressOut, amountOut, blockOut, chainDataSourceOut, decimalOut, defineResponse, isoTimeOut, limitationsOut, provenanceOf, tokenOut, txHashOut, unavailableOf, scanEndOut } from "./common";
import { movementKindOut, quoteAssetOut, swapOutFields, tradeQuoteFields, transferLegOut, usdOut } from "./wallet-parts";

/** A figure in the quote asset and in dollars; either side null on its own, the reason under data.unavailable. */
const figure = (what: string) =>
  z.object({
    quote: amountOut
      .nullable()
      .describe(`${what} in the trades' quote asset (data.quote), exact in its smallest unit; negative for a loss. Null when the trades are in more than one quote asset, or when no defensible figure exists in it (reason in data.unavailable).`),
    usd: usdOut.nullable().describe(`${what} in US dollars, each trade priced in dollars at its own block. Null when some trade has no dollar price or no defensible figure exists (reason in data.unavailable).`),
  });

const tradeOut = z
  .object({
    kind: movementKindOut,
    transaction: txHashOut.describe("The transaction of the trade or transfer."),
    block: blockOut.describe("The block of the transaction."),
    time: isoTimeOut.describe("The block's time (UTC)."),
    amount: amountOut.describe("Tokens that reached or left the wallet in this transaction, summed over its Transfer logs (for a taxed sell, the tax leg and the rest together)."),
    counterparty: addressOut.describe("The pool when a Transfer log went to or came from it (a router trade), otherwise the other side of the first Transfer log."),
    transfers: z.array(transferLegOut).min(1).describe("Each Transfer log behind this line, in log order: one for most lines, two for a taxed sell (tax wallet, then pool)."),
    swap: z
      .object({
        ...swapOutFields,
        quote_per_token: decimalOut
          .nullable()
          .describe("The execution price in whole quote units per whole token (18 fractional digits), " +
            "named as intel/liquidity names a price: what the wallet paid or received of swap.quote per " +
            "whole token it moved (the trade's quote_amount / amount, fees included). Null when the " +
            "token's decimals are unknown or the swap does not price this trade (see unpriced)."),
      })
      .nullable()
      .describe("The swap that makes this line a buy or a sell (the pool's side of it); null on a plain transfer."),
    ...tradeQuoteFields('data.unavailable["trades.quote_amount"]', "on a plain transfer and on an unpriced trade"),
    value_usd: usdOut
      .nullable()
      .describe("quote_amount in dollars at the trade's own block. Null on a plain transfer, on an unpriced trade, and where no wrapped-native/stablecoin pool priced the quote asset at that block (counted in unpriced_counts.no_usd_price)."),
    unpriced: z
      .string()
      .nullable()
      .describe("Why the swap does not price this trade (it moved more or less of the token than the wallet did); null when it does, and always null on a plain transfer. Unpriced trades are listed, never dropped."),
  })
  .describe("A buy or a sell (every Transfer log of the token in one swap transaction), or one plain transfer.");

export const walletPnlResponse = defineResponse({
  data: z
    .object({
      wallet: addressOut.describe("The wallet read."),
      token: tokenOut.describe("The token the profit is about."),
      method: z.literal("average_cost").describe("The cost-basis method: average_cost (every token bought shares the same unit cost; a sell realizes its proceeds against it; a transfer out carries its share away without realizing anything)."),
      quote: z
        .object({
          address: addressOut.describe("The quote asset's contract."),
          symbol: z.string().describe("The quote asset's symbol."),
          decimals: z.number().int().describe("The quote asset's decimals, which the quote figures' raw amounts are in."),
        })
        .nullable()
        .describe("The one asset every priced trade was paid in, which the quote figures are in; null when the trades use more than one quote asset (then only dollar figures add up)."),
      trades: z.array(tradeOut).describe("Every trade and transfer of the token into or out of the wallet in the window, oldest first."),
      counts: movementCountsOut.describe("The lines of trades by kind."),
      unpriced_counts: z
        .object({
          no_quote_price: z.number().int().nonnegative().describe("Buys and sells their swap does not price (each with its reason in unpriced)."),
          no_usd_price: z.number().int().nonnegative().describe("Priced buys and sells with no dollar price at their block."),
        })
        .describe("The buys and sells left without a price, by the price they lack."),
      position: z
        .object({
          held: amountOut.nullable().describe("balanceOf(wallet) at the read block; null when the token did not answer it."),
          cost_basis: figure("What the tokens still held cost, by average cost")
            .nullable()
            .describe("What the tokens held cost; null when no defensible basis exists in either unit (tokens that came by transfer, history outside the window, movements that do not add up to the balance), with the reason in data.unavailable[\"position.cost_basis\"]."),
        })
        .describe("The position still held."),
      realized: figure("Profit realized by the sells: proceeds minus the average cost of the tokens sold")
        .nullable()
        .describe("Realized profit; 0 when nothing was sold. Null when it has no defensible value in either unit, with the reason in data.unavailable.realized."),
      unrealized: figure("Profit on the tokens still held: their value now minus their cost basis")
        .extend({
          valued_at: z
            .object({
              pool: addressOut.describe("The pool whose mid price values the position: the deepest in the trades' quote asset, or across quote assets the one that prices the token best in dollars."),
              quote: quoteAssetOut,
              held_value: amountOut.describe("The position at the pool's mid price (reserves ratio, before any price impact), in the pool's quote asset."),
              held_value_usd: usdOut.nullable().describe("held_value in dollars at the read block; null when no wrapped-native/stablecoin pool prices the quote asset."),
              block: blockOut.describe("The block the reserves were read at (the answer's block)."),
            })
            .describe("How the held position was valued."),
        })
        .nullable()
        .describe("Unrealized profit; null when no defensible cost basis exists or no pool with reserves values the position, with the reason in data.unavailable.unrealized."),
      window: z
        .object({
          from_block: blockOut.describe("First block of the Transfer logs read."),
          to_block: blockOut.describe("Last block of the Transfer logs read (the read block)."),
          capped: z.boolean().describe("True when the wallet has more transfers of the token than the read replays (at most 1,000): older ones are outside, so the movements do not add up to the balance and no basis is given."),
          truncated: z.boolean().describe("True when the look-back (28 days of blocks at the network's block interval) stopped before the chain's start: older history exists outside the window."),
          end: scanEndOut,
        })
        .describe("The blocks the trades were read from."),
      limitations: limitationsOut,
      unavailable: unavailableOf({
        realized: "realized is null.",
        "realized.quote": "only realized.quote is null (e.g. trades in more than one quote asset).",
        "realized.usd": "only realized.usd is null (e.g. a sell without a dollar price).",
        unrealized: "unrealized is null.",
        "unrealized.quote": "only unrealized.quote is null.",
        "unrealized.usd": "only unrealized.usd is null.",
        position: "balanceOf could not be read (position.held is null).",
        "position.cost_basis": "position.cost_basis is null.",
        "trades.price": "some swaps could not be priced (counts.unpriced > 0).",
        "trades.quote_amount": "some trades are priced by their pool's amount, not by the wallet's side (quote_source is pool), so a router's fee is not in them.",
        "trades.value_usd": "some priced trades have no dollar price (unpriced_counts.no_usd_price > 0).",
      }),
    })
    .describe("A wallet's profit in one token, by average cost."),
  meta: z.object({
    provenance: provenanceOf(["trades", "trades.price", "trades.value_usd", "position", "position.cost_basis", "realized", "unrealized", "window", "limitations"]),
    chain_data_source: chainDataSourceOut,
  }),
});
