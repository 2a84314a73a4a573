// The audit log read two ways: a project's own trail for its owner (what happened to the
// project and its keys, and credits granted to the owner's account), and the whole log for
// staff, filterable by project, actor, action and time. Both page in the database and
// describe each entry's details in words from the same table.
import { z } from "zod";
import { dayValue, idValue, pageValue, readQuery, textValue, type QueryField, type QueryReading } from "./query-values";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { shortenMaskedKey } from "@/lib/keys/api-key";
import { formatTime } from "./format";

/** What each recorded action is called in the portal; unknown actions show their code. */
export const actionLabels: Record<string, string> = {
  "key.create": "Key created",
  "key.rotate": "Key rotated",
  "key.revoke": "Key revoked",
  "key.suspend": "Key suspended",
  "key.unsuspend": "Key restored",
  "key.arrangement": "Key arrangement changed",
  "key.approve_access": "Key access approved",
  "project.create": "Project created",
  "project.rename": "Project renamed",
  "project.suspend": "Project suspended",
  "project.archive": "Project archived",
  "project.activate": "Project reactivated",
  "credits.grant": "Credits granted",
  "user.create": "Account created",
  "user.sign_up": "Account signed up",
  "settings.update": "Switches changed",
  "card.publish": "Card published",
  "card.withdraw": "Card withdrawn",
};

/** The actions an owner's trail can hold, in the filter's order. */
export const projectActions = [
  "key.create", "key.rotate", "key.revoke", "key.suspend", "key.unsuspend", "key.arrangement", "key.approve_access",
  "project.create", "project.rename", "project.suspend", "project.archive", "project.activate", "credits.grant",
] as const;

export const activityPageSize = 50;

/** The filters as they arrive in the URL: each value checked (lib/portal/query-values.ts), unknown parameters ignored. */
export const activityQueryFields = {
  action: { label: "What", schema: z.string().regex(/^[a-z_.]{1,64}$/, { error: "is not an action such as key.create" }) },
  project: { label: "Project", schema: idValue },
  actor: { label: "Actor", schema: textValue(254) },
  /** Days, inclusive, in UTC. */
  from: { label: "From", schema: dayValue },
  to: { label: "To", schema: dayValue },
  page: { label: "Page", schema: pageValue, fallback: 1 },
} satisfies Record<string, QueryField>;
export type ActivityQuery = { action?: string; project?: string; actor?: string; from?: string; to?: string; page: number };

export function readActivityQuery(params: Record<string, string | string[] | undefined>): QueryReading<ActivityQuery> {
  return readQuery(activityQueryFields, params) as QueryReading<ActivityQuery>;
}

export function parseActivityQuery(params: Record<string, string | string[] | undefined>): ActivityQuery {
  return readActivityQuery(params).query;
}

function timeWhere(query: ActivityQuery): Prisma.AuditLogWhereInput {
  const range: Prisma.DateTimeFilter = {};
  if (query.from) range.gte = new Date(`${query.from}T00:00:00.000Z`);
  if (query.to) range.lt = new Date(Date.parse(`${query.to}T00:00:00.000Z`) + 86_400_000);
  return Object.keys(range).length > 0 ? { createdAt: range } : {};
}

/**
 * A project's own trail: entries that touched the project or its keys, and credit grants to
 * its owner's account (credits belong to the account, shared by the owner's projects).
 */
export function projectActivityWhere(project: { id: string; ownerId: string }, query: ActivityQuery): Prisma.AuditLogWhereInput {
  return {
    AND: [
      { OR: [{ projectId: project.id }, { action: "credits.grant", targetType: "user", targetId: project.ownerId }] },
      query.action ? { action: query.action } : {},
      timeWhere(query),
    ],
  };
}

export function staffAuditWhere(query: ActivityQuery): Prisma.AuditLogWhereInput {
  return {
    AND: [
      query.project ? { projectId: query.project } : {},
      query.actor ? { actor: { contains: query.actor, mode: "insensitive" } } : {},
      query.action ? { action: query.action } : {},
      timeWhere(query),
    ],
  };
}

export type ActivityEntry = {
  id: string;
  createdAt: string;
  actor: string;
  action: string;
  actionLabel: string;
  targetType: string;
  targetId: string;
  projectId: string | null;
  reason: string | null;
  /** The details in words, one fact each. */
  facts: Array<{ label: string; value: string }>;
  details: unknown;
};

