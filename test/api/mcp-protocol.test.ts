// The MCP endpoint as a protocol peer that cannot be made to work for free, on real parts: the
// route behind the production HTTP server, PostgreSQL, Redis and the eth demo chain with charging
// on, spoken to with raw JSON-RPC POSTs as any client (or attacker) can. A TCP proxy in front of
// the node (or of Redis) holds a call in flight while the test sends what races it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoRequestsFor } from "@/demo-chain/requests";
import { setApiDeps } from "@/lib/api/deps";
import { revokeKey } from "@/lib/operator/operations";
import { createRateLimiter } from "@/lib/rate-limit";
import { useChargedRoute } from "../support/route-harness";
import { startApiHttpServer } from "../support/api-http-server";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { captureServerLog } from "../support/log-capture";

const route = useChargedRoute("eth");
let server: Awaited<ReturnType<typeof startApiHttpServer>> | undefined;
let node: FaultProxy | undefined;
let mcpUrl: string;

beforeAll(async () => {
  const target = new URL(route.chain.rpcUrl);
  node = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
  // Every read here goes through the proxy; its own address also keeps these reads apart from other files' kept answers.
  await route.useNode(node.url(route.chain.rpcUrl));
  server = await startApiHttpServer();
  mcpUrl = `${server.baseUrl}/v1/api/mcp`;
});

afterEach(async () => {
  await node?.set("pass");
});

afterAll(async () => {
  await server?.close();
  await node?.close();
});

type Answer = { status: number; headers: Headers; body: any };

async function post(key: string, message: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(mcpUrl, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": key, ...headers },
    body: JSON.stringify(message),
    // A request the server never answers fails the test here instead of hanging it.
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

const riskArgs = () => demoRequestsFor("intel/risk", "eth", route.chain.addressBook)[0];
const riskCall = (id: number | string, args: Record<string, unknown> = riskArgs()) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "intel_risk", arguments: args } });

/** Waits until the app has written to the frozen node: the call is past every check and reading. */
async function untilReading(before: number) {
  for (let i = 0; i < 400 && node!.bytesSent <= before; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(node!.bytesSent).toBeGreaterThan(before);
}

const ledgerOf = (requestId: string) => route.h.db.creditLedger.findMany({ where: { requestId } });

describe("MCP: batches and the deadline", () => {
  it("refuses a JSON-RPC batch (tools/list with its own cancellation) at once, as a JSON-RPC error with the API's headers", async () => {
    const { key } = await route.h.key();
    const answer = await post(key, [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } });
    expect(answer.body.error.message).toMatch(/Batches are not accepted/);
    expect(answer.headers.get("x-request-id")).toMatch(/^req_/);
    expect(answer.headers.get("ratelimit-policy")).toContain('"minute"');
  });

  it("ends a POST at the API's deadline whatever it waits on (here a silent rate-limit store), as a JSON-RPC error saying unavailable", async () => {
    const { key } = await route.h.key();
    const redis = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
    const proxy = await startFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const silent = createRateLimiter({ env: { REDIS_URL: proxy.url(redis.href) }, prefix: `mcp-deadline-${Date.now()}` });
    const saved = { limiter: route.h.limiter, deadline: process.env.REQUEST_DEADLINE_MS };
    try {
      await proxy.set("freeze");
      setApiDeps({ limiter: () => silent });
      process.env.REQUEST_DEADLINE_MS = "300";
      const log = captureServerLog();
      let answer: Awaited<ReturnType<typeof post>>;
      try {
        answer = await post(key, { jsonrpc: "2.0", id: 9, method: "tools/list" });
      } finally {
        log.restore();
      }
      expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: 9, error: { code: -32003, data: { ok: false, error: "unavailable", status: 503 } } });
      expect(answer.body.error.message).toMatch(/not ready within the request deadline of 0\.3 s/);
      expect(answer.headers.get("retry-after")).not.toBeNull();
      expect(answer.headers.get("x-request-id")).toBe(answer.body.error.data.request_id);
      // A 503 is a warning in the log, as over HTTP: a dependency to retry, not a fault of ours.
      const lines = log.lines.map((line) => JSON.parse(line) as { level: number; msg: string; status?: number; request_id?: string });
      expect(lines.find((line) => line.request_id === answer.body.error.data.request_id && line.status === 503)).toMatchObject({ level: 40 });
    } finally {
      if (saved.deadline === undefined) delete process.env.REQUEST_DEADLINE_MS;
      else process.env.REQUEST_DEADLINE_MS = saved.deadline;
      setApiDeps({ limiter: () => saved.limiter });
      await silent.close();
      await proxy.close();
    }
  });
});

describe("MCP: a tool call at the deadline", () => {
  it("a tool call whose read outlasts the deadline is answered then, with its endpoint's RateLimit headers, and charged nothing", async () => {
    const { key, id: keyId } = await route.h.key();
    await route.setAccount(50);
    await node!.set("freeze");
    const saved = process.env.REQUEST_DEADLINE_MS;
    process.env.REQUEST_DEADLINE_MS = "500";
    try {
      const answer = await post(key, riskCall(3));
      expect(answer.body).toMatchObject({ jsonrpc: "2.0", id: 3, error: { code: -32003, data: { error: "unavailable", status: 503 } } });
      expect(answer.headers.get("ratelimit-policy")).toBe('"hour";q=1000;w=3600');
      expect(answer.headers.get("retry-after")).not.toBeNull();
    } finally {
      if (saved === undefined) delete process.env.REQUEST_DEADLINE_MS;
      else process.env.REQUEST_DEADLINE_MS = saved;
    }
    // The call itself, stopped by the same deadline, is recorded as it ends: a server fault, uncharged.
    await expect.poll(async () => (await route.h.db.requestRecord.findMany({ where: { keyId } })).map((record) => [record.httpStatus, record.charged]), { timeout: 5_000 }).toEqual([[503, 0]]);
    expect(await route.balance()).toBe(50);
  });
});

