// Vitest runs a worker's files one after another in one process (isolate: false in
// vitest.config.ts: the modules load once a worker, not once a file). Each file still starts as a
// process of its own would: the environment the worker began with, the pipeline's, server's and
// portal's own parts, and nothing a file before learned of its nodes (facts, limits, heads, answers).
import { clearApiDeps } from "@/lib/api/deps";
import { forgetAuthSecret } from "@/lib/auth/secret";
import { forgetBlockIntervals } from "@/lib/chain/block-interval";
import { factsCache } from "@/lib/chain/facts-cache";
import { forgetLogDensities } from "@/lib/chain/log-scanner";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { forgetSchemaStatus } from "@/lib/db/schema-status";
import { forgetKeptAnswers, forgetToldHeads } from "@/lib/intel/runtime/hot-reads";
import { setPortalDeps } from "@/lib/portal/deps";
import { nodeSettingsChanged } from "./node-settings";

const worker = globalThis as unknown as { __environmentAtStart?: Record<string, string | undefined>; __processEnv?: NodeJS.ProcessEnv };
worker.__environmentAtStart ??= { ...process.env };
// The real environment object: a file that put a plain copy in its place would leave every later
// file setting values a worker thread never sees (a thread copies the real environment).
worker.__processEnv ??= process.env;
const atStart = worker.__environmentAtStart;

/** Vitest's own variables (the file's worker id) are Vitest's to set. */
const vitestOwn = (name: string) => name.startsWith("VITEST");

/** Puts process.env back as the worker began. */
function restoreEnvironment(): void {
  process.env = worker.__processEnv!;
  for (const name of Object.keys(process.env)) if (!vitestOwn(name) && !(name in atStart)) delete process.env[name];
  for (const [name, value] of Object.entries(atStart)) if (!vitestOwn(name) && process.env[name] !== value) process.env[name] = value;
}

// At the top, not in a hook: this runs before the file is imported, and a file may set its own
// parts as it loads (a module-level setApiDeps).
restoreEnvironment();
// Another file's node may have had this file's node's address (a port used again), and the same
// chain id and addresses hold other contracts on another file's chain: the chain clients, the
// intelligence threads (started again on the file's first read) and every cache of node facts go.
await nodeSettingsChanged();
factsCache.clear();
forgetProviderProfiles();
forgetBlockIntervals();
forgetLogDensities();
forgetKeptAnswers();
forgetToldHeads();
forgetSchemaStatus();
forgetAuthSecret();
clearApiDeps();
// Also sets the server's own parts (Auth.js's database, limiter and clock) back.
setPortalDeps({});
