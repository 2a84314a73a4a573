// What the server's own request handlers (Auth.js and the portal's pages and actions) read from the
// outside world, swappable in tests: the database, the rate limiter and the clock. It sits below
// both, so Auth.js reads the portal's database without importing the portal (lib/portal/deps.ts
// adds what only the portal needs, the signed-in user among them).
import { getDb, type Db } from "@/lib/db/client";
import { getRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { processWide } from "@/lib/process-wide";

export type ServerDeps = {
  db: () => Promise<Db>;
  limiter: () => RateLimiter;
  now: () => Date;
};

const defaults: ServerDeps = { db: getDb, limiter: getRateLimiter, now: () => new Date() };

const holder = processWide<{ serverDeps: ServerDeps }>("lib/server/deps");

export function serverDeps(): ServerDeps {
  return holder.serverDeps ?? defaults;
}

export function setServerDeps(overrides: Partial<ServerDeps>) {
  holder.serverDeps = { ...defaults, ...overrides };
}
