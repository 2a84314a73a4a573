// A key's intelligence calls in flight are capped (INTEL_READS_IN_FLIGHT_PER_KEY, here 2), on real
// parts: the pipeline on PostgreSQL and Redis, and on the embedded defaults with the in-process
// limiter; over HTTP and as MCP tool calls alike; and across two processes sharing Redis, one of
// which dies holding its slots. A TCP proxy in front of the eth demo chain holds reads in flight.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoRequestsFor } from "@/demo-chain/requests";
import { setApiDeps } from "@/lib/api/deps";
import { changeSettings } from "@/lib/operator/operations";
import { ensureCreditAccount, utcDay } from "@/lib/billing/credits";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { createHarness, expectFailure, type Backend, type Harness } from "../support/harness";
import { useSharedDemoChains } from "../support/demo-chains";
import { nodeSettingsChanged } from "../support/node-settings";
import { startFaultProxy, type FaultProxy } from "../support/fault-proxy";
import { announceKeyContextChange } from "@/lib/keys/change-notices";

const shared = useSharedDemoChains(["eth"]);
const saved = { rpc: process.env.ETH_RPC_URL, cap: process.env.INTEL_READS_IN_FLIGHT_PER_KEY };
let node: FaultProxy;

beforeAll(async () => {
  const target = new URL(shared.get("eth").rpcUrl);
  node = await startFaultProxy({ host: target.hostname, port: Number(target.port) });
  process.env.ETH_RPC_URL = node.url(shared.get("eth").rpcUrl);
  process.env.INTEL_READS_IN_FLIGHT_PER_KEY = "2";
  await nodeSettingsChanged();
});

afterEach(async () => {
  await node.set("pass");
});

afterAll(async () => {
  for (const [name, value] of [["ETH_RPC_URL", saved.rpc], ["INTEL_READS_IN_FLIGHT_PER_KEY", saved.cap]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await nodeSettingsChanged();
  await node?.close();
});

const riskArgs = (scenario: number) => demoRequestsFor("intel/risk", "eth", shared.get("eth").addressBook)[scenario];
const mcpHeaders = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };

/**
 * Waits until the key's `cap` slots are all taken, as the store itself says. It only counts: a probe
 * that took a slot to test for room, however briefly, could take the one a held call was about to
 * take, and that call would be refused instead of held. Bounded by time, not tries.
 */
async function untilSlotsTaken(limiter: RateLimiter, keyId: string, cap: number) {
  let held = 0;
  for (const giveUpAt = Date.now() + 30_000; Date.now() < giveUpAt; ) {
    held = await limiter.inFlight.held(`intel:${keyId}`);
    if (held >= cap) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the key's ${cap} slots were never all taken (last count ${held})`);
}

async function fund(h: Harness, balance: number) {
  await ensureCreditAccount(h.db, h.owner.id);
  await h.db.creditAccount.update({ where: { userId: h.owner.id }, data: { balance, freeCreditsDay: utcDay(h.clock.now), freeCreditsUsed: 5 } });
  await announceKeyContextChange({ scope: "owner", id: h.owner.id });
}

function useHarness(backend: Backend) {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await createHarness(backend);
    await changeSettings(h.db, "test", { chargingEnabled: true });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });
  return () => h!;
}

describe.each(["postgres+redis", "pglite+memory"] as const)("in-flight cap per key (%s)", (backend) => {
  const harness = useHarness(backend);

  it("past the cap an intelligence call is refused 429 rate_limited with Retry-After, over HTTP (failure envelope) and MCP (JSON-RPC error), charging nothing", async () => {
    const h = harness();
    const { key, id: keyId } = await h.key();
    await fund(h, 50);
    await node.set("freeze");
    const held = [h.call("POST", "intel/risk", { key, body: riskArgs(0) }), h.call("POST", "intel/risk", { key, body: riskArgs(1) })];
    await untilSlotsTaken(h.limiter, keyId, 2);

    const refused = await h.call("POST", "intel/risk", { key, body: riskArgs(2) });
    const refusal = expectFailure(refused, "rate_limited");
    expect(refused.status).toBe(429);
    expect(refusal.message).toMatch(/already has 2 intelligence calls in flight/);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("ratelimit-policy")).toContain('"hour"');

    // MCP answers JSON-RPC, which the harness does not type.
    const overMcp = await h.callUntyped("POST", "mcp", { key, headers: mcpHeaders, body: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "intel_risk", arguments: riskArgs(2) } } });
    expect(overMcp.status).toBe(200);
    expect(overMcp.body.error).toMatchObject({ code: -32029, data: { ok: false, error: "rate_limited", status: 429, retry_after_seconds: 1 } });
    expect(overMcp.headers.get("retry-after")).toBe("1");
    expect(overMcp.headers.get("x-request-id")).toBe(overMcp.body.error.data.request_id);

    // The metadata surface is not capped.
    const metadata = await h.call("GET", "me", { key });
    expect(metadata.status).toBe(200);

    for (const requestId of [refusal.request_id, overMcp.body.error.data.request_id]) {
      const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: requestId } });
      expect({ status: record.httpStatus, error: record.errorCode, charged: record.charged }).toEqual({ status: 429, error: "rate_limited", charged: 0 });
    }

    await node.set("pass");
    const answers = await Promise.all(held);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    // Their slots are free again.
    expect((await h.call("POST", "intel/risk", { key, body: riskArgs(2) })).status).toBe(200);
    const charged = await h.db.requestRecord.aggregate({ where: { keyId }, _sum: { charged: true } });
    expect(charged._sum.charged).toBe(6);
  }, 60_000);

  it("another key's calls are not held back by this key's", async () => {
    const h = harness();
    const busy = await h.key();
    const other = await h.key({ permissions: ["contract:read"] });
    await fund(h, 50);
    await node.set("freeze");
    const held = [h.call("POST", "intel/risk", { key: busy.key, body: riskArgs(0) }), h.call("POST", "intel/risk", { key: busy.key, body: riskArgs(1) })];
    await untilSlotsTaken(h.limiter, busy.id, 2);
    const slots = await h.limiter.inFlight.acquire(`intel:${other.id}`, 2, 1_000);
    expect(slots).not.toBeNull();
    await slots!();
    await node.set("pass");
    await Promise.all(held);
  }, 60_000);
});

