// Every route under each dependency fault, on real parts: a TCP proxy sits in front of
// PostgreSQL, Redis and the chain node, and is switched between pass, refuse (down, or dropped
// mid-query) and freeze (accepts, then says nothing) while the test runs. Each route must
// answer in the failure envelope with its request id, in bounded time, charge nothing, lose no
// usage record of a request that reached a key, and recover without a restart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@/lib/api-contract/endpoints";
import { apiDeps } from "@/lib/api/deps";
import { drainUsageWrites, recordFailedUsage } from "@/lib/usage/record";
import { demoRequestsFor } from "@/demo-chain/requests";
import type { FaultMode } from "../support/fault-proxy";
import { startFaultyWorld, type Dependency, type FaultyWorld } from "../support/faulty-world";
import { expectFailure, type Harness } from "../support/harness";

// Small bounds so the suite is quick; the defaults are documented in .env.example.
// Wide enough that a loaded machine (the whole suite runs at once) never trips them by itself.
const connectTimeoutMs = 1_000;
const queryTimeoutMs = 2_000;
// 5 s: on a machine at half the speed of the one these were set on, the first of eleven reads at
// once on cold intelligence threads (why-down's) took past 3 s with nothing failing.
const deadlineMs = 5_000;
/** Redis commands fail after 2 s (the RESP client's own bound); every fault must be answered within this: the deadline and a margin. */
const answerWithinMs = 8_000;
const startingBalance = 1_000;

let world: FaultyWorld;
let h: Harness;
let key: string;
/** A fresh key per call: the metadata budget allows one call a second per key, and these calls come faster. */
const freshKey = async () => (await h.key()).key;
const proxies = () => world.proxies;

