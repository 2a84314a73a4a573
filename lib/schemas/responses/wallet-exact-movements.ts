// POST /v1/api/wallet/exact-movements: a wallet's most recent exact token movements, at most 25,
// classified as buys, sells and transfers (lib/intel/endpoints/wallet/exact-movements/, movements.ts).
import { z } from "zod";
import { movementCountsOut } from "../vocabulary";
import { addressOut, amountOut, blockOut, chainDataSourceOut, defineResponse, isoTimeOut, limitationsOut, provenanceOf, tokenOut, unavailableOf, txHashOut, scanEndOut } from "./common";
import { logIndexOut, movementKindOut, swapOutFields, tradeQuoteFields, transferLegOut } from "./wallet-parts";

const movementOut = z
  .object({
    kind: movementKindOut,
    token: tokenOut.describe("The token moved."),
    amount: amountOut.describe("Exactly what reached or left the wallet, in the token; for a taxed sell the gross amount (its legs summed)."),
    counterparty: addressOut.describe("The other side: the pool when a leg went to or came from it, otherwise the sender of a movement in or the recipient of a movement out."),
    transaction: txHashOut.describe("The transaction."),
    block: blockOut.describe("The transaction's block."),
    log_index: logIndexOut.describe("The index, within its block, of the Transfer log shown (the pool's leg on a trade)."),
    time: isoTimeOut.describe("The block's time (UTC)."),
    legs: z
      .array(transferLegOut)
      .min(2)
      .optional()
      .describe("Present only when the movement is more than one Transfer log (a taxed sell: the tax wallet's leg, then the pool's), in log order; absent for a single log."),
    swap: z
      .object(swapOutFields)
      .nullable()
      .describe("The swap that makes this movement a buy or a sell (the pool's side of it); null on a plain transfer."),
    ...tradeQuoteFields('data.unavailable["movements.quote_amount"]', "on a plain transfer"),
  })
  .describe("One movement of a token into or out of the wallet.");

export const walletExactMovementsResponse = defineResponse({
  data: z
    .object({
      wallet: addressOut.describe("The wallet read."),
      token: addressOut.nullable().describe("The token the movements were narrowed to; null when the request named none (every token)."),
      movements: z.array(movementOut).min(1).max(25).describe("The wallet's most recent movements, newest first, at most 25 (no movement at all is a 422, not an empty list)."),
      counts: movementCountsOut.describe("The movements returned, by kind (not the wallet's whole history)."),
      window: z
        .object({
          from_block: blockOut.describe("First block the movements returned are complete from."),
          to_block: blockOut.describe("Last block read (the read block)."),
          more_before: z.boolean().describe("True when older movements exist: past the 25 returned, or before the 28-day look-back."),
          end: scanEndOut,
        })
        .describe("The blocks the movements were read from."),
      limitations: limitationsOut,
      unavailable: unavailableOf({
        "movements.quote_amount": "some trades are priced by their pool's amount, not by the wallet's side (quote_source is pool), so a router's fee is not in them.",
      }),
    })
    .describe("A wallet's most recent exact token movements."),
  meta: z.object({
    provenance: provenanceOf(["movements", "movements.kind", "counts", "window", "limitations"]),
    chain_data_source: chainDataSourceOut,
  }),
});
