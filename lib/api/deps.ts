// What the API pipeline needs from the outside world, swappable by tests
// (a database of their own, an injected clock).
import { getDb, getSql, type Db } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { getRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { configuredRedisUrl } from "@/lib/redis/shared";
import { streamUsageRecords } from "@/lib/usage/record";
import { processWide } from "@/lib/process-wide";

export type ApiDeps = { db: () => Promise<Db>; sql: () => Promise<SqlExecutor>; limiter: () => RateLimiter; now: () => Date };

const holder = processWide<{ apiDeps: Partial<ApiDeps>; processSql: Promise<SqlExecutor> }>("lib/api/deps");

/**
 * The process's database, its usage records sent through the Redis stream where Redis is
 * configured (lib/usage/stream.ts; USAGE_STREAM=off writes them on the request path instead).
 */
function processSql(): Promise<SqlExecutor> {
  holder.processSql ??= getSql().then((sql) => {
    const redisUrl = configuredRedisUrl();
    if (redisUrl && process.env.USAGE_STREAM !== "off") streamUsageRecords(sql, { redisUrl });
    return sql;
  }, (error: unknown) => {
    holder.processSql = undefined;
    throw error;
  });
  return holder.processSql;
}

export function apiDeps(): ApiDeps {
  const overrides = holder.apiDeps ?? {};
  return {
    db: overrides.db ?? getDb,
    sql: overrides.sql ?? processSql,
    limiter: overrides.limiter ?? getRateLimiter,
    now: overrides.now ?? (() => new Date()),
  };
}

export function setApiDeps(overrides: Partial<ApiDeps>) {
  holder.apiDeps = { ...holder.apiDeps, ...overrides };
}

/** Back to the process's own parts: test files share a process, and each starts from these. */
export function clearApiDeps() {
  holder.apiDeps = {};
}
