// Every code of the error table that an endpoint can answer, produced against `npm start` as it
// ships: PostgreSQL and Redis, so one worker process per core, each reading intelligence on its
// threads (INTEL_THREADS left to its default). Each code is asked over HTTP and, for the tools,
// over MCP, and must come back with its status, its code, a message (the same in both), a
// Retry-After where it is due, and no credit charged. The codes no healthy server can be made to
// answer are listed with the test that produces them; a code in neither list fails the walk.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { freePort, npmUntilReady, stopStarted, type Started } from "./support/own-server";
import type { WalkWorld } from "./support/error-walk-world";
import { RespClient } from "@/lib/redis/resp-client";
import { keyContextChannel } from "@/lib/keys/change-notices";

test.setTimeout(600_000);

type Code = keyof WalkWorld["errorTable"];
type Endpoint = WalkWorld["endpoints"][number];
/** `before`: readies the refusal, and says true while it is not ready yet. */
type Ask = { method?: string; key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string>; query?: string; before?: () => Promise<boolean> };
type Answer = { status: number; code: string; message: string; requestId: string; retryAfter: string | null };

/** Codes a healthy server cannot be made to answer from outside, and the test that produces each. */
function producedElsewhere(endpoint: Endpoint, code: Code): string | undefined {
  if (code === "internal_error") return "an unexpected failure: test/api/dependency-faults.test.ts, test/api/error-marks.test.ts";
  if (code === "billing_unavailable") return "a credit account that cannot be read mid-charge: test/api/charging.test.ts";
  if (code === "unavailable" && endpoint.surface !== "intelligence") return "a database that is down: test/api/dependency-faults.test.ts; health behind its migrations: test/db/unmigrated-start.test.ts";
  return undefined;
}

/** Codes an MCP tool call cannot meet, and why. */
const notOverMcp: Partial<Record<Code, string>> = {
  method_not_allowed: "the MCP endpoint's own method (asked once below)",
  bad_request: "an MCP message that is not JSON is a JSON-RPC parse error (test/api/mcp.test.ts)",
  payload_too_large: "an oversized MCP message is refused by the transport (test/api/mcp.test.ts)",
  idempotency_in_progress: "an MCP request carries no Idempotency-Key",
  idempotency_key_reused: "an MCP request carries no Idempotency-Key",
};

/** Refused when the MCP request is admitted (before any tool runs): answered as the HTTP envelope of the MCP POST. */
const refusedOnAdmission = new Set<Code>(["public_api_disabled", "missing_api_key", "invalid_api_key", "revoked_api_key", "key_expired", "project_disabled", "suspended_key", "origin_denied"]);

let world: WalkWorld;
let worldProcess: ChildProcess | undefined;
let server: Started | undefined;
let base = "";

test.beforeAll(async () => {
  worldProcess = spawn(process.execPath, ["--import", "tsx", "e2e/support/error-walk-world.ts"], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
  world = await new Promise<WalkWorld>((resolve, reject) => {
    let out = "";
    worldProcess!.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!) as WalkWorld);
    });
    worldProcess!.once("exit", (code) => reject(new Error(`the error walk's world exited (${code}) before it was ready`)));
  });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "error-walk-")),
    DATABASE_URL: world.databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    ETH_RPC_URL: world.ethRpcUrl,
    BSC_RPC_URL: world.failingBscRpcUrl,
  };
  // What ships: the process count and the threads are the server's own defaults.
  for (const name of ["BASE_RPC_URL", "WEB_CONCURRENCY", "INTEL_THREADS", "DEMO_CHAINS", "AUTH_URL"]) delete env[name];
  server = await npmUntilReady(["start"], env);
  expect(server.log()).toMatch(/— 2 processes \(.*\), \d+ intelligence threads each/);
  base = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await stopStarted(server);
  if (worldProcess && worldProcess.exitCode === null) {
    worldProcess.kill("SIGTERM");
    await new Promise((resolve) => worldProcess!.once("exit", resolve));
  }
});

