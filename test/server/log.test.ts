// The server's log: JSON lines in production, one readable line per event under npm run dev, and
// one request line per API call — answered or refused, with or without a key — that names the key
// by id and never carries the key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, prettyLine } from "@/lib/server/log";
import { captureLines, captureServerLog } from "../support/log-capture";
import { createHarness, type Harness } from "../support/harness";

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
    expect(response.status).toBe(401);
    expect(requestLine(response.headers.get("x-request-id")!)).toMatchObject({ key_id: null, project_id: null, endpoint: "me", status: 401, error: response.body.error });
    expect(log.lines.join("\n")).not.toContain("svc_live_00000000000000000000000000000000");
  });
});
