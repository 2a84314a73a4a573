// The API wired through fault proxies: one demo chain, a fresh PostgreSQL database and Redis,
// each behind a TCP proxy the caller switches between pass, refuse and freeze. The API runs on
// the proxied connections; the harness keeps its direct connection for looking at what was
// recorded and charged. Shared by the fault tests and the fault bench.
import { setApiDeps } from "@/lib/api/deps";
import { ensureCreditAccount, utcDay } from "@/lib/billing/credits";
import { nodeSettingsChanged } from "./node-settings";
import { createDatabase } from "@/lib/db/client";
import { startDemoChain } from "@/demo-chain";
import { changeSettings } from "@/lib/operator/operations";
import { createRateLimiter } from "@/lib/rate-limit";
import { startFaultProxy, type FaultProxy } from "./fault-proxy";
import { createHarness } from "./harness";
import { announceKeyContextChange } from "@/lib/keys/change-notices";

export type Dependency = "database" | "redis" | "node";

export type FaultyWorldOptions = {
  /** Environment for the API's database connection and the request deadline (timeouts in ms); unset keeps the defaults. */
  env?: { DATABASE_CONNECT_TIMEOUT_MS?: string; DATABASE_QUERY_TIMEOUT_MS?: string; REQUEST_DEADLINE_MS?: string };
  balance: number;
};

export async function startFaultyWorld(options: FaultyWorldOptions) {
  const chain = await startDemoChain({ chain: "eth", log: () => undefined });
  const h = await createHarness("postgres+redis");
  await changeSettings(h.db, "test", { chargingEnabled: true });
  await ensureCreditAccount(h.db, h.owner.id);
  await h.db.creditAccount.update({ where: { userId: h.owner.id }, data: { balance: options.balance, freeCreditsDay: utcDay(new Date()), freeCreditsUsed: 5 } });
  await announceKeyContextChange({ scope: "owner", id: h.owner.id });

  const node = new URL(chain.rpcUrl);
  const pgUrl = new URL(h.databaseUrl!);
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379");
  const proxies: Record<Dependency, FaultProxy> = {
    node: await startFaultProxy({ host: node.hostname, port: Number(node.port) }),
    database: await startFaultProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) }),
    redis: await startFaultProxy({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) }),
  };

  const saved = { ETH_RPC_URL: process.env.ETH_RPC_URL, REQUEST_DEADLINE_MS: process.env.REQUEST_DEADLINE_MS };
  process.env.ETH_RPC_URL = proxies.node.url(chain.rpcUrl);
  if (options.env?.REQUEST_DEADLINE_MS) process.env.REQUEST_DEADLINE_MS = options.env.REQUEST_DEADLINE_MS;
  else delete process.env.REQUEST_DEADLINE_MS;
  await nodeSettingsChanged();
  const database = await createDatabase({ ...process.env, ...options.env, DATABASE_URL: proxies.database.url(h.databaseUrl!) });
  const limiter = createRateLimiter({ env: { REDIS_URL: proxies.redis.url(redisUrl.toString()) }, prefix: `faults-${Date.now()}` });
  setApiDeps({ db: async () => database.prisma, sql: async () => database.sql, limiter: () => limiter, now: () => new Date() });

  return {
    h,
    chain,
    proxies,
    async balance() {
      return (await h.db.creditAccount.findUniqueOrThrow({ where: { userId: h.owner.id } })).balance;
    },
    async close() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      await nodeSettingsChanged();
      await limiter.close?.();
      await database.close().catch(() => undefined);
      for (const proxy of Object.values(proxies)) await proxy.close();
      await h.close();
      await chain.stop();
    },
  };
}

export type FaultyWorld = Awaited<ReturnType<typeof startFaultyWorld>>;
