// Request lookup: an owner finds their project's requests by id and nothing else (another
// project's id is the same null as an unknown one); staff find any; a replay and the request
// it replayed point at each other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { findRequest, requestIdSchema } from "@/lib/portal/request-lookup";
import { createWorld, openPortalDatabase, type World } from "./support/world";

describe("request lookup", () => {
  let db: Db;
  let close: () => Promise<void>;
  let world: World;
  const failed = "req_failed0000000000000000001";
  const original = "req_original00000000000000001";
  const replay = "req_replay0000000000000000001";
  const otherProjects = "req_bproject0000000000000001";

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    world = await createWorld(db);
    const at = new Date("2030-01-01T10:00:00.000Z");
    const base = { keyId: world.keyA.id, projectId: world.projectA.id, method: "POST", chain: "eth", latencyMs: 40 };
    await db.requestRecord.createMany({
      data: [
        { ...base, id: failed, endpoint: "intel/risk", httpStatus: 403, errorCode: "scope_denied", errorMessage: "This key lacks intel:read.", outcome: "denied", quoted: 2, charged: 0, createdAt: at },
        { ...base, id: original, endpoint: "contract/analysis", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, createdAt: new Date(at.getTime() + 1000) },
        { ...base, id: replay, endpoint: "contract/analysis", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, replayOf: original, latencyMs: 2, createdAt: new Date(at.getTime() + 5000) },
        { keyId: world.keyB.id, projectId: world.projectB.id, id: otherProjects, endpoint: "me", method: "GET", httpStatus: 200, outcome: "success", quoted: 0, charged: 0, latencyMs: 1, createdAt: at },
      ],
    });
  });
  afterAll(async () => close());

  it("finds a failed request of the project with its code, message, masked key and costs", async () => {
    const found = await findRequest(db, { projectId: world.projectA.id }, failed);
    expect(found).toMatchObject({
      id: failed, endpoint: "intel/risk", method: "POST", httpStatus: 403, errorCode: "scope_denied", errorMessage: "This key lacks intel:read.",
      outcome: "denied", outcomeLabel: "Denied", counterLabel: "Errors", quoted: 2, charged: 0, chain: "eth", latencyMs: 40, replayOf: null, replays: [],
      key: { id: world.keyA.id, name: "A live key", masked: `svc_live_…${world.keyA.lastFour}` },
      project: { id: world.projectA.id },
    });
    expect(JSON.stringify(found)).not.toContain(world.keyA.hash);
  });

  it("links an idempotent replay and the request whose answer it returned, both ways", async () => {
    expect(await findRequest(db, { projectId: world.projectA.id }, replay)).toMatchObject({ replayOf: original, replays: [] });
    const first = await findRequest(db, { projectId: world.projectA.id }, original);
    expect(first?.replayOf).toBeNull();
    expect(first?.replays.map((r) => r.id)).toEqual([replay]);
  });

  it("answers another project's request exactly like an unknown one, and staff find either", async () => {
    expect(await findRequest(db, { projectId: world.projectA.id }, otherProjects)).toBeNull();
    expect(await findRequest(db, { projectId: world.projectA.id }, "req_doesnotexist000000000000")).toBeNull();
    expect(await findRequest(db, { projectId: world.projectB.id }, failed)).toBeNull();
    expect((await findRequest(db, { projectId: null }, otherProjects))?.project.id).toBe(world.projectB.id);
    expect((await findRequest(db, { projectId: null }, failed))?.project.id).toBe(world.projectA.id);
  });

  it("takes ids as the API gives them, trimmed, and refuses anything else with words", async () => {
    expect(requestIdSchema.parse(`  ${failed}\n`)).toBe(failed);
    for (const bad of ["", "   ", "prj_abc", "req_", "req_abc def", "req_abc%00", `req_${"a".repeat(200)}`]) {
      const parsed = requestIdSchema.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/request id/);
    }
    expect(await findRequest(db, { projectId: null }, "req_abc%00")).toBeNull();
  });
});
