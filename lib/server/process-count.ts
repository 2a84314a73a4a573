// How many server processes `npm start` runs: one per core where every promise made per key and per
// account holds across processes, one where it would not. The database is never the reason: the
// embedded one runs in its own process and every server process reaches it over loopback.
import os from "node:os";

export type ProcessPlan = { count: number; why: string };

/** WEB_CONCURRENCY lowers (or raises) the count; the in-process rate-limit store allows one process only. */
export function serverProcessPlan(env: Record<string, string | undefined> = process.env, options: { dev: boolean; cores?: number } = { dev: false }): ProcessPlan {
  const cores = options.cores ?? os.availableParallelism();
  if (options.dev) return { count: 1, why: "npm run dev serves from one process (hot reload)" };
  const budgetsShared = Boolean(env.REDIS_URL || (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN));
  const asked = env.WEB_CONCURRENCY?.trim();
  if (asked !== undefined && asked !== "" && !/^[1-9]\d{0,2}$/.test(asked)) {
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes from 1 to 999, not "${asked}".`);
  }
  const wanted = asked ? Number(asked) : cores;
  if (wanted === 1) return { count: 1, why: asked ? "WEB_CONCURRENCY=1" : "one core" };
  // Without Redis each process would keep its own rate budget for the same key: a key would get
  // its hourly budget once per process. One process keeps the promise.
  if (!budgetsShared) return { count: 1, why: "the in-process rate-limit store keeps budgets in one process; set REDIS_URL (or Upstash) to serve on every core" };
  return { count: wanted, why: asked ? `WEB_CONCURRENCY=${asked}` : `one per core (${cores} cores; WEB_CONCURRENCY lowers it)` };
}
