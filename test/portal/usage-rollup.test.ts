// The Usage views (staff's across every project, and one project's) read hours rolled up from request records: the counts
// equal a direct count of the records (the window's partial first hour and the hours not rolled
// up yet read from the records themselves), hours roll up only once settled, a later read rolls
// up only what is new, and readers racing each other never count an hour twice. On PostgreSQL
// and on the embedded PGlite.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrations";
import { pgliteExecutor } from "@/lib/db/sql-executor";
import { newId } from "@/lib/ids";
import { keyUsageFigures } from "@/lib/portal/key-usage";
import { errorsByCode, usageSummary, usageTimeline } from "@/lib/portal/usage";
import { rollUpUsage, rollupSettleMs } from "@/lib/usage/rollup";
import { createWorld, openPortalDatabase } from "./support/world";

const hour = 3_600_000;
const minute = 60_000;

const backends = {
  postgres: async () => openPortalDatabase(),
  pglite: async () => {
    const lite = await PGlite.create();
    await applyMigrations(pgliteExecutor(lite));
    const db = new PrismaClient({ adapter: new PrismaPGlite(lite) }) as Db;
    return { db, close: async () => { await db.$disconnect(); await lite.close(); } };
  },
};

describe.each(Object.keys(backends) as Array<keyof typeof backends>)("usage rollup (%s)", (backend) => {
  let db: Db;
  let close: () => Promise<void>;
  const now = new Date("2030-06-15T12:30:00.000Z");
  const truth: Array<{ at: number; project: string; key: string; status: number; code: string | null; charged: number; allowance: number }> = [];

  beforeAll(async () => {
    ({ db, close } = await backends[backend]());
    const world = await createWorld(db);
    await db.requestRecord.deleteMany({});
    const projects = [world.projectA, world.projectB];
    const keys = [world.keyA, world.keyB];
    // Records across 40 days, both projects, successes and failures; some at the hour's edges.
    const times = [
      ...Array.from({ length: 120 }, (_, i) => now.getTime() - i * 7.9 * hour),
      now.getTime() - 30 * 24 * hour + minute, // inside the 30-day window's partial first hour
      now.getTime() - 30 * 24 * hour - minute, // just outside it
      now.getTime() - 2 * minute, // in the hour that has not settled
      now.getTime() - 31 * minute, // the previous hour, still within the settling margin of its end
    ];
    let i = 0;
    for (const at of times) {
      const p = i++ % 2;
      const status = i % 5 === 0 ? 429 : i % 3 === 0 ? 403 : 200;
      // Every seventh success was paid by a trial allowance instead of the account.
      const allowance = status === 200 && i % 7 === 0 ? 2 : 0;
      // Two codes behind the same 403, so errors by code must keep them apart.
      const code = status === 429 ? "rate_limited" : status === 403 ? (i % 2 ? "scope_denied" : "chain_not_allowed") : null;
      const charged = status === 200 && !allowance ? 2 : 0;
      await db.requestRecord.create({
        data: {
          id: newId("req"),
          keyId: keys[p].id,
          projectId: projects[p].id,
          endpoint: "intel/risk",
          method: "POST",
          httpStatus: status,
          errorCode: code,
          outcome: status === 200 ? "success" : status === 429 ? "rate_limited" : "denied",
          quoted: 2,
          charged,
          allowanceUsed: allowance,
          latencyMs: 5,
          createdAt: new Date(at),
        },
      });
      truth.push({ at, project: projects[p].id, key: keys[p].id, status, code, charged, allowance });
    }
  }, 120_000);
  afterAll(async () => close?.());

  const count = (since: number, until = Infinity) => truth.filter((r) => r.at >= since && r.at < until);

  it("rolls up only settled hours, and every staff counter equals a direct count of the records", async () => {
    const rolledUpTo = await rollUpUsage(db, now);
    expect(rolledUpTo.getTime()).toBe(Math.floor((now.getTime() - rollupSettleMs) / hour) * hour);
    for (const window of ["24h", "7d", "30d"] as const) {
      const ms = { "24h": 24 * hour, "7d": 7 * 24 * hour, "30d": 30 * 24 * hour }[window];
      const expected = count(now.getTime() - ms);
      const summary = await usageSummary(db, { projectId: null }, window, now);
      expect({ window, ...summary.counters }).toEqual({
        window,
        requests: expected.length,
        successful: expected.filter((r) => r.status === 200).length,
        honestEmpty: 0,
        errors: expected.filter((r) => r.status === 403).length,
        rateLimited: expected.filter((r) => r.status === 429).length,
        creditsUsed: expected.reduce((sum, r) => sum + r.charged, 0),
        quoted: expected.length * 2,
        allowanceUsed: expected.reduce((sum, r) => sum + r.allowance, 0),
      });
      const timeline = await usageTimeline(db, { projectId: null }, window, now);
      expect(timeline.reduce((sum, bucket) => sum + bucket.requests, 0)).toBe(expected.length);
      for (const bucket of timeline) {
        const start = Date.parse(bucket.start);
        const width = { "24h": hour, "7d": 6 * hour, "30d": 24 * hour }[window];
        expect({ window, start: bucket.start, requests: bucket.requests }).toEqual({ window, start: bucket.start, requests: count(Math.max(start, now.getTime() - ms), start + width).length });
      }
    }
    const hourly = await db.usageHourly.aggregate({ _sum: { requests: true, allowanceUsed: true } });
    expect(hourly._sum.requests).toBe(count(0, rolledUpTo.getTime()).length);
    expect(hourly._sum.allowanceUsed).toBeGreaterThan(0);
    expect(hourly._sum.allowanceUsed).toBe(count(0, rolledUpTo.getTime()).reduce((sum, r) => sum + r.allowance, 0));
    // One project's views read the same rollup, filtered to it.
    const projectId = truth[0].project;
    for (const window of ["24h", "30d"] as const) {
      const since = now.getTime() - (window === "24h" ? 24 : 30 * 24) * hour;
      const own = count(since).filter((r) => r.project === projectId);
      expect((await usageSummary(db, { projectId }, window, now)).counters.requests).toBe(own.length);
      expect((await usageTimeline(db, { projectId }, window, now)).reduce((sum, bucket) => sum + bucket.requests, 0)).toBe(own.length);
    }
  });

  it("one key's views, the Keys tab's figures and errors by code read the same rollup and equal a direct count", async () => {
    const { project: projectId, key: keyId } = truth[0];
    const figures = await keyUsageFigures(db, projectId, now);
    for (const window of ["24h", "7d", "30d"] as const) {
      const since = now.getTime() - { "24h": 24, "7d": 7 * 24, "30d": 30 * 24 }[window] * hour;
      const ofKey = count(since).filter((r) => r.key === keyId);
      const summary = await usageSummary(db, { projectId, keyId }, window, now);
      expect({ window, requests: summary.counters.requests, credits: summary.counters.creditsUsed }).toEqual({ window, requests: ofKey.length, credits: ofKey.reduce((sum, r) => sum + r.charged, 0) });
      expect((await usageTimeline(db, { projectId, keyId }, window, now)).reduce((sum, bucket) => sum + bucket.requests, 0)).toBe(ofKey.length);
      expect(figures.get(keyId)![window]).toEqual({ requests: ofKey.length, errors: ofKey.filter((r) => r.status === 403).length, credits: ofKey.reduce((sum, r) => sum + r.charged, 0) });

      const failed = count(since).filter((r) => r.code !== null);
      const expectedCodes = new Map<string, number>();
      for (const r of failed) expectedCodes.set(r.code!, (expectedCodes.get(r.code!) ?? 0) + 1);
      const codes = await errorsByCode(db, { projectId: null }, window, now);
      expect(new Map(codes.map((row) => [row.code, row.requests]))).toEqual(expectedCodes);
      expect(codes.map((row) => row.requests)).toEqual([...codes.map((row) => row.requests)].sort((a, b) => b - a));
      const keyCodes = await errorsByCode(db, { projectId, keyId }, window, now);
      expect(keyCodes.reduce((sum, row) => sum + row.requests, 0)).toBe(ofKey.filter((r) => r.code !== null).length);
    }
    // Another project's key narrows one project's view to nothing.
    const otherKey = truth.find((r) => r.project !== projectId)!.key;
    expect((await usageSummary(db, { projectId, keyId: otherKey }, "30d", now)).counters.requests).toBe(0);
  });

  it("a later read rolls up only the new hours; readers racing each other count every hour once", async () => {
    const later = new Date(now.getTime() + 3 * hour);
    const results = await Promise.all(Array.from({ length: 4 }, () => rollUpUsage(db, later)));
    expect(new Set(results.map((d) => d.getTime()))).toEqual(new Set([Math.floor((later.getTime() - rollupSettleMs) / hour) * hour]));
    const hourly = await db.usageHourly.aggregate({ _sum: { requests: true } });
    expect(hourly._sum.requests).toBe(truth.length);
    expect((await usageSummary(db, { projectId: null }, "30d", later)).counters.requests).toBe(count(later.getTime() - 30 * 24 * hour).length);
  });
});
