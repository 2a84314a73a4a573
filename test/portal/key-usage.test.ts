// Per-key figures on the Keys tab: counted like the Usage tab's counters, so a project's
// keys add up to the project in every window; and the hint on keys unused for 30 days.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createKey } from "@/lib/operator/operations";
import { isUnusedKey, keyUsageFigures } from "@/lib/portal/key-usage";
import { usageSummary, usageTimeline } from "@/lib/portal/usage";
import { createWorld, openPortalDatabase, type World } from "./support/world";

const hour = 3_600_000;

describe("usage per key", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  let secondKey: string;
  const now = new Date("2030-06-15T12:30:00.000Z");

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
    await db.requestRecord.deleteMany({});
    secondKey = (await createKey(db, "test", { projectId: world.projectA.id, name: "second", mode: "live", permissions: ["intel:read"] })).id;
    const rows: Array<[key: string, agoMs: number, outcome: "success" | "denied" | "rate_limited" | "server_error" | "honest_empty", charged: number]> = [
      [world.keyA.id, 1 * hour, "success", 2],
      [world.keyA.id, 2 * hour, "denied", 0],
      [world.keyA.id, 3 * 24 * hour, "success", 5],
      [world.keyA.id, 20 * 24 * hour, "server_error", 0],
      [secondKey, 30 * 60_000, "success", 10],
      [secondKey, 5 * hour, "rate_limited", 0],
      [secondKey, 6 * 24 * hour, "honest_empty", 0],
      [secondKey, 29 * 24 * hour, "success", 3],
      [secondKey, 31 * 24 * hour, "success", 100],
    ];
    await db.requestRecord.createMany({
      data: rows.map(([keyId, ago, outcome, charged]) => ({
        id: newId("req"), keyId, projectId: world.projectA.id, endpoint: "intel/risk", method: "POST", httpStatus: outcome === "success" ? 200 : 403, outcome, quoted: 2, charged, latencyMs: 5,
        createdAt: new Date(now.getTime() - ago),
      })),
    });
    // Another project's key must not show up among A's.
    await db.requestRecord.create({ data: { id: newId("req"), keyId: world.keyB.id, projectId: world.projectB.id, endpoint: "me", method: "GET", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, latencyMs: 1, createdAt: now } });
  });
  afterAll(async () => close());

  it("counts each key's requests, errors and credits per window", async () => {
    const figures = await keyUsageFigures(db, world.projectA.id, now);
    expect([...figures.keys()].sort()).toEqual([world.keyA.id, secondKey].sort());
    expect(figures.get(world.keyA.id)).toEqual({ "24h": { requests: 2, errors: 1, credits: 2 }, "7d": { requests: 3, errors: 1, credits: 7 }, "30d": { requests: 4, errors: 2, credits: 7 } });
    expect(figures.get(secondKey)).toEqual({ "24h": { requests: 2, errors: 0, credits: 10 }, "7d": { requests: 3, errors: 0, credits: 10 }, "30d": { requests: 4, errors: 0, credits: 13 } });
  });

  it("adds up to the project's counters in every window", async () => {
    const figures = [...(await keyUsageFigures(db, world.projectA.id, now)).values()];
    for (const window of ["24h", "7d", "30d"] as const) {
      const { counters } = await usageSummary(db, { projectId: world.projectA.id }, window, now);
      const sum = (pick: (f: (typeof figures)[number][typeof window]) => number) => figures.reduce((total, f) => total + pick(f[window]), 0);
      expect({ window, requests: sum((f) => f.requests), errors: sum((f) => f.errors), credits: sum((f) => f.credits) }).toEqual({ window, requests: counters.requests, errors: counters.errors, credits: counters.creditsUsed });
    }
  });

  it("narrows the Usage tab's counters and chart to one key, and a foreign key id to nothing", async () => {
    const one = await usageSummary(db, { projectId: world.projectA.id, keyId: secondKey }, "7d", now);
    expect(one.counters).toMatchObject({ requests: 3, successful: 1, honestEmpty: 1, rateLimited: 1, errors: 0, creditsUsed: 10 });
    const timeline = await usageTimeline(db, { projectId: world.projectA.id, keyId: secondKey }, "7d", now);
    expect(timeline.reduce((total, bucket) => total + bucket.requests, 0)).toBe(3);
    expect(timeline.reduce((total, bucket) => total + bucket.charged, 0)).toBe(10);
    expect((await usageSummary(db, { projectId: world.projectA.id, keyId: world.keyB.id }, "30d", now)).counters.requests).toBe(0);
  });

  it("hints at keys unused for 30 days, never at retired ones", () => {
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    expect(isUnusedKey({ state: "active", lastUsedAt: ago(31), createdAt: ago(90) }, now)).toBe(true);
    expect(isUnusedKey({ state: "active", lastUsedAt: ago(29), createdAt: ago(90) }, now)).toBe(false);
    expect(isUnusedKey({ state: "active", lastUsedAt: null, createdAt: ago(30) }, now)).toBe(true);
    expect(isUnusedKey({ state: "active", lastUsedAt: null, createdAt: ago(2) }, now)).toBe(false);
    expect(isUnusedKey({ state: "suspended", lastUsedAt: ago(45), createdAt: ago(90) }, now)).toBe(true);
    expect(isUnusedKey({ state: "revoked", lastUsedAt: ago(45), createdAt: ago(90) }, now)).toBe(false);
  });
});
