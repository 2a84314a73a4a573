// The building blocks of every answer's schema. Each endpoint's response schema (beside this
// file) describes its `data` field by field and the `meta` it adds; the pipeline parses every
// answer with it before sending, the OpenAPI document is generated from it, and the docs read
// its descriptions. Descriptions are written for the developer reading the docs.
import { z } from "zod";
import { provenanceLabels, type Provenance } from "@/lib/schemas/provenance";
import { amountOut, isoTimeOut } from "../vocabulary";

// The vocabulary's shapes, where every response schema has always found its building blocks.
export { amountOut, isoTimeOut };

/** A 0x address as answers give it: EIP-55 checksummed. */
export const addressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/).describe("0x address, EIP-55 checksummed.");

/** How a log scan behind an answer ended: the three cases `truncated` alone cannot tell apart. */
export const scanEndOut = z
  .enum(["window_ended", "cap_reached", "history_start"])
  .describe("How the history read ended. window_ended: at the look-back window's start (older history may " +
    "exist). cap_reached: at the read's cap on logs or requests, before the window's start (the newest " +
    "part was read). history_start: at the chain's start or the contract's first log — nothing older " +
    "exists.");

/** A token's identity; each field null when the contract did not answer it. */
export const tokenOut = z
  .object({
    address: addressOut,
    name: z.string().nullable().describe("name(); null when the contract did not answer it."),
    symbol: z.string().nullable().describe("symbol(); null when the contract did not answer it."),
    decimals: z.number().int().nullable().describe("decimals(); null when the contract did not answer it."),
  })
  .describe("A token, as read from its contract.");

export const provenanceOut = z.enum(Object.keys(provenanceLabels) as [Provenance, ...Provenance[]]).describe(
  Object.entries(provenanceLabels)
    .map(([label, meaning]) => `${label}: ${meaning}`)
    .join(" "),
);

/** meta.provenance: one label for each named field of `data`. */
export function provenanceOf<const Field extends string>(fields: readonly Field[]) {
  return z
    .object(Object.fromEntries(fields.map((field) => [field, provenanceOut.optional()])) as Record<Field, z.ZodOptional<typeof provenanceOut>>)
    .describe("Where each field of data comes from: exactly one label per field.");
}

/** meta.chain_data_source, on every answer read from a chain. */
export const chainDataSourceOut = z
  .object({
    service_grounded: z.boolean().describe("True for reads served from the operator's own node (Ethereum by default); false for outside RPC infrastructure — accurate, but not operator-controlled."),
    block_number: z.number().int().describe("The block every chain read of this answer was made at."),
  })
  .describe("Where the chain data came from.");

/** A transaction hash. */
export const txHashOut = z.string().regex(/^0x[0-9a-fA-F]{64}$/).describe("Transaction hash: 0x and 64 hexadecimal digits.");

/** Raw bytes as the node gave them (revert data, role ids). */
export const hexOut = z.string().regex(/^0x([0-9a-fA-F]{2})*$/).describe("Bytes as 0x-prefixed hexadecimal.");

/** A 32-byte word, such as an AccessControl role id. */
export const bytes32Out = z.string().regex(/^0x[0-9a-fA-F]{64}$/).describe("32 bytes as 0x-prefixed hexadecimal.");

export const blockOut = z.number().int().nonnegative().describe("Block number on the answer's network.");

/** An exact integer too large for a JSON number, written out in base 10 (base units, LP amounts). */
export const integerStringOut = z.string().regex(/^-?[0-9]+$/).describe("An exact integer as a decimal string (it may exceed what a JSON number holds).");

/**
 * An exact ratio written as a decimal string: cut, never rounded up, at a fixed number of
 * fractional digits, trailing zeros dropped; no exponent, no thousands separator.
 */
export const decimalOut = z.string().regex(/^-?[0-9]+(\.[0-9]+)?$/).describe("A decimal number as a string, cut (never rounded up) at a fixed number of fractional digits; trailing zeros dropped.");

/** Basis points: an integer, 10,000 = 100 %. */
export const bpsOut = z.number().int().describe("Basis points (10,000 = 100 %), an integer, rounded toward zero.");

/** data.limitations: the look-back windows and rules the answer rests on, in plain language. */
export const limitationsOut = z
  .array(z.string().describe("One limitation, as a sentence."))
  .describe("What this answer covers and how it was read (look-back windows, caps, methods), one sentence each; read them before relying on a figure.");

/**
 * data.unavailable: the reason for each named field (or part of a field) that is null or labelled
 * `unavailable` in meta.provenance. The keys are a closed set per endpoint; an absent key means the
 * field is there.
 */
export function unavailableOf<const Field extends string>(fields: Readonly<Record<Field, string>>) {
  return z
    .object(Object.fromEntries(Object.entries<string>(fields).map(([field, when]) => [field, z.string().optional().describe(`Why ${field} could not be obtained; present only when it could not (${when}).`)])) as Record<Field, z.ZodOptional<z.ZodString>>)
    .describe("For each field that is null or labelled unavailable, why, in plain words; {} when every field is there.");
}

/**
 * meta.provenance with the fields every answer labels required and the rest optional, so a
 * client knows which labels it can count on.
 */
export function provenanceWith<const Always extends string, const Sometimes extends string>(always: readonly Always[], sometimes: Record<Sometimes, string>) {
  return z
    .object({
      ...(Object.fromEntries(always.map((field) => [field, provenanceOut])) as Record<Always, typeof provenanceOut>),
      ...(Object.fromEntries(Object.entries(sometimes).map(([field, when]) => [field, provenanceOut.optional().describe(`Present ${when}. ${provenanceOut.description}`)])) as Record<Sometimes, z.ZodOptional<typeof provenanceOut>>),
    })
    .describe("Where each field of data comes from: exactly one label per field (dotted names label a part of a field).");
}

/** What every chain read adds to meta: each field's provenance, and the block and source read. */
export function chainReadMetaOf<const Field extends string>(fields: readonly Field[]) {
  return z.object({ provenance: provenanceOf(fields), chain_data_source: chainDataSourceOut });
}

/**
 * One endpoint's answer: its `data` and the `meta` fields it adds to the common envelope
 * (request_id, credits_charged, generated_at, chain, demo_data and sources are the envelope's).
 */
export type ResponseSchema = { data: z.ZodType; meta?: z.ZodObject; sources?: z.ZodType };

export function defineResponse<const R extends ResponseSchema>(response: R): R {
  return response;
}
