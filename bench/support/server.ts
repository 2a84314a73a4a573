// Starting the production server for a benchmark exactly as `npm start` does, and reading what
// its processes spend.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

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
  return args;
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
