// When the rate-limit store does not answer, a request is refused with 503 and
// nothing is charged — never let through unbudgeted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setApiDeps } from "@/lib/api/deps";
import { createRateLimiter, RateLimitStoreError } from "@/lib/rate-limit";
import { createHarness, type Harness } from "../support/harness";

describe("rate-limit store down", () => {
  let h: Harness;
  const dead = createRateLimiter({ env: { REDIS_URL: "redis://127.0.0.1:1" }, prefix: "dead" });
  beforeAll(async () => {
    h = await createHarness("postgres+redis");
    setApiDeps({ limiter: () => dead });
  });
  afterAll(async () => {
    await dead.close();
    await h.close();
  });

  it("the limiter rejects with RateLimitStoreError", async () => {
    await expect(dead.check("k", { name: "p", windows: [{ name: "hour", limit: 10, windowMs: 3_600_000 }] })).rejects.toBeInstanceOf(RateLimitStoreError);
  });

  it("an API call answers 503 unavailable, recorded and uncharged", async () => {
    const { key } = await h.key();
    const response = await h.call("GET", "me", { key });
    expect({ status: response.status, error: response.body.error }).toEqual({ status: 503, error: "unavailable" });
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: response.body.request_id } });
    expect({ outcome: record.outcome, charged: record.charged }).toEqual({ outcome: "server_error", charged: 0 });
  });
});
