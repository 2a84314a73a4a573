// The answer vocabulary: the shapes every endpoint uses for the same kind of value (a token
// amount, dollars, a price in dollars, a time, a venue, movement counts). Each has an `id`, so
// the OpenAPI document holds it once under components.schemas and every endpoint refers to it:
// a client generated from the document gets one type for each, not one per endpoint.
// This module sits at the bottom of the layering: it imports nothing of the project.
import { z } from "zod";

/** A token amount: exact in the smallest unit, and the human figure when decimals are known. */
export const amountOut = z
  .object({
    raw: z.string().regex(/^-?[0-9]+$/).describe("Exact amount in the token's smallest unit, as a decimal string."),
    formatted: z.string().nullable().describe("The amount in whole tokens; null when the token's decimals could not be read."),
  })
  .describe("A token amount (or an amount of the native coin, in wei and whole coins): exact in the smallest unit, and in whole tokens when the decimals are known.")
  .meta({ id: "Amount" });

/** The input type of amountOut: what a presenter hands to the schema. */
export type AmountOut = z.output<typeof amountOut>;

/** The one precision of dollar values, in fractional digits. */
export const USD_DECIMALS = 6;

/** The one precision of prices in dollars per unit, in fractional digits (a token may be worth far less than a cent). */
export const USD_PRICE_DECIMALS = 18;

/**
 * Dollars as answers write them: exact arithmetic, truncated toward zero to 6 decimals at the end,
 * trailing zeros dropped; negative for a loss. A string so no figure goes through a float.
 */
export const usdOut = z
  .string()
  .regex(new RegExp(`^-?[0-9]+(\\.[0-9]{1,${USD_DECIMALS}})?$`))
  .describe(`US dollars as a decimal string: at most ${USD_DECIMALS} decimals, truncated toward zero, trailing zeros dropped; negative for a loss. Registry stablecoins count as exactly one dollar.`)
  .meta({ id: "Usd" });

/** A price in dollars per whole unit (token or native coin): more digits than a dollar value, for tokens worth a tiny fraction of a cent. */
export const usdPriceOut = z
  .string()
  .regex(new RegExp(`^-?[0-9]+(\\.[0-9]{1,${USD_PRICE_DECIMALS}})?$`))
  .describe(`US dollars per whole unit, as a decimal string: at most ${USD_PRICE_DECIMALS} decimals, truncated toward zero, trailing zeros dropped.`)
  .meta({ id: "UsdPrice" });

/** Every time in an answer: ISO 8601 in UTC. */
export const isoTimeOut = z.iso.datetime({ offset: true }).describe("ISO 8601 timestamp (UTC).").meta({ id: "Time" });

/** The movements of a wallet, counted by kind; the keys are the kinds a movement or a trade line carries. */
export const movementCountsOut = z
  .object({
    buy: z.number().int().nonnegative().describe("Buys."),
    sell: z.number().int().nonnegative().describe("Sells."),
    transfer_in: z.number().int().nonnegative().describe("Plain transfers in."),
    transfer_out: z.number().int().nonnegative().describe("Plain transfers out."),
    total: z.number().int().nonnegative().describe("All of them: the sum of the four."),
  })
  .describe("Movements (or trade lines) by kind, named as their kind field names them.")
  .meta({ id: "MovementCounts" });

export type MovementCounts = z.output<typeof movementCountsOut>;

/**
 * The names by which the vocabulary's shapes appear in answers, so a test can hold every response
 * schema to them: a field of one of these names must be the shared shape.
 */
export const vocabularyFields: ReadonlyArray<{ component: string; field: RegExp }> = [
  // native_usd is the object that tells where the native coin's dollar price comes from, not a dollar value.
  { component: "Usd", field: /^(?!native_usd$)(usd|.+_usd)$/ },
  { component: "UsdPrice", field: /^usd_per_/ },
  { component: "MovementCounts", field: /^counts$/ },
  { component: "Amount", field: /^(total_supply|amount|balance|bought|quote_amount|held|sent|arrived|received|missing|sold|net_sold|tokens_sent|tokens_arrived|native|native_in|native_out)$/ },
  // A moment is ISO 8601 in one component, whatever it is called; no answer gives unix seconds.
  // (wallet/pnl's valued_at is how a position was valued: the pool, not a moment.)
  { component: "Time", field: /^(?!valued_at$)(time|.+_time|.+_date|.+_at|.+_since|earliest_unlock)$/ },
  { component: "DexKey", field: /^dex$/ },
  { component: "DexName", field: /^dex_name$/ },
];
