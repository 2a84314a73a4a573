// The operator's operations. The CLI and the portal's staff area call these same
// functions; every change lands in the audit log.
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { tierHourlyLimits } from "@/lib/rate-limit/policies";
import { ensureCreditAccount, grantCredits } from "@/lib/billing/credits";
import { creditGrantMessages, grantNeedsConfirmation, parseCreditGrantAmount } from "@/lib/billing/grant-rules";
import type { Db } from "@/lib/db/client";
import type { ApiKey } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { parseEmailAddress } from "@/lib/accounts/email-address";
import { generateApiKey, hashApiKey, lastFourOf, maskApiKey } from "@/lib/keys/api-key";
import { updateSettings, type Settings } from "@/lib/settings";
import { isChainId } from "@/lib/chain/networks";
import { readCardToken, type CardTokenReader } from "@/lib/metadata/card-token";
import type { Address } from "viem";
import { endpoints } from "@/lib/api-contract/endpoints";
import { announceKeyContextChange } from "@/lib/keys/change-notices";
import { audit, type Actor } from "./audit";
import { keyOptionsSchema, type KeyOptionsInput } from "./key-options";

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "invalid input";
}

export async function createUser(db: Db, actor: Actor, input: { email: string; staff?: boolean; name?: string }) {
  // The portal's own rule: every address that can sign in can be created here, demo@localhost included.
  const email = parseEmailAddress(input.email);
  if (!email.ok) throw new ApiError("bad_request", email.error);
  const user = await db.user.upsert({
    where: { email: email.email },
    create: { id: newId("usr"), email: email.email, name: input.name ?? null, role: input.staff ? "staff" : "user" },
    update: input.staff ? { role: "staff" } : {},
  });
  await ensureCreditAccount(db, user.id);
  await audit(db, { actor, action: "user.create", targetType: "user", targetId: user.id, details: { staff: user.role === "staff" } });
  return user;
}

async function userByEmail(db: Db, email: string) {
  const address = parseEmailAddress(email);
  if (!address.ok) throw new ApiError("bad_request", address.error);
  const user = await db.user.findUnique({ where: { email: address.email } });
  if (!user) throw new ApiError("bad_request", `No user with e-mail ${email}.`);
  return user;
}

export async function createProject(db: Db, actor: Actor, input: { ownerEmail: string; name: string }) {
  const owner = await userByEmail(db, input.ownerEmail);
  const name = input.name.trim();
  if (!name || name.length > 80) throw new ApiError("bad_request", "Project name must be 1 to 80 characters.");
  const project = await db.project.create({ data: { id: newId("prj"), ownerId: owner.id, name } });
  await audit(db, { actor, action: "project.create", targetType: "project", targetId: project.id, projectId: project.id, details: { owner: owner.id, name } });
  return project;
}

export async function setProjectStatus(db: Db, actor: Actor, input: { projectId: string; status: "active" | "suspended" | "archived"; reason?: string }) {
  if (input.status !== "active" && !input.reason?.trim()) throw new ApiError("bad_request", "Suspending or archiving a project needs a reason.");
  const project = await db.project.update({
    where: { id: input.projectId },
    data: { status: input.status, statusReason: input.status === "active" ? null : input.reason!.trim() },
  }).catch(() => {
    throw new ApiError("bad_request", `No project ${input.projectId}.`);
  });
  await announceKeyContextChange({ scope: "project", id: project.id });
  await audit(db, { actor, action: `project.${input.status === "active" ? "activate" : input.status === "suspended" ? "suspend" : "archive"}`, targetType: "project", targetId: project.id, projectId: project.id, reason: input.reason });
  return project;
}

/** Which key an entry is about, as people know it: its name and masked form. */
function keyIdentity(key: { name: string | null; mode: "live" | "test"; lastFour: string }) {
  return { name: key.name, masked: maskApiKey(key.mode, key.lastFour) };
}

/**
 * Everything a key was created with, for the audit log. A test key is recorded with the access
 * it really has (sandbox), whatever the stored access mode says.
 */
