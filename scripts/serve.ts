// `npm run dev` and `npm start`: starts the embedded defaults that are not configured, then serves
// the Next.js app from this process or from one worker per core. Why we serve it ourselves: main()
// below.
import cluster, { type Worker } from "node:cluster";
import type { IncomingMessage } from "node:http";
import next from "next";
import pg from "pg";
import { prepareSchemaOnStart } from "@/lib/db/migrations";
import { pgExecutor } from "@/lib/db/sql-executor";
import { startEmbeddedDatabaseProcess } from "@/lib/db/embedded";
import { closeProcessDatabase } from "@/lib/db/client";
import { dataDir } from "@/lib/db/data-dir";
import { peerAddressHeader, peerSecret, peerSecretHeader, settleForwardedHeaders } from "@/lib/server/client-address";
import { signInStartWarnings } from "@/lib/auth/email";
import { seedDemoAccountsOnStart } from "@/lib/portal/seed";
import { describeRateLimitStore } from "@/lib/rate-limit";
import { demoDiscoverCards, startDemoChains, type DemoCard } from "@/demo-chain";
import { demoChainDataSetting, setDemoExampleRequests, type ExampleRequests } from "@/lib/chain/demo-data";
import { describeCapabilities, probeNode } from "@/lib/chain/capabilities";
import { getChainClient } from "@/lib/chain/clients";
import type { ChainId } from "@/lib/chain/networks";
import { drainUsageWrites } from "@/lib/usage/record";
import { createAppServer, shutdownGraceMs } from "@/lib/server/app-server";
import { guardRequest } from "@/lib/server/request-guard";
import { dropWarmUpClaim, warmUpApp } from "@/lib/server/warm-up";
import { serverProcessPlan } from "@/lib/server/process-count";
import { routeConsoleTo, serverLog } from "@/lib/server/log";
import { answerClusterScrapes, clusterMetrics, localMetrics, metricsSettings, registerProcessGauges, startMetricsServer, type MetricsSource } from "@/lib/server/metrics";
import { intelThreadCount, intelThreadPool } from "@/lib/intel/runtime/threads/pool";
import { demoExampleRequests } from "@/demo-chain/requests";
import { forgetRunningDemoChains, recordRunningDemoChains } from "@/demo-chain/running";
import { describeDemoChainFailure } from "@/demo-chain/build";

const rpcSettings = { eth: "ETH_RPC_URL", base: "BASE_RPC_URL", bsc: "BSC_RPC_URL" } as const;

const mode = process.argv[2] === "start" ? "start" : "dev";
const dev = mode === "dev";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// Start-up, stop and request lines share one format, and so do the processes started from here
// (workers, the embedded database), which inherit it: JSON lines under `npm start`, readable lines
// under `npm run dev`, unless LOG_FORMAT says otherwise.
process.env.LOG_FORMAT ||= dev ? "pretty" : "json";
const log = serverLog();
// Next and other libraries print with console.*: in a JSON log those lines are JSON lines too.
if (process.env.LOG_FORMAT === "json") routeConsoleTo(log);

type Step = { name: string; run: () => Promise<void> };
// What was started, in order; a stop undoes it in reverse, also when the start fails half-way.
const started: Step[] = [];
let stopRequested: ((signal: string) => void) | null = null;

/**
 * `npm run dev` and `npm start`: starts the embedded defaults that are not configured (the
 * database in a process of its own, the demo chains), then serves the Next.js app: from this
 * process, or, where every per-key promise holds across processes (rate budgets in Redis), from
 * one worker process per core sharing the port (node:cluster), this process supervising them.
 * Serving it ourselves lets each request carry the socket's peer address, which IP allow
 * lists need and route handlers cannot otherwise see, lets stray requests be answered before
 * Next's router sees them, and lets a stop drain requests before the database closes.
 */