describe.runIf(process.env.TEST_REDIS_URL)("in-flight cap across two processes sharing Redis", () => {
  const harness = useHarness("postgres+redis");
  const prefix = `cap-two-${process.pid}-${Date.now()}`;
  let limiter: RateLimiter;
  let child: ChildProcess | undefined;
  let childUrl: string;

  beforeAll(async () => {
    // This process and the child count in one place: the same Redis, under one prefix.
    limiter = createRateLimiter({ env: { REDIS_URL: process.env.TEST_REDIS_URL }, prefix });
    setApiDeps({ limiter: () => limiter });
    child = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "fixtures/api-instance.ts")], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        INSTANCE_DATABASE_URL: harness().databaseUrl,
        INSTANCE_REDIS_URL: process.env.TEST_REDIS_URL,
        INSTANCE_RATE_PREFIX: prefix,
        // Its reads end at this deadline, and a slot it dies holding lives 5 s past it.
        REQUEST_DEADLINE_MS: "4000",
      },
    });
    const [line] = (await once(child.stdout!, "data")) as [Buffer];
    childUrl = line.toString().trim();
  }, 120_000);

  afterAll(async () => {
    child?.kill("SIGKILL");
    await limiter?.close();
  });

  it("an MCP cancel that reaches the other process stops the call there, uncharged", async () => {
    const h = harness();
    const { key, id: keyId } = await h.key();
    await fund(h, 50);
    await node.set("freeze");
    const running = fetch(`${childUrl}/v1/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": key, ...mcpHeaders },
      body: JSON.stringify({ jsonrpc: "2.0", id: 42, method: "tools/call", params: { name: "intel_risk", arguments: riskArgs(0) } }),
    }).then((response) => response.json());
    await untilSlotsTaken(limiter, keyId, 1);
    const cancel = await h.call("POST", "mcp", { key, headers: mcpHeaders, body: { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 42 } } });
    expect(cancel.status).toBe(202);
    const answer = await running;
    const failure = answer.result.structuredContent;
    expect({ error: failure.error, message: failure.message }).toEqual({ error: "client_closed", message: expect.stringMatching(/cancelled/) });
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: failure.request_id } });
    expect({ outcome: record.outcome, charged: record.charged }).toEqual({ outcome: "client_closed", charged: 0 });
  }, 60_000);

  it("reads in flight in one process count against the key in the other; a process that dies holding slots frees them when their lease runs out", async () => {
    const h = harness();
    const { key, id: keyId } = await h.key();
    await fund(h, 50);
    await node.set("freeze");
    const call = (body: Record<string, unknown>) =>
      fetch(`${childUrl}/v1/api/intel/risk`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(body) }).catch(() => undefined);
    void call(riskArgs(0));
    void call(riskArgs(1));
    await untilSlotsTaken(limiter, keyId, 2);

    const refused = await h.call("POST", "intel/risk", { key, body: riskArgs(2) });
    expectFailure(refused, "rate_limited");
    expect(refused.status).toBe(429);

    // The other process dies with both reads in flight: nothing releases their slots.
    child!.kill("SIGKILL");
    await once(child!, "exit");
    await node.set("pass");
    expect((await h.call("POST", "intel/risk", { key, body: riskArgs(2) })).status).toBe(429);
    // Within the lease (its deadline and 5 s), the slots come back on their own.
    let status = 429;
    for (let i = 0; i < 60 && status === 429; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await h.call("POST", "intel/risk", { key, body: riskArgs(2) })).status;
    }
    expect(status).toBe(200);
  }, 60_000);
});
