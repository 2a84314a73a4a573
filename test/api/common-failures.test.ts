// Every auth, state, restriction and access failure, sent to every route that takes
// a key, on PostgreSQL + Redis: exact status, code, envelope and request id, a usage
// record where the request reached a key, and nothing charged. These are the pipeline's
// decisions, the same on any store; the embedded defaults are put under load once, in
// charging.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type EndpointDefinition } from "@/lib/api-contract/endpoints";
import { changeSettings, createKey, createProject, revokeKey, rotateKey, setProjectStatus, suspendKey } from "@/lib/operator/operations";
import type { FailureEnvelope } from "@/lib/api-contract/respond";
import type { ErrorCode } from "@/lib/errors/error-codes";
import { createHarness, expectFailure, type CallResponse, type Harness } from "../support/harness";

const keyed = (endpoints as readonly EndpointDefinition[]).filter((e) => e.surface !== "public");
const intelligence = keyed.filter((e) => e.surface === "intelligence");
const paid = intelligence.filter((e) => e.price > 0);
const token = "0x1111111111111111111111111111111111111111";

function validBody(endpoint: EndpointDefinition, chain = "eth") {
  if (endpoint.id === "wallet/pnl") return { chain, wallet: token, token };
  if (endpoint.id === "wallet/exact-movements") return { chain, wallet: token };
  return { chain, address: token };
}

/** The failure envelope of `code` at `status`, with exactly the envelope's fields (and `extraFields`), its request id in the header too. */
function expectRefusal(response: CallResponse<unknown>, status: number, code: ErrorCode, extraFields: string[] = []): FailureEnvelope {
  const failure = expectFailure(response, code);
  expect(response.status).toBe(status);
  expect(Object.keys(failure).sort()).toEqual(["error", "message", "ok", "request_id", ...extraFields].sort());
  expect(failure.request_id).toMatch(/^req_[0-9A-Z]{26}$/);
  expect(response.headers.get("x-request-id")).toBe(failure.request_id);
  expect(typeof failure.message).toBe("string");
  return failure;
}

