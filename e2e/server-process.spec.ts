// The production server as an operator runs it: `npm start` with two worker processes, its stdout
// one JSON object a line, a killed worker replaced without a metric going backwards. The checks in
// detail: the describe below.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { admin, descendants, freePort, repo } from "./support/own-server";
import { createTestDatabase } from "../test/support/postgres";
import { parseExposition, type Sample } from "../test/support/prometheus-text";

test.setTimeout(600_000);

type LogLine = { level: number; msg: string; pid: number; status?: number; endpoint?: string };

/** One request on a connection of its own, so the cluster's workers take turns answering. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? "GET", headers: options.headers, agent: false, timeout: 10_000 }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A connection the cluster handed to a worker in the moment it was killed is never answered.
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} in 10 s`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** The types a scrape declares (`# TYPE name counter`), by metric name. */
function typesOf(exposition: string): Map<string, string> {
  return new Map([...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => [match[1], match[2]]));
}

/** The samples of counters and histograms (their buckets, sums and counts): what may only grow. */
function growing(exposition: string): Sample[] {
  const types = typesOf(exposition);
  return parseExposition(exposition).filter((sample) => {
    const base = sample.name.replace(/_(bucket|sum|count)$/, "");
    return types.get(sample.name) === "counter" || types.get(base) === "histogram";
  });
}

const sampleKey = (sample: Sample) => `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;

/** A process's start, in seconds since the epoch, from /proc (as prom-client's process_start_time_seconds says it). */
function processStart(pid: number): number {
  const ticks = Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[19]);
  const bootTime = Number(/^btime (\d+)$/m.exec(fs.readFileSync("/proc/stat", "utf8"))![1]);
  const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
  return bootTime + ticks / ticksPerSecond;
}

function maxOpenFiles(pid: number): number {
  return Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/limits`, "utf8"))![1]);
}

