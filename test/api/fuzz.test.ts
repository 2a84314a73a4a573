// A seeded fuzz run: thousands of generated malformed requests across every route and method
// (bodies, headers, paths, keys, query values). Whatever arrives, the answer is never a 5xx
// other than 503, and every failure is the envelope with the request id of its X-Request-Id.
// FUZZ_SEED repeats a run; FUZZ_REQUESTS sets its size (at least 2,000).
import { afterAll, beforeAll, expect, it } from "vitest";
import { errorCodes } from "@/lib/errors/error-codes";
import { endpoints } from "@/lib/api-contract/endpoints";
import { nodeSettingsChanged } from "../support/node-settings";
import { revokeKey } from "@/lib/operator/operations";
import { createHarness, type Harness } from "../support/harness";
import { handlers } from "@/lib/auth/auth";
import { setPortalDeps } from "@/lib/portal/deps";
import { createRateLimiter } from "@/lib/rate-limit";
import { readActivityQuery } from "@/lib/portal/activity";
import { readUsageQuery } from "@/lib/portal/usage";
import { readQuery, textValue } from "@/lib/portal/query-values";

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
const total = Math.max(2_000, Number(process.env.FUZZ_REQUESTS ?? 2_000));

/** mulberry32: small, fast and good enough to pick cases; the seed makes a run repeatable. */
function prng(state: number) {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = prng(seed);
const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (p: number) => random() < p;
const randomText = (length: number, alphabet = "abcXYZ0189_-./%?#&=\"'\\{}[]:,\u0000\u00e9\u4e2d\ud83d\ude00 ") =>
  Array.from({ length }, () => pick([...alphabet])).join("");
const hex = (length: number) => Array.from({ length }, () => pick([..."0123456789abcdefABCDEF"])).join("");

const addresses = () => [
  `0x${hex(40)}`, `0x${hex(39)}`, `0x${hex(41)}`, hex(40), `0X${hex(40)}`, `0x${"g".repeat(40)}`, "vitalik.eth", "", " ", "0x", 42, -1, null, true,
  [`0x${hex(40)}`], { address: `0x${hex(40)}` }, `0x${hex(40)} `, ` 0x${hex(40)}`, `0x${hex(40)}\u0000`, "x".repeat(5_000),
];
const chains = () => ["eth", "ETH", "Base", "bsc", "ethereum", "1", 1, 56, "", null, "eth\u0000", "solana", ["eth"], { chain: "eth" }, "e".repeat(3_000)];

function fieldValue(name: string): unknown {
  if (name === "chain") return pick(chains());
  if (["address", "wallet", "token"].includes(name)) return pick(addresses());
  if (["limit", "offset"].includes(name)) return pick([0, 1, -1, 50, 201, 1e309, 1.5, "10", "ten", null, [], {}, Number.MAX_SAFE_INTEGER + 2]);
  return pick([true, false, "true", 1, 0, null, "x", [], {}]);
}

function body(): { rawBody?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const kind = pick(["object", "object", "object", "json-array", "json-scalar", "not-json", "empty", "huge", "deep", "unknown-fields", "binary"]);
  let raw: string | undefined;
  switch (kind) {
    case "object": {
      const object: Record<string, unknown> = {};
      for (const name of ["chain", "address", "wallet", "token", "limit", "offset", "metadata", "locks", "full"]) if (chance(0.6)) object[name] = fieldValue(name);
      raw = JSON.stringify(object);
      break;
    }
    case "json-array":
      raw = JSON.stringify([{ chain: "eth", address: `0x${hex(40)}` }]);
      break;
    case "json-scalar":
      raw = pick(["null", "true", "42", '"eth"', "1e999"]);
      break;
    case "not-json":
      raw = pick(["{", "{chain:eth}", "{'chain':'eth'}", randomText(200), "{\"chain\":\"eth\",}", "\ufeff{\"chain\":\"eth\"}"]);
      break;
    case "empty":
      raw = pick(["", " ", "\n"]);
      break;
    case "huge":
      raw = JSON.stringify({ chain: "eth", address: `0x${hex(40)}`, pad: "x".repeat(pick([16_384, 20_000, 200_000])) });
      break;
    case "deep":
      raw = "[".repeat(5_000) + "]".repeat(5_000);
      break;
    case "unknown-fields":
      raw = JSON.stringify({ chain: "eth", address: `0x${hex(40)}`, [randomText(8)]: randomText(8), __proto__: { polluted: true } });
      break;
    case "binary":
      raw = String.fromCharCode(...Array.from({ length: 300 }, () => Math.floor(random() * 256)));
      break;
  }
  if (raw !== undefined && chance(0.3)) headers["content-length"] = String(pick([Buffer.byteLength(raw), 16 * 1024 + 1, 10 ** 9, 0]));
  headers["content-type"] = pick(["application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1", ""]);
  return { rawBody: raw, headers };
}

const paths = () => [
  ...endpoints.map((e) => e.id),
  ...endpoints.map((e) => e.id.toUpperCase()),
  "", "intel", "intel/", "intel/risk/extra", "wallet/trace", "reports/1", "solana/token", "me/", "health/x",
  randomText(12, "abcdefghij/"), "a".repeat(3_000), "%25", "%E2%82%AC", "..%2F..%2Fme", "intel/%00",
];

function query(): string {
  const parts = [];
  for (const name of ["limit", "chain", "offset", "x"]) {
    if (!chance(0.5)) continue;
    const value = name === "chain" ? String(pick(chains())) : String(pick(["1", "0", "-5", "51", "abc", "1e309", "", "20", "NaN", "%", "%zz", "1&limit=2"]));
    parts.push(`${name}=${encodeURIComponent(value).replace(/%25/g, chance(0.3) ? "%" : "%25")}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

let h: Harness;
let liveKey: string;
let testKey: string;
let revokedKey: string;
const savedRpc = { ETH_RPC_URL: process.env.ETH_RPC_URL, BASE_RPC_URL: process.env.BASE_RPC_URL, BSC_RPC_URL: process.env.BSC_RPC_URL };

beforeAll(async () => {
  // No node configured: a request valid enough to reach a chain read answers 503 naming the setting.
  for (const name of Object.keys(savedRpc)) delete process.env[name];
  await nodeSettingsChanged();
  h = await createHarness("postgres+redis");
  liveKey = (await h.key()).key;
  testKey = (await h.key({ mode: "test" })).key;
  const revoked = await h.key();
  await revokeKey(h.db, "test", { keyId: revoked.id });
  revokedKey = revoked.key;
});

afterAll(async () => {
  for (const [name, value] of Object.entries(savedRpc)) if (value !== undefined) process.env[name] = value;
  await nodeSettingsChanged();
  await h?.close();
});

/** What a header can carry on the wire: bytes, read as Latin-1 (anything wider arrives as its low byte). */
const asHeaderValue = (value: string) => value.replace(/[^\x20-\x7e\x80-\xff]/g, (c) => String.fromCharCode(0x80 | (c.charCodeAt(0) & 0x7f)));

function keyHeaders(): Record<string, string> {
  const key = pick([
    undefined, liveKey, liveKey, testKey, revokedKey, "", " ", "svc_live_", `svc_live_${"A".repeat(32)}`, `svc_test_${"a".repeat(33)}`,
    `sk_live_${hex(32)}`, liveKey.toLowerCase(), `${liveKey} `, randomText(40), "x".repeat(10_000), liveKey + liveKey,
  ]);
  if (key === undefined) return {};
  const value = asHeaderValue(key);
  return chance(0.7) ? { "x-api-key": value } : { authorization: pick([`Bearer ${value}`, `bearer ${value}`, `Basic ${value}`, value, `Bearer  ${value}`, "Bearer"]) };
}

function otherHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (chance(0.2)) headers["idempotency-key"] = pick(["", "a", "x".repeat(300), "key with spaces", "k\u00e9y", randomText(20), `fuzz-${Math.floor(random() * 5)}`]).replace(/[^\x20-\x7e]/g, "?");
  if (chance(0.1)) headers["idempotency-key"] = asHeaderValue(randomText(10));
  if (chance(0.15)) headers.origin = pick(["null", "https://example.com", "http://", "*", asHeaderValue(randomText(30))]);
  if (chance(0.15)) headers["x-forwarded-for"] = pick(["1.2.3.4", "::1", "999.1.1.1", "a,b,c", ""]);
  return headers;
}

it(`${total} generated malformed requests (seed ${seed}): no 5xx but 503, always the envelope with its request id`, async () => {
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;

  // A few fixed requests first, one per refusal the random draw may or may not reach, so every run
  // is known to have gone past authentication into validation and the size limit.
  const address = `0x${"a".repeat(40)}`;
  const anchors: Array<{ method: string; path: string; rawBody?: string; headers: Record<string, string> }> = [
    { method: "POST", path: "intel/risk", rawBody: JSON.stringify({ chain: "ethereum", address }), headers: { "x-api-key": liveKey, "content-type": "application/json" } },
    { method: "POST", path: "intel/risk", rawBody: JSON.stringify({ chain: "eth", address, pad: "x".repeat(20_000) }), headers: { "x-api-key": liveKey, "content-type": "application/json" } },
    { method: "GET", path: "me", headers: {} },
    { method: "GET", path: "me", headers: { "x-api-key": revokedKey } },
    { method: "GET", path: "intel/nothing", headers: {} },
    { method: "DELETE", path: "intel/risk", headers: {} },
  ];

  async function one(index: number) {
    const anchor = anchors[index];
    const method = anchor?.method ?? pick(methods);
    const path = anchor?.path ?? pick(paths()) + query();
    const { rawBody, headers } = anchor ?? (method === "GET" || method === "OPTIONS" ? { rawBody: undefined, headers: {} } : body());
    const allHeaders = anchor ? anchor.headers : { ...headers, ...keyHeaders(), ...otherHeaders() };
    let response;
    try {
      response = await h.call(method, path, { rawBody, headers: allHeaders });
    } catch (error) {
      failures.push(`#${index} ${method} /${path.slice(0, 80)}: threw ${String(error).slice(0, 200)}`);
      return;
    }
    sent += 1;
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    const where = `#${index} ${method} /${path.slice(0, 80)} → ${response.status}`;
    const requestId = response.headers.get("x-request-id");
    if (response.status >= 500 && response.status !== 503) failures.push(`${where}: ${JSON.stringify(response.body).slice(0, 200)}`);
    if (!requestId?.startsWith("req_")) failures.push(`${where}: no X-Request-Id`);
    if (response.status === 204) return;
    if (response.status === 200) {
      if ((response.body as { ok?: unknown } | null)?.ok !== true) failures.push(`${where}: 200 without ok`);
      return;
    }
    const envelope = response.body as { ok?: unknown; error?: unknown; request_id?: unknown; message?: unknown } | null;
    if (!envelope || envelope.ok !== false || typeof envelope.error !== "string" || !(envelope.error in errorCodes) || envelope.request_id !== requestId || typeof envelope.message !== "string") {
      failures.push(`${where}: not the failure envelope: ${JSON.stringify(envelope).slice(0, 200)}`);
    }
  }

  const concurrency = 16;
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < total) await one(next++);
  }));

  expect(failures.slice(0, 20), `seed ${seed}`).toEqual([]);
  expect(sent).toBe(total);
  // The run reached well past authentication: refused at the key, validated, refused for size.
  for (const status of [400, 401, 403, 404, 405, 413]) expect(statuses.get(status) ?? 0, `status ${status} (seed ${seed})`).toBeGreaterThan(0);
}, 240_000);

