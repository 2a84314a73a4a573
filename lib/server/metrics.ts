// Serves the process's Prometheus metrics (lib/metrics.ts) on a port of its own, never the API's:
// METRICS_PORT (off unless set), bound to loopback unless METRICS_HOST says otherwise, and behind
// a bearer token when METRICS_TOKEN is set. With several server processes (node:cluster) the
// supervisor serves them: it asks every worker for its registry and aggregates them with its own
// (prom-client's AggregatorRegistry.aggregate), so one scrape sees the whole deployment, and keeps
// what a worker that died had counted, so no counter goes backwards when a worker is replaced.
import cluster, { type Worker } from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import { collectDefaultMetrics, AggregatorRegistry, Gauge, type Aggregator, type Registry } from "prom-client";
import { withRetryAfter } from "@/lib/errors/api-error";
import { metricsRegistry } from "@/lib/metrics";
import { intelThreadPool } from "@/lib/intel/runtime/threads/pool";
import { pendingUsageRecords } from "@/lib/usage/record";
import { processWide } from "@/lib/process-wide";

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

const holder = processWide<{ processGauges: boolean }>("lib/server/metrics");

/**
 * The gauges read at scrape time, and Node's own process metrics, on the process's registry.
 * Called once in every process that serves requests.
 */
export function registerProcessGauges(registry: Registry = metricsRegistry()) {
  if (holder.processGauges) return;
  holder.processGauges = true;
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

/** A registry as getMetricsAsJSON gives it, and as it crosses the cluster's IPC channel. */
type MetricJson = { name: string; help: string; type: string; aggregator: Aggregator; values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }> };

type ScrapeRequest = { kind: "dia-metrics-request"; id: number };
type ScrapeAnswer = { kind: "dia-metrics-answer"; id: number; metrics: MetricJson[] };

/** In a cluster worker: answer the supervisor's requests for this process's registry. */
export function answerClusterScrapes(registry: Registry = metricsRegistry()) {
  process.on("message", (message: Partial<ScrapeRequest>) => {
    if (message?.kind !== "dia-metrics-request" || typeof message.id !== "number") return;
    const id = message.id;
    void registry.getMetricsAsJSON().then((metrics) => process.send?.({ kind: "dia-metrics-answer", id, metrics: metrics as unknown as MetricJson[] } satisfies ScrapeAnswer));
  });
}

export type MetricsSource = { contentType: string; metrics: () => Promise<string> };

/** This process's registry. */
export function localMetrics(registry: Registry = metricsRegistry()): MetricsSource {
  return { contentType: registry.contentType, metrics: () => registry.metrics() };
}

/**
 * How the processes' values of a gauge make the deployment's, where summing them would mislead
 * (every other gauge is summed: memory, handles, pending records, threads). Counters and
 * histograms are always summed.
 */
const gaugeAggregators: Record<string, Aggregator> = {
  // When the deployment's counting began (the supervisor's start): the counters never reset after it.
  process_start_time_seconds: "min",
  // A limit each process has, not a pool they share: the tightest, beside the fullest process's use.
  process_max_fds: "min",
  process_open_fds: "max",
  nodejs_version_info: "first",
};

const withAggregators = (metrics: MetricJson[]): MetricJson[] => metrics.map((metric) => ({ ...metric, aggregator: gaugeAggregators[metric.name] ?? metric.aggregator }));

/** Only what keeps counting up: what a dead process had counted still counts; its gauges are gone with it. */
const monotonic = (metrics: MetricJson[]): MetricJson[] => metrics.filter((metric) => metric.type === "counter" || metric.type === "histogram").map((metric) => ({ ...metric, aggregator: "sum" }));

async function aggregateJson(sets: MetricJson[][]): Promise<MetricJson[]> {
  return (await AggregatorRegistry.aggregate(sets).getMetricsAsJSON()) as unknown as MetricJson[];
}

export type ClusterMetricsOptions = {
  /** How long a scrape waits for a worker; one that does not answer is counted as last seen. */
  answerWithinMs?: number;
  /** How often the supervisor asks the workers between scrapes, so a worker killed outright loses little. */
  refreshEveryMs?: number;
};

/**
 * The deployment's metrics, answered in the supervisor: its own process metrics, every live
 * worker's registry, and the counters and histograms of every worker that died since the start.
 */
export function clusterMetrics(options: ClusterMetricsOptions = {}): MetricsSource & { close: () => void } {
  const answerWithinMs = options.answerWithinMs ?? 5_000;
  const own = metricsRegistry();
  collectDefaultMetrics({ register: own });
  /** Each live worker's registry as last seen (by worker id): what is kept if it dies. */
  const lastSeen = new Map<number, MetricJson[]>();
  let retired: MetricJson[] = [];
  let retiring = Promise.resolve();
  let nextId = 0;
  const waiting = new Map<number, (metrics: MetricJson[] | undefined) => void>();

  const onMessage = (_worker: Worker, message: Partial<ScrapeAnswer>) => {
    if (message?.kind === "dia-metrics-answer" && typeof message.id === "number") waiting.get(message.id)?.(message.metrics);
  };
  const onExit = (worker: Worker) => {
    const last = lastSeen.get(worker.id);
    lastSeen.delete(worker.id);
    if (last) retiring = retiring.then(async () => void (retired = await aggregateJson([retired, monotonic(last)])));
  };
  cluster.on("message", onMessage);
  cluster.on("exit", onExit);

  const ask = (worker: Worker) =>
    new Promise<MetricJson[] | undefined>((resolve) => {
      const id = ++nextId;
      const gone = () => done(undefined);
      const done = (metrics: MetricJson[] | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        worker.off("exit", gone);
        resolve(metrics);
      };
      const timer = setTimeout(gone, answerWithinMs);
      waiting.set(id, done);
      worker.once("exit", gone);
      try {
        worker.send({ kind: "dia-metrics-request", id } satisfies ScrapeRequest);
      } catch {
        done(undefined);
      }
    });

  const refresh = async () => {
    const live = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
    await Promise.all(
      live.map(async (worker) => {
        const metrics = await ask(worker);
        // An answer that arrives after its worker died is already kept (or lost with it): not counted twice.
        if (metrics && !worker.isDead()) lastSeen.set(worker.id, metrics);
      }),
    );
  };
  const timer = options.refreshEveryMs ? setInterval(() => void refresh(), options.refreshEveryMs).unref() : undefined;

  return {
    contentType: own.contentType,
    async metrics() {
      await refresh();
      await retiring;
      const sets = [(await own.getMetricsAsJSON()) as unknown as MetricJson[], ...lastSeen.values(), retired].map(withAggregators);
      return AggregatorRegistry.aggregate(sets).metrics();
    },
    close() {
      clearInterval(timer);
      cluster.off("message", onMessage);
      cluster.off("exit", onExit);
    },
  };
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
