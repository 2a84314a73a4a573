// The three stores make the same decisions; a request denied by one window spends
// no other window's budget; plain Redis runs @upstash/ratelimit's scripts with one
// EVALSHA per window once they are loaded.
import { randomBytes } from "node:crypto";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Ratelimit } from "@upstash/ratelimit";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimiter, rateLimitHeaders, type RateLimiter, type RatePolicy } from "@/lib/rate-limit";
import { createRedisRequester } from "@/lib/rate-limit/redis-requester";
import { RespClient } from "@/lib/redis/resp-client";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const hour = 3_600_000;
const day = 86_400_000;

function limiters(): Array<[string, RateLimiter]> {
  const prefix = `rl-test-${randomBytes(4).toString("hex")}`;
  return [
    ["memory", createRateLimiter({ env: {}, prefix })],
    ["redis", createRateLimiter({ env: { REDIS_URL: redisUrl }, prefix })],
  ];
}

describe("rate limiter", () => {
  const opened: RateLimiter[] = [];
  afterAll(async () => {
    for (const limiter of opened) await limiter.close();
  });

  it("memory and Redis make identical decisions on the same sequence", async () => {
    const policy: RatePolicy = { name: "seq", windows: [{ name: "hour", limit: 3, windowMs: hour }, { name: "day", limit: 5, windowMs: day }] };
    const traces: Record<string, unknown[]> = {};
    for (const [name, limiter] of limiters()) {
      opened.push(limiter);
      const trace = [];
      for (let i = 0; i < 6; i++) {
        const decision = await limiter.check("caller", policy);
        trace.push([decision.allowed, decision.deniedBy ?? null, decision.windows.map((w) => w.remaining)]);
      }
      traces[name] = trace;
    }
    expect(traces.memory).toEqual([
      [true, null, [2, 4]],
      [true, null, [1, 3]],
      [true, null, [0, 2]],
      [false, "hour", [0, 2]],
      [false, "hour", [0, 2]],
      [false, "hour", [0, 2]],
    ]);
    expect(traces.redis).toEqual(traces.memory);
  });

  it("a request denied by a longer window gives back what the shorter ones took", async () => {
    const policy: RatePolicy = { name: "refund", windows: [{ name: "hour", limit: 10, windowMs: hour }, { name: "day", limit: 2, windowMs: day }] };
    for (const [, limiter] of limiters()) {
      opened.push(limiter);
      await limiter.check("c", policy);
      await limiter.check("c", policy);
      const third = await limiter.check("c", policy);
      expect({ allowed: third.allowed, deniedBy: third.deniedBy }).toEqual({ allowed: false, deniedBy: "day" });
      const remaining = Object.fromEntries((await limiter.remaining("c", policy)).map((w) => [w.name, w.remaining]));
      expect(remaining).toEqual({ hour: 8, day: 0 });
    }
  });

  it("plain Redis: the Upstash-only script line is stripped and steady state is one EVALSHA per window", async () => {
    const client = RespClient.fromUrl(redisUrl);
    const commands: string[] = [];
    const redis = new UpstashRedis(createRedisRequester(client, (command) => commands.push(command)));
    const limiter = new Ratelimit({ redis, limiter: Ratelimit.slidingWindow(5, "1 h"), prefix: `rl-sha-${randomBytes(4).toString("hex")}`, ephemeralCache: false });
    expect((await limiter.limit("x")).success).toBe(true);
    commands.length = 0;
    expect((await limiter.limit("x")).remaining).toBe(3);
    expect(commands).toEqual(["evalsha"]);
    client.close();
  });

  it("formats the IETF and the widely used RateLimit headers for the most constraining window", () => {
    const now = 1_000_000;
    const headers = rateLimitHeaders(
      { allowed: false, deniedBy: "second", retryAfterSeconds: 1, windows: [
        { name: "second", limit: 1, windowMs: 1_000, remaining: 0, resetAt: now + 400 },
        { name: "hour", limit: 25, windowMs: hour, remaining: 24, resetAt: now + 3_000_000 },
      ] },
      now,
    );
    expect(headers).toEqual({
      "RateLimit-Policy": '"second";q=1;w=1, "hour";q=25;w=3600',
      RateLimit: '"second";r=0;t=1',
      "RateLimit-Limit": "1",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1",
      "Retry-After": "1",
    });
  });
});