/** Resolves once the application has sent the node something after this call (a read is in flight). */
async function nodeAsked() {
  const before = proxies().node.bytesSent;
  for (const started = Date.now(); proxies().node.bytesSent === before; ) {
    if (Date.now() - started > 10_000) throw new Error("the request never reached the node");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
const balance = () => world.balance();

function requestFor(endpoint: Endpoint) {
  if (endpoint.method === "GET") return undefined;
  return demoRequestsFor(endpoint.id, "eth", world.chain.addressBook)[0];
}

type Answer = { endpoint: Endpoint; status: number; requestId: string; body: { ok: boolean; error?: string; message?: string; request_id?: string; meta?: { request_id: string; credits_charged: number } }; ms: number };

/** Calls every route at once, each with a key minted beforehand (while the database is up). */
async function callEvery(keys: string[]): Promise<Answer[]> {
  return Promise.all(
    endpoints.map(async (endpoint, index) => {
      const started = performance.now();
      const response = await h.call(endpoint.method, endpoint.id, { key: endpoint.surface === "public" ? undefined : keys[index], body: requestFor(endpoint) });
      return { endpoint, status: response.status, requestId: response.headers.get("x-request-id")!, body: response.body, ms: performance.now() - started };
    }),
  );
}

const freshKeys = () => Promise.all(endpoints.map(freshKey));

/** Which routes a fault of this dependency reaches: the database and Redis every keyed route (the database health too), the node only the chain reads. */
function reached(dependency: Dependency, endpoint: Endpoint): boolean {
  if (dependency === "database") return true;
  if (dependency === "redis") return endpoint.surface !== "public";
  return endpoint.surface === "intelligence";
}

beforeAll(async () => {
  world = await startFaultyWorld({
    balance: startingBalance,
    env: { DATABASE_CONNECT_TIMEOUT_MS: String(connectTimeoutMs), DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs), REQUEST_DEADLINE_MS: String(deadlineMs) },
  });
  h = world.h;
  key = (await h.key()).key;
}, 120_000);

afterAll(async () => {
  await world?.close();
});

it("with every dependency passing, every route answers 200", async () => {
  // A failure says what the route answered and how long it took, not only its status.
  for (const answer of await callEvery(await freshKeys())) {
    expect({ id: answer.endpoint.id, status: answer.status, why: answer.status === 200 ? null : `${answer.body.error}: ${answer.body.message} after ${Math.round(answer.ms)} ms` }).toEqual({ id: answer.endpoint.id, status: 200, why: null });
  }
});

const faults: Array<{ dependency: Dependency; mode: Exclude<FaultMode, "pass"> }> = [
  { dependency: "database", mode: "refuse" },
  { dependency: "database", mode: "freeze" },
  { dependency: "redis", mode: "refuse" },
  { dependency: "redis", mode: "freeze" },
  { dependency: "node", mode: "refuse" },
  { dependency: "node", mode: "freeze" },
];

describe.each(faults)("$dependency: $mode", ({ dependency, mode }) => {
  it("every route it reaches answers 503 unavailable in the envelope, in bounded time, charging nothing; the others are untouched; nothing is lost and all recovers", async () => {
    const before = await balance();
    const [keys, laterKeys] = [await freshKeys(), await freshKeys()];
    await proxies()[dependency].set(mode);
    let answers: Answer[];
    try {
      answers = await callEvery(keys);
    } finally {
      await proxies()[dependency].set("pass");
    }

    for (const answer of answers) {
      const id = answer.endpoint.id;
      expect(answer.ms, `${id} answered in ${Math.round(answer.ms)} ms`).toBeLessThan(answerWithinMs);
      if (!reached(dependency, answer.endpoint)) {
        expect({ id, status: answer.status }).toEqual({ id, status: 200 });
        continue;
      }
      expect({ id, status: answer.status, ok: answer.body.ok, error: answer.body.error }).toEqual({ id, status: 503, ok: false, error: "unavailable" });
      expect(answer.body.request_id, id).toMatch(/^req_/);
      if (dependency === "database") expect(answer.body.message, id).toMatch(/database is unavailable/);
      if (dependency === "node") expect(answer.body.message, id).toMatch(mode === "refuse" ? /^Ethereum node did not answer: / : new RegExp(`request deadline of ${deadlineMs / 1000} s`));
    }

    // Nothing charged; and every request that reached a key has its record, written once the
    // database was back where the fault was the database's.
    await drainUsageWrites(10_000);
    expect(await balance()).toBe(before);
    const failedIds = answers.filter((a) => a.status !== 200 && a.endpoint.surface !== "public").map((a) => a.requestId);
    expect(await h.db.creditLedger.count({ where: { requestId: { in: answers.map((a) => a.requestId) } } })).toBe(0);
    if (dependency !== "database") {
      const records = await h.db.requestRecord.findMany({ where: { id: { in: failedIds } } });
      expect(records.map((r) => r.id).sort()).toEqual([...failedIds].sort());
      expect(records.every((r) => r.httpStatus === 503 && r.outcome === "server_error" && r.charged === 0)).toBe(true);
    }

    // Recovery without a restart.
    const recovered = await callEvery(laterKeys);
    for (const answer of recovered) expect({ id: answer.endpoint.id, status: answer.status }).toEqual({ id: answer.endpoint.id, status: 200 });
    const paid = recovered.filter((a) => a.endpoint.price > 0).reduce((sum, a) => sum + a.body.meta!.credits_charged, 0);
    expect(await balance()).toBe(before - paid);
  }, 60_000);
});

describe.each(["refuse", "freeze"] as const)("database lost mid-request (%s)", (mode) => {
  it("a paid call whose charge cannot commit answers 503, charges nothing, and its record is written when the database returns", async () => {
    const before = await balance();
    const endpoint = endpoints.find((e) => e.id === "intel/risk")!;
    // Hold the chain read so the database can fail between authentication and the charge.
    await proxies().node.set("freeze");
    const asked = nodeAsked();
    const pending = h.call("POST", endpoint.id, { key, body: requestFor(endpoint) });
    await asked;
    await proxies().database.set(mode);
    await proxies().node.set("pass");
    const started = performance.now();
    const response = await pending;
    expect(performance.now() - started).toBeLessThan(answerWithinMs);
    const refusal = expectFailure(response);
    expect(response.status).toBe(503);
    expect(["billing_commit_failed", "unavailable"]).toContain(refusal.error);
    expect(await h.db.requestRecord.findUnique({ where: { id: refusal.request_id } })).toBeNull();

    await proxies().database.set("pass");
    expect(await drainUsageWrites(10_000)).toBe(0);
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: refusal.request_id } });
    expect({ status: record.httpStatus, charged: record.charged, outcome: record.outcome }).toEqual({ status: 503, charged: 0, outcome: "server_error" });
    expect(await h.db.creditLedger.findUnique({ where: { requestId: refusal.request_id } })).toBeNull();
    expect(await balance()).toBe(before);
  }, 30_000);
});

