// Both generated clients against the API served over HTTP on the eth demo chain (PostgreSQL,
// Redis, charging on): every endpoint of the registry through each, a 429 waited out, a 503 with
// Retry-After waited out, and a paid call repeated with its Idempotency-Key charged once. The
// Python client is driven by spawning python3 on test/clients/drive-python-client.py. The 429's
// one second is waited on the clients' own timers; the 503's thirty seconds go to a sleep the test
// gives both clients, which records what they were told to wait and returns once the schema is back.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, apiResponse, DevIntelClient, type Chain, type ClientOptions } from "@/clients/typescript/src/index";
import { demoRequestsFor } from "@/demo-chain/requests";
import { endpointPath, endpoints, type EndpointId } from "@/lib/api-contract/endpoints";
import { forgetSchemaStatus } from "@/lib/db/schema-status";
import { clientOperations, type OpenApiDocument } from "@/lib/openapi/clients/operations";
import { openApiDocument } from "@/lib/openapi/document";
import { startApiHttpServer } from "../support/api-http-server";
import { startFaultProxy } from "../support/fault-proxy";
import { useChargedRoute } from "../support/route-harness";

const route = useChargedRoute("eth");
const operations = clientOperations(openApiDocument() as unknown as OpenApiDocument);
let server: Awaited<ReturnType<typeof startApiHttpServer>>;

beforeAll(async () => {
  await route.useNode(route.chain.rpcUrl);
  server = await startApiHttpServer();
  await route.setAccount(1_000);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The client method of a registry endpoint, and what it is called with on the demo chain. */
function callOf(id: EndpointId) {
  const operation = operations.find((candidate) => candidate.path === endpointPath({ id }));
  if (!operation) throw new Error(`no client operation for ${id}`);
  const input = operation.input === "body" ? demoRequestsFor(id, "eth", route.chain.addressBook)[0] : operation.input === "query" ? { limit: 5, chain: "eth" } : undefined;
  return { operation, input, pythonName: operation.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) };
}

const riskRequest = () => ({ chain: "eth" as const, address: route.chain.addressBook.scenarios.healthy.token.address as string });

type Envelope = { ok: boolean; data: unknown; meta: { request_id: string; credits_charged: number } };

/** Every answer is its endpoint's: data as the response schema has it, the price charged. */
function expectAnswerOf(id: EndpointId, answer: Envelope) {
  const endpoint = endpoints.find((candidate) => candidate.id === id)!;
  if (!("response" in endpoint)) return expect(answer).toMatchObject({ ok: true, version: "v1" });
  expect({ id, ok: answer.ok, fits: endpoint.response.data.safeParse(answer.data).success, charged: answer.meta.credits_charged }).toEqual({ id, ok: true, fits: true, charged: endpoint.price });
}

/** What response_of (an answer) or ApiError.response (a failure) told the Python client about the headers. */
type PythonResponse = { status: number; request_id: string; idempotent_replayed: boolean; rate_limit: { policy: string | null; limit: number | null; remaining: number | null; reset_seconds: number | null } | null };
type PythonResult = {
  answer?: Envelope;
  response?: PythonResponse | null;
  exception?: string;
  reason?: string | null;
  error?: { code: string; status: number; message: string; request_id: string; retry_after_seconds: number | null; response: PythonResponse };
  retries: Array<{ attempt: number; wait_seconds: number; retry_after_seconds: number | null; code: string; status: number }>;
  sleeps?: number[];
};
type PythonCall = { method: string; input?: unknown; idempotency_key?: string; timeout?: number };

/**
 * Starts the Python client on `calls`; `onRetrying` is told each time a retry starts waiting. With
 * `holdSleeps` the client's waits go to the driver's sleep, which records the seconds asked and
 * returns at `wake()`, instead of to time.sleep.
 */
function startPython(apiKey: string | undefined, calls: PythonCall[], options: { retry?: Record<string, number>; onRetrying?: () => void; holdSleeps?: boolean } = {}) {
  const child = spawn("python3", [path.resolve(__dirname, "drive-python-client.py")], { stdio: ["pipe", "pipe", "pipe"] });
  const results: PythonResult[] = [];
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  // Waking a driver that has already exited (it failed, or the call needed no wait) is no fault of the call's.
  child.stdin.on("error", () => undefined);
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (line === "retrying") options.onRetrying?.();
    else results.push(JSON.parse(line) as PythonResult);
  });
  child.stdin.write(`${JSON.stringify({ base_url: server.baseUrl, api_key: apiKey, retry: options.retry ?? {}, sleep: options.holdSleeps ? "until_woken" : "client", calls })}\n`);
  // Closing stdin wakes every held sleep at once (a closed stdin reads as an empty line).
  const wake = () => void (child.stdin.writableEnded || child.stdin.end());
  if (!options.holdSleeps) wake();
  const done = new Promise<PythonResult[]>((resolve, reject) => {
    child.on("close", (code) => (code === 0 ? resolve(results) : reject(new Error(`python3 exited ${code}: ${stderr}`))));
  });
  return { done, wake };
}

