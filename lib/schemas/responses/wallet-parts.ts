// Pieces only the wallet endpoints' response schemas share (wallet/pnl, wallet/approvals,
// wallet/exact-movements): dollars, movement kinds, transfer legs and swap fields.
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
    "buy: the token reached the wallet in a transaction that swapped it out of one of its registry pools; sell: the token left the wallet in a transaction that swapped it into one; transfer_in / transfer_out: any other movement into or out of the wallet (a trade through a venue outside the registry reads as a transfer).",
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

