// Keys in the portal: the creation form's values turned into the operator's key
// options (validated by the same keyOptionsSchema as the CLI), and what the list
// shows for each key — never more than the masked form.
import { splitListText } from "@/lib/keys/allow-lists";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import type { Db } from "@/lib/db/client";
import type { ApiKey, Project } from "@/lib/db/generated/client";
import { maskApiKey, shortenMaskedKey } from "@/lib/keys/api-key";
import { keyOptionsSchema, type KeyOptionsInput } from "@/lib/operator/key-options";
import { chainLabels, type ChainCode } from "./chain-labels";
import { PortalInputError } from "./errors";
import { formatTime } from "./format";

/** What the creation form sends: strings as typed, lists as text (one entry per line or comma). */
export const keyFormSchema = z.object({
  projectId: z.string(),
  name: z.string().optional(),
  mode: z.string(),
  permissions: z.array(z.string()).default([]),
  rateLimitPerHour: z.string().optional(),
  allowedChains: z.array(z.string()).default([]),
  /** A date (YYYY-MM-DD); the key expires at the end of that day, UTC. */
  expiresAt: z.string().optional(),
  allowedOrigins: z.string().optional(),
  allowedIps: z.string().optional(),
});
export type KeyForm = z.input<typeof keyFormSchema>;


function expiryFrom(value: string | undefined): Date | undefined {
  if (!value?.trim()) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) throw new ApiError("bad_request", "expiry must be a date such as 2030-12-31.");
  const date = new Date(`${value.trim()}T23:59:59.999Z`);
  if (Number.isNaN(date.getTime())) throw new ApiError("bad_request", "expiry must be a date such as 2030-12-31.");
  return date;
}

/**
 * Customers create paid keys on the basic tier; tiers and arrangements are the
 * operator's. Test keys run on the sandbox budget, so they take no hourly limit.
 */
export function keyOptionsFromForm(form: z.output<typeof keyFormSchema>): KeyOptionsInput {
  const mode = form.mode as KeyOptionsInput["mode"];
  const rate = form.rateLimitPerHour?.trim();
  return {
    projectId: form.projectId,
    name: form.name?.trim() || undefined,
    mode,
    permissions: form.permissions as KeyOptionsInput["permissions"],
    tier: "basic",
    accessMode: "paid",
    rateLimitPerHour: mode === "live" && rate ? Number(rate) : undefined,
    allowedChains: form.allowedChains as KeyOptionsInput["allowedChains"],
    expiresAt: expiryFrom(form.expiresAt),
    allowedOrigins: splitListText(form.allowedOrigins),
    allowedIps: splitListText(form.allowedIps),
  };
}

// keyOptionsSchema's cross-field rules carry no path; place them by what they talk about.
const formLevelFields: Array<[prefix: string, field: string]> = [
  ["expiry", "expiresAt"],
  ["hourly limit", "rateLimitPerHour"],
];

/** Validates with the CLI's schema; throws every message, placed by field, for the form. */
export function validateKeyOptions(options: KeyOptionsInput): KeyOptionsInput {
  const parsed = keyOptionsSchema.safeParse(options);
  if (parsed.success) return options;
  const error = new PortalInputError(parsed.error);
  const unplaced = parsed.error.issues.filter((issue) => {
    if (issue.path.length > 0) return false;
    const field = formLevelFields.find(([prefix]) => issue.message.startsWith(prefix))?.[1];
    if (field) error.fieldErrors[field] ??= issue.message;
    return !field;
  });
  if (unplaced.length === 0) delete error.fieldErrors._form;
  else error.fieldErrors._form = unplaced[0].message;
  throw error;
}

export function assertProjectActive(project: Pick<Project, "status" | "statusReason">) {
  if (project.status !== "active") {
    throw new ApiError("bad_request", `This project is ${project.status}${project.statusReason ? ` (${project.statusReason})` : ""}; its keys are disabled.`);
  }
}

export type KeyState = "active" | "suspended" | "revoked" | "rotated" | "expired" | "disabled";

