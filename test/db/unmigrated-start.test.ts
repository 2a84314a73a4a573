// A server started on a database its migrations have not reached. The start migrates it under
// an advisory lock (two starting together apply each migration once) or, with
// MIGRATE_ON_START=off, refuses and names the command; while the schema is behind, health and
// every keyed route answer 503 with the reason instead of 500.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/db/generated/client";
import { applyMigrationsUnderLock, pendingMigrations, prepareSchemaOnStart, readMigrations } from "@/lib/db/migrations";
import { forgetSchemaStatus } from "@/lib/db/schema-status";
import { pgExecutor } from "@/lib/db/sql-executor";
import { setApiDeps } from "@/lib/api/deps";
import { createTestDatabase } from "../support/postgres";
import * as health from "@/app/v1/api/health/route";
import * as me from "@/app/v1/api/me/route";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function emptyDatabase() {
  const database = await createTestDatabase({ migrate: false });
  cleanups.push(database.drop);
  return database.url;
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.unshift(() => client.end());
  return client;
}

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;
const shipped = readMigrations().map((m) => m.name);

describe("starting on an unmigrated database", () => {
  it("migrates under a lock: two servers starting together apply each migration once", async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([connect(url), connect(url)]);
    const reports = await Promise.all([applyMigrationsUnderLock(pgExecutor(a)), applyMigrationsUnderLock(pgExecutor(b))]);
    expect([...reports[0].applied, ...reports[1].applied].sort()).toEqual(shipped);
    expect(reports.some((report) => report.applied.length === 0)).toBe(true);
    const rows = await a.query(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(rows.rowCount).toBe(shipped.length);
    expect(await pendingMigrations(pgExecutor(a))).toEqual([]);
  });

  it("by default migrates at start; with MIGRATE_ON_START=off refuses and names the command", async () => {
    const refusing = await connect(await emptyDatabase());
    expect(await pendingMigrations(pgExecutor(refusing))).toEqual(shipped);
    await expect(prepareSchemaOnStart(pgExecutor(refusing), env({ MIGRATE_ON_START: "off" }))).rejects.toThrow(/lacks \d+ migration\(s\).*run `npm run db:migrate`/);
    expect(await pendingMigrations(pgExecutor(refusing))).toEqual(shipped);

    const migrating = await connect(await emptyDatabase());
    expect(await prepareSchemaOnStart(pgExecutor(migrating), env({}))).toEqual({ applied: shipped });
    expect(await prepareSchemaOnStart(pgExecutor(migrating), env({ MIGRATE_ON_START: "off" }))).toEqual({ applied: [] });
  });

  it("answers health and keyed routes 503 with the reason while the schema is behind, then 200 once migrated", async () => {
    const url = await emptyDatabase();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    cleanups.unshift(async () => {
      await prisma.$disconnect();
      await pool.end();
    });
    setApiDeps({ db: async () => prisma, sql: async () => pgExecutor(pool) });
    forgetSchemaStatus();

    const down = await health.GET(new Request("http://localhost/v1/api/health"));
    expect(down.status).toBe(503);
    const body = (await down.json()) as { error: string; message: string };
    expect(body.error).toBe("unavailable");
    expect(body.message).toMatch(/schema is behind.*npm run db:migrate/);

    const keyed = await me.GET(new Request("http://localhost/v1/api/me", { headers: { authorization: `Bearer svc_live_${"a".repeat(32)}` } }));
    expect(keyed.status).toBe(503);
    expect(((await keyed.json()) as { message: string }).message).toMatch(/npm run db:migrate/);

    await applyMigrationsUnderLock(pgExecutor(await connect(url)));
    expect((await health.GET(new Request("http://localhost/v1/api/health"))).status).toBe(200);
  });
});
