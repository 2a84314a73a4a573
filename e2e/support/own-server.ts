// For specs that run the real start scripts themselves (npm start, npm run dev) on their own port
// and DATA_DIR beside the suite's server: a free port, the process tree, the operator CLI.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

export const repo = path.resolve(__dirname, "../..");

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The embedded defaults in `dataDir`: every setting that would point elsewhere removed. */
export function embeddedEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" };
  for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "ETH_RPC_URL", "BASE_RPC_URL", "BSC_RPC_URL", "DEMO_CHAINS", "WEB_CONCURRENCY", "AUTH_URL", "NODE_ENV"]) delete env[name];
  return env;
}

export type Started = { npm: ChildProcess; log: () => string; exited: Promise<number | null> };

/** `npm <args>` until its log says it is ready. */
export async function npmUntilReady(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 540_000): Promise<Started> {
  const npm = spawn("npm", args, { cwd: repo, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  npm.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  npm.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!log.includes("ready: ")) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error(`npm ${args.join(" ")} did not become ready:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { npm, log: () => log, exited };
}

export async function stopStarted(started: Started | undefined): Promise<void> {
  if (!started || started.npm.exitCode !== null) return;
  process.kill(started.npm.pid!, "SIGTERM");
  await started.exited;
}

/** Every process descended from pid, from /proc. */
export function descendants(pid: number): number[] {
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

export function alive(pid: number): boolean {
  try {
    const state = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[0];
    return state !== "Z";
  } catch {
    return false;
  }
}

/** The operator CLI beside a server on `env`'s DATA_DIR; one JSON object back, or a thrown error. */
export function admin(env: NodeJS.ProcessEnv, args: string[]): Record<string, string> {
  // As the README runs it: with node, so a failure is the CLI's one JSON object, not npm's beside it.
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args, "--json"], { cwd: repo, env: { ...env, NODE_ENV: "development" }, encoding: "utf8" });
  const out = JSON.parse(result.stdout.trim().split("\n").pop()!) as Record<string, string>;
  if (!out.ok) throw new Error(`admin ${args.join(" ")}: ${result.stdout}${result.stderr}`);
  return out;
}