async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: world.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A body that reads the demo token (and a wallet that never traded) on `chain`. */
function bodyFor(endpoint: Endpoint, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const values: Record<string, unknown> = { chain: "eth", address: world.token, token: world.token, wallet: world.quietWallet };
  return { ...Object.fromEntries(endpoint.fields.filter((field) => field in values).map((field) => [field, values[field]])), ...overrides };
}

/**
 * Metadata calls are budgeted at one a second per key, and test keys' intelligence too: calls with
 * such a key are spaced, so a refusal asked for is not met by the budget first.
 */
const lastCall = new Map<string, number>();
async function pace(endpoint: Endpoint, key: string | null) {
  if (!key || (endpoint.surface !== "metadata" && key !== world.keys.test)) return;
  const slot = `${endpoint.surface} ${key}`;
  const wait = (lastCall.get(slot) ?? 0) + 1_100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastCall.set(slot, Date.now());
}

async function askHttp(endpoint: Endpoint, ask: Ask): Promise<Answer> {
  const method = ask.method ?? endpoint.method;
  const key = ask.key === undefined ? world.keys.live : ask.key;
  if (!ask.before) await pace(endpoint, key);
  const headers: Record<string, string> = { ...(key ? { "x-api-key": key } : {}), ...(method === "POST" ? { "content-type": "application/json" } : {}), ...ask.headers };
  const body = method === "POST" ? (ask.rawBody ?? JSON.stringify(ask.body ?? bodyFor(endpoint))) : undefined;
  const response = await fetch(`${base}${endpoint.path}${ask.query ?? ""}`, { method, headers, body });
  const parsed = (await response.json()) as { ok: boolean; error?: string; message?: string; request_id?: string };
  expect(parsed.ok, `${endpoint.id}: ${JSON.stringify(parsed)}`).toBe(false);
  expect(parsed.request_id).toBe(response.headers.get("x-request-id"));
  return { status: response.status, code: parsed.error ?? "", message: parsed.message ?? "", requestId: parsed.request_id ?? "", retryAfter: response.headers.get("retry-after") };
}

const toolName = (endpoint: Endpoint) => endpoint.id.replace(/[/-]/g, "_");

