// The process's Prometheus metrics (prom-client): what the API answered, what it asked the chain
// nodes, what kept answers spared and which dependency failed. Who serves them and how threads
// forward theirs: metricsRegistry below.
import { Counter, Histogram, Registry } from "prom-client";
import { processWide } from "@/lib/process-wide";

type CounterName = "apiRequests" | "nodeCalls" | "nodeRoundTrips" | "nodeRefusals" | "keptAnswers" | "facts" | "dependencyErrors";
type HistogramName = "apiDuration" | "nodeRounds";
type MetricName = CounterName | HistogramName;

/** One count or observation made on an intelligence thread, replayed on its process's registry. */
export type ForwardedMetric = { name: MetricName; labels: Record<string, string>; value: number };

type ProcessMetrics = {
  registry: Registry;
  counters: Record<CounterName, Counter<string>>;
  histograms: Record<HistogramName, Histogram<string>>;
  /** Set on an intelligence thread: what it counted since it last forwarded. */
  forwarded?: ForwardedMetric[];
};

function createProcessMetrics(): ProcessMetrics {
  const registry = new Registry();
  const counter = (name: string, help: string, labelNames: string[]) => new Counter({ name, help, labelNames, registers: [registry] });
  const histogram = (name: string, help: string, labelNames: string[], buckets: number[]) => new Histogram({ name, help, labelNames, buckets, registers: [registry] });
  return {
    registry,
    counters: {
      apiRequests: counter("dia_api_requests_total", "API requests answered, by endpoint, method, HTTP status and outcome.", ["endpoint", "method", "status", "outcome"]),
      nodeCalls: counter("dia_node_requests_total", "JSON-RPC calls sent to chain nodes, by network and method (a batch counts each call).", ["network", "method"]),
      nodeRoundTrips: counter("dia_node_round_trips_total", "HTTP round trips to chain nodes, by network.", ["network"]),
      nodeRefusals: counter("dia_node_refusals_total", "Calls a chain node refused, by network, method and what the refusal means (lib/chain/refusals.ts).", ["network", "method", "meaning"]),
      keptAnswers: counter("dia_kept_answers_total", "Intelligence reads by how they were answered: kept (an answer kept at the head block), shared (joined an identical read in flight) or read (computed).", ["result"]),
      facts: counter("dia_facts_cache_total", "Lookups in the cache of facts a contract cannot change (decimals, symbol, name, deployer), by fact and hit or miss.", ["fact", "result"]),
      dependencyErrors: counter("dia_dependency_errors_total", "Failures of the database or Redis seen while serving.", ["dependency"]),
    },
    histograms: {
      // The API's own deadline is 15 s; the last buckets show requests that ran into it.
      apiDuration: histogram("dia_api_request_duration_seconds", "Time from a request reaching its route to its answer, by endpoint.", ["endpoint"], [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30]),
      nodeRounds: histogram("dia_node_rounds", "Sequential node round trips per intelligence read computed on an intelligence thread, by network.", ["network"], [1, 2, 3, 4, 5, 6, 8, 10, 15, 20]),
    },
  };
}

// Process-wide: the server script and the app's bundled copy of this module count into one registry.
const holder = processWide<{ processMetrics: ProcessMetrics }>("lib/metrics");

function processMetrics(): ProcessMetrics {
  holder.processMetrics ??= createProcessMetrics();
  return holder.processMetrics;
}

/**
 * The registry a scrape reads (lib/server/metrics.ts adds its gauges to it).
 *
 * The process's Prometheus metrics (prom-client): what the API answered, what it asked the chain
 * nodes, how often a kept answer or a cached fact spared a read, and which dependency failed.
 * Every layer counts through the functions here; lib/server/metrics.ts serves them on a port of
 * their own (never the API's) and adds the gauges read at scrape time.
 *
 * An intelligence thread has no registry of its own worth scraping: it forwards what it counts to
 * its process (forwardMetricsFromThisThread, takeForwardedMetrics), which adds it to the one
 * registry the scrape reads.
 */
export function metricsRegistry(): Registry {
  return processMetrics().registry;
}

function add(name: MetricName, labels: Record<string, string>, value = 1) {
  const metrics = processMetrics();
  if (metrics.forwarded) {
    metrics.forwarded.push({ name, labels, value });
    return;
  }
  if (name in metrics.counters) metrics.counters[name as CounterName].inc(labels, value);
  else metrics.histograms[name as HistogramName].observe(labels, value);
}

/** One API request's answer: the same facts as its request line. */
export function countApiRequest(request: { endpoint: string; method: string; status: number; outcome: string; durationMs: number }) {
  add("apiRequests", { endpoint: request.endpoint, method: request.method, status: String(request.status), outcome: request.outcome });
  add("apiDuration", { endpoint: request.endpoint }, request.durationMs / 1000);
}

/** One HTTP round trip to a node carrying these JSON-RPC methods. */
export function countNodeRoundTrip(network: string, methods: readonly string[]) {
  add("nodeRoundTrips", { network });
  const perMethod = new Map<string, number>();
  for (const method of methods) perMethod.set(method, (perMethod.get(method) ?? 0) + 1);
  for (const [method, calls] of perMethod) add("nodeCalls", { network, method }, calls);
}

export function countNodeRefusal(network: string, method: string, meaning: string) {
  add("nodeRefusals", { network, method, meaning });
}

/** The sequential rounds one intelligence read took. */
export function observeNodeRounds(network: string, rounds: number) {
  add("nodeRounds", { network }, rounds);
}

export function countKeptAnswer(result: "kept" | "shared" | "read") {
  add("keptAnswers", { result });
}

export function countFactLookup(fact: string, hit: boolean) {
  add("facts", { fact, result: hit ? "hit" : "miss" });
}

export function countDependencyError(dependency: "database" | "redis", failures = 1) {
  add("dependencyErrors", { dependency }, failures);
}

/** On an intelligence thread: keep what is counted for takeForwardedMetrics instead of a registry nobody scrapes. */
export function forwardMetricsFromThisThread() {
  processMetrics().forwarded ??= [];
}

/** What this thread counted since the last call (empty where nothing is forwarded). */
export function takeForwardedMetrics(): ForwardedMetric[] {
  const metrics = processMetrics();
  if (!metrics.forwarded) return [];
  return metrics.forwarded.splice(0);
}

/** Adds a thread's counts to this process's registry. */
export function addForwardedMetrics(entries: readonly ForwardedMetric[]) {
  for (const { name, labels, value } of entries) add(name, labels, value);
}
