"use server";
// The staff area's actions: each one is the operator's own audited function (the
// CLI runs the same ones), behind the staff guard.
import { z } from "zod";
import { approveKeyAccess as approve, changeSettings as change, grantCreditsTo, setKeyArrangement as arrange, setProjectStatus as setStatus, suspendKey as suspend, unsuspendKey as unsuspend } from "@/lib/operator/operations";
import { creditGrantMessages, parseCreditGrantAmount } from "@/lib/billing/grant-rules";
import { staffAction } from "@/lib/portal/guards";
import { ApiError } from "@/lib/errors/api-error";
import { getSettings } from "@/lib/settings";

const reason = z.string().trim().max(500, { error: "Keep the reason under 500 characters." });
const requiredReason = reason.min(1, { error: "Give a reason; it is shown to the owner and kept in the audit log." });
const optionalNumber = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const number = Number(value);
      if (!Number.isInteger(number)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a whole number.` });
        return z.NEVER;
      }
      return number;
    });
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "trial end must be a date such as 2030-12-31." });
      return z.NEVER;
    }
    return date;
  });

export const setProjectStatus = staffAction(
  z.object({ projectId: z.string(), status: z.enum(["active", "suspended", "archived"], { error: "Choose active, suspended or archived." }), reason: reason.optional() }),
  async (ctx, input) => {
    const project = await setStatus(ctx.db, ctx.actor, { projectId: input.projectId, status: input.status, reason: input.reason });
    return { id: project.id, status: project.status };
  },
);

export const suspendKey = staffAction(z.object({ keyId: z.string(), reason: requiredReason }), async (ctx, input) => {
  const key = await suspend(ctx.db, ctx.actor, input);
  return { id: key.id };
});

export const unsuspendKey = staffAction(z.object({ keyId: z.string(), reason: reason.optional() }), async (ctx, input) => {
  const key = await unsuspend(ctx.db, ctx.actor, input);
  return { id: key.id };
});

export const setKeyArrangement = staffAction(
  z.object({
    keyId: z.string(),
    tier: z.enum(["basic", "premium", "pro"]).optional(),
    accessMode: z.enum(["paid", "trial", "partner", "enterprise", "request_access", "legacy"]).optional(),
    rateLimitPerHour: optionalNumber("hourly limit"),
    trialAllowance: optionalNumber("trial allowance"),
    trialEndsAt: optionalDate,
    coveredEndpoints: z.array(z.string()).optional(),
    reason: reason.optional(),
  }),
  async (ctx, input) => {
    const key = await arrange(ctx.db, ctx.actor, input);
    return { id: key.id, tier: key.tier, accessMode: key.accessMode, rateLimitPerHour: key.rateLimitPerHour };
  },
);

export const approveKeyAccess = staffAction(z.object({ keyId: z.string(), reason: reason.optional() }), async (ctx, input) => {
  const key = await approve(ctx.db, ctx.actor, input);
  return { id: key.id };
});

export const grantCredits = staffAction(
  z.object({
    email: z.string().trim().min(1, { error: "Give the account's e-mail address." }),
    // The shared grant rules (lib/billing/grant-rules.ts), so the form shows the same words the CLI prints.
    amount: z.union([z.string(), z.number()]).transform((value, ctx) => {
      const parsed = parseCreditGrantAmount(value);
      if (parsed.ok) return parsed.amount;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    }),
    reason: reason.min(1, { error: creditGrantMessages.reason }),
    confirmed: z.boolean().optional(),
  }),
  async (ctx, input) => {
    const account = await grantCreditsTo(ctx.db, ctx.actor, input);
    return { balance: account.balance };
  },
);

export const changeSettings = staffAction(
  z.object({ publicApiEnabled: z.boolean().optional(), chargingEnabled: z.boolean().optional(), reason: requiredReason, confirmed: z.boolean().optional() }),
  async (ctx, input) => {
    const { reason: why, confirmed, ...patch } = input;
    // The public API switch changes every caller's next request: the form confirms it first, and an unconfirmed change is refused here too.
    if (patch.publicApiEnabled !== undefined && !confirmed && patch.publicApiEnabled !== (await getSettings(ctx.db)).publicApiEnabled) {
      throw new ApiError("bad_request", "Switching the public API on or off needs confirmation.");
    }
    return change(ctx.db, ctx.actor, patch, why);
  },
);