// The production server as an operator runs it: `npm start` with two worker processes on
// PostgreSQL and Redis, metrics on their own port. Its stdout is a log pipeline's input, so every
// line there is one JSON object (npm's banner goes to stderr, Next's own lines through the
// logger), and a 503 request line is a warning. A worker killed outright (SIGKILL) is replaced,
// and a scrape after that sees no counter go backwards: the supervisor keeps what the dead
// worker had counted. Gauges are aggregated by what they mean, and the supervisor's own process
// metrics are in the scrape; promtool checks the exposition where it is installed.
test.describe.serial("npm start with two worker processes", () => {
  let npm: ChildProcess;
  let stdout = "";
  let stderr = "";
  let exited: Promise<number | null>;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let scrapeUrl: string;
  let drop: () => Promise<void>;
  const api = () => `http://127.0.0.1:${port}/v1/api`;
  const scrape = async () => {
    const answer = await request(scrapeUrl);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** Every stdout line so far, each parsed as JSON (a line that is not fails the test here). */
  const lines = () =>
    stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          throw new Error(`a stdout line that is not JSON: ${JSON.stringify(line)}`);
        }
      });
  const requestPids = () => new Set(lines().filter((line) => line.msg === "request").map((line) => line.pid));

  test.beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    port = await freePort();
    const metricsPort = await freePort();
    scrapeUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    env = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
      WEB_CONCURRENCY: "2",
      METRICS_PORT: String(metricsPort),
      DEMO_CHAINS: "off",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "server-process-")),
    };
    // As an operator starts it: the server's own format and level, and no node, so a chain read is a 503.
    for (const name of ["LOG_FORMAT", "LOG_LEVEL", "ETH_RPC_URL", "BASE_RPC_URL", "BSC_RPC_URL", "AUTH_URL", "INTEL_THREADS"]) delete env[name];
    // npm start as a user types it: not the settings of the npm that runs this suite (`npm run --silent
    // test:e2e` passes its loglevel down to every npm started beneath it, and the banner with it).
    for (const name of Object.keys(env)) if (name.toLowerCase().startsWith("npm_config_")) delete env[name];
    npm = spawn("npm", ["start"], { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    npm.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    npm.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise((resolve) => npm.once("exit", (code) => resolve(code)));
    for (const deadline = Date.now() + 300_000; !stdout.includes("ready: "); ) {
      if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not become ready:\n${stdout}\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  test.afterAll(async () => {
    if (npm && npm.exitCode === null) {
      process.kill(npm.pid!, "SIGTERM");
      await exited;
    }
    await drop?.();
  });

  test("each worker warms every API route and the app before it listens; clients cannot open the warm-up", async () => {
    const warmed = lines().filter((line) => line.msg.startsWith("warmed before listening"));
    expect(new Set(warmed.map((line) => line.pid)).size).toBe(2);
    // The eleven endpoints' routes and the MCP endpoint answered their preflight; the app compiled its schemas and opened both stores.
    for (const line of warmed) expect(line.msg).toMatch(/^warmed before listening: 12 API routes loaded, schemas, database, rate limits$/);
    const readyAt = lines().findIndex((line) => line.msg.startsWith("ready: "));
    expect(lines().findLastIndex((line) => line.msg.startsWith("warmed before listening"))).toBeLessThan(readyAt);
    const forged = await request(`http://127.0.0.1:${port}/internal/warm-up`, { method: "POST", headers: { "x-svc-warm-up": "guess" } });
    expect(forged.status).toBe(404);
  });

  test("a worker killed outright is replaced, and no counter of the scrape goes backwards", async () => {
    const owner = admin(env, ["user", "create", "--email", `process-${Date.now()}@example.com`]);
    const project = admin(env, ["project", "create", "--owner", owner.email, "--name", "Processes"]);
    const { key } = admin(env, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "contract:read"]);
    // Answered, refused and failed calls, until both workers have answered some.
    for (let i = 0; i < 40 && requestPids().size < 2; i++) {
      await request(`${api()}/me`, { headers: { "x-api-key": key } });
      await request(`${api()}/me`);
    }
    const workers = [...requestPids()];
    expect(workers).toHaveLength(2);
    const before = await scrape();
    const beforeSamples = growing(before);
    expect(beforeSamples.filter((sample) => sample.name === "dia_api_requests_total").reduce((sum, sample) => sum + sample.value, 0)).toBeGreaterThan(0);

    const killedAt = Date.now() / 1000;
    process.kill(workers[0], "SIGKILL");
    // The replacement serves: a request line from a process that is neither of the first two.
    for (const deadline = Date.now() + 180_000; ![...requestPids()].some((pid) => !workers.includes(pid)); ) {
      if (Date.now() > deadline) throw new Error(`no replacement worker answered; the log ends:\n${stdout.split("\n").slice(-15).join("\n")}\n${stderr.slice(-2_000)}`);
      await request(`${api()}/me`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(lines().some((line) => line.level === 50 && line.msg === `server: worker ${workers[0]} exited (SIGKILL); starting another`)).toBe(true);

    const after = await scrape();
    const afterByKey = new Map(growing(after).map((sample) => [sampleKey(sample), sample.value]));
    const wentBack = beforeSamples.filter((sample) => (afterByKey.get(sampleKey(sample)) ?? 0) < sample.value);
    expect(wentBack.map((sample) => `${sampleKey(sample)}: ${sample.value} → ${afterByKey.get(sampleKey(sample))}`)).toEqual([]);

    // Gauges by their meaning: a per-process limit is one process's, not the sum of three; the start
    // is the supervisor's (the counters have run since then), not the replacement worker's.
    const supervisor = descendants(npm.pid!)[0];
    const gauge = (name: string) => parseExposition(after).filter((sample) => sample.name === name);
    expect(gauge("process_max_fds").map((sample) => sample.value)).toEqual([maxOpenFiles(supervisor)]);
    const [started] = gauge("process_start_time_seconds").map((sample) => sample.value);
    expect(started).toBeLessThan(killedAt);
    expect(Math.abs(started - processStart(supervisor))).toBeLessThanOrEqual(1.5);

    // promtool exits 1 on an exposition it cannot parse, 3 on lint problems. The only ones it finds
    // are in prom-client's own default metrics, gauges it names with _total; ours have none.
    const promtool = spawnSync("promtool", ["check", "metrics"], { input: after, encoding: "utf8" });
    if (promtool.error) console.log("promtool is not installed: the exposition was not checked by it");
    else {
      const problems = `${promtool.stdout}${promtool.stderr}`.split("\n").filter(Boolean);
      const promClientNames = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];
      expect(problems.filter((problem) => !promClientNames.some((name) => problem === `${name} non-counter metrics should not have "_total" suffix`))).toEqual([]);
      expect([0, 3]).toContain(promtool.status);
    }
  });

  test("every stdout line is JSON, npm's banner on stderr; a 503 is a warning, other server faults errors", async () => {
    // A network with no node is 503 unavailable.
    const owner = admin(env, ["user", "create", "--email", `logs-${Date.now()}@example.com`]);
    const project = admin(env, ["project", "create", "--owner", owner.email, "--name", "Logs"]);
    const { key } = admin(env, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "contract:read"]);
    const failed = await request(`${api()}/contract/analysis`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ chain: "eth", address: `0x${"1".repeat(40)}` }) });
    expect(failed.status).toBe(503);
    const requestId = (JSON.parse(failed.body) as { request_id: string }).request_id;

    process.kill(npm.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    const logged = lines();
    expect(logged.find((line) => (line as { request_id?: string }).request_id === requestId)).toMatchObject({ level: 40, msg: "request", status: 503 });
    expect(logged.filter((line) => line.msg === "request" && (line.status ?? 0) >= 500 && line.level < (line.status === 503 ? 40 : 50))).toEqual([]);
    // What Next prints itself (once per worker) arrives as JSON too, and so do the last stop lines.
    expect(logged.filter((line) => /^Running next\.config\.mjs/.test(line.msg)).length).toBeGreaterThanOrEqual(2);
    expect(logged.at(-1)?.msg).toBe("stop: done");
    expect(stderr).toContain("> developer-intelligence-api@");
    expect(stdout).not.toContain("> developer-intelligence-api@");
  });
});
