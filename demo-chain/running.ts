// The server that starts the demo chains says where they listen, in DATA_DIR, so the operator CLI
// run beside it (a card's token is checked on its chain) reaches the same chains without settings.
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./paths";
import { writeFileAtomic } from "./files";

type Running = { pid: number; settings: Record<string, string> };

function recordPath(env: NodeJS.ProcessEnv): string {
  // Beside the data folder's other files, not among the saved states, which several data folders may share.
  return path.join(dataDir(env), "demo-chains-running.json");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Written by the process that runs the chains; `settings` are the *_RPC_URL values it uses. */
export async function recordRunningDemoChains(settings: Record<string, string>, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  await writeFileAtomic(recordPath(env), JSON.stringify({ pid: process.pid, settings } satisfies Running));
}

export async function forgetRunningDemoChains(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = recordPath(env);
  const record = readRecord(file);
  if (record?.pid === process.pid) await fs.promises.rm(file, { force: true });
}

function readRecord(file: string): Running | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Running;
  } catch {
    return null;
  }
}

/**
 * `env` with the running demo chains' node settings added, when no node is configured and a live
 * process recorded them; otherwise `env` as it is.
 */
export function withRunningDemoChains(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const record = readRecord(recordPath(env));
  if (!record || !isAlive(record.pid)) return env;
  if (Object.keys(record.settings).some((name) => env[name])) return env;
  return { ...env, ...record.settings };
}
