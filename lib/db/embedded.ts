// The embedded default database: PGlite in DATA_DIR, migrated on start, and served
// over loopback to the app and the operator CLI (PGlite admits one process, so one
// process owns it and the others connect). A state file tells the CLI where it is.
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations } from "./migrations";
import { PGliteServer } from "./pglite-server";
import { pgliteExecutor } from "./sql-executor";
import { dataDir } from "./data-dir";

type EmbeddedState = { pid: number; url: string | null };

function statePath(dir: string) {
  return path.join(dir, "embedded-db.json");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The URL of an embedded database another live process is serving, if any. */
export function servedEmbeddedUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const state = readState(dataDir(env));
  return state && state.url && isAlive(state.pid) ? state.url : null;
}

function readState(dir: string): EmbeddedState | null {
  try {
    return JSON.parse(fs.readFileSync(statePath(dir), "utf8")) as EmbeddedState;
  } catch {
    return null;
  }
}

/** Claims the data folder for this process, refusing if another live process holds it. */
function claim(dir: string, url: string | null) {
  const state = readState(dir);
  if (state && state.pid !== process.pid && isAlive(state.pid)) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${state.pid}` +
        (state.url ? ` (serving ${state.url}).` : "."),
    );
  }
  fs.writeFileSync(statePath(dir), JSON.stringify({ pid: process.pid, url } satisfies EmbeddedState));
}

function unclaim(dir: string) {
  const state = readState(dir);
  if (state?.pid === process.pid) fs.rmSync(statePath(dir), { force: true });
}

/** Opens the embedded database in this process only (the CLI when no app is running, tests). */
export async function openEmbeddedDatabase(env: NodeJS.ProcessEnv = process.env) {
  const dir = dataDir(env);
  fs.mkdirSync(dir, { recursive: true });
  claim(dir, null);
  const db = await PGlite.create(path.join(dir, "pglite"));
  await applyMigrations(pgliteExecutor(db));
  return {
    db,
    async close() {
      await db.close();
      unclaim(dir);
    },
  };
}

/** Opens the embedded database and serves it on loopback; returns its connection URL. */
export async function serveEmbeddedDatabase(env: NodeJS.ProcessEnv = process.env) {
  const opened = await openEmbeddedDatabase(env);
  const server = new PGliteServer(opened.db);
  const { host, port } = await server.listen(Number(env.EMBEDDED_DB_PORT ?? 0));
  const url = `postgresql://postgres@${host}:${port}/postgres?sslmode=disable`;
  claim(dataDir(env), url);
  return {
    url,
    async close() {
      await server.close();
      await opened.close();
    },
  };
}

/**
 * Serves the embedded database from a process of its own (scripts/embedded-database.ts), so no
 * server thread's work can hold its queries; every server process reaches it over loopback.
 */
export async function startEmbeddedDatabaseProcess(env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; close: () => Promise<void> }> {
  const child = fork(path.resolve(/*turbopackIgnore: true*/ "scripts/embedded-database.ts"), [], {
    env,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    void exited.then((code) => reject(new Error(`The embedded database process exited (code ${code}) before it was ready.`)));
  });
  return {
    url,
    async close() {
      if (child.exitCode !== null) return;
      child.send("close");
      const code = await exited;
      if (code !== 0) throw new Error(`the embedded database process exited with code ${code}`);
    },
  };
}
