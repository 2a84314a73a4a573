// Every intelligence endpoint through a provider-like proxy (Alchemy pay-as-you-go, 25 ms away) in
// front of the eth demo chain, then a hot token: 100 concurrent identical risk calls. Targets: p50
// ≤ 150 ms per endpoint; the hot calls cost close to one call's node calls. Usage: main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { clearChainClients } from "@/lib/chain/clients";
import { factsCache } from "@/lib/chain/facts-cache";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { endpoints } from "@/lib/api-contract/endpoints";
import { startDemoChain } from "@/demo-chain";
import { demoRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { forgetKeptAnswers, MemoryAnswerStore } from "@/lib/intel/runtime/hot-reads";
import { createHarness } from "@/test/support/harness";
import { providers, startProviderProxy } from "@/test/support/provider-proxy";
import { intelThreadPool } from "@/lib/intel/runtime/threads/pool";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "40" }, latency: { type: "string", default: "25" }, concurrent: { type: "string", default: "100" }, threads: { type: "string", default: "0" } } });
const iterations = Number(values.iterations);
const latencyMs = Number(values.latency);
const concurrent = Number(values.concurrent);
const threads = Number(values.threads);
process.env.INTEL_THREADS = String(threads);
// One key makes every concurrent call: what is measured is the shared read, not the key's cap on calls in flight.
process.env.INTEL_READS_IN_FLIGHT_PER_KEY = String(concurrent);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => Number(value.toFixed(1));

/**
 * Every intelligence endpoint through a provider-like proxy in front of the eth demo chain:
 * Alchemy pay-as-you-go as it is (no ots_getContractCreator, its log caps and words) with 25 ms
 * added to every answer, as a hosted provider a region away would be. Then hot tokens: one risk
 * call, and 100 concurrent identical risk calls, counting the node calls the proxy saw.
 *
 *   npx tsx bench/through-provider.ts [--iterations 40] [--latency 25] [--concurrent 100] [--threads 2]
 *
 * --threads N reads intelligence in N worker threads, as the server does (INTEL_THREADS).
 * cpu_ms_per_request is the process's CPU time per request (every thread, the proxy's share
 * included): where other work shares the machine the wall clock waits on it, this does not.
 *
 * Targets (issue: real providers): p50 ≤ 150 ms per endpoint at 25 ms latency; 100 concurrent
 * identical risk calls cost node calls close to one call's, with p99 ≤ 2× a single call.
 */
async function main() {
  const chain = await startDemoChain({ chain: "eth", log: () => undefined });
  const proxy = await startProviderProxy(chain.rpcUrl, { ...providers.alchemyPayg(), latencyMs });
  process.env.ETH_RPC_URL = proxy.url;
  clearChainClients();
  forgetProviderProfiles();
  factsCache.clear();
  const h = await createHarness("postgres+redis");
  try {
    const { key } = await h.key({ permissions: ["intel:read", "security:read", "liquidity:read", "contract:read"], tier: "pro" });
    const call = (endpoint: string, body: Record<string, unknown>) => withRpcMeter(() => h.call("POST", endpoint, { key, body }));
    await intelThreadPool()?.ready();
    console.log(threads > 0 ? `intelligence in ${threads} worker threads` : "intelligence on the request thread");
    const rows = [];
    for (const endpoint of endpoints.filter((entry) => entry.surface === "intelligence")) {
      const bodies = [...demoRequestsFor(endpoint.id, "eth", chain.addressBook), ...venueRequestsFor(endpoint.id, "eth", chain.addressBook)];
      // Warm-up: modules, connections, the provider's learned limits, deployers found by code search.
      for (const body of bodies) {
        forgetKeptAnswers(new MemoryAnswerStore());
        await call(endpoint.id, body);
      }
      const latencies: number[] = [];
      const rounds: number[] = [];
      const statuses = new Map<number, number>();
      proxy.resetStats();
      // The process's CPU time (every thread's, the proxy's included): on a busy machine the wall clock waits on others, this does not.
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < iterations; i++) {
        forgetKeptAnswers(new MemoryAnswerStore());
        const started = performance.now();
        const { result, usage } = await call(endpoint.id, bodies[i % bodies.length]);
        latencies.push(performance.now() - started);
        rounds.push(usage.rounds);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      }
      const cpu = process.cpuUsage(cpuBefore);
      latencies.sort((a, b) => a - b);
      rows.push({
        endpoint: endpoint.id,
        statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(" "),
        p50_ms: ms(percentile(latencies, 50)),
        p99_ms: ms(percentile(latencies, 99)),
        rounds: `${Math.min(...rounds)}–${Math.max(...rounds)}`,
        node_calls_per_request: ms(proxy.stats.calls / iterations),
        cpu_ms_per_request: ms((cpu.user + cpu.system) / 1000 / iterations),
      });
    }
    console.log(`Through ${proxy.rules.name} with ${latencyMs} ms per answer (eth demo chain), ${iterations} requests per row, kept answers off`);
    console.table(rows);

    // Hot token: the same risk read asked once, then by `concurrent` callers at once.
    const token = chain.addressBook.scenarios.healthy.token.address;
    const body = { chain: "eth", address: token };
    const singles: number[] = [];
    let singleCalls = 0;
    for (let i = 0; i < 10; i++) {
      forgetKeptAnswers(new MemoryAnswerStore());
      proxy.resetStats();
      const started = performance.now();
      await call("intel/risk", body);
      singles.push(performance.now() - started);
      singleCalls = proxy.stats.calls;
    }
    singles.sort((a, b) => a - b);
    forgetKeptAnswers(new MemoryAnswerStore());
    proxy.resetStats();
    const latencies = await Promise.all(
      Array.from({ length: concurrent }, async () => {
        const started = performance.now();
        const { result } = await call("intel/risk", body);
        if (result.status !== 200) throw new Error(`a concurrent risk call answered ${result.status}`);
        return performance.now() - started;
      }),
    );
    latencies.sort((a, b) => a - b);
    console.log(`Hot token: one intel/risk call p50 ${ms(percentile(singles, 50))} ms, ${singleCalls} node calls; ${concurrent} concurrent identical calls: p50 ${ms(percentile(latencies, 50))} ms, p99 ${ms(percentile(latencies, 99))} ms, ${proxy.stats.calls} node calls in all`);
  } finally {
    await h.close();
    await intelThreadPool()?.close();
    await proxy.close();
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