describe("MCP: cancelled and repeated calls", () => {
  it("a call cancelled by notifications/cancelled stops at once and is not charged", async () => {
    const { key } = await route.h.key();
    await route.setAccount(50);
    await node!.set("freeze");
    const before = node!.bytesSent;
    const running = post(key, riskCall(7, riskArgs()));
    await untilReading(before);
    const cancel = await post(key, { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "the user moved on" } });
    expect(cancel.status).toBe(202);
    const answer = await running;
    const failure = answer.body.result.structuredContent;
    expect({ isError: answer.body.result.isError, error: failure.error }).toEqual({ isError: true, error: "client_closed" });
    expect(failure.message).toMatch(/cancelled/);
    const record = await route.recordOf(failure.request_id);
    expect({ via: record.via, outcome: record.outcome, charged: record.charged }).toEqual({ via: "mcp", outcome: "client_closed", charged: 0 });
    expect(await ledgerOf(failure.request_id)).toEqual([]);
    expect(await route.balance()).toBe(50);
  });

  it("a request id the key already has in flight is refused (JSON-RPC error), so three calls with one id run and charge once", async () => {
    const { key, id: keyId } = await route.h.key();
    await route.setAccount(50);
    await node!.set("freeze");
    const before = node!.bytesSent;
    const args = riskArgs();
    const first = post(key, riskCall("same", args));
    await untilReading(before);
    const repeats = await Promise.all([post(key, riskCall("same", args)), post(key, riskCall("same", args))]);
    for (const repeat of repeats) {
      expect(repeat.status).toBe(409);
      expect(repeat.body).toMatchObject({ jsonrpc: "2.0", id: "same", error: { code: -32600 } });
      expect(repeat.body.error.message).toMatch(/already in flight/);
      expect(repeat.headers.get("ratelimit-policy")).toContain('"hour"');
    }
    await node!.set("pass");
    const answer = await first;
    expect(answer.body.result.structuredContent).toMatchObject({ ok: true, meta: { credits_charged: 2 } });
    expect(await route.balance()).toBe(48);
    const records = await route.h.db.requestRecord.findMany({ where: { keyId } });
    expect(records.map((record) => [record.via, record.charged])).toEqual([["mcp", 2]]);
    // The id is free again once its call has answered.
    const again = await post(key, riskCall("same", args));
    expect(again.body.result.structuredContent.ok).toBe(true);
  });
});

describe("MCP: the headers an HTTP call carries", () => {
  it("every answer carries its request id and RateLimit headers: protocol messages spend the key's MCP budget, a tool call its endpoint's", async () => {
    const { key } = await route.h.key();
    const listed = await post(key, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("x-request-id")).toMatch(/^req_/);
    expect(listed.headers.get("ratelimit-policy")).toBe('"minute";q=120;w=60');
    expect(listed.headers.get("ratelimit-remaining")).toBe("119");
    const notified = await post(key, { jsonrpc: "2.0", method: "notifications/initialized" });
    expect(notified.status).toBe(202);
    // 118, or 119 when a minute's edge fell between the two (the window slides).
    expect(["118", "119"]).toContain(notified.headers.get("ratelimit-remaining"));

    const called = await post(key, riskCall(2));
    const meta = called.body.result.structuredContent.meta;
    // The answer's id is the tool call's, the one its usage record and its envelope carry.
    expect(called.headers.get("x-request-id")).toBe(meta.request_id);
    expect(called.headers.get("ratelimit-policy")).toBe('"hour";q=1000;w=3600');
    expect(called.headers.get("ratelimit-remaining")).toBe("999");
  });

  it("a flood of protocol messages is refused 429 with Retry-After once the key's MCP budget is spent", async () => {
    const { key } = await route.h.key();
    let last: Answer | undefined;
    let answered = 0;
    // A sliding window: across a minute's edge the last minute's count weighs a little less, so a few more may pass.
    for (let i = 0; i < 130; i++) {
      last = await post(key, { jsonrpc: "2.0", id: i, method: "ping" });
      if (last.status !== 200) break;
      answered += 1;
    }
    expect(answered).toBeGreaterThanOrEqual(120);
    expect({ status: last!.status, error: last!.body.error }).toEqual({ status: 429, error: "rate_limited" });
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  it("a browser origin the key lists may read the answer (CORS as over HTTP); a revoked key's 403 carries the RateLimit headers", async () => {
    const origin = "https://app.example.com";
    const { key } = await route.h.key({ allowedOrigins: [origin] });
    const listed = await post(key, { jsonrpc: "2.0", id: 1, method: "tools/list" }, { origin });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe(origin);
    expect(listed.headers.get("access-control-expose-headers")).toContain("ratelimit");

    const revoked = await route.h.key();
    await revokeKey(route.h.db, "test", { keyId: revoked.id });
    const refused = await post(revoked.key, { jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect({ status: refused.status, error: refused.body.error }).toEqual({ status: 403, error: "revoked_api_key" });
    expect(refused.headers.get("ratelimit-policy")).toContain('"minute"');
    expect(refused.headers.get("x-request-id")).toBe(refused.body.request_id);
  });
});
