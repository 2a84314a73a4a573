// Two pipeline steps alone: the key's slot for an intelligence call in flight (holdReadSlot) and
// the credits check (assertCredits), on the in-process store and plain figures.
import { describe, expect, it } from "vitest";
import { getEndpoint } from "@/lib/api-contract/endpoints";
import { isApiError } from "@/lib/errors/api-error";
import { holdReadSlot, isInFlightRefusal } from "@/lib/api/pipeline/in-flight";
import { assertCredits } from "@/lib/api/pipeline/credits";
import { MemoryInFlightSlots, type InFlightSlots } from "@/lib/rate-limit/in-flight";
import { utcDay } from "@/lib/billing/credits";

const risk = getEndpoint("intel/risk");
const me = getEndpoint("me");
const input = (slots: InFlightSlots, endpoint = risk) => holdReadSlot(slots, { keyId: "key_1", endpoint, limit: 2, deadlineMs: 1_000, rateHeaders: { "RateLimit-Policy": '"hour";q=1000;w=3600' } });

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("holdReadSlot", () => {
  it("holds at most the limit of a key's intelligence calls; the next is rate_limited with Retry-After 1 and the key's RateLimit headers, marked as this cap's", async () => {
    const slots = new MemoryInFlightSlots();
    const first = await input(slots);
    await input(slots);
    const refusal = await input(slots).then(() => undefined, (error: unknown) => error);
    expect(isApiError(refusal) && { code: refusal.code, status: refusal.status, headers: refusal.headers }).toEqual({
      code: "rate_limited",
      status: 429,
      headers: { "RateLimit-Policy": '"hour";q=1000;w=3600', "Retry-After": "1" },
    });
    expect(isInFlightRefusal(refusal as never)).toBe(true);
    await first();
    await expect(input(slots)).resolves.toBeTypeOf("function");
  });

  it("does not hold the metadata surface", async () => {
    const slots = new MemoryInFlightSlots();
    for (let i = 0; i < 5; i++) await input(slots, me);
    expect(await slots.held("intel:key_1")).toBe(0);
  });

  it("a store that cannot answer is 503 unavailable, never a free pass", async () => {
    const silent: InFlightSlots = { acquire: () => Promise.reject(new Error("down")), held: async () => 0, signal: async () => undefined, takeSignal: async () => false };
    await expect(input(silent)).rejects.toMatchObject({ code: "unavailable", status: 503 });
  });
});

describe("assertCredits", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const account = (balance: number, freeUsed: number) => ({ id: "acct_1", balance, freeCreditsDay: utcDay(now), freeCreditsUsed: freeUsed });

  it("passes when free credits and the balance cover the price", () => {
    expect(() => assertCredits(account(1, 4), 2, now, "proj_1")).not.toThrow();
  });

  it("says the price and what is left, in the message and as figures", () => {
    const error = caught(() => assertCredits(account(0, 4), 2, now, "proj_1"));
    expect(isApiError(error) && { code: error.code, details: error.details }).toEqual({ code: "payment_required", details: { price: 2, available: 1, free_credits_left: 1, balance: 0 } });
    expect((error as Error).message).toMatch(/^This call costs 2 credits; the account has 1 credit left \(1 of today's free credits, a balance of 0\)\. .*proj_1/);
  });
});
