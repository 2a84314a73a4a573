// The pipeline's per-process parts, across processes sharing PostgreSQL and Redis: a key's
// context kept in each process for a while (a revocation, a suspension or a switch made anywhere
// reaches every process within a second, through Redis), and usage records written off the
// request path through a Redis stream (a process killed after its answers went out loses none of
// their records: the next process writes them; a stopping process writes them before it exits).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, revokeKey, setProjectStatus, suspendKey, unsuspendKey } from "@/lib/operator/operations";
import { closeKeyContextSubscription } from "@/lib/keys/change-notices";
import { RespClient } from "@/lib/redis/resp-client";
import { closeSharedRedis } from "@/lib/redis/shared";
import { claimIdleMs } from "@/lib/usage/stream";
import { createHarness, type Harness } from "../support/harness";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const savedRedisUrl = process.env.REDIS_URL;

describe.runIf(process.env.TEST_REDIS_URL)("the pipeline across processes sharing PostgreSQL and Redis", () => {
  let h: Harness;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // This process is the operator's (the portal, the CLI): its changes are published through Redis.
    process.env.REDIS_URL = redisUrl;
    h = await createHarness("postgres+redis");
  }, 120_000);

  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
  });

  afterAll(async () => {
    if (savedRedisUrl === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = savedRedisUrl;
    closeKeyContextSubscription();
    closeSharedRedis();
    await h?.close();
  });

  async function startInstance(options: { drain: boolean }): Promise<{ url: string; child: ChildProcess }> {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "fixtures/pipeline-instance.ts")], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, INSTANCE_DATABASE_URL: h.databaseUrl, INSTANCE_REDIS_URL: redisUrl, INSTANCE_RATE_PREFIX: `pipeline-${process.pid}-${Date.now()}`, INSTANCE_USAGE_DRAIN: options.drain ? "on" : "off" },
    });
    children.push(child);
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    return { url: line.toString().trim(), child };
  }

  const me = (url: string, key: string) => fetch(`${url}/v1/api/me`, { headers: { "x-api-key": key } }).then(async (response) => ({ status: response.status, body: await response.json() }));

  /** Calls `me` on the other process until it answers `error`; returns how long that took after the change. */
  async function untilRefused(url: string, key: string, error: string): Promise<number> {
    const started = performance.now();
    for (;;) {
      const answer = await me(url, key);
      if (answer.body.error === error) return performance.now() - started;
      // Before the change reaches it: served (or over the one-a-second metadata budget).
      expect([200, 429]).toContain(answer.status);
      if (performance.now() - started > 5_000) throw new Error(`the other process still served the key 5 s after the change (last: ${answer.status} ${answer.body.error ?? ""})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("a revocation, a suspension, a project's suspension and the public API switch made in one process reach another process that holds the key's context within a second", async () => {
    const { url } = await startInstance({ drain: true });
    const waits: Record<string, number> = {};

    const revoked = await h.key();
    expect((await me(url, revoked.key)).status).toBe(200);
    await revokeKey(h.db, "test", { keyId: revoked.id });
    waits.revoke = await untilRefused(url, revoked.key, "revoked_api_key");

    const suspended = await h.key();
    expect((await me(url, suspended.key)).status).toBe(200);
    await suspendKey(h.db, "test", { keyId: suspended.id, reason: "abuse" });
    waits.suspend = await untilRefused(url, suspended.key, "suspended_key");
    await unsuspendKey(h.db, "test", { keyId: suspended.id });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await me(url, suspended.key)).status).toBe(200);

    await setProjectStatus(h.db, "test", { projectId: h.project.id, status: "suspended", reason: "review" });
    waits.project = await untilRefused(url, suspended.key, "project_disabled");
    await setProjectStatus(h.db, "test", { projectId: h.project.id, status: "active" });

    const switched = await h.key();
    expect((await me(url, switched.key)).status).toBe(200);
    await changeSettings(h.db, "test", { publicApiEnabled: false });
    try {
      waits.switch = await untilRefused(url, switched.key, "public_api_disabled");
    } finally {
      await changeSettings(h.db, "test", { publicApiEnabled: true });
    }
    for (const wait of Object.values(waits)) expect(wait).toBeLessThan(1_000);
  }, 60_000);

  async function recordsOf(ids: string[]) {
    return h.db.requestRecord.findMany({ where: { id: { in: ids } }, select: { id: true, httpStatus: true } });
  }

  async function answered(url: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      // A key of its own for each call: the one-a-second metadata budget never refuses.
      const { key } = await h.key();
      const answer = await me(url, key);
      expect(answer.status).toBe(200);
      ids.push(answer.body.meta.request_id);
    }
    return ids;
  }

  it("a process killed (SIGKILL) after its answers went out, before it wrote their records, loses none: the next process writes each once, also those a dead process had read", async () => {
    const first = await startInstance({ drain: false });
    const ids = await answered(first.url, 12);
    // Answered, and not in the database: the records are in the stream only.
    expect(await recordsOf(ids)).toEqual([]);
    first.child.kill("SIGKILL");
    await once(first.child, "exit");

    // A third process read five of them and died too: they are pending under its name.
    const [{ id: migrationId }] = await h.db.$queryRawUnsafe<Array<{ id: string }>>(`SELECT id FROM "_prisma_migrations" ORDER BY migration_name, started_at LIMIT 1`);
    const stream = `usage:${migrationId}`;
    const redis = RespClient.fromUrl(redisUrl);
    await redis.call("XGROUP", "CREATE", stream, "usage-writers", "0", "MKSTREAM").catch(() => undefined);
    const taken = (await redis.call("XREADGROUP", "GROUP", "usage-writers", "dead-consumer", "COUNT", 2, "STREAMS", stream, ">")) as unknown[] | null;
    expect(taken).not.toBeNull();
    redis.close();

    const started = performance.now();
    await startInstance({ drain: true });
    for (;;) {
      const records = await recordsOf(ids);
      if (records.length === ids.length) break;
      if (performance.now() - started > claimIdleMs + 10_000) throw new Error(`${records.length} of ${ids.length} records written`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const records = await recordsOf(ids);
    expect(records.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(records.every((r) => r.httpStatus === 200)).toBe(true);
  }, 60_000);

  it("a stopping process (SIGTERM) writes the records of what it answered before it exits", async () => {
    const instance = await startInstance({ drain: false });
    const ids = await answered(instance.url, 8);
    expect(await recordsOf(ids)).toEqual([]);
    instance.child.kill("SIGTERM");
    const [code] = (await once(instance.child, "exit")) as [number];
    expect(code).toBe(0);
    expect((await recordsOf(ids)).map((r) => r.id).sort()).toEqual([...ids].sort());
  }, 60_000);
});
