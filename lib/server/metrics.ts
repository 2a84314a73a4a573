// Serves the process's Prometheus metrics (lib/metrics.ts) on a port of its own, never the API's:
// METRICS_PORT (off unless set), bound to loopback unless METRICS_HOST says otherwise, and behind
// a bearer token when METRICS_TOKEN is set. With several server processes (node:cluster) the
// supervisor serves them: it asks every worker for its registry and sums them (prom-client's
// AggregatorRegistry), so one scrape sees the whole deployment.
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import { collectDefaultMetrics, AggregatorRegistry, Gauge, type Registry } from "prom-client";
import { withRetryAfter } from "@/lib/api-contract/api-error";
import { metricsRegistry } from "@/lib/metrics";
import { intelThreadPool } from "@/lib/intel/threads/pool";
import { pendingUsageRecords } from "@/lib/usage/record";

type Env = Record<string, string | undefined>;

export type MetricsSettings = { port: number; host: string; token: string | null };

/** The metrics listener's settings, or null when METRICS_PORT is unset (metrics off). */
export function metricsSettings(env: Env = process.env): MetricsSettings | null {
  const port = env.METRICS_PORT?.trim();
  if (!port) return null;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535) throw new Error(`METRICS_PORT must be a port number from 1 to 65535, not "${port}".`);
  if (port === (env.PORT?.trim() || "3000")) throw new Error(`METRICS_PORT must differ from the API's port (${port}): metrics are never served beside the API.`);
  return { port: Number(port), host: env.METRICS_HOST?.trim() || "127.0.0.1", token: env.METRICS_TOKEN?.trim() || null };
}

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1].trim());
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const holder = globalThis as unknown as { __processGauges?: boolean };

/**
 * The gauges read at scrape time, and Node's own process metrics, on the process's registry.
 * Called once in every process that serves requests.
 */
export function registerProcessGauges(registry: Registry = metricsRegistry()) {
  if (holder.__processGauges) return;
  holder.__processGauges = true;
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "dia_usage_records_pending",
    help: "Usage records handed over and not yet written: queued, being written, or kept while the database is unavailable.",
    registers: [registry],
    collect() {
      this.set(pendingUsageRecords());
    },
  });
  new Gauge({
    name: "dia_intel_threads",
    help: "Intelligence threads, by state: busy (holding at least one read) or idle.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const load = intelThreadPool()?.load() ?? [];
      const busy = load.filter((tasks) => tasks > 0).length;
      this.set({ state: "busy" }, busy);
      this.set({ state: "idle" }, load.length - busy);
    },
  });
  new Gauge({
    name: "dia_intel_thread_tasks",
    help: "Intelligence reads held by the threads now (a thread takes many at once; each waits mostly on the node).",
    registers: [registry],
    collect() {
      this.set((intelThreadPool()?.load() ?? []).reduce((sum, tasks) => sum + tasks, 0));
    },
  });
}

/** In a cluster worker: answer the supervisor's requests for this process's registry. */
export function answerClusterScrapes(registry: Registry = metricsRegistry()) {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one adds prom-client's listener for the supervisor's requests.
  new AggregatorRegistry();
}

export type MetricsSource = { contentType: string; metrics: () => Promise<string> };

/** This process's registry. */
export function localMetrics(registry: Registry = metricsRegistry()): MetricsSource {
  return { contentType: registry.contentType, metrics: () => registry.metrics() };
}

/** Every cluster worker's registry, summed (called in the supervisor). */
export function clusterMetrics(): MetricsSource {
  const aggregator = new AggregatorRegistry();
  return { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
}

export type MetricsServer = { server: http.Server; url: string; close: () => Promise<void> };

/** Listens on the settings' host and port: GET /metrics, behind the bearer token when one is set. */
export async function startMetricsServer(settings: MetricsSettings, source: MetricsSource): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (path !== "/metrics") return void res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    if (req.method !== "GET" && req.method !== "HEAD") return void res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("method not allowed\n");
    if (settings.token && !bearerMatches(req.headers.authorization, settings.token)) {
      return void res.writeHead(401, { "www-authenticate": 'Bearer realm="metrics"', "content-type": "text/plain" }).end("a bearer token is required\n");
    }
    source.metrics().then(
      (text) => res.writeHead(200, { "content-type": source.contentType, "cache-control": "no-store" }).end(req.method === "HEAD" ? undefined : text),
      (error: unknown) => res.writeHead(503, withRetryAfter(503, { "content-type": "text/plain" })).end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address() as { port: number };
  const host = settings.host.includes(":") ? `[${settings.host}]` : settings.host;
  return {
    server,
    url: `http://${host}:${address.port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
