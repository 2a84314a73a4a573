// Usage views are computed in the database: counters, outcome breakdown, time
// buckets, history filters and the CSV export, on a fresh PostgreSQL database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { counterOfOutcome, errorsByCode, parseUsageQuery, usageCsv, usageHistory, usageSummary, usageTimeline, windowStart } from "@/lib/portal/usage";
import { listAllProjects } from "@/lib/portal/staff";
import { createWorld, openPortalDatabase, type World } from "./support/world";

const hour = 3_600_000;

describe("usage views", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  const now = new Date("2030-06-15T12:30:00.000Z");

  async function record(at: Date, fields: {
    endpoint: string;
    httpStatus: number;
    outcome: "success" | "client_error" | "denied" | "rate_limited" | "honest_empty" | "server_error";
    quoted: number;
    charged: number;
    allowanceUsed?: number;
    errorCode?: string;
    errorMessage?: string;
    via?: "api" | "mcp";
  }) {
    await db.requestRecord.create({
      data: { id: newId("req"), keyId: world.keyA.id, projectId: world.projectA.id, method: "POST", errorCode: fields.errorCode ?? null, chain: "eth", latencyMs: 12, createdAt: at, ...fields },
    });
  }

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
    await db.requestRecord.deleteMany({});
    await record(new Date(now.getTime() - 1 * hour), { endpoint: "intel/risk", httpStatus: 200, outcome: "success", quoted: 2, charged: 2 });
    // A trial key's call: its allowance paid, the account was charged nothing.
    await record(new Date(now.getTime() - 1 * hour), { endpoint: "intel/risk", httpStatus: 200, outcome: "success", quoted: 2, charged: 0, allowanceUsed: 2 });
    await record(new Date(now.getTime() - 2 * hour), { endpoint: "wallet/pnl", httpStatus: 422, outcome: "honest_empty", quoted: 10, charged: 0, errorCode: "insufficient_data" });
    await record(new Date(now.getTime() - 3 * hour), { endpoint: "intel/risk", httpStatus: 403, outcome: "denied", quoted: 2, charged: 0, errorCode: "scope_denied", errorMessage: 'This key lacks the "intel:read" permission, which intel/risk needs.', via: "mcp" });
    await record(new Date(now.getTime() - 3 * hour), { endpoint: "intel/risk", httpStatus: 429, outcome: "rate_limited", quoted: 2, charged: 0, errorCode: "rate_limited" });
    await record(new Date(now.getTime() - 3 * 24 * hour), { endpoint: "wallet/approvals", httpStatus: 200, outcome: "honest_empty", quoted: 2, charged: 0 });
    await record(new Date(now.getTime() - 40 * 24 * hour), { endpoint: "intel/risk", httpStatus: 200, outcome: "success", quoted: 2, charged: 2 });
    // Another project's traffic must never be counted in A's views.
    await db.requestRecord.create({
      data: { id: newId("req"), keyId: world.keyB.id, projectId: world.projectB.id, endpoint: "me", method: "GET", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, latencyMs: 1, createdAt: now },
    });
  });
  afterAll(async () => close());

  it("counts requests, successes, honest empties, errors, rate limits, credits and trial allowance per window", async () => {
    const scope = { projectId: world.projectA.id };
    const day = await usageSummary(db, scope, "24h", now);
    expect(day.counters).toEqual({ requests: 5, successful: 2, honestEmpty: 1, errors: 1, rateLimited: 1, creditsUsed: 2, quoted: 18, allowanceUsed: 2 });
    expect(day.outcomes.find((row) => row.outcome === "success")).toMatchObject({ requests: 2, charged: 2, allowanceUsed: 2 });
    const week = await usageSummary(db, scope, "7d", now);
    expect(week.counters.requests).toBe(6);
    // The 200 honest empty answer is not "Successful": it counts where the breakdown shows it.
    expect(week.counters).toMatchObject({ successful: 2, honestEmpty: 2 });
    const month = await usageSummary(db, scope, "30d", now);
    expect(month.counters.requests).toBe(6);
    const empty = month.outcomes.find((row) => row.outcome === "honest_empty")!;
    expect(empty).toMatchObject({ requests: 2, quoted: 12, charged: 0 });
    expect(month.outcomes.filter((row) => row.outcome !== "success").every((row) => row.charged === 0)).toBe(true);
  });

  it("breaks the failed requests down by error code, adding up to Errors plus Rate limited (honest empties are not errors)", async () => {
    const scope = { projectId: world.projectA.id };
    const rows = await errorsByCode(db, scope, "24h", now);
    expect(rows).toEqual([{ code: "rate_limited", requests: 1 }, { code: "scope_denied", requests: 1 }]);
    for (const window of ["24h", "7d", "30d"] as const) {
      const { counters } = await usageSummary(db, scope, window, now);
      const total = (await errorsByCode(db, scope, window, now)).reduce((sum, row) => sum + row.requests, 0);
      expect({ window, total }).toEqual({ window, total: counters.errors + counters.rateLimited });
    }
  });

  it("charts credits charged over time that add up to the Credits used counter", async () => {
    for (const window of ["24h", "7d", "30d"] as const) {
      const scope = { projectId: world.projectA.id };
      const { counters } = await usageSummary(db, scope, window, now);
      const charged = (await usageTimeline(db, scope, window, now)).reduce((sum, bucket) => sum + bucket.charged, 0);
      expect({ window, charged }).toEqual({ window, charged: counters.creditsUsed });
    }
  });

  it("uses one definition for the counters and the outcome breakdown: each counter is the sum of its rows", async () => {
    for (const window of ["24h", "7d", "30d"] as const) {
      const { counters, outcomes: rows } = await usageSummary(db, { projectId: null }, window, now);
      const sums = { successful: 0, honestEmpty: 0, errors: 0, rateLimited: 0 };
      for (const row of rows) sums[counterOfOutcome[row.outcome]] += row.requests;
      expect({ window, ...sums }).toEqual({ window, successful: counters.successful, honestEmpty: counters.honestEmpty, errors: counters.errors, rateLimited: counters.rateLimited });
      expect(rows.find((row) => row.outcome === "success")!.requests).toBe(counters.successful);
      expect(rows.reduce((sum, row) => sum + row.requests, 0)).toBe(counters.requests);
    }
  });

  it("counts every project for staff (scope null)", async () => {
    const all = await usageSummary(db, { projectId: null }, "24h", now);
    expect(all.counters.requests).toBe(6);
    // The staff project list shows what trial allowances paid beside quoted and charged.
    const { rows } = await listAllProjects(db, { page: 1, since: windowStart("24h", now), search: world.projectA.id });
    expect(rows.map((row) => ({ requests: row.requests, quoted: row.quoted, charged: row.charged, allowanceUsed: row.allowanceUsed }))).toEqual([
      { requests: 5, quoted: 18, charged: 2, allowanceUsed: 2 },
    ]);
  });

  it("buckets requests over time, empty buckets included", async () => {
    const buckets = await usageTimeline(db, { projectId: world.projectA.id }, "24h", now);
    // 12:30 yesterday to 12:30 today: the partial first hour is a bucket too, so the chart adds up to the counters.
    expect(buckets).toHaveLength(25);
    expect(buckets.reduce((sum, b) => sum + b.requests, 0)).toBe(5);
    const last = buckets[buckets.length - 1];
    expect(new Date(last.start).getTime()).toBe(Date.parse("2030-06-15T12:00:00.000Z"));
    const eleven = buckets.find((b) => b.start === "2030-06-15T11:00:00.000Z")!;
    expect(eleven).toMatchObject({ requests: 2, successful: 2, honestEmpty: 0, failed: 0 });
    expect(buckets.find((b) => b.start === "2030-06-15T10:00:00.000Z")).toMatchObject({ requests: 1, successful: 0, honestEmpty: 1, failed: 0 });
    expect(buckets.find((b) => b.start === "2030-06-15T09:00:00.000Z")).toMatchObject({ requests: 2, successful: 0, honestEmpty: 0, failed: 2 });
    const thirty = await usageTimeline(db, { projectId: world.projectA.id }, "30d", now);
    expect(thirty).toHaveLength(31);
    expect(thirty.reduce((sum, b) => sum + b.requests, 0)).toBe(6);
  });

  it("filters the history by key, endpoint, outcome and HTTP status, newest first", async () => {
    const scope = { projectId: world.projectA.id };
    const all = await usageHistory(db, scope, parseUsageQuery({ window: "30d" }), now);
    expect(all.rows.map((row) => row.endpoint)).toEqual(["intel/risk", "intel/risk", "wallet/pnl", "intel/risk", "intel/risk", "wallet/approvals"]);
    expect((await usageHistory(db, scope, parseUsageQuery({ window: "30d", endpoint: "wallet/pnl" }), now)).rows).toHaveLength(1);
    const denied = (await usageHistory(db, scope, parseUsageQuery({ window: "30d", status: "denied" }), now)).rows[0];
    // The history says how each call came in (the Usage tab marks MCP tool calls).
    expect({ errorCode: denied.errorCode, via: denied.via }).toEqual({ errorCode: "scope_denied", via: "mcp" });
    expect(all.rows.filter((row) => row.via === "mcp")).toHaveLength(1);
    const throughMcp = await usageHistory(db, scope, parseUsageQuery({ window: "30d", via: "mcp" }), now);
    expect(throughMcp.rows.map((row) => row.id)).toEqual([denied.id]);
    expect((await usageHistory(db, scope, parseUsageQuery({ window: "30d", via: "api" }), now)).rows).toHaveLength(5);
    const onlyMcp = (await new Response(usageCsv(db, scope, parseUsageQuery({ window: "30d", via: "mcp" }), now)).text()).trim().split("\n");
    expect(onlyMcp.slice(1).map((line) => line.split(",")[0])).toEqual([denied.id]);
    expect((await usageHistory(db, scope, parseUsageQuery({ window: "30d", status: "429" }), now)).rows).toHaveLength(1);
    expect((await usageHistory(db, scope, parseUsageQuery({ window: "30d", key: world.keyB.id }), now)).rows).toHaveLength(0);
    // An owner cannot widen the scope through the staff-only project filter.
    expect((await usageHistory(db, scope, parseUsageQuery({ window: "30d", project: world.projectB.id }), now)).rows).toHaveLength(6);
  });

  it("pages the history", async () => {
    const scope = { projectId: null };
    for (let i = 0; i < 30; i++) {
      await db.requestRecord.create({
        data: { id: newId("req"), keyId: world.keyB.id, projectId: world.projectB.id, endpoint: "me", method: "GET", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, latencyMs: 1, createdAt: new Date(now.getTime() - i * 1000) },
      });
    }
    const first = await usageHistory(db, scope, parseUsageQuery({ project: world.projectB.id }), now);
    const second = await usageHistory(db, scope, parseUsageQuery({ project: world.projectB.id, page: "2" }), now);
    expect(first.rows).toHaveLength(25);
    expect(first.hasOlder).toBe(true);
    expect(second.rows).toHaveLength(6);
    expect(second.hasOlder).toBe(false);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(31);
  });

  it("exports the filtered history as CSV", async () => {
    const stream = usageCsv(db, { projectId: world.projectA.id }, parseUsageQuery({ window: "30d", endpoint: "intel/risk" }), now);
    const text = await new Response(stream).text();
    const lines = text.trim().split("\n");
    expect(lines[0]).toBe("request_id,time,project_id,key_id,key_name,key_masked,endpoint,method,http_status,error_code,error_message,outcome,quoted,charged,allowance_used,chain,latency_ms,via");
    expect(lines.filter((line) => line.includes(",success,2,0,2,eth,"))).toHaveLength(1);
    // Each row names its key (name and mask, never the key) and, for a failure, the message the caller got.
    const keys = await db.apiKey.findMany({ where: { projectId: world.projectA.id } });
    const records = await db.requestRecord.findMany({ where: { id: { in: lines.slice(1).map((line) => line.split(",")[0]) } } });
    expect(records).toHaveLength(4);
    expect(records.filter((record) => record.errorMessage !== null).length).toBeGreaterThan(0);
    for (const record of records) {
      const key = keys.find((entry) => entry.id === record.keyId)!;
      const line = lines.find((entry) => entry.startsWith(`${record.id},`))!;
      expect(line).toContain(`,${record.keyId},${key.name ?? ""},${key.mode === "live" ? "svc_live_" : "svc_test_"}…${key.lastFour},intel/risk,`);
      // How the call came in: an MCP tool call, or the endpoint's HTTP route.
      expect(line.endsWith(`,${record.via}`)).toBe(true);
      if (record.errorMessage) expect(line).toContain(record.errorMessage.includes(",") ? `"${record.errorMessage.replace(/"/g, '""')}"` : record.errorMessage);
    }
    expect(records.map((record) => record.via).sort()).toEqual(["api", "api", "api", "mcp"]);
    expect(lines).toHaveLength(1 + 4);
    expect(lines.slice(1).every((line) => line.includes(",intel/risk,POST,"))).toBe(true);
    expect(text).not.toContain(world.projectB.id);
  });

  it("ignores unknown filter values instead of failing", () => {
    expect(parseUsageQuery({ window: "1y", page: "-3", status: "x".repeat(100), via: "email" })).toMatchObject({ window: "24h", page: 1, status: undefined, via: undefined });
  });
});
