// When the rate-limit store cannot decide (it refuses the connection, or accepts
// commands and never answers), a request is refused with 503 and nothing is charged —
// never let through unbudgeted.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setApiDeps } from "@/lib/api/deps";
import { createRateLimiter, RateLimitStoreError, type RateLimiter } from "@/lib/rate-limit";
import { createHarness, expectFailure, type Harness } from "../support/harness";

const silentServer = net.createServer(() => undefined);

const stores: Array<{ fault: string; url: () => string }> = [
  { fault: "refuses connections", url: () => "redis://127.0.0.1:1" },
  { fault: "never answers", url: () => `redis://127.0.0.1:${(silentServer.address() as net.AddressInfo).port}` },
];

describe.each(stores)("rate-limit store that $fault", ({ url }) => {
  let h: Harness;
  let limiter: RateLimiter;
  beforeAll(async () => {
    if (!silentServer.listening) await new Promise<void>((resolve) => silentServer.listen(0, "127.0.0.1", resolve));
    limiter = createRateLimiter({ env: { REDIS_URL: url() }, prefix: "dead" });
    h = await createHarness("postgres+redis");
    setApiDeps({ limiter: () => limiter });
  });
  afterAll(async () => {
    await limiter.close();
    await h.close();
  });

  it("the limiter rejects with RateLimitStoreError", async () => {
    await expect(limiter.check("k", { name: "p", windows: [{ name: "hour", limit: 10, windowMs: 3_600_000 }] })).rejects.toBeInstanceOf(RateLimitStoreError);
  });

  it("an API call answers 503 unavailable, recorded and uncharged", async () => {
    const { key } = await h.key();
    const response = await h.call("GET", "me", { key });
    const refusal = expectFailure(response, "unavailable");
    expect(response.status).toBe(503);
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: refusal.request_id } });
    expect({ outcome: record.outcome, charged: record.charged }).toEqual({ outcome: "server_error", charged: 0 });
  });
});

afterAll(() => {
  silentServer.close();
});
