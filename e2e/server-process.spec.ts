// The production server as an operator runs it: `npm start` with two worker processes on
// PostgreSQL and Redis. Its stdout is a log pipeline's input, so every line there is one JSON
// object (npm's banner goes to stderr, Next's own lines through the logger), and a 503 request
// line is a warning.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { admin, freePort, repo } from "./support/own-server";
import { createTestDatabase } from "../test/support/postgres";

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

test.describe("npm start with two worker processes", () => {
  let npm: ChildProcess;
  let stdout = "";
  let stderr = "";
  let exited: Promise<number | null>;
  let env: NodeJS.ProcessEnv;
  let port: number;
  let drop: () => Promise<void>;
  const api = () => `http://127.0.0.1:${port}/v1/api`;
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

  test.beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    port = await freePort();
    env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: database.url, REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", WEB_CONCURRENCY: "2", DEMO_CHAINS: "off", DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "server-process-")) };
    // As an operator starts it: the server's own format and level, and no node, so a chain read is a 503.
    for (const name of ["LOG_FORMAT", "LOG_LEVEL", "ETH_RPC_URL", "BASE_RPC_URL", "BSC_RPC_URL", "AUTH_URL", "INTEL_THREADS"]) delete env[name];
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
