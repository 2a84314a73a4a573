// Readiness (GET /readyz) on real parts: PostgreSQL, Redis and an anvil node on loopback, each
// then taken away in its own way — a database whose schema is behind, a Redis that refuses
// connections, a node that refuses and a node that accepts and never answers.
import net, { type AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, http } from "viem";
import { mainnet } from "viem/chains";
import type { ChainClient } from "@/lib/chain/clients";
import { forgetSchemaStatus } from "@/lib/db/schema-status";
import { pgExecutor } from "@/lib/db/sql-executor";
import { createRateLimiter } from "@/lib/rate-limit";
import { checkReadiness, configuredChains, type ReadinessDeps } from "@/lib/server/readiness";
import { freePort, startAnvil, type Anvil } from "../chain/support/anvil";
import { createTestDatabase } from "../support/postgres";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

let anvil: Anvil;
let current: Awaited<ReturnType<typeof createTestDatabase>>;
let behind: Awaited<ReturnType<typeof createTestDatabase>>;
const clients: pg.Client[] = [];
let silent: net.Server;

async function sqlOn(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  clients.push(client);
  return pgExecutor(client);
}

const clientAt = (url: string) => createPublicClient({ chain: mainnet, transport: http(url, { retryCount: 0, timeout: 5_000 }) }) as unknown as ChainClient;

function deps(overrides: Partial<ReadinessDeps> & { sqlUrl?: string; nodeUrl?: string } = {}): ReadinessDeps {
  return {
    sql: () => sqlOn(overrides.sqlUrl ?? current.url),
    limiter: () => createRateLimiter({ env: { REDIS_URL: redisUrl }, prefix: `ready-${Date.now()}` }),
    chains: () => ["eth"],
    client: () => clientAt(overrides.nodeUrl ?? anvil.url),
    now: () => new Date("2030-01-01T00:00:00.000Z"),
    timeoutMs: 1_000,
    ...overrides,
  };
}

beforeAll(async () => {
  [anvil, current, behind] = await Promise.all([startAnvil(), createTestDatabase(), createTestDatabase({ migrate: false })]);
  // A node that takes the connection and never says a word.
  silent = net.createServer(() => undefined);
  silent.listen(0, "127.0.0.1");
  await new Promise((resolve) => silent.once("listening", resolve));
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  silent?.close();
  await Promise.all([anvil?.stop(), current?.drop(), behind?.drop()]);
});

describe("readiness", () => {
  it("is ready when the database, Redis and the configured node answer; unconfigured networks say so", async () => {
    forgetSchemaStatus();
    const readiness = await checkReadiness(deps());
    expect(readiness.ready).toBe(true);
    expect(readiness.checks).toMatchObject({
      database: { state: "ok", reason: null },
      rate_limits: { state: "ok", reason: null },
      node_eth: { state: "ok", reason: null },
      node_base: { state: "not_configured", ms: null },
      node_bsc: { state: "not_configured", ms: null },
    });
    expect(readiness.checked_at).toBe("2030-01-01T00:00:00.000Z");
  });

  it("a database whose schema is behind is not ready, and says to migrate", async () => {
    forgetSchemaStatus();
    const readiness = await checkReadiness(deps({ sqlUrl: behind.url }));
    expect(readiness.ready).toBe(false);
    expect(readiness.checks.database).toMatchObject({ state: "failing", reason: "schema behind this version (run npm run db:migrate)" });
    forgetSchemaStatus();
  });

  it("a Redis that refuses connections is not ready; the in-process store always is", async () => {
    const closedPort = await freePort();
    const refused = await checkReadiness(deps({ limiter: () => createRateLimiter({ env: { REDIS_URL: `redis://127.0.0.1:${closedPort}` }, prefix: "ready-refused" }) }));
    expect(refused.ready).toBe(false);
    expect(refused.checks.rate_limits).toMatchObject({ state: "failing", reason: "did not answer" });
    const memory = await checkReadiness(deps({ limiter: () => createRateLimiter({ env: {} }) }));
    expect(memory.checks.rate_limits.state).toBe("ok");
  });

  it("a node that refuses, or accepts and never answers, is not ready, within the check's deadline and without its address", async () => {
    const closedPort = await freePort();
    const refused = await checkReadiness(deps({ nodeUrl: `http://127.0.0.1:${closedPort}` }));
    expect(refused.checks.node_eth).toMatchObject({ state: "failing", reason: "did not answer" });
    const started = Date.now();
    const hung = await checkReadiness(deps({ nodeUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 500 }));
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(hung.ready).toBe(false);
    expect(hung.checks.node_eth).toMatchObject({ state: "failing", reason: "no answer in time" });
    expect(JSON.stringify(hung)).not.toContain("127.0.0.1");
  });

  it("checks the networks whose node setting is set", () => {
    expect(configuredChains({ ETH_RPC_URL: "http://127.0.0.1:8545", BSC_RPC_URL: "http://127.0.0.1:8546" })).toEqual(["eth", "bsc"]);
    expect(configuredChains({})).toEqual([]);
  });
});
