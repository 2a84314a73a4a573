// health, me, discover and the paths outside the registry, on PostgreSQL + Redis (the
// embedded defaults serve them in test/schemas and test/openapi/answers.test.ts).
import { nodeSettingsChanged } from "../support/node-settings";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { changeSettings, publishCard, revokeKey, withdrawCard } from "@/lib/operator/operations";
import { everyTokenExists } from "../support/card-tokens";
import { createHarness, expectFailure, expectSuccess, type Harness } from "../support/harness";
import { peerAddressHeader, peerSecret, peerSecretHeader } from "@/lib/server/client-address";

describe("metadata endpoints (postgres+redis)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness("postgres+redis");
  });
  afterAll(async () => h.close());
  // The metadata budget allows one call per second: move the injected clock. The Redis limiter
  // (@upstash/ratelimit) reads Date.now itself, so on Redis the test moves Date instead of waiting
  // the second out; timers stay real, so the Redis client's own timeouts still run.
  const tick = async () => {
    h.clock.now = new Date(h.clock.now.getTime() + 1_100);
    vi.setSystemTime(Date.now() + 1_100);
  };
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("health answers without a key, in its own shape", async () => {
    const response = await h.call("GET", "health");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["generated_at", "ok", "service", "version"]);
    expect(response.body).toMatchObject({ ok: true, version: "v1" });
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("RateLimit headers on every call: health and 401s spend the caller's address budget, early 403s show the key's", async () => {
    const health = await h.call("GET", "health");
    expect(health.headers.get("ratelimit-policy")).toBe('"minute";q=300;w=60');
    expect(Number(health.headers.get("ratelimit-remaining"))).toBeLessThan(300);
    for (const headers of [{} as Record<string, string>, { "x-api-key": "svc_live_short" }, { "x-api-key": `svc_live_${"Z".repeat(32)}` }]) {
      const refused = await h.call("GET", "me", { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("ratelimit-policy")).toBe('"minute";q=300;w=60');
    }
    const revoked = await h.key();
    await revokeKey(h.db, "test", { keyId: revoked.id });
    const expired = await h.key({ expiresAt: new Date(Date.now() + 2_000) });
    const originBound = await h.key({ allowedOrigins: ["https://app.example.com"] });
    vi.setSystemTime(Date.now() + 5_000);
    h.clock.now = new Date(Math.max(Date.now(), h.clock.now.getTime() + 5_000));
    for (const [made, code] of [[revoked, "revoked_api_key"], [expired, "key_expired"], [originBound, "origin_denied"]] as const) {
      const refused = await h.call("GET", "me", { key: made.key, headers: { origin: "https://app.example.com/path" } });
      expectFailure(refused, code);
      expect({ code, status: refused.status }).toEqual({ code, status: 403 });
      expect(refused.headers.get("ratelimit-policy"), code).toBe('"second";q=1;w=1, "hour";q=60;w=3600');
      // Shown as it stands, not spent: the refusal used none of the key's budget.
      expect(refused.headers.get("ratelimit-remaining"), code).toBe("1");
    }
  });

  it("me reports every field of the key, masked, with X-API-Key or Bearer", async () => {
    const expires = new Date(h.clock.now.getTime() + 10 * 86_400_000);
    const made = await h.key({ name: "ci", permissions: ["intel:read", "contract:read"], allowedChains: ["eth", "base"], expiresAt: expires, rateLimitPerHour: 500 });
    await tick();
    const response = await h.call("GET", "me", { headers: { authorization: `Bearer ${made.key}` } });
    const answer = expectSuccess(response);
    expect(answer.meta.credits_charged).toBe(0);
    expect(answer.data).toMatchObject({
      key: made.masked, project_id: h.project.id, environment: "live", tier: "basic", access_mode: "paid",
      scopes: ["contract:read", "intel:read"], rate_limit_per_hour: 500, credits_balance: 0, allowed_chains: ["eth", "base"], expires_at: expires.toISOString(),
    });
    // No payment flow exists: top_up says who grants credits, as the 402 message does.
    expect(answer.data.top_up).toMatch(/^There is no top-up page: credits are granted by the operator's staff\. Ask them, quoting your project id\./);
    expect(made.masked).toMatch(/^svc_live_\*{28}[0-9A-Za-z]{4}$/);
    expect(JSON.stringify(response.body)).not.toContain(made.key);
    expect(response.headers.get("ratelimit-policy")).toBe('"second";q=1;w=1, "hour";q=60;w=3600');
    // No origin or IP restriction: both lists are null, like allowed_chains.
    expect(answer.data).toMatchObject({ allowed_origins: null, allowed_ips: null });
    expect(answer.data.top_up).toMatch(/charging is switched off: calls deduct nothing\.$/);
  });

  it("me shows every restriction of the key: origin and IP allow lists too, for live and test keys", async () => {
    for (const mode of ["live", "test"] as const) {
      const made = await h.key({ mode, allowedOrigins: ["https://app.example.com", "https://*.example.org"], allowedIps: ["127.0.0.1", "10.0.0.0/8", "::1"] });
      await tick();
      const response = await h.call("GET", "me", { key: made.key, headers: { origin: "https://app.example.com", [peerAddressHeader]: "127.0.0.1", [peerSecretHeader]: peerSecret() } });
      expect({ mode, status: response.status }).toEqual({ mode, status: 200 });
      expect(expectSuccess(response).data).toMatchObject({ allowed_origins: ["https://app.example.com", "https://*.example.org"], allowed_ips: ["127.0.0.1", "10.0.0.0/8", "::1"] });
    }
  });

  it("me for a test key reports no tier and no balance (live-key fields), and top_up follows the charging switch", async () => {
    const made = await h.key({ mode: "test", permissions: ["intel:read"] });
    await changeSettings(h.db, "test", { chargingEnabled: true });
    try {
      await tick();
      const response = await h.call("GET", "me", { key: made.key });
      const answer = expectSuccess(response);
      expect(answer.data).toMatchObject({ environment: "test", access_mode: "sandbox", charging_enabled: true });
      expect(Object.keys(answer.data)).not.toContain("tier");
      expect(Object.keys(answer.data)).not.toContain("credits_balance");
      expect(Object.keys(answer.data)).not.toContain("free_credits_today");
      expect(answer.data.top_up).toMatch(/charging is on/);
      expect(answer.data.top_up).not.toMatch(/switched off/);
    } finally {
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("discover serves published cards only, clamps limit, filters by chain, and enforces the daily cap", async () => {
    const published = [];
    for (let i = 0; i < 3; i++) {
      published.push(await publishCard(h.db, "test", { publisherId: h.owner.id, chain: i === 2 ? "base" : "eth", token: `0x${String(i).repeat(40)}`, hook: `hook ${i}`, bullets: ["a", "b"] }, { readToken: everyTokenExists }));
    }
    await withdrawCard(h.db, "test", { cardId: published[0].id });
    const { key } = await h.key();
    await tick();
    const all = await h.call("GET", "discover?limit=500", { key });
    const allAnswer = expectSuccess(all);
    expect(allAnswer.data.total).toBe(2);
    expect(allAnswer.data.cards.map((c: { hook: string }) => c.hook).sort()).toEqual(["hook 1", "hook 2"]);
    await tick();
    const base = await h.call("GET", "discover?chain=BASE&limit=0", { key });
    expect(expectSuccess(base).data).toMatchObject({ total: 1, cards: [{ chain: "base", hook: "hook 2", bullets: ["a", "b"] }] });
    await tick();
    expectFailure(await h.call("GET", "discover?chain=ethereum", { key }), "invalid_chain");
    // Numbers are clamped into range; words and fractions are not numbers.
    for (const limit of ["abc", "2.5", "1e3", "0x10"]) {
      await tick();
      const refused = await h.call("GET", `discover?limit=${limit}`, { key });
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
      expect(expectFailure(refused, "bad_request").message).toMatch(/limit must be an integer/);
    }
    await tick();
    expect(expectSuccess(await h.call("GET", "discover?limit=-5", { key })).data.cards).toHaveLength(1);

    await changeSettings(h.db, "test", { discoverDailyCap: 2 });
    const capped = await h.key();
    await tick();
    expect((await h.call("GET", "discover", { key: capped.key })).status).toBe(200);
    await tick();
    expect((await h.call("GET", "discover", { key: capped.key })).status).toBe(200);
    await tick();
    const third = await h.call("GET", "discover", { key: capped.key });
    expectFailure(third, "rate_limited");
    expect(third.status).toBe(429);
    await tick();
    expect((await h.call("GET", "me", { key: capped.key })).status).toBe(200);
    await changeSettings(h.db, "test", { discoverDailyCap: 100 });
  });

  it("unknown paths 404, wrong methods 405, and the not-available paths say so", async () => {
    const unknown = await h.call("GET", "intel/nothing");
    expectFailure(unknown, "not_found");
    expect(unknown.status).toBe(404);
    const method = await h.call("GET", "intel/risk");
    expectFailure(method, "method_not_allowed");
    expect({ status: method.status, allow: method.headers.get("allow") }).toEqual({ status: 405, allow: "POST, OPTIONS" });
    const postToMe = await h.call("POST", "me");
    expect({ status: postToMe.status, allow: postToMe.headers.get("allow") }).toEqual({ status: 405, allow: "GET, HEAD, OPTIONS" });
    for (const [path, allow] of [["intel/risk", "POST, OPTIONS"], ["me", "GET, HEAD, OPTIONS"], ["health", "GET, HEAD, OPTIONS"]]) {
      const options = await h.call("OPTIONS", path);
      expect({ path, status: options.status, allow: options.headers.get("allow"), body: options.body }).toEqual({ path, status: 204, allow, body: null });
      expect(options.headers.get("x-request-id")).toMatch(/^req_/);
    }
    for (const method of ["GET", "POST", "OPTIONS"]) {
      const root = await h.call(method, "");
      expect({ method, status: root.status, ok: root.body.ok, error: root.body.error }).toEqual({ method, status: 404, ok: false, error: "not_found" });
      expect(root.body.request_id).toMatch(/^req_/);
    }
    for (const path of ["wallet/trace", "reports/abc123", "solana/token"]) {
      const response = await h.call("POST", path);
      const refusal = expectFailure(response, "not_available");
      expect(response.status).toBe(404);
      expect(refusal.message).toMatch(/not available in v1/);
    }
  });

  it("an intelligence route on a network with no node configured answers 503 unavailable naming the setting, uncharged", async () => {
    const { key } = await h.key();
    const saved = process.env.BASE_RPC_URL;
    delete process.env.BASE_RPC_URL;
    await nodeSettingsChanged();
    const response = await h.call("POST", "intel/risk", { key, body: { chain: "base", address: "0x" + "a".repeat(40) } }).finally(() => {
      if (saved !== undefined) process.env.BASE_RPC_URL = saved;
    });
    const refusal = expectFailure(response, "unavailable");
    expect(response.status).toBe(503);
    expect(refusal.message).toMatch(/BASE_RPC_URL/);
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: refusal.request_id } });
    expect({ charged: record.charged, outcome: record.outcome }).toEqual({ charged: 0, outcome: "server_error" });
  });
});
