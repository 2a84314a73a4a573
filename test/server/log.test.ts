// The server's log: JSON lines in production, one readable line per event under npm run dev, and
// one request line per API call — answered or refused, with or without a key — that names the key
// by id and never carries the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setApiDeps } from "@/lib/api/deps";
import { createRateLimiter } from "@/lib/rate-limit";
import { createLogger, prettyLine } from "@/lib/server/log";
import { freePort } from "../chain/support/anvil";
import { captureLines, captureServerLog } from "../support/log-capture";
import { createHarness, expectFailure, type Harness } from "../support/harness";

describe("the log's two forms", () => {
  it("writes JSON lines where asked (the default outside development), and readable lines in development", async () => {
    const json = captureLines();
    createLogger({ env: { NODE_ENV: "production" }, destination: json.destination }).info({ request_id: "req_1", status: 200 }, "request");
    const parsed = JSON.parse(json.lines[0]) as Record<string, unknown>;
    expect(parsed).toMatchObject({ level: 30, msg: "request", request_id: "req_1", status: 200 });
    expect(typeof parsed.time).toBe("number");

    const pretty = captureLines();
    createLogger({ env: { NODE_ENV: "development" }, destination: pretty.destination }).warn({ endpoint: "me", status: 503 }, "answered");
    await new Promise((resolve) => setImmediate(resolve));
    expect(pretty.lines[0]).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} warn answered endpoint=me status=503$/);
  });

  it("a readable line leaves out pid and hostname and writes objects as JSON", () => {
    expect(prettyLine(JSON.stringify({ time: Date.UTC(2030, 0, 1, 12, 0, 0, 5), level: 50, msg: "failed", pid: 1, hostname: "h", detail: { a: 1 } }))).toBe('12:00:00.005 error failed detail={"a":1}\n');
  });
});

describe("one request line per API call (postgres+redis)", () => {
  let h: Harness;
  let log: ReturnType<typeof captureServerLog>;
  beforeAll(async () => {
    h = await createHarness("postgres+redis");
    log = captureServerLog();
  });
  afterAll(async () => {
    log.restore();
    await h.close();
  });

  const requestLine = (requestId: string) => log.requests().find((line) => line.request_id === requestId);

  it("an answered call: its request id, key id, project, endpoint, status, outcome and duration; never the key", async () => {
    const key = await h.key();
    const response = await h.call("GET", "me", { key: key.key });
    expect(response.status).toBe(200);
    const line = requestLine(response.headers.get("x-request-id")!);
    expect(line).toMatchObject({ level: 30, key_id: key.id, project_id: h.project.id, endpoint: "me", method: "GET", status: 200, outcome: "success", error: null });
    expect(typeof line!.duration_ms).toBe("number");
    expect(log.lines.join("\n")).not.toContain(key.key);
  });

  it("a call refused before any key was found is logged too (it has no usage record)", async () => {
    const response = await h.call("GET", "me", { key: "svc_live_00000000000000000000000000000000" });
    const refusal = expectFailure(response);
    expect(response.status).toBe(401);
    expect(requestLine(response.headers.get("x-request-id")!)).toMatchObject({ key_id: null, project_id: null, endpoint: "me", status: 401, error: refusal.error });
    expect(log.lines.join("\n")).not.toContain("svc_live_00000000000000000000000000000000");
  });

  it("a dependency's 503 is logged as a warning, any other server fault as an error", async () => {
    const key = await h.key();
    // A rate-limit store that refuses: 503 unavailable.
    const refusing = createRateLimiter({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` }, prefix: `log-${Date.now()}` });
    setApiDeps({ limiter: () => refusing });
    try {
      const response = await h.call("GET", "me", { key: key.key });
      expect(response.status).toBe(503);
      expect(requestLine(response.headers.get("x-request-id")!)).toMatchObject({ level: 40, status: 503, error: "unavailable" });
    } finally {
      setApiDeps({ limiter: () => h.limiter });
      await refusing.close?.();
    }
    // A database that refuses an Idempotency-Key's claim for a reason that is no outage: 500 internal_error.
    await h.db.$executeRawUnsafe(`CREATE FUNCTION refuse_claim() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql`);
    await h.db.$executeRawUnsafe(`CREATE TRIGGER refuse_claim BEFORE INSERT ON idempotency_records FOR EACH ROW EXECUTE FUNCTION refuse_claim()`);
    try {
      const response = await h.call("POST", "contract/analysis", { key: (await h.key()).key, body: { chain: "eth", address: `0x${"1".repeat(40)}` }, headers: { "idempotency-key": `log-${Date.now()}` } });
      expect(response.status).toBe(500);
      expect(requestLine(response.headers.get("x-request-id")!)).toMatchObject({ level: 50, status: 500, error: "internal_error" });
    } finally {
      await h.db.$executeRawUnsafe(`DROP TRIGGER refuse_claim ON idempotency_records`);
    }
    // An answer is information.
    const answered = await h.call("GET", "me", { key: (await h.key()).key });
    expect(requestLine(answered.headers.get("x-request-id")!)).toMatchObject({ level: 30, status: 200 });
  });
});
