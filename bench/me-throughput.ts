// Throughput and latency of GET /v1/api/me through the whole pipeline against a bare
// route handler, in the same production server and the same run.
//
//   npm run build && npx tsx bench/me-throughput.ts [--seconds 10] [--connections 50]
//
// Real parts on loopback: a fresh PostgreSQL database and Redis. `me` allows one call
// per second per key, so requests rotate over enough keys that every one passes the
// real rate check: each request runs every step (auth, state, allow lists, budget,
// credits read, usage record).
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { createKey, createProject, createUser } from "@/lib/operator/operations";
import { createTestDatabase } from "@/test/support/postgres";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "50" }, port: { type: "string", default: "3311" } } });
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

async function waitFor(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not come up at ${url}`);
}

function run(url: string, headersFor?: (i: number) => Record<string, string>): Promise<autocannon.Result> {
  let i = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: seconds,
        requests: headersFor ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headersFor(i++) } }) }] : undefined,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function main() {
  const database = await createTestDatabase();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: database.url, REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379", ENABLE_BENCH_ROUTES: "1", NODE_ENV: "production", DEMO_CHAINS: "off" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const owner = await createUser(db, "bench", { email: "bench@example.com" });
    const project = await createProject(db, "bench", { ownerEmail: owner.email, name: "bench" });
    // Enough keys that none is asked twice within a second at the expected rate.
    const keyCount = Math.max(200, connections * 40);
    const keys: string[] = [];
    for (let k = 0; k < keyCount; k++) keys.push((await createKey(db, "bench", { projectId: project.id, mode: "live", permissions: ["intel:read"] })).fullKey);
    await waitFor(`${base}/v1/api/health`);
    await waitFor(`${base}/internal/bare`);

    // Warm both paths, then measure bare, pipeline, bare again.
    await run(`${base}/internal/bare`);
    const bare1 = await run(`${base}/internal/bare`);
    const pipeline = await run(`${base}/v1/api/me`, (i) => ({ "x-api-key": keys[i % keys.length] }));
    const bare2 = await run(`${base}/internal/bare`);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const outcomes = await client.query(`SELECT http_status, count(*)::int AS n FROM request_records GROUP BY http_status ORDER BY 1`);
    await client.end();

    const bareRps = (bare1.requests.average + bare2.requests.average) / 2;
    const summary = {
      seconds, connections, keys: keyCount,
      bare: { rps: Math.round(bareRps), p50_ms: bare1.latency.p50, p99_ms: bare1.latency.p99 },
      me_pipeline: { rps: Math.round(pipeline.requests.average), p50_ms: pipeline.latency.p50, p99_ms: pipeline.latency.p99, non2xx: pipeline.non2xx, errors: pipeline.errors },
      ratio: Number((pipeline.requests.average / bareRps).toFixed(3)),
      usage_records_by_status: Object.fromEntries(outcomes.rows.map((row) => [row.http_status, row.n])),
    };
    console.log(JSON.stringify(summary, null, 2));
  } finally {
    server.kill("SIGTERM");
    await db.$disconnect();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