async function activityPage(db: Db, where: Prisma.AuditLogWhereInput, page: number) {
  const rows = await db.auditLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * activityPageSize, take: activityPageSize + 1 });
  const entries: ActivityEntry[] = rows.slice(0, activityPageSize).map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: row.actor,
    action: row.action,
    actionLabel: actionLabels[row.action] ?? row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    projectId: row.projectId,
    reason: row.reason,
    facts: describeDetails(row.action, row.details),
    details: row.details,
  }));
  return { entries, hasMore: rows.length > activityPageSize };
}

export function projectActivity(db: Db, project: { id: string; ownerId: string }, query: ActivityQuery) {
  return activityPage(db, projectActivityWhere(project, query), query.page);
}

export function staffAudit(db: Db, query: ActivityQuery) {
  return activityPage(db, staffAuditWhere(query), query.page);
}

/** Every action the log holds, for the staff filter (the log names few kinds). */
export async function recordedActions(db: Db): Promise<string[]> {
  const rows = await db.auditLog.groupBy({ by: ["action"], orderBy: { action: "asc" } });
  return rows.map((row) => row.action);
}

/**
 * Who did it, as the owner may see it: themselves by name, staff and the operator by role —
 * an owner has no business with staff members' addresses.
 */
export function actorForOwner(actor: string, ownerEmail: string): string {
  if (actor === ownerEmail) return "You";
  return actor.includes("@") ? "Staff" : "Operator";
}

const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.map(String).join(", ") : null);
const text = (value: unknown) => (value === null || value === undefined || value === "" ? null : String(value));
const maskedKey = (value: unknown) => (typeof value === "string" && value ? shortenMaskedKey(value) : null);
const time = (value: unknown) => (typeof value === "string" && !Number.isNaN(Date.parse(value)) ? formatTime(value) : null);

/** The details of an entry in words. Keys of the details that are not known are shown as they are. */
export function describeDetails(action: string, details: unknown): Array<{ label: string; value: string }> {
  if (!details || typeof details !== "object" || Array.isArray(details)) return [];
  const d = details as Record<string, unknown>;
  const facts: Array<{ label: string; value: string | null }> = [];
  const push = (label: string, value: string | null) => facts.push({ label, value });
  const masked = maskedKey(d.masked);
  if (action.startsWith("key.")) push("Key", [text(d.name) ?? "Unnamed key", masked].filter(Boolean).join(" · "));
  switch (action) {
    case "key.create":
      push("Mode", text(d.mode));
      push("Access", text(d.accessMode));
      push("Permissions", list(d.permissions));
      push("Tier", text(d.tier));
      push("Hourly limit", text(d.rateLimitPerHour));
      push("Networks", list(d.allowedChains) ?? "every network");
      push("Origins", list(d.allowedOrigins) ?? "any");
      push("IPs", list(d.allowedIps) ?? "any");
      push("Expires", time(d.expiresAt) ?? "never");
      push("Covered endpoints", list(d.coveredEndpoints));
      push("Trial allowance", text(d.trialAllowance));
      push("Trial ends", time(d.trialEndsAt));
      break;
    case "key.rotate":
      push("Replaced by", maskedKey(d.replacementMasked) ?? text(d.replacement));
      break;
    case "project.rename":
      push("From", text(d.from));
      push("To", text(d.to));
      break;
    case "project.create":
      push("Name", text(d.name));
      break;
    case "credits.grant":
      push("Credits", typeof d.amount === "number" ? d.amount.toLocaleString("en") : text(d.amount));
      push("Balance after", typeof d.balance === "number" ? d.balance.toLocaleString("en") : text(d.balance));
      break;
    case "key.arrangement":
      for (const [side, label] of [["before", "Before"], ["after", "After"]] as const) {
        const value = d[side];
        if (value && typeof value === "object") {
          push(label, Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join("|") || "—" : (time(v) ?? text(v) ?? "—")}`).join(", "));
        }
      }
      break;
    default:
      for (const [key, value] of Object.entries(d)) {
        if (key === "name" || key === "masked") continue;
        push(key, Array.isArray(value) ? list(value) : typeof value === "object" && value !== null ? JSON.stringify(value) : text(value));
      }
  }
  return facts.filter((fact): fact is { label: string; value: string } => fact.value !== null);
}
