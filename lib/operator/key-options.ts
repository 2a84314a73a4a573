// Validation of the options a key is created with, shared by the operator CLI and
// the portal's creation form so both refuse the same things with the same words.
import { z } from "zod";
import { invalidIpsMessage, invalidOriginsMessage } from "@/lib/keys/allow-lists";
import { endpoints, permissionNames } from "@/lib/api-contract/endpoints";
import { tierHourlyLimits } from "@/lib/rate-limit/policies";
import { CHAIN_IDS } from "@/lib/chain/networks";

const intelligenceIds = endpoints.filter((e) => e.surface === "intelligence").map((e) => e.id) as string[];

export const keyOptionsSchema = z
  .object({
    projectId: z.string().min(1),
    name: z.string().trim().max(80, { error: "name: at most 80 characters." }).optional(),
    mode: z.enum(["live", "test"], { error: "mode must be live or test." }),
    permissions: z
      .array(z.enum(permissionNames as [string, ...string[]], { error: `permissions: each must be one of ${permissionNames.join(", ")}.` }))
      .min(1, { error: "permissions: choose at least one." })
      .transform((list) => [...new Set(list)].sort()),
    tier: z.enum(["basic", "premium", "pro"], { error: "tier must be basic, premium or pro." }).default("basic"),
    accessMode: z
      .enum(["paid", "trial", "partner", "enterprise", "request_access", "legacy"], { error: "access mode must be paid, trial, partner, enterprise, request_access or legacy." })
      .default("paid"),
    rateLimitPerHour: z.number().int({ error: "hourly limit must be a whole number." }).positive({ error: "hourly limit must be at least 1." }).optional(),
    allowedChains: z.array(z.enum(CHAIN_IDS, { error: "networks: each must be eth, base or bsc." })).default([]).transform((list) => [...new Set(list)]),
    expiresAt: z.date().optional(),
    // One issue naming every bad entry, not one per entry: forms and the CLI show the first issue of a field.
    allowedOrigins: z.array(z.string()).default([]).superRefine((list, ctx) => {
      const message = invalidOriginsMessage(list);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
    allowedIps: z.array(z.string()).default([]).superRefine((list, ctx) => {
      const message = invalidIpsMessage(list);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
    trialAllowance: z.number().int().positive({ error: "trial allowance must be a positive number of credits." }).optional(),
    trialEndsAt: z.date().optional(),
    coveredEndpoints: z.array(z.enum(intelligenceIds as [string, ...string[]], { error: `covered endpoints: each must be one of ${intelligenceIds.join(", ")}.` })).default([]),
  })
  .superRefine((options, ctx) => {
    const now = Date.now();
    if (options.expiresAt && options.expiresAt.getTime() <= now) ctx.addIssue({ code: "custom", message: "expiry must be in the future." });
    if (options.accessMode === "trial" && (!options.trialAllowance || !options.trialEndsAt)) {
      ctx.addIssue({ code: "custom", message: "a trial key needs a trial allowance and an end date." });
    }
    if (options.accessMode !== "trial" && (options.trialAllowance || options.trialEndsAt)) {
      ctx.addIssue({ code: "custom", message: "trial allowance and end date apply to trial keys only." });
    }
    if (options.trialEndsAt && options.trialEndsAt.getTime() <= now) ctx.addIssue({ code: "custom", message: "trial end date must be in the future." });
    const operatorSet = options.accessMode === "partner" || options.accessMode === "enterprise";
    if (!operatorSet && options.rateLimitPerHour && options.rateLimitPerHour > tierHourlyLimits[options.tier]) {
      ctx.addIssue({ code: "custom", message: `hourly limit cannot exceed the ${options.tier} tier's ${tierHourlyLimits[options.tier]}.` });
    }
    if (!operatorSet && options.coveredEndpoints.length > 0) {
      ctx.addIssue({ code: "custom", message: "covered endpoints apply to partner and enterprise keys only." });
    }
  });

export type KeyOptionsInput = z.input<typeof keyOptionsSchema>;
export type KeyOptions = z.output<typeof keyOptionsSchema>;