async function askMcp(endpoint: Endpoint, ask: Ask): Promise<Answer> {
  const key = ask.key === undefined ? world.keys.live : ask.key;
  await pace(endpoint, key);
  const response = await fetch(`${base}/v1/api/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(key ? { "x-api-key": key } : {}), ...ask.headers },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: toolName(endpoint), arguments: ask.body ?? bodyFor(endpoint) } }),
  });
  const parsed = (await response.json()) as Record<string, any>;
  if (!("jsonrpc" in parsed)) {
    // Refused on admission: the MCP POST's own failure envelope.
    expect(parsed.ok).toBe(false);
    return { status: response.status, code: parsed.error, message: parsed.message, requestId: parsed.request_id, retryAfter: response.headers.get("retry-after") };
  }
  expect(response.status).toBe(200);
  const result = parsed.result as { isError?: boolean; structuredContent: Record<string, any> };
  expect(result?.isError, `${endpoint.id} over MCP: ${JSON.stringify(parsed)}`).toBe(true);
  const failure = result.structuredContent;
  return { status: failure.status, code: failure.error, message: failure.message, requestId: failure.request_id, retryAfter: failure.retry_after_seconds === undefined ? null : String(failure.retry_after_seconds) };
}

/** How to make `endpoint` answer `code`, or null where this endpoint cannot. */
function askFor(endpoint: Endpoint, code: Code): Ask | null {
  const paid = endpoint.price > 0;
  switch (code) {
    case "method_not_allowed":
      return { method: endpoint.method === "POST" ? "GET" : "DELETE" };
    case "missing_api_key":
      return { key: null };
    case "invalid_api_key":
      return { key: "svc_live_thisKeyWasNeverIssuedByThisServer0000" };
    case "revoked_api_key":
      return { key: world.keys.revoked };
    case "key_expired":
      return { key: world.keys.expired };
    case "project_disabled":
      return { key: world.keys.disabledProject };
    case "suspended_key":
      return { key: world.keys.suspended };
    case "origin_denied":
      return { key: world.keys.originBound, headers: { origin: "https://elsewhere.example.com" } };
    case "rate_limited":
      // Intelligence: its hour's one call was spent before the walk. Metadata: one call a second, so the second in a row.
      return endpoint.surface === "metadata"
        ? { key: world.keys.oneCallAnHour, before: async () => {
            const ask = () => fetch(`${base}${endpoint.path}`, { headers: { "x-api-key": world.keys.oneCallAnHour } });
            await ask();
            const second = await ask();
            // Two in a row, and the second refused: the next (the walk's) is refused in the same second.
            return second.status !== 429;
          } }
        : { key: world.keys.oneCallAnHour };
    case "access_required":
      return { key: world.keys.legacy };
    case "sandbox_limited":
      return { key: world.keys.test };
    case "scope_denied":
      return { key: endpoint.id === "wallet/approvals" ? world.keys.contractOnly : world.keys.securityOnly };
    case "endpoint_denied":
      return { key: endpoint.id === "intel/risk" ? world.keys.partnerAnalysisOnly : world.keys.partnerRiskOnly };
    case "bad_request":
      return { rawBody: "{\"chain\": " };
    case "payload_too_large":
      return { rawBody: JSON.stringify({ ...bodyFor(endpoint), padding: "x".repeat(20_000) }) };
    case "invalid_chain":
      return endpoint.method === "GET" ? { query: "?chain=polygon" } : { body: bodyFor(endpoint, { chain: "polygon" }) };
    case "invalid_address":
    case "invalid_token":
    case "invalid_wallet":
      return { body: bodyFor(endpoint, { [code.slice("invalid_".length)]: "0x1234" }) };
    case "chain_denied":
      return { key: world.keys.ethOnly, body: bodyFor(endpoint, { chain: "bsc" }) };
    case "trial_expired":
      return { key: world.keys.trialEnded };
    case "trial_exhausted":
      return { key: world.keys.trialSpent };
    case "payment_required":
      return paid ? { key: world.keys.broke } : null;
    case "insufficient_data":
      // An address with no code; a wallet that never moved the token.
      return { body: bodyFor(endpoint, endpoint.fields.includes("wallet") ? {} : { address: world.noCode }) };
    case "billing_commit_failed":
      // The read succeeds; the database refuses the charge (a trigger of the walk's database).
      return paid ? { key: world.keys.ledgerRefused, body: world.answering[endpoint.id] } : null;
    case "unavailable":
      // BNB Chain's node tells its head, then fails every read: the read fails on an intelligence thread.
      return { body: bodyFor(endpoint, { chain: "bsc" }) };
    case "idempotency_in_progress": {
      const held = world.heldClaims[endpoint.id];
      return held ? { rawBody: held.body, headers: { "idempotency-key": held.idempotencyKey } } : null;
    }
    default:
      return null;
  }
}

type Walked = { endpoint: string; code: Code; via: "http" | "mcp"; answer: Answer };

test("every code an endpoint can answer comes back over HTTP and MCP with its status, message and Retry-After, and nothing is charged", async () => {
  const walked: Walked[] = [];
  const unproduced: string[] = [];
  const intelligence = world.endpoints.filter((endpoint) => endpoint.surface === "intelligence");
  const keyed = world.endpoints.filter((endpoint) => endpoint.surface !== "public");
  const health = world.endpoints.find((endpoint) => endpoint.surface === "public")!;
  const balanceBefore = await withDb(async (client) => (await client.query("SELECT balance FROM credit_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1", [world.ownerEmail])).rows[0].balance as number);

  // Spend the one-an-hour key's budget on a refused call, so its next calls are over budget.
  await askHttp(intelligence[0]!, { key: world.keys.oneCallAnHour, rawBody: "{" });

  // Another server's unfinished claims, dated now: the repeat waits for it, then is told it is still running.
  // (A claim's time is its expiry less the window, as the server reads it.)
  await withDb((client) => client.query("UPDATE idempotency_records SET expires_at = now() + (expires_at - created_at) WHERE state = 'in_progress'"));

  const deferred: Promise<void>[] = [];
  for (const endpoint of keyed) {
    for (const code of endpoint.codes) {
      if (code === "public_api_disabled" || code === "idempotency_key_reused" || producedElsewhere(endpoint, code)) continue;
      const ask = askFor(endpoint, code);
      if (!ask) {
        unproduced.push(`${endpoint.id} ${code}`);
        continue;
      }
      // A budget of one a second is met by two calls in a row, unless a second's window turned between them: then again.
      if (ask.before) for (let tries = 0; tries < 5 && (await ask.before()); tries++);
      const viaHttp = askHttp(endpoint, ask).catch((error: Error) => Promise.reject(new Error(`${endpoint.id} ${code}: ${error.message}`))).then((answer) => void walked.push({ endpoint: endpoint.id, code, via: "http", answer }));
      // The held claims take the claim's wait (15 s) each: asked side by side.
      if (code === "idempotency_in_progress") deferred.push(viaHttp);
      else await viaHttp;
      if (endpoint.surface === "intelligence" && !notOverMcp[code]) {
        walked.push({ endpoint: endpoint.id, code, via: "mcp", answer: await askMcp(endpoint, ask) });
      }
    }
  }
  await Promise.allSettled(deferred);
  await Promise.all(deferred);

  // A reused Idempotency-Key: answered once, then asked with another body.
  for (const endpoint of intelligence) {
    const idempotencyKey = `reuse-${endpoint.id}-${Date.now()}`;
    const first = await fetch(`${base}${endpoint.path}`, { method: "POST", headers: { "x-api-key": world.keys.live, "content-type": "application/json", "idempotency-key": idempotencyKey }, body: JSON.stringify(world.answering[endpoint.id]) });
    expect(first.status, `${endpoint.id}: ${await first.clone().text()}`).toBe(200);
    walked.push({ endpoint: endpoint.id, code: "idempotency_key_reused", via: "http", answer: await askHttp(endpoint, { headers: { "idempotency-key": idempotencyKey }, body: { ...world.answering[endpoint.id], chain: "bsc" } }) });
  }
  const spentOnAnswers = await withDb(async (client) =>
    Number((await client.query("SELECT coalesce(sum(-balance_delta), 0) AS spent FROM credit_ledger WHERE kind = 'charge' AND request_id NOT IN (SELECT unnest($1::text[]))", [walked.map((one) => one.answer.requestId)])).rows[0].spent),
  );

  // health: its method (its other codes: the switch below; unavailable and internal_error elsewhere).
  walked.push({ endpoint: health.id, code: "method_not_allowed", via: "http", answer: await askHttp(health, { method: "POST", key: null }) });

  // The MCP endpoint's own method.
  const mcpGet = await fetch(`${base}/v1/api/mcp`, { headers: { "x-api-key": world.keys.live } });
  expect(mcpGet.status).toBe(405);
  expect(((await mcpGet.json()) as { error: string }).error).toBe("method_not_allowed");

  // Last, the public API switched off: every endpoint, health too, and MCP on admission.
  await withDb((client) => client.query("UPDATE settings SET public_api_enabled = false WHERE id = 1"));
  // Written behind the operator functions' back: the server's key-context copies are told, as a writer tells them.
  const redis = RespClient.fromUrl(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  await redis.call("PUBLISH", keyContextChannel, JSON.stringify({ origin: "error-walk", changes: [{ scope: "all" }] }));
  redis.close();
  for (const endpoint of world.endpoints) {
    if (!endpoint.codes.includes("public_api_disabled")) continue;
    walked.push({ endpoint: endpoint.id, code: "public_api_disabled", via: "http", answer: await askHttp(endpoint, {}) });
    if (endpoint.surface === "intelligence") walked.push({ endpoint: endpoint.id, code: "public_api_disabled", via: "mcp", answer: await askMcp(endpoint, {}) });
  }

  // Every code of every endpoint was produced or is produced elsewhere; none went unasked.
  expect(unproduced).toEqual([]);
  for (const endpoint of keyed) {
    for (const code of endpoint.codes) {
      if (producedElsewhere(endpoint, code)) continue;
      expect(walked.some((one) => one.endpoint === endpoint.id && one.code === code && one.via === "http"), `${endpoint.id} ${code} over HTTP`).toBe(true);
      if (endpoint.surface === "intelligence" && !notOverMcp[code]) expect(walked.some((one) => one.endpoint === endpoint.id && one.code === code && one.via === "mcp"), `${endpoint.id} ${code} over MCP`).toBe(true);
    }
  }

  // Each answer is the table's: status, code, a message, Retry-After where due.
  const wrong = walked.filter(({ code, answer }) => answer.code !== code || answer.status !== world.errorTable[code].status || !answer.message || !answer.requestId || ((answer.status === 429 || answer.status === 503) !== (Number(answer.retryAfter) > 0)));
  expect(wrong.map(({ endpoint, code, via, answer }) => `${endpoint} ${code} via ${via}: ${JSON.stringify(answer)}`)).toEqual([]);
  // Both surfaces say the same words for the same refusal.
  for (const mcp of walked.filter((one) => one.via === "mcp" && !refusedOnAdmission.has(one.code))) {
    const http = walked.find((one) => one.via === "http" && one.endpoint === mcp.endpoint && one.code === mcp.code)!;
    // (Figures such as seconds left may move between the two asks.)
    expect(mcp.answer.message.replace(/\d+/g, "N"), `${mcp.endpoint} ${mcp.code}`).toBe(http.answer.message.replace(/\d+/g, "N"));
  }
  // A node fault met on an intelligence thread is the retryable 503, never an internal error.
  expect(walked.filter((one) => one.code === "unavailable").every((one) => one.answer.message.includes("BNB Chain"))).toBe(true);

  // Nothing was charged for any refusal: no ledger entry names one, the records say 0, and the
  // balance moved only by the answers the reuse check needed.
  await withDb(async (client) => {
    const ids = walked.map((one) => one.answer.requestId);
    expect(Number((await client.query("SELECT count(*) FROM credit_ledger WHERE request_id = ANY($1)", [ids])).rows[0].count)).toBe(0);
    const records = (await client.query("SELECT id, charged, error_code FROM request_records WHERE id = ANY($1)", [ids])).rows as { id: string; charged: number; error_code: string }[];
    expect(records.filter((record) => record.charged !== 0)).toEqual([]);
    const balanceAfter = (await client.query("SELECT balance FROM credit_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1", [world.ownerEmail])).rows[0].balance as number;
    expect(balanceBefore - balanceAfter).toBe(spentOnAnswers);
  });
  test.info().annotations.push({ type: "codes proven", description: `${new Set(walked.filter((one) => one.via === "http").map((one) => one.code)).size} ` +
    `codes over HTTP (${walked.filter((one) => one.via === "http").length} answers), ` +
    `${new Set(walked.filter((one) => one.via === "mcp").map((one) => one.code)).size} over MCP ` +
    `(${walked.filter((one) => one.via === "mcp").length} answers)` });
  console.log(`error walk: ${test.info().annotations.at(-1)!.description}`);
});
