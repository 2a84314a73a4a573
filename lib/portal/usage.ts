// Usage views, computed in the database (grouped counts and sums, time buckets),
// never by loading request rows: the same queries serve one project or, for
// staff, all of them (projectId null).
import { z } from "zod";
import type { RequestVia, UsageRecord } from "@/lib/usage/record";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { RequestOutcome } from "@/lib/errors/error-codes";
import { usageGroups, type UsageGroup } from "@/lib/usage/rollup";
import { idValue, pageValue, readQuery, type QueryField, type QueryReading } from "./query-values";
import { maskApiKey, shortenMaskedKey } from "@/lib/keys/api-key";

export const usageWindows = {
  "24h": { label: "Last 24 hours", ms: 24 * 3_600_000, bucketMs: 3_600_000, bucketLabel: "hour" },
  "7d": { label: "Last 7 days", ms: 7 * 86_400_000, bucketMs: 6 * 3_600_000, bucketLabel: "6 hours" },
  "30d": { label: "Last 30 days", ms: 30 * 86_400_000, bucketMs: 86_400_000, bucketLabel: "day" },
} as const;
export type UsageWindow = keyof typeof usageWindows;

export const outcomeLabels: Record<RequestOutcome, string> = {
  success: "Successful",
  honest_empty: "Honestly empty",
  client_error: "Client error",
  denied: "Denied",
  rate_limited: "Rate limited",
  server_error: "Server error",
  client_closed: "Client closed",
};
export const outcomes = Object.keys(outcomeLabels) as RequestOutcome[];

/** How a request came in, as the history, request lookup and the CSV's `via` column say it. */
export const viaLabels: Record<RequestVia, string> = {
  api: "HTTP API",
  mcp: "MCP tool call",
};

export type CounterName = "successful" | "honestEmpty" | "errors" | "rateLimited";

/**
 * The one definition the counters, the outcome breakdown and the time chart share: each
 * outcome belongs to exactly one counter, so a counter is the sum of its breakdown rows.
 * (The counters once counted every 2xx as successful, honest empty answers included, and
 * read 38 beside the breakdown's 34.)
 */
export const counterOfOutcome: Record<RequestOutcome, CounterName> = {
  success: "successful",
  honest_empty: "honestEmpty",
  client_error: "errors",
  denied: "errors",
  server_error: "errors",
  // Not answered: the client left first. Not a success, and the breakdown says which kind.
  client_closed: "errors",
  rate_limited: "rateLimited",
};

export const counterLabels: Record<CounterName, string> = {
  successful: "Successful",
  honestEmpty: "Honestly empty",
  errors: "Errors",
  rateLimited: "Rate limited",
};

/** Which breakdown rows make up each counter, for the sentence under the counters. */
export function counterDefinition(name: CounterName): string {
  return outcomes.filter((outcome) => counterOfOutcome[outcome] === name).map((outcome) => outcomeLabels[outcome].toLowerCase()).join(", ");
}

/** The history filters as they arrive in the URL: each value checked (lib/portal/query-values.ts), unknown parameters ignored. */
export const usageQueryFields = {
  window: { label: "Window", schema: z.enum(["24h", "7d", "30d"], { error: "is not one of 24h, 7d and 30d" }), fallback: "24h" as UsageWindow },
  key: { label: "Key", schema: idValue },
  endpoint: { label: "Endpoint", schema: z.string().regex(/^[a-z][a-z0-9/_-]{0,63}$/, { error: "is not an endpoint such as intel/risk" }) },
  /** An outcome name, or an HTTP status such as 403. */
  status: { label: "Status", schema: z.string().regex(/^([a-z_]{1,32}|[1-5]\d\d)$/, { error: "is not an outcome or an HTTP status" }) },
  project: { label: "Project", schema: idValue },
  /** How the calls came in: api (the endpoints' routes) or mcp (tool calls). */
  via: { label: "Through", schema: z.enum(["api", "mcp"], { error: "is not one of api and mcp" }) },
  page: { label: "Page", schema: pageValue, fallback: 1 },
} satisfies Record<string, QueryField>;
export type UsageQuery = { window: UsageWindow; key?: string; endpoint?: string; status?: string; project?: string; via?: RequestVia; page: number };

/** The filters and what was ignored of them, for a page to say so (or an export to refuse). */
export function readUsageQuery(params: Record<string, string | string[] | undefined> | URLSearchParams): QueryReading<UsageQuery> {
  return readQuery(usageQueryFields, params) as QueryReading<UsageQuery>;
}

export function parseUsageQuery(params: Record<string, string | string[] | undefined> | URLSearchParams): UsageQuery {
  return readUsageQuery(params).query;
}

/** Whose requests a view counts: one project's (or every project's, null), optionally one key's. */
export type UsageScope = { projectId: string | null; keyId?: string | null };

