// One Prisma client per process, on whichever database is configured, and the same connections as
// plain SQL for the statements every API request runs. The details: createDatabase below.
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/client";
import { openEmbeddedDatabase, servedEmbeddedUrl } from "./embedded";
import { pgExecutor, pgliteExecutor, type SqlExecutor } from "./sql-executor";
import { serverLog } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

export type Db = PrismaClient;
export type { Prisma } from "./generated/client";
export type Database = { prisma: Db; sql: SqlExecutor; close: () => Promise<void> };

export type DatabaseTimeouts = { connectMs: number; queryMs: number };

export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 3_000, queryMs: 5_000 };

function nonNegativeInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : undefined;
}

/** DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS; malformed values keep the defaults. */
export function databaseTimeouts(env: NodeJS.ProcessEnv = process.env): DatabaseTimeouts {
  return {
    connectMs: nonNegativeInteger(env.DATABASE_CONNECT_TIMEOUT_MS) ?? defaultDatabaseTimeouts.connectMs,
    queryMs: nonNegativeInteger(env.DATABASE_QUERY_TIMEOUT_MS) ?? defaultDatabaseTimeouts.queryMs,
  };
}

/**
 * One Prisma client per process, on whichever database is configured:
 * DATABASE_URL (PostgreSQL), else an embedded database another process serves,
 * else the embedded PGlite opened in this process.
 *
 * Beside Prisma, the same connections are offered as plain SQL (`sql`) for the two
 * statements every API request runs; Prisma's per-query cost there would halve
 * the API's throughput (bench/me-throughput.ts).
 */
export async function createDatabase(env: NodeJS.ProcessEnv = process.env): Promise<Database> {
  const url = env.DATABASE_URL || servedEmbeddedUrl(env);
  if (url) {
    const timeouts = databaseTimeouts(env);
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(env.DATABASE_POOL_SIZE ?? 10),
      // A database that accepts connections and then says nothing must fail the request,
      // not hold it: connecting and every query are bounded (0 switches a bound off).
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs || undefined,
      statement_timeout: timeouts.queryMs || undefined,
      keepAlive: true,
    });
    // An idle connection the server drops (restart, admin termination) is replaced on next
    // use; without a listener the pool would turn it into an uncaught exception.
    pool.on("error", (error) => serverLog().warn({ err: error.message }, "db: idle connection dropped"));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      prisma,
      sql: pgExecutor(pool),
      async close() {
        await prisma.$disconnect();
        await pool.end();
      },
    };
  }
  const embedded = await openEmbeddedDatabase(env);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(embedded.db) });
  return {
    prisma,
    sql: pgliteExecutor(embedded.db),
    async close() {
      await prisma.$disconnect();
      await embedded.close();
    },
  };
}

/** The CLI's entry: Prisma and a way to close it. */
export async function createPrismaClient(env: NodeJS.ProcessEnv = process.env): Promise<{ prisma: Db; close: () => Promise<void> }> {
  const database = await createDatabase(env);
  return { prisma: database.prisma, close: database.close };
}

const holder = processWide<{ database: Promise<Database>; dbClient: Promise<Db>; sqlClient: Promise<SqlExecutor> }>("lib/db/client");

function processDatabase(): Promise<Database> {
  holder.database ??= createDatabase();
  return holder.database;
}

/** The process-wide client, which every bundled copy of this module shares. */
export function getDb(): Promise<Db> {
  holder.dbClient ??= processDatabase().then(({ prisma }) => prisma);
  return holder.dbClient;
}

/** The process-wide plain-SQL access on the same database. */
export function getSql(): Promise<SqlExecutor> {
  holder.sqlClient ??= processDatabase().then(({ sql }) => sql);
  return holder.sqlClient;
}

/** Closes the process-wide database (a stopping server, after its last usage record). */
export async function closeProcessDatabase(): Promise<void> {
  const database = holder.database;
  holder.database = holder.dbClient = holder.sqlClient = undefined;
  if (database) await (await database).close();
}
