// An API test harness on real parts: a fresh PostgreSQL database and real Redis, or
// the embedded defaults (in-memory PGlite and the in-process limiter). Keys are
// minted through the production operator functions.
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "@/lib/db/generated/client";
import { createDatabase } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrations";
import { pgliteExecutor, type SqlExecutor } from "@/lib/db/sql-executor";
import { setApiDeps } from "@/lib/api/deps";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { createKey, createProject, createUser } from "@/lib/operator/operations";
import type { KeyOptionsInput } from "@/lib/operator/key-options";
import type { Db } from "@/lib/db/client";
import { createTestDatabase } from "./postgres";
import { routeFor } from "./routes";
import type { BodyOf, CallResponse, UntypedBody } from "./responses";

export { expectFailure, expectSuccess, type BodyOf, type CallResponse } from "./responses";

export type CallInit = { key?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string | ReadableStream<Uint8Array>; signal?: AbortSignal };

export type Backend = "postgres+redis" | "pglite+memory";

export const backends: Backend[] = ["postgres+redis", "pglite+memory"];

export async function createHarness(backend: Backend) {
  const cleanups: Array<() => Promise<void>> = [];
  let db: Db;
  let sql: SqlExecutor;
  let databaseUrl: string | undefined;
  if (backend === "postgres+redis") {
    const testDatabase = await createTestDatabase();
    databaseUrl = testDatabase.url;
    const database = await createDatabase({ ...process.env, DATABASE_URL: testDatabase.url, DATABASE_POOL_SIZE: "20" });
    db = database.prisma;
    sql = database.sql;
    cleanups.push(testDatabase.drop, database.close);
  } else {
    const lite = await PGlite.create();
    await applyMigrations(pgliteExecutor(lite));
    db = new PrismaClient({ adapter: new PrismaPGlite(lite) });
    sql = pgliteExecutor(lite);
    cleanups.push(() => lite.close(), () => db.$disconnect());
  }

  const prefix = `test-${randomBytes(4).toString("hex")}`;
  const clock = { now: new Date() };
  const created = createRateLimiter({
    env: backend === "postgres+redis" ? { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" } : {},
    prefix,
    clock: () => clock.now.getTime(),
  });
  const limiter: RateLimiter = created;
  cleanups.push(async () => created.close?.());
  setApiDeps({ db: async () => db, sql: async () => sql, limiter: () => limiter, now: () => clock.now });

  const owner = await createUser(db, "test", { email: `owner-${prefix}@example.com` });
  const project = await createProject(db, "test", { ownerEmail: owner.email, name: "Test project" });

  return {
    db,
    /** The PostgreSQL database's URL (postgres+redis only), for a second connection or a proxy in front. */
    databaseUrl,
    limiter,
    clock,
    owner,
    project,
    async key(options: Partial<KeyOptionsInput> = {}) {
      const made = await createKey(db, "test", { projectId: project.id, mode: "live", permissions: ["intel:read", "security:read", "liquidity:read", "contract:read"], ...options });
      return { id: made.id, key: made.fullKey, masked: made.masked };
    },
    /** One call through the route Next would pick; the body is typed by the endpoint the path names (BodyOf). */
    async call<const Path extends string>(method: string, path: Path, init: CallInit = {}): Promise<CallResponse<BodyOf<Path>>> {
      const headers = new Headers(init.headers);
      if (init.key) headers.set("x-api-key", init.key);
      const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
      if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
      const request = new Request(`http://localhost/v1/api/${path}`, { method, headers, body, signal: init.signal, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
      const response = await routeFor(method, path)(request);
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    /** The same call with the body untyped: only in the files not yet moved to the typed call (each found by its use of callUntyped). */
    async callUntyped(method: string, path: string, init: CallInit = {}): Promise<CallResponse<UntypedBody>> {
      return this.call(method, path, init);
    },
    async close() {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;