async function main() {
  // A wrong metrics setting stops the start before anything is started.
  const metrics = metricsSettings();
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedDatabaseProcess();
    process.env.DATABASE_URL = embedded.url;
    started.push({ name: "embedded database closed", run: embedded.close });
    log.info(`database: embedded PGlite in ${dataDir()} (migrated; its own process, served on ${new URL(embedded.url).host} to the server and the operator CLI)`);
  } else {
    // An unmigrated database would answer every request 500: migrate it (under a lock, so servers
    // starting together do not race) or, with MIGRATE_ON_START=off, refuse to start and say how.
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { applied } = await prepareSchemaOnStart(pgExecutor(client));
      log.info(`database: PostgreSQL from DATABASE_URL (${applied.length ? `applied ${applied.length} pending migration(s): ${applied.join(", ")}` : "schema current"})`);
    } finally {
      await client.end();
    }
  }

  log.info(describeRateLimitStore());

  // No node configured at all: one local demo chain per network (chain ids 1, 8453, 56),
  // seeded with the demo scenarios and reloaded from a saved state after the first start.
  const configured = Object.values(rpcSettings).filter((name) => process.env[name]);
  if (configured.length === 0 && process.env.DEMO_CHAINS !== "off") {
    const demo = await startDemoChains({ log: (line) => log.info(`chains: ${line}`) });
    started.push({ name: "demo chains stopped", run: demo.stop });
    for (const [chain, setting] of Object.entries(rpcSettings)) process.env[setting] = demo[chain as keyof typeof rpcSettings].rpcUrl;
    // The operator CLI run beside this server reads where the chains listen (a card's token is checked on its chain).
    await recordRunningDemoChains(Object.fromEntries(Object.values(rpcSettings).map((setting) => [setting, process.env[setting]!])));
    started.push({ name: "demo chain record removed", run: () => forgetRunningDemoChains() });
    process.env[demoChainDataSetting] = "1";
    // The reference pages offer requests that answer here: the demo's own, on the Ethereum chain.
    demoExamples = demoExampleRequests("eth", demo.eth.addressBook);
    demoCards = demoDiscoverCards(demo.eth.addressBook);
    log.info("chains: DEMO DATA — local anvil chains for eth, base and bsc (addresses: npx tsx scripts/demo-chain.ts --print-addresses)");
  } else {
    log.info(`chains: ${configured.length ? configured.join(", ") : "none (DEMO_CHAINS=off)"}`);
    // What each configured node serves (past state, ots_, overrides), found beside the start-up.
    for (const [chain, setting] of Object.entries(rpcSettings)) {
      if (!process.env[setting]) continue;
      probeNode(chain as ChainId, getChainClient(chain as ChainId))
        .then((found) => log.info(describeCapabilities(found)))
        .catch((error: unknown) => log.info(`chains: ${chain} node could not be probed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`));
    }
  }

  if (dev) await seedDemoAccountsOnStart(demoCards);
  else for (const warning of signInStartWarnings()) log.warn(warning);

  const plan = serverProcessPlan(process.env, { dev });
  // Intelligence reads run off each process's request thread (lib/intel/runtime/threads); workers inherit these.
  process.env.INTEL_THREADS ??= "auto";
  process.env.SERVER_PROCESSES = String(plan.count);
  if (plan.count === 1) {
    if (demoExamples) setDemoExampleRequests(demoExamples);
    const served = await serveApp();
    if (metrics) await serveMetrics(metrics, localMetrics());
    log.info(`${readyLine()} — 1 process (${plan.why}), ${threadsLine()}`);
    stopRequested = (signal) => void stop(signal, served);
    return;
  }
  await superviseWorkers(plan.count, demoExamples);
  // The workers serve the requests; the supervisor adds their registries to its own for each scrape,
  // asking them every 10 s besides, so a worker killed outright takes few uncounted requests with it.
  if (metrics) await serveMetrics(metrics, clusterMetrics({ refreshEveryMs: 10_000 }));
  log.info(`${readyLine()} — ${plan.count} processes (${plan.why}), ${threadsLine()}`);
  stopRequested = (signal) => void stopWorkers(signal);
}

function threadsLine() {
  const count = intelThreadCount();
  return count ? `${count} intelligence thread${count > 1 ? "s" : ""} each` : "intelligence on the request thread (INTEL_THREADS=0)";
}

function readyLine() {
  const hostname = process.env.HOST || "127.0.0.1";
  const base = `http://localhost:${process.env.PORT ?? 3000}`;
  return `ready: ${base} (${mode}${hostname === "127.0.0.1" ? ", loopback only" : `, on ${hostname}`}) — portal ${base}/developers, API reference ${base}/docs`;
}

async function serveMetrics(settings: NonNullable<ReturnType<typeof metricsSettings>>, source: MetricsSource) {
  const listening = await startMetricsServer(settings, source);
  started.push({ name: "metrics closed", run: listening.close });
  log.info(`metrics: ${listening.url}${settings.token ? " (bearer token required)" : ""}`);
}