it("a kept usage record the database refuses (not an outage) is dropped alone; the others kept with it are written", async () => {
  const sql = await apiDeps().sql();
  const { id: keyId } = await h.key();
  const record = (requestId: string, key = keyId) => ({
    requestId, keyId: key, projectId: h.project.id, endpoint: "me", method: "GET", httpStatus: 503, errorCode: "unavailable",
    outcome: "server_error" as const, quoted: 0, charged: 0, chain: null, latencyMs: 1, createdAt: new Date(),
  });
  await proxies().database.set("refuse");
  try {
    await recordFailedUsage(sql, record("req_kept_first"), { databaseDown: true });
    // A key that does not exist: the database will refuse this one for good (foreign key).
    await recordFailedUsage(sql, record("req_kept_refused", "key_that_does_not_exist"), { databaseDown: true });
    await recordFailedUsage(sql, record("req_kept_last"), { databaseDown: true });
  } finally {
    await proxies().database.set("pass");
  }
  expect(await drainUsageWrites(10_000)).toBe(0);
  const written = await h.db.requestRecord.findMany({ where: { id: { in: ["req_kept_first", "req_kept_refused", "req_kept_last"] } } });
  expect(written.map((r) => r.id).sort()).toEqual(["req_kept_first", "req_kept_last"]);
});

describe("a client that leaves", () => {
  it("before the answer: the chain reads stop, nothing is charged, and the record says client_closed", async () => {
    const before = await balance();
    const endpoint = endpoints.find((e) => e.id === "wallet/pnl")!;
    await proxies().node.set("freeze");
    const controller = new AbortController();
    try {
      const asked = nodeAsked();
      const pending = h.call("POST", endpoint.id, { key, body: requestFor(endpoint), signal: controller.signal });
      await asked;
      // Let the rest of the round's requests leave too: they all wait on the frozen node now.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sentBefore = proxies().node.bytesSent;
      const closedBefore = proxies().node.closedByApplication;
      const abortedAt = performance.now();
      controller.abort();
      const response = await pending;
      // Answered at once, not when the deadline or the node's timeout would have ended it.
      expect(performance.now() - abortedAt).toBeLessThan(500);
      const refusal = expectFailure(response, "client_closed");
      expect(response.status).toBe(499);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The node requests in flight were cancelled (their connections closed), and nothing more was asked of the node.
      expect(proxies().node.closedByApplication).toBeGreaterThan(closedBefore);
      expect(proxies().node.bytesSent).toBe(sentBefore);
      const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: refusal.request_id } });
      expect({ status: record.httpStatus, outcome: record.outcome, charged: record.charged, error: record.errorCode }).toEqual({ status: 499, outcome: "client_closed", charged: 0, error: "client_closed" });
    } finally {
      await proxies().node.set("pass");
    }
    expect(await balance()).toBe(before);
  });

  it("while uploading the body: recorded as client_closed, not as a server error", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"chain":"eth","add'));
        setTimeout(() => controller.error(new Error("aborted")), 50);
      },
    });
    const response = await h.call("POST", "intel/risk", { key, rawBody: body });
    const refusal = expectFailure(response);
    expect(response.status).toBe(499);
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: refusal.request_id } });
    expect({ outcome: record.outcome, charged: record.charged }).toEqual({ outcome: "client_closed", charged: 0 });
  });
});
