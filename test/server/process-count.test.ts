// How many processes `npm start` runs, and why: the rule the start log reports.
import { describe, expect, it } from "vitest";
import { serverProcessPlan } from "@/lib/server/process-count";

const redis = { REDIS_URL: "redis://127.0.0.1:6379" };

describe("server processes", () => {
  it("one per core when rate budgets are shared through Redis or Upstash", () => {
    expect(serverProcessPlan(redis, { dev: false, cores: 16 })).toEqual({ count: 16, why: "one per core (16 cores; WEB_CONCURRENCY lowers it)" });
    expect(serverProcessPlan({ UPSTASH_REDIS_REST_URL: "https://x", UPSTASH_REDIS_REST_TOKEN: "t" }, { dev: false, cores: 2 }).count).toBe(2);
  });

  it("WEB_CONCURRENCY sets the count", () => {
    expect(serverProcessPlan({ ...redis, WEB_CONCURRENCY: "3" }, { dev: false, cores: 16 })).toEqual({ count: 3, why: "WEB_CONCURRENCY=3" });
    expect(serverProcessPlan({ ...redis, WEB_CONCURRENCY: "1" }, { dev: false, cores: 16 })).toEqual({ count: 1, why: "WEB_CONCURRENCY=1" });
  });

  it("one process where budgets live in the process, or in development", () => {
    expect(serverProcessPlan({}, { dev: false, cores: 16 }).count).toBe(1);
    expect(serverProcessPlan({ WEB_CONCURRENCY: "4" }, { dev: false, cores: 16 }).why).toMatch(/in-process rate-limit store/);
    expect(serverProcessPlan(redis, { dev: true, cores: 16 })).toEqual({ count: 1, why: "npm run dev serves from one process (hot reload)" });
  });

  it("refuses a count that is not a whole number", () => {
    for (const value of ["0", "-2", "two", "1.5", "1000"]) expect(() => serverProcessPlan({ ...redis, WEB_CONCURRENCY: value }, { dev: false, cores: 2 })).toThrow(/WEB_CONCURRENCY/);
  });
});