function keyAuditDetails(key: ApiKey) {
  const effectiveAccess = key.mode === "test" ? "sandbox" : key.accessMode;
  return {
    ...keyIdentity(key), mode: key.mode, permissions: key.permissions, accessMode: effectiveAccess,
    ...(key.mode === "live" ? { tier: key.tier, rateLimitPerHour: key.rateLimitPerHour } : {}),
    allowedChains: key.allowedChains, allowedOrigins: key.allowedOrigins, allowedIps: key.allowedIps,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    ...(key.coveredEndpoints.length > 0 ? { coveredEndpoints: key.coveredEndpoints } : {}),
    ...(key.trialAllowance ? { trialAllowance: key.trialAllowance, trialEndsAt: key.trialEndsAt?.toISOString() ?? null } : {}),
  };
}

export function describeKey(key: { id: string; mode: "live" | "test"; lastFour: string }) {
  return { id: key.id, masked: maskApiKey(key.mode, key.lastFour) };
}

/** Creates a key; the full key is returned here once and never again. */
export async function createKey(db: Db, actor: Actor, options: KeyOptionsInput) {
  const parsed = keyOptionsSchema.safeParse(options);
  if (!parsed.success) throw new ApiError("bad_request", firstIssue(parsed.error));
  const o = parsed.data;
  const project = await db.project.findUnique({ where: { id: o.projectId } });
  if (!project) throw new ApiError("bad_request", `No project ${o.projectId}.`);
  const fullKey = generateApiKey(o.mode);
  const key = await db.apiKey.create({
    data: {
      id: newId("key"), projectId: project.id, name: o.name || null, mode: o.mode, permissions: o.permissions, tier: o.tier,
      accessMode: o.accessMode, rateLimitPerHour: o.rateLimitPerHour ?? tierHourlyLimits[o.tier], allowedChains: o.allowedChains,
      expiresAt: o.expiresAt ?? null, allowedOrigins: o.allowedOrigins, allowedIps: o.allowedIps, coveredEndpoints: o.coveredEndpoints,
      trialAllowance: o.trialAllowance ?? null, trialEndsAt: o.trialEndsAt ?? null, hash: hashApiKey(fullKey), lastFour: lastFourOf(fullKey),
    },
  });
  await audit(db, { actor, action: "key.create", targetType: "key", targetId: key.id, projectId: project.id, details: keyAuditDetails(key) });
  return { key, fullKey, ...describeKey(key) };
}

async function activeKey(db: Db, id: string) {
  const key = await db.apiKey.findUnique({ where: { id } });
  if (!key) throw new ApiError("bad_request", `No key ${id}.`);
  return key;
}

/**
 * Rotation: a replacement carries over name, permissions (never widened), tier,
 * access mode, limits, restrictions, expiry and the remaining trial allowance;
 * the old key answers revoked_api_key from its next request on (in every server process within a
 * second: lib/keys/change-notices.ts).
 */
export async function rotateKey(db: Db, actor: Actor, input: { keyId: string }) {
  const old = await activeKey(db, input.keyId);
  if (old.status === "revoked" || old.rotatedToId) throw new ApiError("bad_request", "A revoked or rotated key cannot be rotated.");
  const fullKey = generateApiKey(old.mode);
  const replacement = await db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        id: newId("key"), projectId: old.projectId, name: old.name, mode: old.mode, permissions: old.permissions, tier: old.tier, accessMode: old.accessMode,
        rateLimitPerHour: old.rateLimitPerHour, allowedChains: old.allowedChains, expiresAt: old.expiresAt, allowedOrigins: old.allowedOrigins,
        allowedIps: old.allowedIps, coveredEndpoints: old.coveredEndpoints, trialAllowance: old.trialAllowance, trialEndsAt: old.trialEndsAt,
        trialUsed: old.trialUsed, status: old.status, suspensionReason: old.suspensionReason, hash: hashApiKey(fullKey), lastFour: lastFourOf(fullKey),
      },
    });
    const moved = await tx.apiKey.updateMany({ where: { id: old.id, rotatedToId: null, status: { not: "revoked" } }, data: { rotatedToId: created.id, revokedAt: new Date() } });
    if (moved.count !== 1) throw new ApiError("bad_request", "The key was rotated or revoked meanwhile.");
    return created;
  });
  await announceKeyContextChange({ scope: "key", id: old.id });
  await audit(db, { actor, action: "key.rotate", targetType: "key", targetId: old.id, projectId: old.projectId, details: { name: old.name, masked: maskApiKey(old.mode, old.lastFour), replacement: replacement.id, replacementMasked: maskApiKey(replacement.mode, replacement.lastFour) } });
  return { key: replacement, fullKey, ...describeKey(replacement), rotatedFrom: old.id };
}

