// What the TypeScript client adds to a call: GET /v1/api/me on the production server, asked in
// alternating turns by a raw fetch and by the generated client. Usage: main() below.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { DevIntelClient } from "@/clients/typescript/src/index";
import { median, onFreshDatabase, runBench, waitFor } from "./support/server";

const { values } = parseArgs({ options: { calls: { type: "string", default: "400" }, port: { type: "string", default: "3312" } } });
const calls = Number(values.calls);
const base = `http://127.0.0.1:${values.port}`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * What the TypeScript client adds to a call: GET /v1/api/me on the production server, asked in
 * alternating turns by a raw fetch and by the generated client (same keys, same run), one call at
 * a time so each is measured alone.
 *
 *   npm run build && npx tsx bench/client-overhead.ts [--calls 400]
 *
 * `me` allows one call per second per key, so each call takes the next of enough keys that none
 * is asked twice within a second and every call runs the whole pipeline.
 */
async function main() {
  await onFreshDatabase(async (bench) => {
    bench.startServer(Number(values.port), { REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379", WEB_CONCURRENCY: "1" });
    const keys = await bench.liveKeys(Math.max(200, calls + 40));
    await waitFor(`${base}/v1/api/health`);
    let next = 0;
    const raw = async () => {
      const response = await fetch(`${base}/v1/api/me`, { headers: { accept: "application/json", "x-api-key": keys[next++ % keys.length] } });
      if (!response.ok) throw new Error(`raw fetch: ${response.status}`);
      await response.json();
    };
    // A client per key, as an application holds one client per key; made before the clock starts.
    const clients = keys.map((apiKey) => new DevIntelClient({ baseUrl: base, apiKey, retry: { maxAttempts: 1 } }));
    const viaClient = async () => {
      await clients[next++ % keys.length].me();
    };
    // Warm both paths (connections, the server's first requests).
    for (let i = 0; i < 20; i++) await (i % 2 ? raw() : viaClient());
    const times = { raw: [] as number[], client: [] as number[] };
    for (let i = 0; i < calls; i++) {
      const [name, call] = i % 2 ? (["raw", raw] as const) : (["client", viaClient] as const);
      const started = performance.now();
      await call();
      times[name].push(performance.now() - started);
    }
    for (const [name, list] of Object.entries(times)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(`${name.padEnd(6)} calls ${list.length}  p50 ${round(median(list))} ms  p90 ${round(percentile(sorted, 90))} ms  mean ${round(list.reduce((a, b) => a + b, 0) / list.length)} ms`);
    }
  });
}

runBench(main);
