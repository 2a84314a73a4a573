"use server";
// Key actions for the project's owner (or staff). The full key is returned to the
// browser once, in the action's answer, and is never stored or logged.
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { createKey as create, revokeKey as revoke, rotateKey as rotate } from "@/lib/operator/operations";
import { keyAction, projectAction } from "@/lib/portal/guards";
import { assertKeyRoom, assertProjectActive, keyFormSchema, keyOptionsFromForm, validateKeyOptions } from "@/lib/portal/keys";

export const createKey = projectAction(keyFormSchema, async (ctx, form) => {
  assertProjectActive(ctx.project);
  await assertKeyRoom(ctx.db, ctx.project.id);
  const options = validateKeyOptions(keyOptionsFromForm({ ...form, projectId: ctx.project.id }));
  const made = await create(ctx.db, ctx.actor, options);
  return { id: made.id, masked: made.masked, fullKey: made.fullKey, mode: made.key.mode };
});

export const rotateKey = keyAction(z.object({ keyId: z.string() }), async (ctx) => {
  assertProjectActive(ctx.project);
  const made = await rotate(ctx.db, ctx.actor, { keyId: ctx.key.id });
  return { id: made.id, masked: made.masked, fullKey: made.fullKey, mode: made.key.mode, rotatedFrom: made.rotatedFrom };
});

export const revokeKey = keyAction(z.object({ keyId: z.string() }), async (ctx) => {
  if (ctx.key.status === "revoked" || ctx.key.rotatedToId) throw new ApiError("bad_request", "This key is already revoked or rotated.");
  await revoke(ctx.db, ctx.actor, { keyId: ctx.key.id });
  return { id: ctx.key.id };
});