/** Values a tester typed into the portal's URLs, and random text around them. */
const portalValues = () => [
  "\u0000", "a\r\nb", "\u202E", 'abc"; x', "2020-13-45", "2020-02-30", "9999-99-99", "-1", "1e309", "", " ", "x".repeat(400), "key_abc", "intel/risk", "429",
  "%00", "%0d%0a", "\ud800", randomText(20), asHeaderValue(randomText(10)),
];

it(`the portal's query values (seed ${seed}): every value is either checked and kept, or dropped and named`, () => {
  const invisible = /[\p{Cc}\p{Cf}\p{Cs}]/u;
  for (let i = 0; i < 2_000; i++) {
    const params = Object.fromEntries(["window", "key", "endpoint", "status", "project", "page", "action", "actor", "from", "to", "q"].filter(() => chance(0.5)).map((name) => [name, pick(portalValues())]));
    const usage = readUsageQuery(params);
    const activity = readActivityQuery(params);
    const search = readQuery({ q: { label: "Search", schema: textValue(100) } }, params);
    for (const value of [usage.query.key, usage.query.project, activity.query.project]) if (value !== undefined) expect(value, `seed ${seed}`).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    for (const day of [activity.query.from, activity.query.to]) if (day !== undefined) expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10), `seed ${seed}`).toBe(day);
    for (const text of [activity.query.actor, search.query.q]) if (text !== undefined) expect(invisible.test(text), `seed ${seed}: ${JSON.stringify(text)}`).toBe(false);
    expect(Number.isInteger(usage.query.page) && usage.query.page >= 1, `seed ${seed}`).toBe(true);
    // Whatever was given and not kept is named.
    const given = Object.keys(params).filter((name) => name in usage.query && params[name]);
    const kept = given.filter((name) => usage.query[name as keyof typeof usage.query] === params[name] || String(usage.query[name as keyof typeof usage.query]) === params[name]?.trim());
    expect(usage.problems.length, `seed ${seed}: ${JSON.stringify(params)}`).toBeGreaterThanOrEqual(given.length - kept.length - 1);
  }
});

