// A key whose origin allow list names a web app can be called from that app's pages: the browser's
// preflight is answered for origins some usable key lists, and the key's own answers (failures
// included) carry the CORS headers only when its list names the caller's origin. Server keys (no
// origin list) never get them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDeps } from "@/lib/api/deps";
import { originListedByAnyKey } from "@/lib/api/pipeline/cors";
import { revokeKey } from "@/lib/operator/operations";
import { backends, createHarness, expectFailure, type Harness } from "../support/harness";

describe.each(backends)("CORS for origin-bound keys (%s)", (backend) => {
  let h: Harness;
  let browserKey: string;
  let serverKey: string;

  beforeAll(async () => {
    h = await createHarness(backend);
    browserKey = (await h.key({ allowedOrigins: ["https://app.example.com", "https://*.widgets.example"] })).key;
    serverKey = (await h.key()).key;
  });
  afterAll(() => h?.close());

  const preflight = (path: string, origin: string, method = "POST") =>
    h.call("OPTIONS", path, { headers: { origin, "access-control-request-method": method, "access-control-request-headers": "x-api-key, content-type, idempotency-key" } });

  it("answers a preflight from a listed origin (exact or by wildcard) with the endpoint's method and the key headers", async () => {
    for (const origin of ["https://app.example.com", "https://shop.widgets.example"]) {
      const answer = await preflight("intel/risk", origin);
      expect(answer.status).toBe(204);
      expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
      expect(answer.headers.get("access-control-allow-methods")).toBe("POST");
      expect(answer.headers.get("access-control-allow-headers")).toBe("authorization, x-api-key, content-type, idempotency-key");
      expect(Number(answer.headers.get("access-control-max-age"))).toBeGreaterThan(0);
      expect(answer.headers.get("vary")).toBe("Origin");
    }
    expect((await preflight("me", "https://app.example.com", "GET")).headers.get("access-control-allow-methods")).toBe("GET");
  });

  it("says nothing a browser could read as yes to an origin no key lists, to a non-origin, or to a plain OPTIONS", async () => {
    for (const origin of ["https://evil.example", "https://app.example.com.evil.example", "https://widgets.example", "http://app.example.com", "https://app.example.com/path", "null"]) {
      const answer = await preflight("intel/risk", origin);
      expect({ origin, status: answer.status, allow: answer.headers.get("access-control-allow-origin") }).toEqual({ origin, status: 204, allow: null });
    }
    const plain = await h.call("OPTIONS", "intel/risk");
    expect(plain.status).toBe(204);
    expect(plain.headers.get("allow")).toBe("POST, OPTIONS");
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("a key's answers carry CORS headers for its listed origin, failures after the allow list included", async () => {
    const ok = await h.call("GET", "me", { key: browserKey, headers: { origin: "https://app.example.com" } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
    expect(ok.headers.get("access-control-expose-headers")).toContain("x-request-id");
    expect(ok.headers.get("access-control-expose-headers")).toContain("retry-after");
    // A refusal the page must be able to read (here: a network the key's scopes do not cover).
    const refused = await h.call("POST", "intel/risk", { key: browserKey, headers: { origin: "https://app.example.com" }, body: { chain: "moon", address: "0x1" } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
  });

  it("no CORS headers for an origin the key does not list, or for a server key from any origin", async () => {
    const denied = await h.call("GET", "me", { key: browserKey, headers: { origin: "https://evil.example" } });
    expectFailure(denied, "origin_denied");
    expect(denied.status).toBe(403);
    expect(denied.headers.get("access-control-allow-origin")).toBeNull();
    const server = await h.call("GET", "me", { key: serverKey, headers: { origin: "https://app.example.com" } });
    expect(server.status).toBe(200);
    expect(server.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("a revoked key's origin stops being answered within a minute; a newly listed one at once", async () => {
    const sql = await apiDeps().sql();
    const made = await h.key({ allowedOrigins: ["https://gone.example"] });
    const now = Date.now() + 2_000; // past the one-second refresh of the previous tests' reads
    expect(await originListedByAnyKey(sql, "https://gone.example", now)).toBe(true);
    await revokeKey(h.db, "test", { keyId: made.id });
    expect(await originListedByAnyKey(sql, "https://gone.example", now + 30_000)).toBe(true);
    expect(await originListedByAnyKey(sql, "https://gone.example", now + 61_000)).toBe(false);
  });
});
