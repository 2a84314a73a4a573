// Metrics on real parts, in this process: the pipeline on PostgreSQL and Redis, the Ethereum demo
// chain read on a real intelligence thread (whose counts are forwarded to this process), and the
// metrics listener scraped over loopback as Prometheus would, with its token. The production
// server in one and two processes (the cluster's sum, the API port serving no metrics) is
// e2e/metrics.spec.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeSettingsChanged } from "../support/node-settings";
import { forgetKeptAnswers } from "@/lib/intel/runtime/hot-reads";
import { intelThreadPool, resetIntelThreadPool } from "@/lib/intel/runtime/threads/pool";
import { localMetrics, registerProcessGauges, startMetricsServer, type MetricsServer } from "@/lib/server/metrics";
import { startDemoChain, type DemoChain } from "@/demo-chain";
import { createHarness, type Harness } from "../support/harness";
import { parseExposition, total, type Sample } from "../support/prometheus-text";

const token = "metrics-test-token";
let chain: DemoChain;
let h: Harness;
let metrics: MetricsServer;
const saved = { ETH_RPC_URL: process.env.ETH_RPC_URL, INTEL_THREADS: process.env.INTEL_THREADS };

async function scrape(authorization?: string): Promise<{ status: number; samples: Sample[]; text: string }> {
  const response = await fetch(metrics.url, { headers: authorization ? { authorization } : {} });
  const text = await response.text();
  return { status: response.status, samples: parseExposition(text), text };
}

beforeAll(async () => {
  chain = await startDemoChain({ chain: "eth", log: () => undefined });
  process.env.ETH_RPC_URL = chain.rpcUrl;
  await nodeSettingsChanged();
  forgetKeptAnswers();
  // One real intelligence thread: its node calls reach this process's registry only by forwarding.
  process.env.INTEL_THREADS = "1";
  await resetIntelThreadPool();
  await intelThreadPool()!.ready();
  h = await createHarness("postgres+redis");
  registerProcessGauges();
  metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", token }, localMetrics());
}, 180_000);

afterAll(async () => {
  await metrics?.close();
  await resetIntelThreadPool();
  Object.assign(process.env, saved);
  if (saved.ETH_RPC_URL === undefined) delete process.env.ETH_RPC_URL;
  if (saved.INTEL_THREADS === undefined) delete process.env.INTEL_THREADS;
  await nodeSettingsChanged();
  forgetKeptAnswers();
  await h?.close();
  await chain?.stop();
});

describe("the metrics listener", () => {
  it("answers only with the bearer token, and only at /metrics", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer nope")).status).toBe(401);
    const scraped = await scrape(`Bearer ${token}`);
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain("# TYPE dia_api_requests_total counter");
    expect((await fetch(metrics.url.replace("/metrics", "/"), { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it("an answered intelligence call and a refused call move the request, latency, node and kept-answer metrics under their labels", { timeout: 120_000 }, async () => {
    const before = (await scrape(`Bearer ${token}`)).samples;
    const { key } = await h.key({ permissions: ["contract:read"] });
    const address = chain.addressBook.scenarios.healthy.token.address;
    const analysis = () => h.call("POST", "contract/analysis", { key, body: { chain: "eth", address } });
    expect((await analysis()).status).toBe(200);
    // The same read at the same head: the kept answer.
    expect((await analysis()).status).toBe(200);
    expect((await h.call("GET", "me")).status).toBe(401);
    expect((await h.call("POST", "contract/analysis", { key: "dia_live_not_a_key", body: { chain: "eth", address } })).status).toBe(401);
    expect((await h.call("GET", "health")).status).toBe(200);
    expect((await h.call("GET", "intel/no-such-endpoint", { key })).status).toBe(404);
    expect((await h.call("GET", "contract/analysis", { key })).status).toBe(405);

    const after = (await scrape(`Bearer ${token}`)).samples;
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    expect(moved("dia_api_requests_total", { endpoint: "contract/analysis", method: "POST", status: "200", outcome: "success" })).toBe(2);
    expect(moved("dia_api_requests_total", { endpoint: "me", method: "GET", status: "401", outcome: "denied" })).toBe(1);
    expect(moved("dia_api_requests_total", { endpoint: "contract/analysis", method: "POST", status: "401", outcome: "denied" })).toBe(1);
    expect(moved("dia_api_requests_total", { endpoint: "health", method: "GET", status: "200", outcome: "success" })).toBe(1);
    expect(moved("dia_api_requests_total", { endpoint: "(unmatched)", method: "GET", status: "404", outcome: "client_error" })).toBe(1);
    expect(moved("dia_api_requests_total", { endpoint: "contract/analysis", method: "GET", status: "405", outcome: "client_error" })).toBe(1);
    expect(moved("dia_api_request_duration_seconds_count", { endpoint: "contract/analysis" })).toBe(4);
    expect(moved("dia_api_request_duration_seconds_bucket", { endpoint: "contract/analysis", le: "+Inf" })).toBe(4);
    expect(moved("dia_api_request_duration_seconds_sum", { endpoint: "contract/analysis" })).toBeGreaterThan(0);
    // The head reads on this thread, the analysis's own calls on the intelligence thread, forwarded.
    expect(moved("dia_node_requests_total", { network: "eth", method: "eth_blockNumber" })).toBeGreaterThanOrEqual(2);
    expect(moved("dia_node_requests_total", { network: "eth", method: "eth_getCode" }) + moved("dia_node_requests_total", { network: "eth", method: "eth_call" })).toBeGreaterThan(0);
    expect(moved("dia_node_round_trips_total", { network: "eth" })).toBeGreaterThan(0);
    expect(moved("dia_node_rounds_count", { network: "eth" })).toBe(1);
    expect(moved("dia_kept_answers_total", { result: "read" })).toBe(1);
    expect(moved("dia_kept_answers_total", { result: "kept" })).toBe(1);
    expect(total(after, "dia_intel_threads")).toBe(1);
    expect(after.some((s) => s.name === "dia_usage_records_pending")).toBe(true);
  });
});
