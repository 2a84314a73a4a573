// Starting the production server for a benchmark exactly as `npm start` does, and reading what
// its processes spend.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { createKey, createProject, createUser } from "@/lib/operator/operations";
import { createTestDatabase } from "@/test/support/postgres";

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
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

/** The arguments `npm start` gives node, so the bench serves exactly what production does. */
export function startArguments(): string[] {
  const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  // `exec node …`: the shell gives its process to node, so signals reach the server itself.
  const [program, ...args] = start.replace(/^exec\s+/, "").split(/\s+/);
  if (program !== "node") throw new Error(`npm start runs ${program}, not node: update the bench`);
  // BENCH_NODE_ARGS adds node's own options, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile the server's processes and threads.
  return [...(process.env.BENCH_NODE_ARGS?.trim().split(/\s+/).filter(Boolean) ?? []), ...args];
}

/** `npm start` on loopback with `env` added: the production build, no demo chains. */
export function startServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, startArguments(), {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", DEMO_CHAINS: "off", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function statFields(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  } catch {
    return null;
  }
}

/** The process and every process below it (the server's workers, its database process). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (!fields) continue;
    const parent = Number(fields[1]);
    parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]) ?? []));
  return tree;
}

/** CPU seconds the process and its descendants have used so far, from /proc (Linux); NaN elsewhere. */
export function cpuSecondsOfTree(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let total = 0;
  for (const member of processTree(pid)) {
    const fields = statFields(member);
    if (fields) total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

/** Resident memory of the process and its descendants, in MB (Linux). */
export function residentMbOfTree(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let pages = 0;
  for (const member of processTree(pid)) {
    try {
      pages += Number(readFileSync(`/proc/${member}/statm`, "utf8").split(" ")[1]);
    } catch {
      /* ended meanwhile */
    }
  }
  return Math.round((pages * 4096) / 2 ** 20);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
};
export const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

export type BenchRun = {
  /** The fresh database's URL, for the servers' DATABASE_URL. */
  url: string;
  db: PrismaClient;
  /** `npm start` on this database; stopped when the run ends. */
  startServer(port: number, env?: Record<string, string>): ChildProcess;
  /** Live keys of one project, allowed `intel:read` unless told otherwise. */
  liveKeys(count: number, permissions?: string[]): Promise<string[]>;
};

/** One bench run on a fresh PostgreSQL database: the servers it starts are stopped and the database dropped after, however it ends. */
export async function onFreshDatabase(work: (run: BenchRun) => Promise<void>): Promise<void> {
  const database = await createTestDatabase();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  const servers: ChildProcess[] = [];
  try {
    await work({
      url: database.url,
      db,
      startServer: (port, env = {}) => {
        const server = startServer(port, { DATABASE_URL: database.url, ...env });
        servers.push(server);
        return server;
      },
      async liveKeys(count, permissions = ["intel:read"]) {
        const owner = await createUser(db, "bench", { email: "bench@example.com" });
        const project = await createProject(db, "bench", { ownerEmail: owner.email, name: "bench" });
        const keys: string[] = [];
        for (let k = 0; k < count; k++) keys.push((await createKey(db, "bench", { projectId: project.id, mode: "live", permissions })).fullKey);
        return keys;
      },
    });
  } finally {
    for (const server of servers) server.kill("SIGTERM");
    await db.$disconnect();
    // The servers close their connections before the database can be dropped.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await database.drop();
  }
}

/** A bench's entry: its error printed and a failing exit code. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

/** One measured autocannon run and the server CPU it cost. */
export type MeasuredRun = { result: { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number }; cpuMicrosPerRequest: number };

/** Runs of one side of a comparison, summed up: mean rate and CPU, median latencies, every failure counted. */
export function summarizeRuns(runs: readonly MeasuredRun[]) {
  return {
    rps: mean(runs.map((run) => run.result.requests.average)),
    p50_ms: median(runs.map((run) => run.result.latency.p50)),
    p99_ms: median(runs.map((run) => run.result.latency.p99)),
    server_cpu_us_per_request: mean(runs.map((run) => run.cpuMicrosPerRequest)),
    non2xx: runs.reduce((sum, run) => sum + run.result.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.result.errors, 0),
  };
}