export type KeyView = {
  id: string;
  name: string | null;
  masked: string;
  mode: "live" | "test";
  permissions: string[];
  tier: string;
  accessMode: string;
  rateLimitPerHour: number;
  restrictions: Array<{ label: string; value: string }>;
  createdAt: string;
  lastUsedAt: string | null;
  state: KeyState;
  stateLabel: string;
  /** Suspension reason, or the project's reason when the project disables the key. */
  reason: string | null;
};

const stateLabels: Record<KeyState, string> = {
  active: "Active",
  suspended: "Suspended",
  revoked: "Revoked",
  rotated: "Rotated (replaced)",
  expired: "Expired",
  disabled: "Disabled",
};

export function keyState(key: Pick<ApiKey, "status" | "rotatedToId" | "expiresAt">, project: Pick<Project, "status">, now: Date): KeyState {
  if (key.rotatedToId) return "rotated";
  if (key.status === "revoked") return "revoked";
  if (project.status !== "active") return "disabled";
  if (key.expiresAt && key.expiresAt <= now) return "expired";
  return key.status === "suspended" ? "suspended" : "active";
}

export function keyView(key: ApiKey, project: Pick<Project, "status" | "statusReason">, now: Date): KeyView {
  const state = keyState(key, project, now);
  const restrictions: KeyView["restrictions"] = [];
  if (key.allowedChains.length > 0) restrictions.push({ label: "Networks", value: key.allowedChains.map((c) => chainLabels[c as ChainCode] ?? c).join(", ") });
  if (key.expiresAt) restrictions.push({ label: "Expires", value: formatTime(key.expiresAt) });
  if (key.allowedOrigins.length > 0) restrictions.push({ label: "Origins", value: key.allowedOrigins.join(", ") });
  if (key.allowedIps.length > 0) restrictions.push({ label: "IPs", value: key.allowedIps.join(", ") });
  if (key.accessMode === "trial" && key.mode === "live") {
    restrictions.push({ label: "Trial", value: `${key.trialUsed} of ${key.trialAllowance ?? 0} credits used, ends ${key.trialEndsAt ? formatTime(key.trialEndsAt) : "—"}` });
  }
  if ((key.accessMode === "partner" || key.accessMode === "enterprise") && key.coveredEndpoints.length > 0) {
    restrictions.push({ label: "Covered endpoints", value: key.coveredEndpoints.join(", ") });
  }
  return {
    id: key.id,
    name: key.name,
    masked: maskApiKey(key.mode, key.lastFour),
    mode: key.mode,
    permissions: key.permissions,
    tier: key.tier,
    accessMode: key.mode === "test" ? "sandbox" : key.accessMode,
    rateLimitPerHour: key.mode === "test" ? 25 : key.rateLimitPerHour,
    restrictions,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt ? key.lastUsedAt.toISOString() : null,
    state,
    stateLabel: stateLabels[state],
    reason: state === "disabled" ? project.statusReason : key.status === "suspended" ? key.suspensionReason : null,
  };
}

export async function listKeyViews(db: Db, project: Project, now: Date): Promise<KeyView[]> {
  const keys = await db.apiKey.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "desc" } });
  return keys.map((key) => keyView(key, project, now));
}

/** Ids and display names for filters (history by key). */
export async function keyChoices(db: Db, projectId: string | null) {
  const keys = await db.apiKey.findMany({
    where: projectId ? { projectId } : {},
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, mode: true, lastFour: true },
    take: 500,
  });
  return keys.map((key) => ({ id: key.id, label: `${key.name ? `${key.name} · ` : ""}${shortenMaskedKey(maskApiKey(key.mode, key.lastFour))}` }));
}

/**
 * Keys a project may hold at once (not revoked, not rotated away) when created from the portal.
 * Each key has its own metadata budget and discover cap, so without a ceiling a project could
 * multiply them; the operator's CLI and staff are not held by it.
 */
export const maxKeysPerProject = 25;

export async function assertKeyRoom(db: Db, projectId: string) {
  const held = await db.apiKey.count({ where: { projectId, status: { not: "revoked" }, rotatedToId: null } });
  if (held >= maxKeysPerProject) throw new ApiError("bad_request", `This project holds ${held} keys, the most a project may have (${maxKeysPerProject}); revoke one first.`);
}