/** Runs the Python client on `calls` with its own sleep; `onRetrying` is told each time a retry starts waiting. */
function runPython(apiKey: string | undefined, calls: PythonCall[], retry: Record<string, number> = {}, onRetrying?: () => void): Promise<PythonResult[]> {
  return startPython(apiKey, calls, { retry, onRetrying }).done;
}

function tsClient(apiKey: string | undefined, options: Partial<ClientOptions> = {}) {
  return new DevIntelClient({ baseUrl: server.baseUrl, apiKey, ...options });
}

describe("every endpoint of the registry", () => {
  it("answers through the TypeScript client, typed", async () => {
    const client = tsClient((await route.h.key()).key);
    const methods = client as unknown as Record<string, (...args: unknown[]) => Promise<Envelope>>;
    for (const endpoint of endpoints) {
      const { operation, input } = callOf(endpoint.id);
      expectAnswerOf(endpoint.id, await methods[operation.name](...(input === undefined ? [] : [input])));
    }
    // The answers are typed: these reads compile only because the generated types name them.
    const risk = await client.intelRisk(riskRequest());
    const flags: string[] = risk.data.flags;
    const block: number = risk.meta.chain_data_source.block_number;
    expect(flags).toBeInstanceOf(Array);
    expect(block).toBeGreaterThan(0);
    // The answer's headers come with it: the request id and the key's budget after this call.
    expect(risk[apiResponse]).toMatchObject({ status: 200, requestId: risk.meta.request_id, idempotentReplayed: false, rateLimit: { policy: expect.stringContaining(";q="), limit: expect.any(Number), remaining: expect.any(Number), resetSeconds: expect.any(Number) } });
    expect(risk[apiResponse].headers.get("ratelimit")).toMatch(/;r=\d+/);
  }, 180_000);

  it("answers through the Python client", async () => {
    const calls = endpoints.map((endpoint) => {
      const { pythonName, input } = callOf(endpoint.id);
      return { method: pythonName, ...(input === undefined ? {} : { input }) };
    });
    const results = await runPython((await route.h.key()).key, calls);
    expect(results).toHaveLength(endpoints.length);
    endpoints.forEach((endpoint, at) => {
      expect({ id: endpoint.id, error: results[at].error }).toEqual({ id: endpoint.id, error: undefined });
      expectAnswerOf(endpoint.id, results[at].answer!);
    });
    // The answer's headers come with it (response_of): the request id and, on a keyed call, the key's budget.
    const riskAt = endpoints.findIndex((endpoint) => endpoint.id === "intel/risk");
    const risk = results[riskAt];
    expect(risk.response).toMatchObject({
      status: 200,
      request_id: (risk.answer as { meta: { request_id: string } }).meta.request_id,
      idempotent_replayed: false,
      rate_limit: { policy: expect.stringContaining(";q="), limit: expect.any(Number), remaining: expect.any(Number), reset_seconds: expect.any(Number) },
    });
  }, 180_000);
});

describe("failures", () => {
  it("come as ApiError with the envelope's code, status, message and request id", async () => {
    const client = tsClient((await route.h.key()).key);
    // A chain the API does not serve: the types refuse it, so it is forced here to see the server's refusal.
    const failure = await client.intelRisk({ chain: "ethereum" as Chain, address: "0x0" }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: "invalid_chain", status: 400, message: expect.stringContaining("eth, base"), requestId: expect.stringMatching(/^req_/) });
    const { response, requestId } = failure as ApiError;
    expect(response).toMatchObject({ status: 400, requestId, rateLimit: { limit: expect.any(Number), remaining: expect.any(Number) } });
    const [python] = await runPython((await route.h.key()).key, [{ method: "intel_risk", input: { chain: "ethereum", address: "0x0" } }]);
    expect(python.error).toMatchObject({ code: "invalid_chain", status: 400, message: expect.stringContaining("eth, base"), request_id: expect.stringMatching(/^req_/) });
    expect(python.error!.response).toMatchObject({ status: 400, request_id: python.error!.request_id });
  }, 60_000);
});

