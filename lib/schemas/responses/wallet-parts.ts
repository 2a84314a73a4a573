// Pieces only the wallet endpoints' response schemas share (wallet/pnl, wallet/approvals,
// wallet/exact-movements): dollars, movement kinds, transfer legs, swap fields and a trade's own quote amount.
import { z } from "zod";
import { usdOut } from "../vocabulary";
import { addressOut, amountOut } from "./common";
import { venueFields } from "./onchain-parts";

export { usdOut };

/** A log's position in its block, as the node reports it. */
export const logIndexOut = z.number().int().nonnegative().describe("The Transfer log's index within its block.");

/** The quote asset of a pool, short form: the answer already names its decimals where an amount needs them. */
export const quoteAssetOut = z
  .object({
    address: addressOut.describe("The quote asset: the network's wrapped native coin (WETH, WBNB), a registry stablecoin, a further registry quote asset (e.g. cbBTC), or the zero address for the native coin itself (Uniswap V4)."),
    symbol: z.string().describe("The quote asset's symbol, as the network registry spells it (e.g. WETH, WBNB, USDC, USDT)."),
  })
  .describe("The asset the pool prices the token in.");

/** How a transfer of a token into or out of a wallet is classified (shared by wallet/pnl and wallet/exact-movements). */
export const movementKindOut = z
  .enum(["buy", "sell", "transfer_in", "transfer_out"])
  .describe(
    "buy: the token reached the wallet in a transaction that swapped it out of one of its registry pools; " +
      "sell: the token left the wallet in a transaction that swapped it into one; transfer_in / " +
      "transfer_out: any other movement into or out of the wallet (a trade through a venue outside the " +
      "registry reads as a transfer).",
  );

/** One Transfer log behind a movement or trade: a taxed sell has two (tax wallet, pool). */
export const transferLegOut = z
  .object({
    counterparty: addressOut.describe("The other side of this Transfer log: the sender of a movement in, the recipient of a movement out."),
    amount: amountOut.describe("What this one log moved, in the token."),
    log_index: logIndexOut,
  })
  .describe("One Transfer log of the token into or out of the wallet.");

/** The fields of a swap the movement reader found in a buy's or a sell's transaction. */
export const swapOutFields = {
  pool: addressOut.describe("The pool the token was swapped through."),
  ...venueFields,
  quote: quoteAssetOut,
  quote_amount: amountOut.describe("What the pool took in (on a buy) or paid out (on a sell) of the quote asset in this swap; fees and transfer taxes are inside it."),
};


/**
 * A trade's quote amount as the wallet's side of its transaction shows it (wallet/pnl's trades and
 * wallet/exact-movements' movements): `where` is the answer's field that counts the trades the
 * pool's amount stands in for.
 */
export function tradeQuoteFields(where: string, nullWhen: string) {
  return {
    quote_amount: amountOut
      .nullable()
      .describe(
        `What the trade cost (a buy) or brought in (a sell), in swap.quote: what left or reached the ` +
          `wallet in the transaction, the native coin and its wrapped form counted together (the ` +
          `transaction's value, native coin paid in by internal transfers, the quote asset's Transfer ` +
          `logs). A router's or bot's fee is inside it, gas is not. When quote_source is pool, the pool's ` +
          `amount (swap.quote_amount) instead. Null ${nullWhen}.`,
      ),
    quote_source: z
      .enum(["wallet", "pool"])
      .nullable()
      .describe(
        `Where quote_amount was read. wallet: the wallet's own side of the transaction (native coin paid ` +
          `in inside it from the transaction's trace, or, where the node offers no tracer, from the ` +
          `wallet's balance before and after a block that holds the transaction alone, its gas added ` +
          `back). pool: the swap's amount stands in, because the wallet's side could not be read (no ` +
          `trace_transaction or debug_traceTransaction, and the block holds other transactions that could ` +
          `have moved the wallet's native coin, pays it fees or a withdrawal, or its balance did not ` +
          `answer), was in another asset, or is shared by several trades in one transaction that it cannot ` +
          `be split between; a fee kept between the pool and the wallet is then not in the price (reason ` +
          `in quote_source_reason, counted under ${where}). Null ${nullWhen}.`,
      ),
    quote_source_reason: z.string().nullable().describe(`Why the pool's amount stands in for the wallet's side; null when quote_source is wallet, and ${nullWhen}.`),
  };
}
