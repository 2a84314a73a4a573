// The building blocks of every answer's schema. Each endpoint's response schema (beside this
// file) describes its `data` field by field and the `meta` it adds; the pipeline parses every
// answer with it before sending, the OpenAPI document is generated from it, and the docs read
// its descriptions. Descriptions are written for the developer reading the docs.
import { z } from "zod";
import { provenanceLabels, type Provenance } from "@/lib/intel/provenance";

/** A 0x address as answers give it: EIP-55 checksummed. */
export const addressOut = z.string().regex(/^0x[0-9a-fA-F]{40}$/).describe("0x address, EIP-55 checksummed.");

/** A token amount: exact in the smallest unit, and the human figure when decimals are known. */
export const amountOut = z
  .object({
    raw: z.string().regex(/^-?[0-9]+$/).describe("Exact amount in the token's smallest unit, as a decimal string."),
    formatted: z.string().nullable().describe("The amount in whole tokens; null when the token's decimals could not be read."),
  })
  .describe("A token amount.");

/** A token's identity; each field null when the contract did not answer it. */
export const tokenOut = z
  .object({
    address: addressOut,
    name: z.string().nullable().describe("name(); null when the contract did not answer it."),
    symbol: z.string().nullable().describe("symbol(); null when the contract did not answer it."),
    decimals: z.number().int().nullable().describe("decimals(); null when the contract did not answer it."),
  })
  .describe("A token, as read from its contract.");

export const isoTimeOut = z.iso.datetime({ offset: true }).describe("ISO 8601 timestamp (UTC).");

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

/**
 * One endpoint's answer: its `data` and the `meta` fields it adds to the common envelope
 * (request_id, credits_charged, generated_at, chain, demo_data and sources are the envelope's).
 */
export type ResponseSchema = { data: z.ZodType; meta?: z.ZodObject; sources?: z.ZodType };

export function defineResponse<const R extends ResponseSchema>(response: R): R {
  return response;
}
