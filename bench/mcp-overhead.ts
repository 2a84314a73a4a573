// What an MCP tool call costs over the same endpoint's HTTP call, in the same production server and
// the same run. Usage and method: main() below.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startDemoChain } from "@/demo-chain";
import { demoRequestsFor } from "@/demo-chain/requests";
import { median, onFreshDatabase, runBench, waitFor } from "./support/server";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, calls: { type: "string", default: "100" }, port: { type: "string", default: "3312" } } });
const rounds = Number(values.rounds);
const calls = Number(values.calls);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

/**
 * What an MCP tool call costs over the same endpoint's HTTP call, in the same production server
 * and the same run.
 *
 *   npm run build && npx tsx bench/mcp-overhead.ts [--rounds 5] [--calls 100]
 *
 * Real parts on loopback: a fresh PostgreSQL database, Redis and the eth demo chain. One client
 * makes sequential calls of intel/risk on the demo's healthy token, by plain `fetch` to the route
 * and as `tools/call` through the SDK's client (connected once, so each call is one HTTP POST),
 * in alternating rounds. After the first call the answer is kept, so what is measured is the
 * pipeline and the transport around it, which is where the two differ.
 */
async function main() {
  const chain = await startDemoChain({ chain: "eth", log: () => undefined });
  try {
    await onFreshDatabase(async (bench) => {
      bench.startServer(port, { REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379", WEB_CONCURRENCY: "1", ETH_RPC_URL: chain.rpcUrl });
      // A live key allows 1,000 calls an hour: enough keys that no call is refused.
      const keys = await bench.liveKeys(Math.ceil((2 * rounds * calls + 20) / 900));
      await waitFor(`${base}/v1/api/health`);
      const body = demoRequestsFor("intel/risk", "eth", chain.addressBook)[0];
      let next = 0;
      const key = () => keys[Math.floor(next++ / 900)];

      const clients = await Promise.all(
        keys.map(async (apiKey) => {
          const client = new Client({ name: "bench", version: "1.0.0" });
          await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/api/mcp`), { requestInit: { headers: { "x-api-key": apiKey } } }));
          return client;
        }),
      );
      const http = async () => {
        const response = await fetch(`${base}/v1/api/intel/risk`, { method: "POST", headers: { "x-api-key": key(), "content-type": "application/json" }, body: JSON.stringify(body) });
        if (response.status !== 200) throw new Error(`HTTP call answered ${response.status}`);
        await response.arrayBuffer();
      };
      const mcp = async () => {
        const at = next;
        const result = await clients[Math.floor(at / 900)].callTool({ name: "intel_risk", arguments: body });
        next++;
        if (result.isError) throw new Error(`tool call failed: ${JSON.stringify(result.structuredContent)}`);
      };
      const timed = async (call: () => Promise<void>) => {
        const latencies: number[] = [];
        for (let i = 0; i < calls; i++) {
          const started = performance.now();
          await call();
          latencies.push(performance.now() - started);
        }
        return median(latencies);
      };

      // Warm both paths (the first call reads the chain and keeps the answer).
      for (let i = 0; i < 10; i++) {
        await http();
        await mcp();
      }
      const pairs: Array<{ http: number; mcp: number }> = [];
      for (let round = 0; round < rounds; round++) {
        const first = round % 2 === 0 ? http : mcp;
        const a = await timed(first);
        const b = await timed(first === http ? mcp : http);
        pairs.push(first === http ? { http: a, mcp: b } : { http: b, mcp: a });
      }
      await Promise.all(clients.map((client) => client.close()));
      const ms = (value: number) => Number(value.toFixed(2));
      console.log(
        JSON.stringify(
          {
            rounds, calls_per_side_per_round: calls,
            http_p50_ms: ms(median(pairs.map((pair) => pair.http))),
            mcp_p50_ms: ms(median(pairs.map((pair) => pair.mcp))),
            mcp_over_http_ms_median: ms(median(pairs.map((pair) => pair.mcp - pair.http))),
            by_round: pairs.map((pair) => ({ http: ms(pair.http), mcp: ms(pair.mcp) })),
          },
          null,
          2,
        ),
      );
    });
  } finally {
    await chain.stop();
  }
}

runBench(main);