export async function revokeKey(db: Db, actor: Actor, input: { keyId: string }) {
  await activeKey(db, input.keyId);
  const key = await db.apiKey.update({ where: { id: input.keyId }, data: { status: "revoked", revokedAt: new Date() } });
  await announceKeyContextChange({ scope: "key", id: key.id });
  await audit(db, { actor, action: "key.revoke", targetType: "key", targetId: key.id, projectId: key.projectId, details: keyIdentity(key) });
  return key;
}

export async function suspendKey(db: Db, actor: Actor, input: { keyId: string; reason: string }) {
  if (!input.reason?.trim()) throw new ApiError("bad_request", "Suspending a key needs a reason.");
  const key = await activeKey(db, input.keyId);
  if (key.status === "revoked") throw new ApiError("bad_request", "A revoked key cannot be suspended.");
  const updated = await db.apiKey.update({ where: { id: key.id }, data: { status: "suspended", suspensionReason: input.reason.trim() } });
  await announceKeyContextChange({ scope: "key", id: key.id });
  await audit(db, { actor, action: "key.suspend", targetType: "key", targetId: key.id, projectId: key.projectId, reason: input.reason, details: keyIdentity(key) });
  return updated;
}

export async function unsuspendKey(db: Db, actor: Actor, input: { keyId: string; reason?: string }) {
  const key = await activeKey(db, input.keyId);
  if (key.status !== "suspended") throw new ApiError("bad_request", "The key is not suspended.");
  const updated = await db.apiKey.update({ where: { id: key.id }, data: { status: "active", suspensionReason: null } });
  await announceKeyContextChange({ scope: "key", id: key.id });
  await audit(db, { actor, action: "key.unsuspend", targetType: "key", targetId: key.id, projectId: key.projectId, reason: input.reason, details: keyIdentity(key) });
  return updated;
}

/**
 * Adds credits to a user's account. Every caller (staff form, CLI) passes the same rules
 * (lib/billing/grant-rules.ts): a whole number from 1 to the maximum, a reason for the
 * audit log, and an explicit confirmation above the threshold.
 */
export async function grantCreditsTo(db: Db, actor: Actor, input: { email: string; amount: number | string; reason: string; confirmed?: boolean }) {
  const parsed = parseCreditGrantAmount(input.amount);
  if (!parsed.ok) throw new ApiError("bad_request", parsed.error);
  const reason = input.reason?.trim();
  if (!reason) throw new ApiError("bad_request", creditGrantMessages.reason);
  if (grantNeedsConfirmation(parsed.amount) && !input.confirmed) throw new ApiError("bad_request", creditGrantMessages.confirm);
  const user = await userByEmail(db, input.email);
  const account = await grantCredits(db, { userId: user.id, amount: parsed.amount, note: reason });
  await audit(db, { actor, action: "credits.grant", targetType: "user", targetId: user.id, reason, details: { amount: parsed.amount, balance: account.balance } });
  return account;
}

export async function changeSettings(db: Db, actor: Actor, patch: Partial<Settings>, reason?: string) {
  if (patch.discoverDailyCap !== undefined && (!Number.isInteger(patch.discoverDailyCap) || patch.discoverDailyCap < 1)) {
    throw new ApiError("bad_request", "The discover daily cap must be a whole number of at least 1.");
  }
  const settings = await updateSettings(db, patch);
  await announceKeyContextChange({ scope: "all" });
  await audit(db, { actor, action: "settings.update", targetType: "settings", targetId: "1", reason, details: patch });
  return settings;
}

/**
 * Publishes a discover card after checking its token on its chain (`readToken`, the chain itself
 * unless a caller passes another). The chain's name and symbol win over typed ones, which only
 * fill what the token does not answer.
 */