/** Serves the app from this process: the only one, or one of the cluster's workers. */
async function serveApp() {
  registerProcessGauges();
  if (cluster.isWorker) answerClusterScrapes();
  const port = Number(process.env.PORT ?? 3000);
  // Loopback unless told otherwise: a container sets HOST=0.0.0.0 on purpose.
  const hostname = process.env.HOST || "127.0.0.1";
  const app = next({ dev, hostname, port, turbopack: dev });
  const handle = app.getRequestHandler();
  const threads = intelThreadPool();
  await Promise.all([app.prepare(), threads?.ready()]);
  if (threads) started.push({ name: "intelligence threads stopped", run: () => threads.close() });
  started.push({ name: "next closed", run: async () => void (await app.close()) });
  const secret = peerSecret();
  const stamp = (req: IncomingMessage) => {
    req.headers[peerAddressHeader] = req.socket.remoteAddress ?? "";
    req.headers[peerSecretHeader] = secret;
    settleForwardedHeaders(req.headers);
  };
  // Not in dev: there a route compiles on its first request, which is what dev is for.
  if (!dev) {
    const warm = await warmUpApp((req, res) => void handle(req, res), stamp);
    log.info(`warmed before listening: ${warm.routes} API routes loaded, ${warm.warmed.join(", ") || "nothing else"}`);
  }

  const served = createAppServer((req, res) => {
    if (guardRequest(req, res)) return;
    // Never trust a client's copy of our internal headers.
    dropWarmUpClaim(req);
    stamp(req);
    void handle(req, res);
  });
  if (dev) attachHotReload(app, served.server);
  await new Promise<void>((resolve, reject) => {
    served.server.once("error", reject);
    served.server.listen(port, hostname, () => resolve());
  });
  return served;
}

/** Requests that answer on the demo chains, which workers receive from the supervisor (they start no chains). */
let demoExamples: ExampleRequests | null = null;
/** The demo's discover cards on the Ethereum demo chain, published on a fresh demo install. */
let demoCards: DemoCard[] = [];

type WorkerMessage = { kind: "examples"; examples: ExampleRequests | null } | { kind: "stop" };
/** A worker's first word: it listens now (a message sent before its listener exists is lost). */
type SupervisorMessage = { kind: "hello" };