it(`Auth.js's routes under generated requests (seed ${seed}): never a 5xx`, async () => {
  process.env.AUTH_SECRET ??= "fuzz-secret-for-auth-routes";
  process.env.SIGN_IN_LIMIT_PER_CLIENT = "100000";
  setPortalDeps({ db: async () => h.db, limiter: () => createRateLimiter({ env: {}, prefix: `fuzz-auth-${seed}` }) });
  const failures: string[] = [];
  const csrf = await handlers.GET(new Request("http://localhost/api/auth/csrf") as never);
  const cookie = csrf.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  for (let i = 0; i < 300; i++) {
    const path = pick(["signin/email", "signin", "callback/email", "session", "csrf", "providers", "signout", "signin/github", "verify-request", "error", "nothing", randomText(8)]);
    const method = pick(["GET", "POST"]);
    const form = new URLSearchParams();
    if (chance(0.8)) form.set("csrfToken", chance(0.8) ? csrfToken : randomText(10));
    if (chance(0.8)) form.set("email", pick([...portalValues(), "a b@example.com", "<img src=x>@example.com", `fuzz-${i}@example.com`, "a\uFF20b@example.com"]));
    if (chance(0.5)) form.set("callbackUrl", pick(["/\t/evil.example", "/\n/x", "//evil.example", "https://evil.example", "/developers", ...portalValues()]));
    const query = chance(0.5) ? `?${new URLSearchParams({ token: randomText(12), email: pick(portalValues()), callbackUrl: pick(["/\t/evil", "/developers"]) })}` : "";
    const headers = new Headers({ cookie, "content-type": "application/x-www-form-urlencoded" });
    let status: number;
    try {
      const response = await (method === "POST" ? handlers.POST : handlers.GET)(new Request(`http://localhost/api/auth/${encodeURI(path)}${query}`, { method, headers, body: method === "POST" ? form.toString() : undefined }) as never);
      status = response.status;
      const location = response.headers.get("location");
      if (location && new URL(location, "http://localhost").host !== "localhost") failures.push(`#${i} ${method} ${path}: redirected off-site to ${location}`);
    } catch (error) {
      failures.push(`#${i} ${method} ${path}: threw ${String(error).slice(0, 200)}`);
      continue;
    }
    if (status >= 500) failures.push(`#${i} ${method} ${path} ${form} → ${status}`);
  }
  expect(failures.slice(0, 20), `seed ${seed}`).toEqual([]);
}, 240_000);
