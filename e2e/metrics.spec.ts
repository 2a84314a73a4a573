// Metrics of the production server (`npm start`) on its embedded database, Redis and its demo chains,
// scraped from their own port as Prometheus would: an answered call and a refused one move the
// request counters and the latency histogram under their endpoint, status and outcome; the
// intelligence call's node requests are counted by network and method (they are made on the
// intelligence threads and forwarded to their process); the token is required; the API's port
// serves no metrics; and with two server processes one scrape sums both.
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { admin, embeddedEnv, freePort, npmUntilReady, stopStarted, type Started } from "./support/own-server";
import { e2eStateFile, type E2eState } from "./support/paths";
import { parseExposition, total } from "../test/support/prometheus-text";

test.setTimeout(600_000);

/** One request on a connection of its own, so a cluster's workers take turns answering. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

for (const processes of [1, 2] as const) {
  test(`${processes} server process${processes > 1 ? "es" : ""}: one scrape of the metrics port sees every request, node call and refusal, behind its token`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-"));
    const [port, metricsPort] = [await freePort(), await freePort()];
    const token = `metrics-${processes}-${Date.now()}`;
    const env: NodeJS.ProcessEnv = {
      ...embeddedEnv(dataDir, port),
      NODE_ENV: "production",
      LOG_FORMAT: "json",
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
      WEB_CONCURRENCY: String(processes),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: token,
    };
    let server: Started | undefined;
    try {
      server = await npmUntilReady(["start"], env);
      expect(server.log()).toContain(`— ${processes} process${processes > 1 ? "es" : ""} (`);
      expect(server.log()).toContain(`http://127.0.0.1:${metricsPort}/metrics (bearer token required)`);
      // The start-up lines are JSON lines like the request lines, under `npm start`.
      const startLines = server.log().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as { msg?: string; level?: number });
      expect(startLines.some((line) => line.msg?.startsWith("ready: ") && line.level === 30)).toBe(true);
      expect(startLines.some((line) => line.msg?.startsWith("metrics: "))).toBe(true);
      const owner = admin(env, ["user", "create", "--email", `metrics-${processes}-${Date.now()}@example.com`]);
      const project = admin(env, ["project", "create", "--owner", owner.email, "--name", "Metrics"]);
      const { key } = admin(env, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "contract:read"]);
      const api = `http://127.0.0.1:${port}/v1/api`;
      const scrapeUrl = `http://127.0.0.1:${metricsPort}/metrics`;

      // Answered: an intelligence call (twice: the second is the answer kept at the same head) and `me` on fresh connections.
      // The demo chains are built alike everywhere: the suite's chain and this server's hold the same token.
      const { address } = (JSON.parse(fs.readFileSync(e2eStateFile, "utf8")) as E2eState).cardToken;
      const analysis = () => request(`${api}/contract/analysis`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ chain: "eth", address }) });
      expect((await analysis()).status).toBe(200);
      expect((await analysis()).status).toBe(200);
      // `me` allows a key one call a second: a quick run of them is answered and refused (429) by turns.
      const meCalls = 8;
      const meStatuses = new Map<number, number>();
      for (let i = 0; i < meCalls; i++) {
        const { status } = await request(`${api}/me`, { headers: { "x-api-key": key } });
        meStatuses.set(status, (meStatuses.get(status) ?? 0) + 1);
      }
      expect([...meStatuses.keys()].every((status) => status === 200 || status === 429)).toBe(true);
      expect(meStatuses.get(200)).toBeGreaterThanOrEqual(1);
      // Refused: no key.
      expect((await request(`${api}/me`)).status).toBe(401);

      expect((await request(scrapeUrl)).status).toBe(401);
      expect((await request(scrapeUrl, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
      const scraped = await request(scrapeUrl, { headers: { authorization: `Bearer ${token}` } });
      expect(scraped.status).toBe(200);
      const samples = parseExposition(scraped.body);

      expect(total(samples, "dia_api_requests_total", { endpoint: "contract/analysis", method: "POST", status: "200", outcome: "success" })).toBe(2);
      expect(total(samples, "dia_api_requests_total", { endpoint: "me", method: "GET", status: "200", outcome: "success" })).toBe(meStatuses.get(200));
      expect(total(samples, "dia_api_requests_total", { endpoint: "me", method: "GET", status: "429", outcome: "rate_limited" })).toBe(meStatuses.get(429) ?? 0);
      expect(total(samples, "dia_api_requests_total", { endpoint: "me", method: "GET", status: "401", outcome: "denied" })).toBe(1);
      expect(total(samples, "dia_api_request_duration_seconds_count", { endpoint: "me" })).toBe(meCalls + 1);
      expect(total(samples, "dia_api_request_duration_seconds_bucket", { endpoint: "contract/analysis", le: "+Inf" })).toBe(2);
      // The head read on the request thread, the analysis's calls on an intelligence thread.
      expect(total(samples, "dia_node_requests_total", { network: "eth", method: "eth_blockNumber" })).toBeGreaterThanOrEqual(2);
      expect(total(samples, "dia_node_requests_total", { network: "eth", method: "eth_getCode" }) + total(samples, "dia_node_requests_total", { network: "eth", method: "eth_call" })).toBeGreaterThan(0);
      expect(total(samples, "dia_node_round_trips_total", { network: "eth" })).toBeGreaterThan(0);
      expect(total(samples, "dia_node_rounds_count", { network: "eth" })).toBe(1);
      expect(total(samples, "dia_kept_answers_total", { result: "read" })).toBe(1);
      expect(total(samples, "dia_kept_answers_total", { result: "kept" })).toBe(1);
      expect(samples.some((s) => s.name === "dia_usage_records_pending")).toBe(true);
      expect(total(samples, "dia_intel_threads")).toBeGreaterThanOrEqual(2 * processes);

      if (processes === 2) {
        // Both workers answered `me` (each request line names its process), and the one scrape counted them all.
        const pids = new Set(server.log().split("\n").flatMap((line) => {
          try {
            const entry = JSON.parse(line) as { msg?: string; endpoint?: string; pid?: number };
            return entry.msg === "request" && entry.endpoint === "me" ? [entry.pid] : [];
          } catch {
            return [];
          }
        }));
        expect(pids.size).toBe(2);
      }

      // The API's own port serves no metrics.
      const onApiPort = await request(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(onApiPort.status).toBe(404);
      expect(onApiPort.body).not.toContain("dia_api_requests_total");
    } finally {
      await stopStarted(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
