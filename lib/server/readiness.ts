// Readiness for load balancers and orchestrators: whether this instance can serve now, part by
// part — the database (reachable, its schema current), the rate-limit store every request passes
// (Redis or Upstash when configured; the in-process store always answers), and each configured
// chain node (it answers eth_blockNumber). Public health (`GET /v1/api/health`) says only that the
// process is up and the API on; readiness is `GET /readyz`, and says which part is not ready,
// without error text or addresses. Every check has its own deadline, and all run side by side.
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { CHAIN_IDS, getNetwork, type ChainId } from "@/lib/chain/networks";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { schemaBehind } from "@/lib/db/schema-status";
import type { RateLimiter, RatePolicy } from "@/lib/rate-limit";
import { serverLog } from "./log";

export type CheckState = "ok" | "failing" | "not_configured";

export type Check = {
  state: CheckState;
  /** How long the check took, in milliseconds; null when it was not made. */
  ms: number | null;
  /** A short, fixed description of what failed (never the error's own text, which can name hosts). */
  reason: string | null;
};

export type Readiness = { ready: boolean; checks: Record<string, Check>; checked_at: string };

export type ReadinessDeps = {
  sql: () => Promise<SqlExecutor>;
  limiter: () => RateLimiter;
  /** The networks with a node configured, and a client for each. */
  chains: () => readonly ChainId[];
  client: (chain: ChainId) => ChainClient;
  now: () => Date;
  timeoutMs?: number;
};

/** Each check may take this long before it counts as failing: a load balancer asks often and must hear back. */
export const readinessTimeoutMs = 2_000;

/** One free read of the store the rate limits live in. */
const readinessPolicy: RatePolicy = { name: "readiness", windows: [{ name: "probe", limit: 1, windowMs: 1_000 }] };

async function timed(run: () => Promise<string | null>, timeoutMs: number, timeoutReason: string): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(timeoutReason), timeoutMs);
  });
  const reason = await Promise.race([run().catch((error: unknown) => failureOf(error)), deadline]).finally(() => clearTimeout(timer));
  return { state: reason === null ? "ok" : "failing", ms: Math.round(performance.now() - started), reason };
}

/** A fixed word for what went wrong: the error's own text stays in the server's log. */
function failureOf(error: unknown): string {
  serverLog().warn({ err: error instanceof Error ? error.message.split("\n")[0] : String(error) }, "readiness check failed");
  return "did not answer";
}

/** The networks whose node setting (ETH_RPC_URL, BASE_RPC_URL, BSC_RPC_URL) is set. */
export function configuredChains(env: Record<string, string | undefined> = process.env): ChainId[] {
  return CHAIN_IDS.filter((chain) => Boolean(env[getNetwork(chain).rpcUrlSetting]));
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? readinessTimeoutMs;
  const limiter = deps.limiter();
  const chains = deps.chains();
  const [database, rateLimits, ...nodes] = await Promise.all([
    timed(
      async () => {
        const sql = await deps.sql();
        await sql.query("select 1");
        return (await schemaBehind(sql)) ? "schema behind this version (run npm run db:migrate)" : null;
      },
      timeoutMs,
      "no answer in time",
    ),
    limiter.kind === "memory"
      ? Promise.resolve<Check>({ state: "ok", ms: 0, reason: null })
      : timed(
          async () => {
            await limiter.remaining("readiness", readinessPolicy);
            return null;
          },
          timeoutMs,
          "no answer in time",
        ),
    ...chains.map((chain) =>
      timed(
        async () => {
          await deps.client(chain).getBlockNumber({ cacheTime: 0 });
          return null;
        },
        timeoutMs,
        "no answer in time",
      ),
    ),
  ]);
  const checks: Record<string, Check> = { database, rate_limits: rateLimits };
  for (const chain of CHAIN_IDS) {
    const at = chains.indexOf(chain);
    checks[`node_${chain}`] = at >= 0 ? nodes[at] : { state: "not_configured", ms: null, reason: null };
  }
  return { ready: Object.values(checks).every((check) => check.state !== "failing"), checks, checked_at: deps.now().toISOString() };
}

/** The process's own parts. */
export async function defaultReadinessDeps(): Promise<ReadinessDeps> {
  const [{ getSql }, { getRateLimiter }] = await Promise.all([import("@/lib/db/client"), import("@/lib/rate-limit")]);
  return { sql: getSql, limiter: getRateLimiter, chains: () => configuredChains(), client: (chain) => getChainClient(chain), now: () => new Date() };
}