export function windowStart(window: UsageWindow, now: Date): Date {
  return new Date(now.getTime() - usageWindows[window].ms);
}

function statusFilter(status: string | undefined): Prisma.RequestRecordWhereInput {
  if (!status) return {};
  if ((outcomes as string[]).includes(status)) return { outcome: status as RequestOutcome };
  if (/^\d{3}$/.test(status)) return { httpStatus: Number(status) };
  return {};
}

export function historyWhere(scope: UsageScope, query: UsageQuery, now: Date): Prisma.RequestRecordWhereInput {
  return {
    ...(scope.projectId ? { projectId: scope.projectId } : query.project ? { projectId: query.project } : {}),
    createdAt: { gte: windowStart(query.window, now) },
    ...(query.key ? { keyId: query.key } : {}),
    ...(query.endpoint ? { endpoint: query.endpoint } : {}),
    ...(query.via ? { via: query.via } : {}),
    ...statusFilter(query.status),
  };
}

export type UsageCounters = Record<CounterName, number> & {
  requests: number;
  /** Credits deducted from the account (free credits and balance). */
  creditsUsed: number;
  quoted: number;
  /** Credits trial allowances paid instead of the account. */
  allowanceUsed: number;
};
export type OutcomeRow = { outcome: RequestOutcome; label: string; requests: number; quoted: number; charged: number; allowanceUsed: number };

/** Counters of some usage groups: each counter the sum of its outcomes (counterOfOutcome). The Usage tab's and each key's figures on the Keys tab. */
export function countUsage(groups: readonly UsageGroup[]): UsageCounters {
  const counters: UsageCounters = { requests: 0, successful: 0, honestEmpty: 0, errors: 0, rateLimited: 0, creditsUsed: 0, quoted: 0, allowanceUsed: 0 };
  for (const group of groups) {
    counters.requests += group.requests;
    counters.quoted += group.quoted;
    counters.creditsUsed += group.charged;
    counters.allowanceUsed += group.allowanceUsed;
    counters[counterOfOutcome[group.outcome]] += group.requests;
  }
  return counters;
}

/** Counters over the window, each the sum of its outcome rows (counterOfOutcome). */
export async function usageSummary(db: Db, scope: UsageScope, window: UsageWindow, now: Date) {
  const groups = await usageGroups(db, { projectId: scope.projectId, keyId: scope.keyId, since: windowStart(window, now), now });
  const counters = countUsage(groups);
  const byOutcome = new Map<RequestOutcome, OutcomeRow>(
    outcomes.map((outcome) => [outcome, { outcome, label: outcomeLabels[outcome], requests: 0, quoted: 0, charged: 0, allowanceUsed: 0 }]),
  );
  const statuses = new Set<number>();
  for (const group of groups) {
    const { requests: count, quoted, charged, allowanceUsed } = group;
    const row = byOutcome.get(group.outcome)!;
    row.requests += count;
    row.quoted += quoted;
    row.charged += charged;
    row.allowanceUsed += allowanceUsed;
    statuses.add(group.httpStatus);
  }
  return { counters, outcomes: [...byOutcome.values()], statuses: [...statuses].sort((a, b) => a - b) };
}

/** One bar of the time chart, split by the same counters as the figures above it; failed = errors and rate limited. `charged` is the credits-used counter's share. */
export type TimelineBucket = { start: string; requests: number; successful: number; honestEmpty: number; failed: number; charged: number };

/** Requests per bucket over the window, empty buckets included so the chart's x axis is honest. */
export async function usageTimeline(db: Db, scope: UsageScope, window: UsageWindow, now: Date): Promise<TimelineBucket[]> {
  const { bucketMs } = usageWindows[window];
  const since = windowStart(window, now);
  // From the bucket holding the window's first instant to the one holding now: the chart adds up to the counters.
  const start = Math.floor(since.getTime() / bucketMs) * bucketMs;
  const end = Math.floor(now.getTime() / bucketMs) * bucketMs + bucketMs;
  const byStart = new Map<number, TimelineBucket>();
  for (const group of await usageGroups(db, { projectId: scope.projectId, keyId: scope.keyId, since, now, bucketMs })) {
    const entry = byStart.get(group.bucket!) ?? { start: new Date(group.bucket!).toISOString(), requests: 0, successful: 0, honestEmpty: 0, failed: 0, charged: 0 };
    entry.requests += group.requests;
    entry.charged += group.charged;
    const counter = counterOfOutcome[group.outcome];
    if (counter === "successful" || counter === "honestEmpty") entry[counter] += group.requests;
    else entry.failed += group.requests;
    byStart.set(group.bucket!, entry);
  }
  const buckets: TimelineBucket[] = [];
  for (let t = start; t < end; t += bucketMs) {
    buckets.push(byStart.get(t) ?? { start: new Date(t).toISOString(), requests: 0, successful: 0, honestEmpty: 0, failed: 0, charged: 0 });
  }
  return buckets;
}

