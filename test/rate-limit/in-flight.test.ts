// Slots for work in flight (a key's intelligence calls, an MCP request id), in both stores: this
// process's memory with an injected clock, and real Redis shared by two limiters as two instances
// share it. A slot ends when released or when its lease runs out, whoever held it.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { MemoryInFlightSlots } from "@/lib/rate-limit/in-flight";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("in-process slots", () => {
  it("give at most the limit, take a released slot back, and drop a lease whose time is up", async () => {
    let now = 0;
    const slots = new MemoryInFlightSlots(() => now);
    const first = await slots.acquire("k", 2, 1_000);
    const second = await slots.acquire("k", 2, 1_000);
    expect([first, second].every(Boolean)).toBe(true);
    expect(await slots.acquire("k", 2, 1_000)).toBeNull();
    expect(await slots.acquire("other", 2, 1_000)).not.toBeNull();
    await first!();
    expect(await slots.held("k")).toBe(1);
    expect(await slots.acquire("k", 2, 1_000)).not.toBeNull();
    now = 1_000;
    expect(await slots.held("k")).toBe(0);
  });

  it("word left under a name is taken once, and not after its time", async () => {
    let now = 0;
    const slots = new MemoryInFlightSlots(() => now);
    await slots.signal("cancel", 100);
    expect(await slots.takeSignal("cancel")).toBe(true);
    expect(await slots.takeSignal("cancel")).toBe(false);
    await slots.signal("late", 100);
    now = 100;
    expect(await slots.takeSignal("late")).toBe(false);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("slots in Redis, shared by two instances", () => {
  const prefix = `in-flight-test-${randomBytes(4).toString("hex")}`;
  const one: RateLimiter = createRateLimiter({ env: { REDIS_URL: redisUrl }, prefix });
  const two: RateLimiter = createRateLimiter({ env: { REDIS_URL: redisUrl }, prefix });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it("count one limit across both, and a slot its holder never releases comes back when its lease runs out", async () => {
    const held = await one.inFlight.acquire("key", 2, 300);
    expect(await two.inFlight.acquire("key", 2, 60_000)).not.toBeNull();
    expect(await two.inFlight.acquire("key", 2, 60_000)).toBeNull();
    expect(await one.inFlight.held("key")).toBe(2);
    expect(held).not.toBeNull();
    // The holder of the short lease "dies": nothing releases it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await two.inFlight.held("key")).toBe(1);
    expect(await two.inFlight.acquire("key", 2, 60_000)).not.toBeNull();
  });

  it("word left by one instance is taken once by the other", async () => {
    await one.inFlight.signal("cancel", 5_000);
    expect(await two.inFlight.takeSignal("cancel")).toBe(true);
    expect(await one.inFlight.takeSignal("cancel")).toBe(false);
  });
});
