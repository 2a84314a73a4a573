// What serving on every core buys: GET /v1/api/me against `npm start` with one process per core and
// with one process, in the same run, on the same database and Redis. Usage and method: main()
// below.
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { serverProcessPlan } from "@/lib/server/process-count";
import { cpuSecondsOfTree, median, onFreshDatabase, runBench, summarizeRuns, waitFor } from "./support/server";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "6" }, seconds: { type: "string", default: "5" }, connections: { type: "string", default: "50" } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

let requestIndex = 0;

function run(url: string, keys: string[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, "x-api-key": keys[requestIndex++ % keys.length] } }) }] },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * What serving on every core buys: GET /v1/api/me through the whole pipeline against `npm start`
 * with its default process count (one per core) and against one process, in the same run, on the
 * same database and Redis.
 *
 *   npm run build && npx tsx bench/process-count.ts [--rounds 6] [--seconds 5] [--connections 50]
 *
 * Both servers run side by side on loopback; the runs alternate between them (pairs, which goes
 * first alternating) so the machine's drifting load falls on both alike. Requests rotate over
 * enough keys that each passes the real one-call-a-second metadata budget, so every request runs
 * every step, its usage record included. CPU per request counts every process of each server's
 * tree (the supervisor and its workers), from /proc. The load generator runs on the same cores.
 */
async function main() {
  const defaultPlan = serverProcessPlan({ REDIS_URL: redisUrl });
  await onFreshDatabase(async (bench) => {
    const servers = {
      default: { port: 3321, process: bench.startServer(3321, { REDIS_URL: redisUrl }) },
      one: { port: 3322, process: bench.startServer(3322, { REDIS_URL: redisUrl, WEB_CONCURRENCY: "1" }) },
    };
    const keys = await bench.liveKeys(Math.max(400, connections * 80));
    for (const server of Object.values(servers)) await waitFor(`http://127.0.0.1:${server.port}/v1/api/health`, 120_000);

    const measure = async (name: keyof typeof servers) => {
      const server = servers[name];
      const before = cpuSecondsOfTree(server.process.pid);
      const result = await run(`http://127.0.0.1:${server.port}/v1/api/me`, keys);
      return { result, cpuMicrosPerRequest: Math.round(((cpuSecondsOfTree(server.process.pid) - before) * 1e6) / result.requests.total) };
    };
    await measure("default");
    await measure("one");
    type Measured = Awaited<ReturnType<typeof measure>>;
    const pairs: Array<Record<keyof typeof servers, Measured>> = [];
    for (let round = 0; round < rounds; round++) {
      const order: Array<keyof typeof servers> = round % 2 === 0 ? ["default", "one"] : ["one", "default"];
      const first = await measure(order[0]);
      const second = await measure(order[1]);
      pairs.push({ [order[0]]: first, [order[1]]: second } as Record<keyof typeof servers, Measured>);
    }
    const side = (name: keyof typeof servers) => summarizeRuns(pairs.map((pair) => pair[name]));
    const ratios = pairs.map((pair) => Number((pair.default.result.requests.average / pair.one.result.requests.average).toFixed(3)));
    console.log(JSON.stringify({
      cores: os.availableParallelism(),
      default_processes: defaultPlan.count,
      rounds, seconds_per_run: seconds, connections, keys: keys.length,
      default: side("default"),
      one_process: side("one"),
      ratio_median: Number(median(ratios).toFixed(3)),
      ratio_by_round: ratios,
    }, null, 2));
  });
}

runBench(main);
