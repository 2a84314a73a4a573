// Liveness (GET /livez) reads no dependency: with Redis frozen behind a TCP proxy (it accepts and
// then says nothing), a keyed call waits on the rate-limit store until its 2 s bound, and the
// liveness answer arrives while that call is still waiting.
import { afterAll, beforeAll, expect, it } from "vitest";
import { setApiDeps } from "@/lib/api/deps";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { GET as livez } from "@/app/livez/route";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { createHarness, type Harness } from "../support/harness";

const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");

let h: Harness;
let redis: FaultProxy;
let limiter: RateLimiter;

beforeAll(async () => {
  h = await createHarness("postgres+redis");
  redis = await startFaultProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
  limiter = createRateLimiter({ env: { REDIS_URL: redis.url(redisUrl.toString()) }, prefix: `livez-${Date.now()}` });
  setApiDeps({ limiter: () => limiter });
});

afterAll(async () => {
  await redis?.set("pass");
  await limiter?.close?.();
  await redis?.close();
  await h?.close();
});

it("answers while a call that needs Redis is still waiting on it", async () => {
  const { key } = await h.key();
  // Warm: the connection to Redis exists before it freezes, as in a running server.
  expect((await h.call("GET", "me", { key })).status).toBe(200);
  await redis.set("freeze");
  try {
    const second = (await h.key()).key;
    const before = redis.bytesSent;
    let waiting = true;
    const me = h.call("GET", "me", { key: second }).finally(() => (waiting = false));
    // The keyed call has reached Redis before liveness is asked.
    while (redis.bytesSent === before) await new Promise((resolve) => setTimeout(resolve, 5));
    const live = await livez();
    expect(waiting).toBe(true);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toBe("no-store");
    expect(await live.json()).toEqual({ live: true });
    // The keyed call does meet the frozen store.
    expect((await me).status).toBe(503);
  } finally {
    await redis.set("pass");
  }
});