/** Forks the workers, hands each what it needs, and replaces one that dies while serving. */
async function superviseWorkers(count: number, examples: ExampleRequests | null) {
  // Each worker's peer-address secret is the same (the env), so any worker may answer any request.
  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: SupervisorMessage) => {
      if (message.kind === "hello") worker.send({ kind: "examples", examples } satisfies WorkerMessage);
    });
    return worker;
  };
  let serving = false;
  const listening = new Promise<void>((resolve, reject) => {
    let ready = 0;
    // The port the app serves on: a worker's warm-up listens on a private port of its own first.
    const port = Number(process.env.PORT ?? 3000);
    cluster.on("listening", (_worker, address) => {
      if (address.port === port && ++ready === count) resolve();
    });
    cluster.on("exit", (worker, code, signal) => {
      // One that fails to start would fail again: the start fails instead of looping.
      if (!serving) return reject(new Error(`a server worker exited (${signal ?? `code ${code}`}) before it was serving`));
      if (stopping) return;
      log.error(`server: worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      fork();
    });
  });
  for (let i = 0; i < count; i++) fork();
  await listening;
  serving = true;
}

/** A worker: waits for the supervisor's word, serves, and stops when told (or signalled). */
function runWorker() {
  process.on("message", (message: WorkerMessage) => {
    if (message.kind === "examples") {
      if (message.examples) setDemoExampleRequests(message.examples);
      serveApp().then(
        (served) => (stopRequested = (signal) => void stop(signal, served)),
        (error: unknown) => {
          log.error(`server: a worker could not start serving: ${startFailureLine(error)}`);
          log.debug({ err: error }, "server: the worker's start failure in full");
          process.exit(1);
        },
      );
    } else if (message.kind === "stop") onSignal("SIGTERM");
  });
  process.send!({ kind: "hello" } satisfies SupervisorMessage);
}

/** The supervisor's stop: every worker drains its requests and writes its usage, then the shared parts close. */
async function stopWorkers(signal: string) {
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
  log.info(`stop: ${signal}; stopping ${workers.length} server processes`);
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once("exit", () => resolve());
          worker.send({ kind: "stop" } satisfies WorkerMessage);
        }),
    ),
  );
  log.info("stop: server processes stopped");
  await undoStarted();
  log.info("stop: done");
  process.exit(0);
}

/**
 * Next attaches its hot-reload socket handler on the first page request, so a browser whose page
 * outlived a restart reconnects before that, gets a 404 (and a needless compile of the 404
 * page), and waits seconds to retry. Attach it as soon as the server exists.
 */
function attachHotReload(app: unknown, server: import("node:http").Server) {
  const custom = app as { setupWebSocketHandler?: (server: import("node:http").Server) => void };
  if (typeof custom.setupWebSocketHandler === "function") custom.setupWebSocketHandler(server);
}

async function undoStarted() {
  for (const step of started.splice(0).reverse()) {
    await step.run().then(
      () => log.info(`stop: ${step.name}`),
      (error: unknown) => log.error(`stop: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }
}

let stopping = false;
let firstSignalAt = 0;

/** Refuse new work, finish what is running, write what is pending, close what was opened. */
async function stop(signal: string, served: ReturnType<typeof createAppServer>) {
  stopping = true;
  const grace = shutdownGraceMs();
  log.info(`stop: ${signal}; refusing new requests, waiting up to ${grace} ms for ${served.inFlight()} in flight`);
  const drained = await served.drain(grace);
  log.info(`stop: requests drained (${drained.finished} finished, ${drained.cutOff} cut off, ${drained.refused} refused while stopping)`);
  const pending = await drainUsageWrites(1_500);
  log.info(`stop: usage records written${pending ? ` (${pending} still pending)` : ""}`);
  await closeProcessDatabase().then(
    () => log.info("stop: database connections closed"),
    (error: unknown) => log.error(`stop: closing database connections failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  await undoStarted();
  log.info("stop: done");
  process.exit(0);
}

function onSignal(signal: NodeJS.Signals) {
  // Ctrl-C in a terminal signals the whole group, and npm passes its copy on too: the same
  // keystroke arrives twice within milliseconds and must not count as "now".
  if (stopping && Date.now() - firstSignalAt < 1_000) return;
  if (stopping) {
    // A second signal means "now": the exit hook still kills the demo chains.
    log.info(`stop: ${signal} again; exiting now`);
    process.exit(1);
  }
  firstSignalAt = Date.now();
  // Whatever happens, the process is gone soon after the grace period (under 10 s by default).
  const deadline = shutdownGraceMs() + 4_500;
  setTimeout(() => {
    log.error(`stop: did not finish within ${deadline} ms; exiting`);
    process.exit(1);
  }, deadline).unref();
  if (stopRequested) return stopRequested(signal);
  // Still starting: undo what has started so far.
  stopping = true;
  log.info(`stop: ${signal} while starting`);
  void undoStarted().then(() => process.exit(0));
}

process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

/** DATABASE_URL as the operator set it (the start sets it to the embedded database's own). */
const configuredDatabaseUrl = process.env.DATABASE_URL;

/**
 * A failed start in one line: what happened and, where it is clear, what to do. The error in full
 * (its stack, viem's request bodies) is logged at debug level only: LOG_LEVEL=debug shows it.
 */
function startFailureLine(error: unknown): string {
  const demo = describeDemoChainFailure(error);
  if (demo) return demo;
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0]!.trim();
  const { code, port, syscall, hostname } = (error ?? {}) as { code?: unknown; port?: unknown; syscall?: unknown; hostname?: unknown };
  if (code === "EADDRINUSE" && syscall === "listen") {
    const setting = port !== undefined && String(port) === process.env.METRICS_PORT?.trim() ? "METRICS_PORT" : "PORT";
    return `${message}: another process listens on port ${port}; stop it, or set ${setting} to a free port`;
  }
  if (configuredDatabaseUrl && typeof code === "string" && ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH"].includes(code)) {
    const database = new URL(configuredDatabaseUrl);
    if (String(port ?? "") === (database.port || "5432") || hostname === database.hostname) {
      return `cannot reach the database DATABASE_URL names (${database.host}: ${message}): start it or correct DATABASE_URL, or unset DATABASE_URL to use the embedded one`;
    }
  }
  if (configuredDatabaseUrl && (code === "3D000" || code === "28P01" || code === "28000")) {
    return `the database DATABASE_URL names refused the connection (${message}): correct DATABASE_URL${code === "3D000" ? " or create that database" : ""}, or unset it to use the embedded one`;
  }
  // A plain Error was written to be read (a refusal that names what to do); anything else may need its stack.
  return error instanceof Error && error.constructor === Error ? message : `${message} (LOG_LEVEL=debug logs the stack)`;
}

if (cluster.isPrimary) {
  main().catch(async (error: unknown) => {
    log.error(`start failed: ${startFailureLine(error)}`);
    log.debug({ err: error }, "start failed: the error in full");
    await undoStarted();
    process.exit(1);
  });
} else {
  runWorker();
}
