// SIGTERM to `npm start` under load, as systemd, Docker or a process manager send it: every
// request that got an answer has its usage record, the whole process tree (server, demo
// anvils, embedded database socket) is gone within 10 s, and a second start on the same
// DATA_DIR works. Runs the real script on the build the suite made, on its own port and
// embedded database, beside the suite's server.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, test } from "@playwright/test";

// A fresh DATA_DIR builds the three demo chains first: minutes on two cores since the real tokens joined.
test.setTimeout(1_200_000);

const repo = path.resolve(__dirname, "..");

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `processes`: the embedded defaults serve from one; with Redis, `npm start` serves from one worker per core. */
type Setup = { processes: 1 | 2 };

function serverEnv(dataDir: string, port: number, setup: Setup = { processes: 1 }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", SHUTDOWN_GRACE_MS: "4000" };
  // The embedded defaults: PGlite in its own process on loopback, in-process limiter, demo anvils.
  for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "ETH_RPC_URL", "BASE_RPC_URL", "BSC_RPC_URL", "DEMO_CHAINS", "WEB_CONCURRENCY"]) delete env[name];
  if (setup.processes === 2) Object.assign(env, { REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379", WEB_CONCURRENCY: "2" });
  return env;
}

type Started = { npm: ChildProcess; log: () => string; exited: Promise<number | null> };

async function npmStart(dataDir: string, port: number, setup: Setup): Promise<Started> {
  const npm = spawn("npm", ["start"], { cwd: repo, env: serverEnv(dataDir, port, setup), stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  npm.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 540_000;
  while (!log.includes("ready: ")) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not become ready:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { npm, log: () => log, exited };
}

/** Every process descended from pid, from /proc. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while being read
    }
  }
  const all: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((child) => (all.push(child), walk(child)));
  walk(pid);
  return all;
}

function alive(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[0];
    return state !== "Z";
  } catch {
    return false;
  }
}

function admin(dataDir: string, args: string[]): Record<string, string> {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", ...args, "--json"], { cwd: repo, env: { ...serverEnv(dataDir, 0), NODE_ENV: "development" }, encoding: "utf8" });
  const out = JSON.parse(result.stdout.trim().split("\n").pop()!) as Record<string, string>;
  if (!out.ok) throw new Error(`admin ${args.join(" ")}: ${result.stdout}${result.stderr}`);
  return out;
}

for (const setup of [{ processes: 1 }, { processes: 2 }] satisfies Setup[]) {
  test(`SIGTERM under load, ${setup.processes} server process${setup.processes > 1 ? "es" : ""}: answered requests are recorded, the tree is gone within 10 s, and it starts again`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "graceful-stop-"));
    const port = await freePort();
    let first: Started | undefined;
    let second: Started | undefined;
    try {
      first = await npmStart(dataDir, port, setup);
      expect(first.log()).toContain(`— ${setup.processes} process${setup.processes > 1 ? "es" : ""} (`);
      const owner = admin(dataDir, ["user", "create", "--email", "stop@example.com"]);
      const project = admin(dataDir, ["project", "create", "--owner", owner.email, "--name", "Stop"]);
      const keys = Array.from({ length: 4 }, () => admin(dataDir, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "intel:read"]).key);

      const tree = [first.npm.pid!, ...descendants(first.npm.pid!)];
      // npm, node, the embedded database's process, three anvils, and the workers when there are several
      expect(tree.length).toBeGreaterThanOrEqual(6 + (setup.processes > 1 ? setup.processes : 0));

      const answers: Array<{ status: number; requestId: string; body: { error?: string; message?: string } }> = [];
      let failures = 0;
      let signalledAt = 0;
      const loop = async (worker: number) => {
        for (let i = 0; ; i++) {
          try {
            const response = await fetch(`http://127.0.0.1:${port}/v1/api/me`, { headers: { "X-API-Key": keys[(worker + i) % keys.length] } });
            answers.push({ status: response.status, requestId: response.headers.get("x-request-id") ?? "", body: (await response.json()) as { error?: string } });
          } catch {
            failures++;
            if (signalledAt) return; // refused: the server has stopped listening
          }
          if (!signalledAt && answers.length >= 150) {
            signalledAt = Date.now();
            process.kill(first!.npm.pid!, "SIGTERM");
          }
          if (i > 400) return;
        }
      };
      await Promise.all(Array.from({ length: 12 }, (_, worker) => loop(worker)));
      expect(signalledAt).toBeGreaterThan(0);

      const code = await first.exited;
      const gone = Date.now();
      await expect.poll(() => tree.filter(alive), { timeout: Math.max(0, 10_000 - (Date.now() - signalledAt)) }).toEqual([]);
      expect(gone - signalledAt).toBeLessThan(10_000);
      expect(code).toBe(0);
      const log = first.log();
      for (const step of ["stop: SIGTERM", "stop: requests drained", "stop: usage records written", "stop: database connections closed", "stop: demo chains stopped", "stop: embedded database closed", "stop: done"]) {
        expect(log).toContain(step);
      }
      // Each worker drains and writes its own records before the shared parts close.
      if (setup.processes > 1) expect(log.split("stop: requests drained").length - 1).toBe(setup.processes);

      // Refused while stopping (503 from the server itself, before any key was read) carry no record.
      const refused = answers.filter((a) => a.status === 503 && a.body.message === "The server is stopping; retry the request.");
      const served = answers.filter((a) => !refused.includes(a));
      expect(served.length).toBeGreaterThanOrEqual(150);
      expect(served.every((a) => a.requestId.startsWith("req_"))).toBe(true);

      second = await npmStart(dataDir, port, setup);
      const { url } = JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8")) as { url: string };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>("SELECT id FROM request_records WHERE id = ANY($1)", [served.map((a) => a.requestId)]);
        const recorded = new Set(rows.map((row) => row.id));
        expect(served.filter((a) => !recorded.has(a.requestId))).toEqual([]);
      } finally {
        await client.end();
      }
      console.log(`graceful stop: ${served.length} answered and recorded, ${refused.length} refused while stopping, ${failures} refused connections, stopped in ${gone - signalledAt} ms`);
    } finally {
      for (const started of [first, second]) {
        if (started && started.npm.exitCode === null) {
          process.kill(started.npm.pid!, "SIGTERM");
          await started.exited;
        }
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