/** The outcomes the Errors and Rate limited counters add up: what "errors by code" breaks down. */
export const failedOutcomes = outcomes.filter((outcome) => counterOfOutcome[outcome] === "errors" || counterOfOutcome[outcome] === "rateLimited");

export type ErrorCodeRow = { code: string; requests: number };

/**
 * Failed requests over the window by error code, most frequent first: they add up to the
 * Errors and Rate limited counters together (honestly empty answers carry a code too, but
 * are not errors).
 */
export async function errorsByCode(db: Db, scope: UsageScope, window: UsageWindow, now: Date): Promise<ErrorCodeRow[]> {
  const byCode = new Map<string, number>();
  for (const group of await usageGroups(db, { projectId: scope.projectId, keyId: scope.keyId, since: windowStart(window, now), now, byErrorCode: true })) {
    if (!failedOutcomes.includes(group.outcome)) continue;
    const code = group.errorCode ?? "(no code)";
    byCode.set(code, (byCode.get(code) ?? 0) + group.requests);
  }
  return [...byCode]
    .map(([code, requests]) => ({ code, requests }))
    .sort((a, b) => b.requests - a.requests || a.code.localeCompare(b.code));
}

export const historyPageSize = 25;

/** A usage record as the history shows it: its request id as `id`, its time as ISO text. */
export type HistoryRow = Omit<UsageRecord, "requestId" | "createdAt"> & { id: string; createdAt: string };

const historySelect = {
  id: true, createdAt: true, keyId: true, projectId: true, endpoint: true, method: true, httpStatus: true,
  errorCode: true, outcome: true, quoted: true, charged: true, allowanceUsed: true, chain: true, latencyMs: true, replayOf: true, via: true,
} as const;

export async function usageHistory(db: Db, scope: UsageScope, query: UsageQuery, now: Date) {
  const rows = await db.requestRecord.findMany({
    where: historyWhere(scope, query, now),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (query.page - 1) * historyPageSize,
    // One extra row says whether an older page exists, without counting the table.
    take: historyPageSize + 1,
    select: historySelect,
  });
  return {
    rows: rows.slice(0, historyPageSize).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) as HistoryRow[],
    hasOlder: rows.length > historyPageSize,
  };
}

const csvColumns = ["request_id", "time", "project_id", "key_id", "key_name", "key_masked", "endpoint", "method", "http_status", "error_code", "error_message", "outcome", "quoted", "charged", "allowance_used", "chain", "latency_ms", "via"] as const;

/** A CSV row carries what the history table shows and more: the key's name and mask beside its id, and the failure's message as the caller received it. */
const csvSelect = { ...historySelect, errorMessage: true, key: { select: { name: true, mode: true, lastFour: true } } } as const;

function csvCell(value: unknown): string {
  // Only a number is trusted to go out bare: a text that merely looks like one ("-1+HYPERLINK(…)")
  // is still a formula to a spreadsheet, so every text cell starting with a formula character is defused.
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  const text = value === null || value === undefined ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The filtered history as CSV, streamed in pages of 1,000 rows (keyset pagination, so memory stays flat). */
export function usageCsv(db: Db, scope: UsageScope, query: UsageQuery, now: Date): ReadableStream<Uint8Array> {
  const where = historyWhere(scope, query, now);
  const encoder = new TextEncoder();
  let cursor: { id: string } | undefined;
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(`${csvColumns.join(",")}\n`));
      }
      const rows = await db.requestRecord.findMany({
        where,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: 1000,
        ...(cursor ? { cursor, skip: 1 } : {}),
        select: csvSelect,
      });
      if (rows.length === 0) return controller.close();
      cursor = { id: rows[rows.length - 1].id };
      const text = rows
        .map((r) =>
          [r.id, r.createdAt.toISOString(), r.projectId, r.keyId, r.key.name, shortenMaskedKey(maskApiKey(r.key.mode, r.key.lastFour)), r.endpoint, r.method, r.httpStatus, r.errorCode, r.errorMessage, r.outcome, r.quoted, r.charged, r.allowanceUsed, r.chain, r.latencyMs, r.via]
            .map(csvCell)
            .join(","),
        )
        .join("\n");
      controller.enqueue(encoder.encode(`${text}\n`));
      if (rows.length < 1000) controller.close();
    },
  });
}

/** Built from checked ids only, and reduced to safe characters besides, since it lands in Content-Disposition. */
export function csvFileName(scope: UsageScope, query: UsageQuery, now: Date) {
  return `usage-${scope.projectId ?? query.project ?? "all"}-${query.window}-${now.toISOString().slice(0, 10)}.csv`.replace(/[^A-Za-z0-9_.-]/g, "_");
}
