// Throughput and latency of GET /v1/api/me through the whole pipeline against a bare route handler,
// in the same production server and the same run. Usage and method: main() below.
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { cpuSecondsOfTree, median, onFreshDatabase, runBench, summarizeRuns, waitFor } from "./support/server";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "6" }, seconds: { type: "string", default: "5" }, connections: { type: "string", default: "50" }, port: { type: "string", default: "3311" } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

// One counter for every run, so a measured run never starts on keys the warm-up just used.
let requestIndex = 0;

function run(url: string, headersFor?: (i: number) => Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: headersFor ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headersFor(requestIndex++) } }) }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Throughput and latency of GET /v1/api/me through the whole pipeline against a bare
 * route handler, in the same production server and the same run.
 *
 *   npm run build && npx tsx bench/me-throughput.ts [--rounds 6] [--seconds 5] [--connections 50]
 *
 * Real parts on loopback: a fresh PostgreSQL database and Redis. `me` allows one call
 * per second per key, so requests rotate over enough keys that every one passes the
 * real rate check: each request runs every step (auth, state, allow lists, budget,
 * credits read, usage record). Both paths are warmed first. The machine's other load
 * drifts over a minute, so the two are measured in alternating pairs of short runs and
 * the ratio is the median of the pairs' ratios. The server's CPU time per request (all
 * its threads, from /proc) is reported beside the rates: its one event loop is what
 * saturates first.
 */
async function main() {
  await onFreshDatabase(async (bench) => {
    // One process, as the figures below were measured; bench/process-count.ts compares it with the default.
    const server = bench.startServer(port, { REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379", ENABLE_BENCH_ROUTES: "1", WEB_CONCURRENCY: "1" });
    // Enough keys that none is asked twice within a second at the expected rate.
    const keyCount = Math.max(200, connections * 40);
    const keys = await bench.liveKeys(keyCount);
    await waitFor(`${base}/v1/api/health`);
    await waitFor(`${base}/internal/bare`);

    const serverCpu = async (go: () => Promise<autocannon.Result>) => {
      const before = cpuSecondsOfTree(server.pid);
      const result = await go();
      return { result, cpuMicrosPerRequest: Math.round(((cpuSecondsOfTree(server.pid) - before) * 1e6) / result.requests.total) };
    };
    const bare = () => run(`${base}/internal/bare`);
    const me = () => run(`${base}/v1/api/me`, (i) => ({ "x-api-key": keys[i % keys.length] }));

    // Warm both paths, then measure pairs, alternating which of the two goes first.
    await bare();
    await me();
    type Measured = Awaited<ReturnType<typeof serverCpu>>;
    const pairs: Array<{ bare: Measured; me: Measured }> = [];
    for (let round = 0; round < rounds; round++) {
      const first = round % 2 === 0 ? "bare" : "me";
      const a = await serverCpu(first === "bare" ? bare : me);
      const b = await serverCpu(first === "bare" ? me : bare);
      pairs.push(first === "bare" ? { bare: a, me: b } : { bare: b, me: a });
    }

    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    // Where Redis is configured the last records reach the database from its stream a moment after their answers.
    const count = async () => (await client.query(`SELECT count(*)::int AS n FROM request_records`)).rows[0].n as number;
    for (let previous = -1, now = await count(), tries = 0; now !== previous && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      [previous, now] = [now, await count()];
    }
    const outcomes = await client.query(`SELECT http_status, count(*)::int AS n FROM request_records GROUP BY http_status ORDER BY 1`);
    await client.end();

    const side = (name: "bare" | "me") => summarizeRuns(pairs.map((pair) => pair[name]));
    const ratios = pairs.map((pair) => Number((pair.me.result.requests.average / pair.bare.result.requests.average).toFixed(3)));
    const summary = {
      rounds, seconds_per_run: seconds, connections, keys: keyCount,
      bare: side("bare"),
      me_pipeline: side("me"),
      ratio_median: Number(median(ratios).toFixed(3)),
      ratio_by_round: ratios,
      usage_records_by_status: Object.fromEntries(outcomes.rows.map((row) => [row.http_status, row.n])),
    };
    console.log(JSON.stringify(summary, null, 2));
  });
}

runBench(main);
