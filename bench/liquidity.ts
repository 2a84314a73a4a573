// Latency and RPC round trips of the intel/liquidity read on the demo chains (eth, base, bsc),
// one request at a time, rotating over the healthy, rug and locked-liquidity tokens.
//
//   npx tsx bench/liquidity.ts [--iterations 300] [--full]
//
// Two figures per network: the intelligence alone (all its chain reads, batched as in
// production, against local anvil), and the same request through the whole API pipeline
// (key, budget, access, body, charge and usage record on a fresh PostgreSQL database and
// local Redis, as the tests run it), calling the route handler in-process.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { clearChainClients } from "@/lib/chain/clients";
import { withRpcMeter } from "@/lib/chain/rpc-meter";
import { createHarness } from "@/test/support/harness";
import { DEMO_CHAINS, startDemoChains } from "@/lib/demo-chain";
import { analyzeLiquidity } from "@/lib/intel/liquidity/analysis";

const { values } = parseArgs({ options: { iterations: { type: "string", default: "300" }, full: { type: "boolean", default: false } } });
const iterations = Number(values.iterations);
const flags = values.full ? { full: true } : {};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const chains = await startDemoChains({ log: () => undefined });
  try {
    const rows = [];
    for (const chain of DEMO_CHAINS) {
      const { rpcUrl, addressBook } = chains[chain];
      const env = { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl };
      const tokens = (["healthy", "rug", "lockedLiquidity"] as const).map((key) => addressBook.scenarios[key].token.address);
      // Warm-up: module loading, connection set-up, the facts cache.
      for (const address of tokens) await analyzeLiquidity({ chain, address, flags, env });
      const latencies: number[] = [];
      const roundTrips: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        const { usage } = await withRpcMeter(() => analyzeLiquidity({ chain, address: tokens[i % tokens.length], flags, env }));
        latencies.push(performance.now() - started);
        roundTrips.push(usage.roundTrips);
      }
      latencies.sort((a, b) => a - b);
      rows.push({
        chain,
        requests: iterations,
        p50_ms: Number(percentile(latencies, 50).toFixed(1)),
        p99_ms: Number(percentile(latencies, 99).toFixed(1)),
        round_trips_max: Math.max(...roundTrips),
        round_trips_min: Math.min(...roundTrips),
      });
    }
    console.log(`intel/liquidity ${values.full ? "(full: true)" : "(defaults)"} on the demo chains, sequential: the intelligence alone`);
    console.table(rows);

    const h = await createHarness("postgres+redis");
    try {
      const pipelineRows = [];
      for (const chain of DEMO_CHAINS) {
        const { rpcUrl, addressBook } = chains[chain];
        process.env[{ eth: "ETH_RPC_URL", base: "BASE_RPC_URL", bsc: "BSC_RPC_URL" }[chain]] = rpcUrl;
        clearChainClients();
        const { key } = await h.key({ permissions: ["liquidity:read"], tier: "pro" });
        const tokens = (["healthy", "rug", "lockedLiquidity"] as const).map((name) => addressBook.scenarios[name].token.address);
        const call = (i: number) => h.call("POST", "intel/liquidity", { key, body: { chain, address: tokens[i % tokens.length], ...flags } });
        for (let i = 0; i < 3; i++) await call(i);
        const latencies: number[] = [];
        for (let i = 0; i < iterations; i++) {
          const started = performance.now();
          const response = await call(i);
          latencies.push(performance.now() - started);
          if (response.status !== 200) throw new Error(`status ${response.status}: ${JSON.stringify(response.body)}`);
        }
        latencies.sort((a, b) => a - b);
        pipelineRows.push({ chain, requests: iterations, p50_ms: Number(percentile(latencies, 50).toFixed(1)), p99_ms: Number(percentile(latencies, 99).toFixed(1)) });
      }
      console.log("the same through the API pipeline (PostgreSQL + Redis on loopback)");
      console.table(pipelineRows);
    } finally {
      await h.close();
    }
  } finally {
    await chains.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