describe("timeouts", () => {
  it("end an attempt that takes longer, with the platform's timeout error, and a caller's signal ends the call", async () => {
    const client = tsClient((await route.h.key()).key);
    await expect(client.intelWhyDown(riskRequest(), { timeoutMs: 5 })).rejects.toMatchObject({ name: "TimeoutError" });
    const caller = new AbortController();
    const call = client.intelWhyDown(riskRequest(), { signal: caller.signal });
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    const [python] = await runPython((await route.h.key()).key, [{ method: "intel_why_down", input: riskRequest(), timeout: 0.005 }]);
    expect(python).toMatchObject({ exception: expect.stringMatching(/^(TimeoutError|URLError)$/) });
    if (python.exception === "URLError") expect(python.reason).toBe("TimeoutError");
  }, 60_000);
});

describe("429: the metadata budget is one call a second", () => {
  it("the TypeScript client waits Retry-After and succeeds; a Retry-After beyond the longest wait is thrown", async () => {
    const retries: Array<{ attempt: number; waitSeconds: number; code: string }> = [];
    const client = tsClient((await route.h.key()).key, { onRetry: ({ attempt, waitSeconds, error }) => retries.push({ attempt, waitSeconds, code: error.code }) });
    await client.me();
    const started = Date.now();
    const second = await client.me();
    expect(second.ok).toBe(true);
    expect(retries).toEqual([{ attempt: 1, waitSeconds: 1, code: "rate_limited" }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);

    const impatient = tsClient((await route.h.key()).key, { retry: { maxWaitSeconds: 0.5 } });
    await impatient.me();
    await expect(impatient.me()).rejects.toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 1, requestId: expect.stringMatching(/^req_/) });
  }, 60_000);

  it("the Python client waits Retry-After and succeeds", async () => {
    const results = await runPython((await route.h.key()).key, [{ method: "me" }, { method: "me" }]);
    expect(results.map((result) => result.answer?.ok)).toEqual([true, true]);
    expect(results[1].retries).toEqual([{ attempt: 1, wait_seconds: 1, retry_after_seconds: 1, code: "rate_limited", status: 429 }]);
    const limited = await runPython((await route.h.key()).key, [{ method: "me" }, { method: "me" }], { max_wait_seconds: 0.5 });
    expect(limited[1].error).toMatchObject({ code: "rate_limited", status: 429, retry_after_seconds: 1 });
  }, 60_000);
});

describe("503 with Retry-After: health while the database schema is behind this version", () => {
  it("both clients wait the 30 s it asks (told to a sleep the test holds) and succeed once the schema is current again", async () => {
    const db = route.h.db;
    const [{ name }] = await db.$queryRawUnsafe<Array<{ name: string }>>(`SELECT max(migration_name) AS name FROM "_prisma_migrations"`);
    await db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, name);
    forgetSchemaStatus();
    const restore = () => db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, name).then(() => undefined);
    // Each client's wait is a sleep that records the seconds it was asked for and ends when the
    // schema is current again: the wait asked is asserted, not spent (the clients' own timers are
    // proven by the 429 above, where waiting less than Retry-After fails).
    let wakeTs!: () => void;
    const tsWoken = new Promise<void>((resolve) => (wakeTs = resolve));
    const tsSleeps: number[] = [];
    let python: ReturnType<typeof startPython> | undefined;
    let waiting = 0;
    let restored: Promise<void> | undefined;
    const wakeBoth = () => {
      wakeTs();
      python?.wake();
    };
    // Once both clients are waiting, the operator migrates: the retry finds the schema current.
    const onRetrying = () => {
      waiting += 1;
      if (waiting === 2) restored = restore().then(wakeBoth);
    };
    const tsRetries: Array<{ waitSeconds: number; status: number; code: string }> = [];
    let answers: [Awaited<ReturnType<DevIntelClient["health"]>>, PythonResult[]];
    try {
      const ts = tsClient(undefined, {
        onRetry: ({ waitSeconds, error }) => (tsRetries.push({ waitSeconds, status: error.status, code: error.code }), onRetrying()),
        sleep: async (seconds) => {
          tsSleeps.push(seconds);
          await tsWoken;
        },
      }).health();
      python = startPython(undefined, [{ method: "health" }], { onRetrying, holdSleeps: true });
      answers = await Promise.all([ts, python.done]);
    } finally {
      await (restored ?? restore());
      wakeBoth();
    }
    const [tsAnswer, [pythonResult]] = answers;
    expect(tsAnswer).toMatchObject({ ok: true, version: "v1" });
    expect(tsRetries).toEqual([{ waitSeconds: 30, status: 503, code: "unavailable" }]);
    expect(tsSleeps).toEqual([30]);
    expect(pythonResult).toMatchObject({ answer: { ok: true, version: "v1" }, retries: [{ attempt: 1, wait_seconds: 30, retry_after_seconds: 30, code: "unavailable", status: 503 }], sleeps: [30] });
  }, 30_000);
});

