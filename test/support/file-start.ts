// Vitest runs a worker's files one after another in one process (isolate: false in
// vitest.config.ts: the modules, the demo chains' clients and the intelligence thread stay loaded).
// Each file still starts as a process of its own would: the environment the worker began with, the
// pipeline's, the server's and the portal's own parts, and no answer or head kept by a file before.
import { clearApiDeps } from "@/lib/api/deps";
import { forgetKeptAnswers, forgetToldHeads } from "@/lib/intel/runtime/hot-reads";
import { setPortalDeps } from "@/lib/portal/deps";
import { nodeSettingsChanged } from "./node-settings";

const worker = globalThis as unknown as { __environmentAtStart?: Record<string, string | undefined> };
worker.__environmentAtStart ??= { ...process.env };
const atStart = worker.__environmentAtStart;

/** Vitest's own variables (the file's worker id) are Vitest's to set. */
const vitestOwn = (name: string) => name.startsWith("VITEST");

/** Puts process.env back as the worker began; whether anything was left changed. */
function restoreEnvironment(): boolean {
  let changed = false;
  for (const name of Object.keys(process.env)) {
    if (vitestOwn(name)) continue;
    if (!(name in atStart)) {
      delete process.env[name];
      changed = true;
    }
  }
  for (const [name, value] of Object.entries(atStart)) {
    if (vitestOwn(name)) continue;
    if (process.env[name] !== value) {
      process.env[name] = value;
      changed = true;
    }
  }
  return changed;
}

// At the top, not in a hook: this runs before the file is imported, and a file may set its own
// parts as it loads (a module-level setApiDeps).
// Chain clients and intelligence threads copy the node settings when they start: a file that left
// them changed would hand its nodes to the next.
if (restoreEnvironment()) await nodeSettingsChanged();
clearApiDeps();
// Also sets the server's own parts (Auth.js's database, limiter and clock) back.
setPortalDeps({});
forgetKeptAnswers();
forgetToldHeads();
