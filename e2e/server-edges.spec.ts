// Requests that never reach a route handler usefully, sent over raw sockets to the production
// server (fetch and browsers normalise or refuse a `*` target, a lone `%` and dot segments).
import { expect, test } from "@playwright/test";
import { rawRequest, type RawResponse } from "../test/server/raw-http";
import { e2ePort } from "./support/paths";

const send = (requestLine: string) => rawRequest(e2ePort, requestLine);

function expectEnvelope(response: RawResponse, status: number, code: string) {
  expect(response.status, response.raw.slice(0, 300)).toBe(status);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = JSON.parse(response.body) as { ok: boolean; error: string; request_id: string };
  expect(body).toMatchObject({ ok: false, error: code });
  expect(body.request_id).toMatch(/^req_/);
  expect(response.headers["x-request-id"]).toBe(body.request_id);
}

test("stray targets and methods under /v1/api answer the failure envelope", async () => {
  expectEnvelope(await send("GET * HTTP/1.1"), 400, "bad_request");
  expectEnvelope(await send("GET /v1/api/% HTTP/1.1"), 400, "bad_request");
  expectEnvelope(await send("GET /v1/api/../v1/api/me HTTP/1.1"), 400, "bad_request");
  expectEnvelope(await send("GET /v1/api/%2e%2e/x HTTP/1.1"), 400, "bad_request");
  const trace = await send("TRACE /v1/api/me HTTP/1.1");
  expectEnvelope(trace, 405, "method_not_allowed");
  expect(trace.headers.allow).toBe("GET, HEAD, OPTIONS");
});

// These three are answered inside the route handlers, not by the server's guard.
test("OPTIONS names the endpoint's methods, and the API root answers the envelope", async () => {
  const options = await send("OPTIONS /v1/api/me HTTP/1.1");
  expect(options.status).toBe(204);
  expect(options.headers.allow).toBe("GET, HEAD, OPTIONS");
  expectEnvelope(await send("GET /v1/api HTTP/1.1"), 404, "not_found");
  expectEnvelope(await send("GET /v1/api/ HTTP/1.1"), 404, "not_found");
});

test("the favicon is served", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/");
});

test("readiness: the production server on PostgreSQL, Redis and the demo node is ready, part by part", async ({ request }) => {
  const response = await request.get("/readyz");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const body = (await response.json()) as { ready: boolean; checks: Record<string, { state: string }> };
  expect(body.ready).toBe(true);
  expect(body.checks).toMatchObject({ database: { state: "ok" }, rate_limits: { state: "ok" }, node_eth: { state: "ok" } });
});
