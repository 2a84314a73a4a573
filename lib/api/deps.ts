// What the API pipeline needs from the outside world, swappable by tests
// (a database of their own, an injected clock).
import { getDb, getSql, type Db } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { getRateLimiter, type RateLimiter } from "@/lib/rate-limit";

export type ApiDeps = { db: () => Promise<Db>; sql: () => Promise<SqlExecutor>; limiter: () => RateLimiter; now: () => Date };

const holder = globalThis as unknown as { __apiDeps?: Partial<ApiDeps> };

export function apiDeps(): ApiDeps {
  const overrides = holder.__apiDeps ?? {};
  return {
    db: overrides.db ?? getDb,
    sql: overrides.sql ?? getSql,
    limiter: overrides.limiter ?? getRateLimiter,
    now: overrides.now ?? (() => new Date()),
  };
}

export function setApiDeps(overrides: Partial<ApiDeps>) {
  holder.__apiDeps = { ...holder.__apiDeps, ...overrides };
}