describe("Idempotency-Key: one charge per logical call", () => {
  it("a paid call repeated with its key replays the first answer and is charged once (TypeScript and Python)", async () => {
    const before = await route.balance();
    const client = tsClient((await route.h.key()).key);
    const idempotencyKey = randomUUID();
    const first = await client.intelRisk(riskRequest(), { idempotencyKey });
    const again = await client.intelRisk(riskRequest(), { idempotencyKey });
    expect(again.meta.request_id).toBe(first.meta.request_id);
    expect([first[apiResponse].idempotentReplayed, again[apiResponse].idempotentReplayed]).toEqual([false, true]);
    const pythonKey = randomUUID();
    const python = await runPython((await route.h.key()).key, [
      { method: "intel_risk", input: riskRequest(), idempotency_key: pythonKey },
      { method: "intel_risk", input: riskRequest(), idempotency_key: pythonKey },
    ]);
    expect(python[1].answer!.meta.request_id).toBe(python[0].answer!.meta.request_id);
    expect(await route.balance()).toBe(before - 2 * 2);
    for (const requestId of [first.meta.request_id, python[0].answer!.meta.request_id]) {
      expect(await route.h.db.creditLedger.count({ where: { requestId } })).toBe(1);
      const replays = await route.h.db.requestRecord.findMany({ where: { replayOf: requestId } });
      expect(replays.map((record) => record.charged)).toEqual([0]);
    }
  }, 90_000);

  /**
   * Calls intel/risk with `call` while the eth node refuses until the client's first retry waits.
   * The 503 names a Retry-After (seconds for a node that failed for a moment): the client's wait
   * goes to a sleep of the test's that records it and ends once the node is back (`nodeBack`).
   */
  async function retriedPaidCall(call: (key: string, nodeBack: () => Promise<void>) => Promise<string>) {
    const node = new URL(route.chain.rpcUrl);
    const proxy = await startFaultProxy({ host: node.hostname, port: Number(node.port) });
    try {
      await route.useNode(proxy.url(route.chain.rpcUrl));
      await proxy.set("refuse");
      const { id: keyId, key } = await route.h.key();
      const keysBefore = server.idempotencyKeys.length;
      // The node comes back while the client waits.
      const requestId = await call(key, () => proxy.set("pass"));
      const sentKeys = server.idempotencyKeys.slice(keysBefore);
      expect(sentKeys).toHaveLength(2);
      expect(sentKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(sentKeys[1]).toBe(sentKeys[0]);
      const records = await route.h.db.requestRecord.findMany({ where: { keyId }, orderBy: { createdAt: "asc" } });
      expect(records.map((record) => [record.httpStatus, record.charged])).toEqual([[503, 0], [200, 2]]);
      expect(await route.h.db.creditLedger.count({ where: { requestId } })).toBe(1);
    } finally {
      await route.useNode(route.chain.rpcUrl);
      await proxy.close();
    }
  }

  it("the TypeScript client's retry of a failed paid call sends the same generated key, and one charge follows", async () => {
    await retriedPaidCall(async (key, nodeBack) => {
      const told: Array<number | null> = [];
      const slept: number[] = [];
      const client = tsClient(key, {
        onRetry: ({ error }) => told.push(error.retryAfterSeconds),
        sleep: async (seconds) => {
          slept.push(seconds);
          await nodeBack();
        },
      });
      const answer = await client.intelRisk(riskRequest());
      // One wait, of what the 503's Retry-After said.
      expect(told).toEqual([expect.any(Number)]);
      expect(slept).toEqual(told);
      return answer.meta.request_id;
    });
  }, 90_000);

  it("the Python client's retry of a failed paid call sends the same generated key, and one charge follows", async () => {
    await retriedPaidCall(async (key, nodeBack) => {
      const python = startPython(key, [{ method: "intel_risk", input: riskRequest() }], { holdSleeps: true, onRetrying: () => void nodeBack().finally(() => python.wake()) });
      let result: PythonResult;
      try {
        [result] = await python.done;
      } finally {
        python.wake();
      }
      expect(result.retries).toMatchObject([{ attempt: 1, code: "unavailable", status: 503, retry_after_seconds: expect.any(Number) }]);
      // One wait, of what the 503's Retry-After said.
      expect(result.sleeps).toEqual([result.retries[0].retry_after_seconds]);
      expect(result.retries[0].wait_seconds).toBe(result.retries[0].retry_after_seconds);
      return result.answer!.meta.request_id;
    });
  }, 90_000);
});
