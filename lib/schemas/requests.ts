// Request schemas per endpoint: they validate bodies and feed the Endpoints tab and
// the OpenAPI document. Unknown fields are refused so a typo never passes silently.
import { z } from "zod";
import { chainField, contractAddressField, tokenAddressField, tokenField, walletAddressField, walletField } from "./common";

export const tokenRequestSchema = z.strictObject({ chain: chainField, address: tokenAddressField });

export const contractAnalysisRequestSchema = z.strictObject({ chain: chainField, address: contractAddressField });

export const liquidityRequestSchema = z.strictObject({
  chain: chainField,
  address: tokenAddressField,
  metadata: z.boolean().default(false).describe("Add pool metadata (factory, fee tier, creation block)."),
  locks: z.boolean().default(false).describe("Add timed lock proof (locker, unlock time)."),
  full: z.boolean().default(false).describe("The fullest available read; implies metadata and locks."),
});

export const walletPnlRequestSchema = z.strictObject({ chain: chainField, wallet: walletField, token: tokenField });

export const approvalsPageDefaults = { limit: 50, maxLimit: 200 } as const;

export const walletApprovalsRequestSchema = z.strictObject({
  chain: chainField,
  address: walletAddressField,
  limit: z
    .number({ error: "limit must be an integer from 1 to 200." })
    .int({ error: "limit must be an integer from 1 to 200." })
    .min(1, { error: "limit must be an integer from 1 to 200." })
    .max(approvalsPageDefaults.maxLimit, { error: "limit must be an integer from 1 to 200." })
    .default(approvalsPageDefaults.limit)
    .describe("Page size, 1 to 200 (default 50)."),
  offset: z
    .number({ error: "offset must be a non-negative integer." })
    .int({ error: "offset must be a non-negative integer." })
    .min(0, { error: "offset must be a non-negative integer." })
    .default(0)
    .describe("How many approvals to skip (default 0)."),
});

export const exactMovementsRequestSchema = z.strictObject({
  chain: chainField,
  wallet: walletField,
  token: tokenField.optional(),
});

export const discoverQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    // The spec clamps numbers into range; a word is not a number and is refused, not defaulted.
    .refine((value) => value === undefined || value.trim() === "" || /^[+-]?\d+$/.test(value.trim()), { error: "limit must be an integer; values outside 1..50 are clamped into it." })
    .transform((value) => {
      const parsed = value === undefined || value.trim() === "" ? 20 : Number.parseInt(value, 10);
      return Math.min(50, Math.max(1, parsed));
    })
    .describe("How many cards, clamped to 1..50 (default 20).")
    // A query value arrives as text, but what a client sends is an integer.
    .meta({ type: "integer", minimum: 1, maximum: 50, default: 20 }),
  chain: chainField.optional(),
});
