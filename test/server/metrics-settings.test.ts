// The metrics' pure parts: which settings turn the listener on and where, the token check, and the
// counts an intelligence thread forwards to its process.
import { describe, expect, it } from "vitest";
import { bearerMatches, metricsSettings } from "@/lib/server/metrics";
import { addForwardedMetrics, countNodeRoundTrip, metricsRegistry, takeForwardedMetrics, type ForwardedMetric } from "@/lib/metrics";

/** A counter's value for exactly these labels, read from the process's registry. */
async function valueOf(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry().getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  return values.find((value) => Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted))?.value ?? 0;
}

describe("metrics settings", () => {
  it("are off unless METRICS_PORT is set; loopback unless METRICS_HOST says otherwise; the token is optional", () => {
    expect(metricsSettings({})).toBeNull();
    expect(metricsSettings({ METRICS_PORT: " " })).toBeNull();
    expect(metricsSettings({ METRICS_PORT: "9464" })).toEqual({ port: 9464, host: "127.0.0.1", token: null });
    expect(metricsSettings({ METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0", METRICS_TOKEN: "s3cret" })).toEqual({ port: 9464, host: "0.0.0.0", token: "s3cret" });
  });

  it("refuse a port that is not one, and the API's own port", () => {
    for (const port of ["0", "65536", "metrics", "94.64"]) expect(() => metricsSettings({ METRICS_PORT: port })).toThrow(/METRICS_PORT/);
    expect(() => metricsSettings({ METRICS_PORT: "3000" })).toThrow(/differ from the API's port/);
    expect(() => metricsSettings({ METRICS_PORT: "8080", PORT: "8080" })).toThrow(/differ from the API's port/);
  });
});

describe("the bearer token", () => {
  it("matches only the exact token after Bearer", () => {
    expect(bearerMatches("Bearer s3cret", "s3cret")).toBe(true);
    expect(bearerMatches("bearer s3cret", "s3cret")).toBe(true);
    expect(bearerMatches(undefined, "s3cret")).toBe(false);
    expect(bearerMatches("s3cret", "s3cret")).toBe(false);
    expect(bearerMatches("Bearer s3cre", "s3cret")).toBe(false);
    expect(bearerMatches("Bearer s3cretX", "s3cret")).toBe(false);
    expect(bearerMatches("Basic s3cret", "s3cret")).toBe(false);
  });
});

describe("node round trips", () => {
  it("count one round trip and each call of a batch under its method", async () => {
    const before = { trips: await valueOf("dia_node_round_trips_total", { network: "unit" }), calls: await valueOf("dia_node_requests_total", { network: "unit", method: "eth_call" }) };
    countNodeRoundTrip("unit", ["eth_call", "eth_blockNumber", "eth_call"]);
    expect(await valueOf("dia_node_round_trips_total", { network: "unit" })).toBe(before.trips + 1);
    expect(await valueOf("dia_node_requests_total", { network: "unit", method: "eth_call" })).toBe(before.calls + 2);
  });
});

describe("counts forwarded from an intelligence thread", () => {
  it("are added to the process's registry: counters by their value, histograms as observations", async () => {
    const forwarded: ForwardedMetric[] = [
      { name: "nodeCalls", labels: { network: "thread-test", method: "eth_getLogs" }, value: 3 },
      { name: "nodeRounds", labels: { network: "thread-test" }, value: 4 },
    ];
    addForwardedMetrics(forwarded);
    expect(await valueOf("dia_node_requests_total", { network: "thread-test", method: "eth_getLogs" })).toBe(3);
    const rounds = await metricsRegistry().getSingleMetric("dia_node_rounds")!.get();
    const sum = rounds.values.find((value) => (value as { metricName?: string }).metricName === "dia_node_rounds_sum" && value.labels.network === "thread-test");
    expect(sum?.value).toBe(4);
  });

  it("nothing is kept for forwarding on a thread that does not forward", () => {
    countNodeRoundTrip("unit", ["eth_chainId"]);
    expect(takeForwardedMetrics()).toEqual([]);
  });
});