describe("every failure on every route (postgres+redis)", () => {
  let h: Harness;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    h = await createHarness("postgres+redis");
    const day = 86_400_000;
    const soon = new Date(h.clock.now.getTime() + day);
    keys.valid = (await h.key()).key;
    const revoked = await h.key();
    await revokeKey(h.db, "test", { keyId: revoked.id });
    keys.revoked = revoked.key;
    const rotated = await h.key();
    await rotateKey(h.db, "test", { keyId: rotated.id });
    keys.rotated = rotated.key;
    keys.expiring = (await h.key({ expiresAt: soon })).key;
    const suspended = await h.key();
    await suspendKey(h.db, "test", { keyId: suspended.id, reason: "abuse report #12" });
    keys.suspended = suspended.key;
    const other = await createProject(h.db, "test", { ownerEmail: h.owner.email, name: "Disabled" });
    keys.disabledProject = (await createKey(h.db, "test", { projectId: other.id, mode: "live", permissions: ["intel:read"] })).fullKey;
    await setProjectStatus(h.db, "test", { projectId: other.id, status: "archived", reason: "closed by owner" });
    keys.originBound = (await h.key({ allowedOrigins: ["https://*.example.com"] })).key;
    keys.ipBound = (await h.key({ allowedIps: ["10.0.0.0/8", "2001:db8::/32"] })).key;
    keys.legacy = (await h.key({ accessMode: "legacy" })).key;
    keys.test = (await h.key({ mode: "test" })).key;
    keys.noScopes = (await h.key({ permissions: ["contract:read"] })).key;
    keys.partner = (await h.key({ accessMode: "partner", rateLimitPerHour: 50, coveredEndpoints: ["contract/analysis"] })).key;
    keys.requestAccess = (await h.key({ accessMode: "request_access" })).key;
    keys.baseOnly = (await h.key({ allowedChains: ["base"] })).key;
    keys.trialEnding = (await h.key({ accessMode: "trial", trialAllowance: 100, trialEndsAt: soon })).key;
    keys.trialTiny = (await h.key({ accessMode: "trial", trialAllowance: 1, trialEndsAt: new Date(h.clock.now.getTime() + 30 * day) })).key;
    keys.pricey = (await h.key()).key;
    // From here on the clock is two days later: the expiring key and the trial have ended.
    h.clock.now = new Date(h.clock.now.getTime() + 2 * day);
  });
  afterAll(async () => h.close());

  // The 1/second metadata window would refuse back-to-back calls with one key; each call moves the clock.
  async function call(endpoint: EndpointDefinition, key: string | undefined, options: { body?: unknown; headers?: Record<string, string> } = {}) {
    h.clock.now = new Date(h.clock.now.getTime() + 1_100);
    return h.call(endpoint.method, endpoint.id, { key, body: endpoint.method === "POST" ? options.body ?? validBody(endpoint) : undefined, headers: options.headers });
  }

  const cases: Array<{ name: string; routes: EndpointDefinition[]; key: () => Promise<string | undefined> | string | undefined; status: number; code: ErrorCode; headers?: Record<string, string>; body?: (e: EndpointDefinition) => unknown }> = [
    { name: "no key", routes: keyed, key: () => undefined, status: 401, code: "missing_api_key" },
    { name: "malformed key", routes: keyed, key: () => "sk_live_abc", status: 401, code: "invalid_api_key" },
    { name: "unknown key", routes: keyed, key: () => "svc_live_" + "A".repeat(32), status: 401, code: "invalid_api_key" },
    { name: "revoked key", routes: keyed, key: () => keys.revoked, status: 403, code: "revoked_api_key" },
    { name: "rotated-away key", routes: keyed, key: () => keys.rotated, status: 403, code: "revoked_api_key" },
    { name: "expired key", routes: keyed, key: () => keys.expiring, status: 403, code: "key_expired" },
    { name: "archived project", routes: keyed, key: () => keys.disabledProject, status: 403, code: "project_disabled" },
    { name: "suspended key", routes: keyed, key: () => keys.suspended, status: 403, code: "suspended_key" },
    { name: "origin not allowed", routes: keyed, key: () => keys.originBound, status: 403, code: "origin_denied", headers: { origin: "https://example.com.evil.io" } },
    { name: "IP unknown to an IP-bound key", routes: keyed, key: () => keys.ipBound, status: 403, code: "origin_denied" },
    { name: "legacy key", routes: intelligence, key: () => keys.legacy, status: 403, code: "access_required" },
    { name: "test key", routes: intelligence, key: async () => (await h.key({ mode: "test" })).key, status: 403, code: "sandbox_limited" },
    { name: "missing permission", routes: intelligence.filter((e) => e.permission !== "contract:read"), key: () => keys.noScopes, status: 403, code: "scope_denied" },
    { name: "partner arrangement", routes: intelligence.filter((e) => e.id !== "contract/analysis"), key: () => keys.partner, status: 403, code: "endpoint_denied" },
    { name: "request access not approved", routes: paid, key: () => keys.requestAccess, status: 403, code: "access_required" },
    { name: "bad chain", routes: intelligence, key: () => keys.valid, status: 400, code: "invalid_chain", body: (e) => ({ ...(validBody(e) as object), chain: "ethereum" }) },
    { name: "network restriction", routes: intelligence, key: () => keys.baseOnly, status: 403, code: "chain_denied" },
    { name: "trial ended", routes: intelligence, key: () => keys.trialEnding, status: 403, code: "trial_expired" },
    { name: "trial allowance too small", routes: paid, key: () => keys.trialTiny, status: 403, code: "trial_exhausted" },
  ];

  for (const testCase of cases) {
    it(`${testCase.name} → ${testCase.status} ${testCase.code} on ${testCase.routes.length} routes`, async () => {
      for (const endpoint of testCase.routes) {
        const response = await call(endpoint, await testCase.key(), { headers: testCase.headers, body: testCase.body?.(endpoint) });
        const failure = expectRefusal(response, testCase.status, testCase.code);
        const record = await h.db.requestRecord.findUnique({ where: { id: failure.request_id } });
        if (testCase.status === 401) expect(record).toBeNull();
        else expect(record).toMatchObject({ httpStatus: testCase.status, errorCode: testCase.code, charged: 0, quoted: endpoint.price, endpoint: endpoint.id });
      }
      expect(await h.db.creditLedger.count()).toBe(0);
    });
  }

  it("payment_required when charging is on and credits cannot cover a paid call", async () => {
    await changeSettings(h.db, "test", { chargingEnabled: true });
    try {
      for (const endpoint of paid.filter((e) => e.price > 5)) {
        const response = await call(endpoint, keys.pricey);
        const failure = expectRefusal(response, 402, "payment_required", ["details"]);
        // The price and what is left, then (there is no top-up page) who adds credits and the project to quote.
        expect(failure.message).toBe(
          `This call costs ${endpoint.price} credits; the account has 5 credits left (5 of today's free credits, a balance of 0). Your credits cannot cover this call; nothing was charged. There is no top-up page: ask the operator's staff to grant credits, quoting your project id ${h.project.id}.`,
        );
        expect(failure.details).toEqual({ price: endpoint.price, available: 5, free_credits_left: 5, balance: 0 });
      }
      const account = await h.db.creditAccount.findUniqueOrThrow({ where: { userId: h.owner.id } });
      expect({ balance: account.balance, freeUsed: account.freeCreditsUsed }).toEqual({ balance: 0, freeUsed: 0 });
      expect(await h.db.creditLedger.count()).toBe(0);
    } finally {
      await changeSettings(h.db, "test", { chargingEnabled: false });
    }
  });

  it("public_api_disabled on every route, health included, and on unknown paths", async () => {
    await changeSettings(h.db, "test", { publicApiEnabled: false });
    try {
      for (const endpoint of endpoints as readonly EndpointDefinition[]) {
        expectRefusal(await call(endpoint, keys.valid), 404, "public_api_disabled");
      }
      expectRefusal(await h.call("GET", "no/such/thing"), 404, "public_api_disabled");
    } finally {
      await changeSettings(h.db, "test", { publicApiEnabled: true });
    }
  });
});
