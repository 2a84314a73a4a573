// Latency and RPC round trips of every intelligence endpoint on the demo chains, one request at a
// time, through the whole API pipeline in-process. Targets: p50 ≤ 60 ms and ≤ 3 sequential round
// trips. Usage and options: main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { clearChainClients } from "@/lib/chain/clients";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, startDemoChains } from "@/demo-chain";
import { endpoints, type EndpointId } from "@/lib/api-contract/endpoints";
import { createHarness } from "@/test/support/harness";
import { demoRequestsFor, lockerRequestsFor, signalRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { forgetKeptAnswers, MemoryAnswerStore } from "@/lib/intel/runtime/hot-reads";
import { addHistory } from "./support/extra-history";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "200" }, only: { type: "string" }, history: { type: "string", default: "1" }, venues: { type: "string", default: "with" }, kept: { type: "string", default: "off" } } });
// --kept off (default): every request reads the chain (kept answers forgotten before each); on: a
// repeated request at the same head is served its kept answer (lib/intel/runtime/hot-reads.ts).
const kept = values.kept === "on";
// --venues with (default): the venue and signal scenarios' requests too; --venues without: the original demo requests only.
const venues = values.venues !== "without";
const history = Number(values.history);
const iterations = Number(values.iterations);
const only = values.only ? new Set(values.only.split(",")) : null;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const rpcSetting = { eth: "ETH_RPC_URL", base: "BASE_RPC_URL", bsc: "BSC_RPC_URL" } as const;

/**
 * Latency and RPC round trips of every intelligence endpoint on the demo chains (eth, base,
 * bsc), one request at a time, through the whole API pipeline (key, budget, access, body,
 * charge and usage record on a fresh PostgreSQL database and local Redis), calling each
 * route handler in-process as the tests do. Each endpoint rotates over the demo requests
 * that exercise it; the round trips are the chain node's, counted per request.
 *
 *   npx tsx bench/intel-endpoints.ts [--iterations 200] [--only intel/risk,wallet/pnl] [--history 10] [--venues with|without] [--kept off|on]
 *
 * --history N plays (N − 1) times the measured wallets' and tokens' activity again before
 * measuring (bench/support/extra-history.ts), to show how cost grows with matching logs.
 *
 * Targets (issue: chain layer and intelligence): p50 ≤ 60 ms and ≤ 3 sequential round trips.
 */
async function main() {
  const chains = await startDemoChains({ log: () => undefined });
  for (const chain of DEMO_CHAINS) {
    const added = await addHistory(chain, chains[chain], history);
    if (added.transactions > 0) console.log(`${chain}: ${added.transactions} more transactions (history ×${history})`);
  }
  const h = await createHarness("postgres+redis");
  try {
    for (const chain of DEMO_CHAINS) process.env[rpcSetting[chain]] = chains[chain].rpcUrl;
    clearChainClients();
    const { key } = await h.key({ permissions: ["intel:read", "security:read", "liquidity:read", "contract:read"], tier: "pro" });
    const rows = [];
    for (const endpoint of endpoints.filter((e) => e.surface === "intelligence" && (!only || only.has(e.id)))) {
      for (const chain of DEMO_CHAINS) {
        const book = chains[chain].addressBook;
        const bodies = [...demoRequestsFor(endpoint.id, chain, book), ...(venues ? [...venueRequestsFor(endpoint.id, chain, book), ...signalRequestsFor(endpoint.id, chain, book), ...lockerRequestsFor(endpoint.id, chain, book)] : [])];
        if (bodies.length === 0) continue;
        const call = (i: number) => {
          if (!kept) forgetKeptAnswers(new MemoryAnswerStore());
          return withRpcMeter(() => h.call("POST", endpoint.id, { key, body: bodies[i % bodies.length] }));
        };
        for (let i = 0; i < bodies.length * 2; i++) await call(i); // warm-up: modules, connections, facts cache
        const latencies: number[] = [];
        const roundTrips: number[] = [];
        const rounds: number[] = [];
        const statuses = new Map<number, number>();
        for (let i = 0; i < iterations; i++) {
          const started = performance.now();
          const { result, usage } = await call(i);
          latencies.push(performance.now() - started);
          roundTrips.push(usage.roundTrips);
          rounds.push(usage.rounds);
          statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        }
        latencies.sort((a, b) => a - b);
        rows.push({
          endpoint: endpoint.id,
          chain,
          requests: iterations,
          statuses: [...statuses].map(([status, n]) => `${status}×${n}`).join(" "),
          p50_ms: Number(percentile(latencies, 50).toFixed(1)),
          p99_ms: Number(percentile(latencies, 99).toFixed(1)),
          rounds: `${Math.min(...rounds)}–${Math.max(...rounds)}`,
          node_requests: `${Math.min(...roundTrips)}–${Math.max(...roundTrips)}`,
        });
      }
    }
    console.log(`Intelligence endpoints on the demo chains (history ×${history}, kept answers ${kept ? "on" : "off"}), sequential, through the whole pipeline (PostgreSQL + Redis on loopback)`);
    console.table(rows);
  } finally {
    await h.close();
    await chains.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