export async function publishCard(
  db: Db,
  actor: Actor,
  input: { publisherEmail?: string; publisherId?: string; chain: string; token: string; hook: string; bullets: string[]; tokenName?: string; tokenSymbol?: string },
  options: { readToken?: CardTokenReader } = {},
) {
  const chain = input.chain.toLowerCase();
  if (!isChainId(chain)) throw new ApiError("invalid_chain");
  if (!/^0x[0-9a-fA-F]{40}$/.test(input.token)) throw new ApiError("invalid_token");
  const hook = input.hook.trim();
  const bullets = input.bullets.map((b) => b.trim()).filter(Boolean);
  if (!hook || hook.length > 140) throw new ApiError("bad_request", "The hook must be 1 to 140 characters.");
  if (bullets.length === 0 || bullets.length > 6 || bullets.some((b) => b.length > 200)) throw new ApiError("bad_request", "Give 1 to 6 bullet points of at most 200 characters.");
  const typedTexts: [string, string][] = [["hook", hook], ...bullets.map((b): [string, string] => ["bullet", b]), ["token name", input.tokenName ?? ""], ["token symbol", input.tokenSymbol ?? ""]];
  assertPlainText(typedTexts);
  const onChain = await (options.readToken ?? readCardToken)(chain, input.token as Address);
  const tokenName = onChain.name ?? input.tokenName ?? null;
  const tokenSymbol = onChain.symbol ?? input.tokenSymbol ?? null;
  // A token names itself: what it says is shown to API clients too, so it is held to the same rule.
  assertPlainText([["token's on-chain name", onChain.name ?? ""], ["token's on-chain symbol", onChain.symbol ?? ""]]);
  const publisher = input.publisherId ? { id: input.publisherId } : input.publisherEmail ? await userByEmail(db, input.publisherEmail) : await staffPublisher(db);
  const card = await db.discoverCard.create({
    data: { id: newId("card"), publisherId: publisher.id, chain, token: input.token.toLowerCase(), tokenName, tokenSymbol, hook, bullets },
  });
  await audit(db, { actor, action: "card.publish", targetType: "card", targetId: card.id });
  return card;
}

/** Cards published from the CLI without a publisher belong to the operator account. */
async function staffPublisher(db: Db) {
  return db.user.upsert({ where: { email: "operator@localhost" }, create: { id: newId("usr"), email: "operator@localhost", role: "staff", name: "Operator" }, update: {} });
}

export async function withdrawCard(db: Db, actor: Actor, input: { cardId: string }) {
  const card = await db.discoverCard.update({ where: { id: input.cardId }, data: { status: "withdrawn", withdrawnAt: new Date() } }).catch(() => {
    throw new ApiError("bad_request", `No card ${input.cardId}.`);
  });
  await audit(db, { actor, action: "card.withdraw", targetType: "card", targetId: card.id });
  return card;
}

const arrangementSchema = z.object({
  keyId: z.string().min(1),
  tier: z.enum(["basic", "premium", "pro"], { error: "tier must be basic, premium or pro." }).optional(),
  accessMode: z.enum(["paid", "trial", "partner", "enterprise", "request_access", "legacy"], { error: "access mode must be paid, trial, partner, enterprise, request_access or legacy." }).optional(),
  rateLimitPerHour: z.number().int({ error: "hourly limit must be a whole number." }).positive({ error: "hourly limit must be at least 1." }).optional(),
  trialAllowance: z.number().int().positive({ error: "trial allowance must be a positive number of credits." }).optional(),
  trialEndsAt: z.date().optional(),
  coveredEndpoints: z.array(z.string()).optional(),
  reason: z.string().optional(),
});

/**
 * The operator's arrangement on an existing live key: tier, access mode, hourly
 * limit, trial allowance and end, covered endpoints. A tier change without an
 * explicit limit moves the limit to the new tier's; leaving trial clears the
 * allowance; covered endpoints apply to partner and enterprise keys only.
 */
