// Rate limits: a policy is one or more sliding windows checked together for one
// identifier. Stores: Upstash (REST), plain Redis (TCP, through the same
// @upstash/ratelimit scripts) or, on the embedded default, this process's memory
// with the same algorithm and so the same decisions.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis as UpstashRedis } from "@upstash/redis";
import { createRedisRequester } from "./redis-requester";
import { RespClient } from "@/lib/redis/resp-client";
import { MemoryWindowStore } from "./memory-store";
import { MemoryInFlightSlots, RedisInFlightSlots, type InFlightSlots } from "./in-flight";

export { rateLimitHeaders } from "./headers";
export type { InFlightSlots } from "./in-flight";
export { RateLimitStoreError, type RateDecision, type RateLimiter, type RatePolicy, type RateWindow, type WindowState, type WindowStore } from "./types";
import { RateLimitStoreError, type RateLimiter, type RatePolicy, type RateWindow, type WindowState, type WindowStore } from "./types";
import { serverLog } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

class UpstashWindowStore implements WindowStore {
  private readonly limiters = new Map<string, Ratelimit>();
  constructor(private readonly redis: UpstashRedis, private readonly prefix: string) {}

  private limiterFor(window: RateWindow) {
    const id = `${window.limit}/${window.windowMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      // No ephemeral cache (it would make denials sticky) and no timeout (a slow store must not mean "allowed").
      limiter = new Ratelimit({ redis: this.redis, limiter: Ratelimit.slidingWindow(window.limit, `${window.windowMs} ms`), prefix: this.prefix, ephemeralCache: false, timeout: 0, analytics: false });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
  async limit(key: string, window: RateWindow, rate: number) {
    const result = await this.limiterFor(window).limit(key, { rate });
    return { success: result.success, remaining: result.remaining, reset: result.reset };
  }
  async getRemaining(key: string, window: RateWindow) {
    const result = await this.limiterFor(window).getRemaining(key);
    return { remaining: result.remaining, reset: result.reset };
  }
  async reset(key: string, window: RateWindow) {
    await this.limiterFor(window).resetUsedTokens(key);
  }
}

function windowKey(policy: RatePolicy, window: RateWindow, identifier: string) {
  return `${policy.name}:${window.name}:${identifier}`;
}

/** Shortest window first: it denies most often, and a denial stops before the longer ones are touched. */
function ordered(policy: RatePolicy) {
  return [...policy.windows].sort((a, b) => a.windowMs - b.windowMs);
}

export function compositeLimiter(kind: RateLimiter["kind"], store: WindowStore, now: () => number, close: () => Promise<void> = async () => undefined, inFlight: InFlightSlots = new MemoryInFlightSlots(now)): RateLimiter {
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw error instanceof RateLimitStoreError ? error : new RateLimitStoreError(error);
    }
  };

  const remaining = (identifier: string, policy: RatePolicy) =>
    guard(() =>
      Promise.all(
        policy.windows.map(async (window) => {
          const state = await store.getRemaining(windowKey(policy, window, identifier), window);
          return { name: window.name, limit: window.limit, windowMs: window.windowMs, remaining: state.remaining, resetAt: state.reset };
        }),
      ),
    );

  return {
    kind,
    inFlight: {
      acquire: (name, limit, leaseMs) => guard(() => inFlight.acquire(name, limit, leaseMs)),
      held: (name) => guard(() => inFlight.held(name)),
      signal: (name, ttlMs) => guard(() => inFlight.signal(name, ttlMs)),
      takeSignal: (name) => guard(() => inFlight.takeSignal(name)),
    },
    remaining,
    check: (identifier, policy) =>
      guard(async () => {
        const consumed: RateWindow[] = [];
        const states = new Map<string, WindowState>();
        for (const window of ordered(policy)) {
          const result = await store.limit(windowKey(policy, window, identifier), window, 1);
          states.set(window.name, { name: window.name, limit: window.limit, windowMs: window.windowMs, remaining: result.remaining, resetAt: result.reset });
          if (!result.success) {
            // A denied request spends no window: give back what this request took.
            await Promise.all(consumed.map((w) => store.limit(windowKey(policy, w, identifier), w, -1)));
            for (const w of consumed) {
              const state = states.get(w.name)!;
              states.set(w.name, { ...state, remaining: Math.min(w.limit, state.remaining + 1) });
            }
            const untouched = await remaining(identifier, { ...policy, windows: policy.windows.filter((w) => !states.has(w.name)) });
            for (const state of untouched) states.set(state.name, state);
            return {
              allowed: false,
              deniedBy: window.name,
              retryAfterSeconds: Math.max(1, Math.ceil((result.reset - now()) / 1000)),
              windows: policy.windows.map((w) => states.get(w.name)!),
            };
          }
          consumed.push(window);
        }
        return { allowed: true, windows: policy.windows.map((w) => states.get(w.name)!) };
      }),
    async reset(identifier, policy) {
      await guard(() => Promise.all(policy.windows.map((w) => store.reset(windowKey(policy, w, identifier), w))));
    },
    close,
  };
}

export function createRateLimiter(options: { env?: NodeJS.ProcessEnv | Record<string, string | undefined>; prefix?: string; clock?: () => number } = {}): RateLimiter {
  const env = options.env ?? process.env;
  const prefix = options.prefix ?? "rl";
  const clock = options.clock ?? Date.now;
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new UpstashRedis({ url: env.UPSTASH_REDIS_REST_URL, token: env.UPSTASH_REDIS_REST_TOKEN, automaticDeserialization: false });
    const slots = new RedisInFlightSlots((script, keys, args) => redis.eval(script, keys, args), prefix);
    return compositeLimiter("upstash", new UpstashWindowStore(redis, prefix), Date.now, undefined, slots);
  }
  if (env.REDIS_URL) {
    // Errors, a refused connection included, reach each command as RateLimitStoreError.
    const client = RespClient.fromUrl(env.REDIS_URL);
    const redis = new UpstashRedis(createRedisRequester(client));
    const slots = new RedisInFlightSlots((script, keys, args) => client.call("EVAL", script, String(keys.length), ...keys, ...args), prefix);
    return compositeLimiter("redis", new UpstashWindowStore(redis, prefix), Date.now, async () => client.close(), slots);
  }
  return compositeLimiter("memory", new MemoryWindowStore(clock), clock);
}

/** One line for the start-up log: which store the limits live in. */
export function describeRateLimitStore(env: NodeJS.ProcessEnv = process.env): string {
  if (env.UPSTASH_REDIS_REST_URL && env.UPSTASH_REDIS_REST_TOKEN) return "rate limits: Upstash (shared by every instance)";
  if (env.REDIS_URL) return "rate limits: Redis from REDIS_URL (shared by every instance)";
  return "rate limits: in-process store (no REDIS_URL or Upstash configured) — correct for a single instance only";
}

const holder = processWide<{ rateLimiter: RateLimiter }>("lib/rate-limit/index");

export function getRateLimiter(): RateLimiter {
  if (!holder.rateLimiter) {
    holder.rateLimiter = createRateLimiter();
    if (holder.rateLimiter.kind === "memory") serverLog().info(describeRateLimitStore());
  }
  return holder.rateLimiter;
}