export async function setKeyArrangement(db: Db, actor: Actor, input: z.input<typeof arrangementSchema>) {
  const parsed = arrangementSchema.safeParse(input);
  if (!parsed.success) throw new ApiError("bad_request", firstIssue(parsed.error));
  const o = parsed.data;
  const key = await activeKey(db, o.keyId);
  if (key.mode === "test") throw new ApiError("bad_request", "Test keys are always sandbox; arrangements apply to live keys.");
  if (key.status === "revoked" || key.rotatedToId) throw new ApiError("bad_request", "A revoked or rotated key cannot be changed.");
  const tier = o.tier ?? key.tier;
  const accessMode = o.accessMode ?? key.accessMode;
  const operatorSet = accessMode === "partner" || accessMode === "enterprise";
  const rateLimitPerHour = o.rateLimitPerHour ?? (o.tier && o.tier !== key.tier && !operatorSet ? tierHourlyLimits[tier] : key.rateLimitPerHour);
  if (!operatorSet && rateLimitPerHour > tierHourlyLimits[tier]) throw new ApiError("bad_request", `hourly limit cannot exceed the ${tier} tier's ${tierHourlyLimits[tier]}.`);
  const intelligenceIds = endpoints.filter((e) => e.surface === "intelligence").map((e) => e.id as string);
  const unknown = (o.coveredEndpoints ?? []).filter((id) => !intelligenceIds.includes(id));
  if (unknown.length > 0) throw new ApiError("bad_request", `covered endpoints: each must be one of ${intelligenceIds.join(", ")}.`);
  if (!operatorSet && (o.coveredEndpoints ?? []).length > 0) throw new ApiError("bad_request", "covered endpoints apply to partner and enterprise keys only.");
  const trial = accessMode === "trial";
  const trialAllowance = trial ? (o.trialAllowance ?? key.trialAllowance) : null;
  const trialEndsAt = trial ? (o.trialEndsAt ?? key.trialEndsAt) : null;
  if (trial && (!trialAllowance || !trialEndsAt)) throw new ApiError("bad_request", "a trial key needs a trial allowance and an end date.");
  if (o.trialEndsAt && o.trialEndsAt.getTime() <= Date.now()) throw new ApiError("bad_request", "trial end date must be in the future.");
  const data = { tier, accessMode, rateLimitPerHour, trialAllowance, trialEndsAt, coveredEndpoints: operatorSet ? (o.coveredEndpoints ?? key.coveredEndpoints) : [] };
  const updated = await db.apiKey.update({ where: { id: key.id }, data });
  await announceKeyContextChange({ scope: "key", id: key.id });
  const before = { tier: key.tier, accessMode: key.accessMode, rateLimitPerHour: key.rateLimitPerHour, trialAllowance: key.trialAllowance, trialEndsAt: key.trialEndsAt, coveredEndpoints: key.coveredEndpoints };
  await audit(db, { actor, action: "key.arrangement", targetType: "key", targetId: key.id, projectId: key.projectId, reason: o.reason, details: { ...keyIdentity(key), before, after: data } });
  return updated;
}

/** Approves a request-access key: it becomes an ordinary paid key. */
export async function approveKeyAccess(db: Db, actor: Actor, input: { keyId: string; reason?: string }) {
  const key = await activeKey(db, input.keyId);
  if (key.accessMode !== "request_access") throw new ApiError("bad_request", "Only a key waiting for access approval can be approved.");
  if (key.status === "revoked" || key.rotatedToId) throw new ApiError("bad_request", "A revoked or rotated key cannot be approved.");
  const updated = await db.apiKey.update({ where: { id: key.id }, data: { accessMode: "paid" } });
  await announceKeyContextChange({ scope: "key", id: key.id });
  await audit(db, { actor, action: "key.approve_access", targetType: "key", targetId: key.id, projectId: key.projectId, reason: input.reason, details: keyIdentity(key) });
  return updated;
}

/** Cards reach API clients verbatim, and not every client escapes: their text is plain text. */
function assertPlainText(fields: [string, string][]) {
  for (const [field, text] of fields) {
    const problem = plainTextProblem(text);
    if (problem) throw new ApiError("bad_request", `The ${field} must be plain text: ${problem}.`);
  }
}

/** Why a card's text is not plain text (markup or invisible characters), or null. */
export function plainTextProblem(text: string): string | null {
  if (/<\s*[a-z!/?]/i.test(text)) return "markup such as <tag> is not accepted";
  if (/[\p{Cc}\p{Cf}]/u.test(text)) return "control or invisible characters are not accepted";
  return null;
}
