// Applies prisma/migrations in Prisma's layout and keeps Prisma's own bookkeeping
// table (_prisma_migrations), so `prisma migrate status` and this runner agree.
// Prisma's CLI cannot run here (it downloads its engine), hence our own runner.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SqlExecutor } from "./sql-executor";

export const defaultMigrationsDir = path.resolve(process.cwd(), "prisma/migrations");

// The table exactly as Prisma creates it.
const bookkeepingTable = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = defaultMigrationsDir): Migration[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export type MigrationReport = { applied: string[]; alreadyApplied: string[] };

export async function applyMigrations(db: SqlExecutor, dir = defaultMigrationsDir): Promise<MigrationReport> {
  await db.exec(bookkeepingTable);
  const rows = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((row) => [row.migration_name, row]));
  const report: MigrationReport = { applied: [], alreadyApplied: [] };

  for (const migration of readMigrations(dir)) {
    const previous = done.get(migration.name);
    if (previous) {
      if (!previous.finished_at) {
        throw new Error(`Migration ${migration.name} started earlier but never finished; resolve it by hand.`);
      }
      if (previous.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was edited after it was applied (checksum differs).`);
      }
      report.alreadyApplied.push(migration.name);
      continue;
    }
    // Each migration and its bookkeeping row commit together, or not at all.
    await db.exec("BEGIN");
    try {
      await db.exec(migration.sql);
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await db.exec("COMMIT");
    } catch (error) {
      await db.exec("ROLLBACK");
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    report.applied.push(migration.name);
  }
  return report;
}

/** The migrations shipped with this version that the database has not applied (all of them on an empty database). */
export async function pendingMigrations(db: SqlExecutor, dir = defaultMigrationsDir): Promise<string[]> {
  const [{ present }] = await db.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
  const shipped = readMigrations(dir).map((migration) => migration.name);
  if (!present) return shipped;
  const rows = await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
  const applied = new Set(rows.map((row) => row.migration_name));
  return shipped.filter((name) => !applied.has(name));
}

// One number for every process of this application: pg_advisory_lock takes a bigint key.
const migrationLockKey = 7_252_024;

/**
 * applyMigrations for servers starting side by side on one database: the first takes a
 * session-level advisory lock and applies; the others wait for it, then find nothing pending.
 * `db` must be one connection (a pg.Client), since the lock belongs to the session.
 */
export async function applyMigrationsUnderLock(db: SqlExecutor, dir = defaultMigrationsDir): Promise<MigrationReport> {
  await db.query("SELECT pg_advisory_lock($1)", [migrationLockKey]);
  try {
    return await applyMigrations(db, dir);
  } finally {
    await db.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]);
  }
}

export const migrateCommand = "npm run db:migrate";

/** What a start does about the schema: MIGRATE_ON_START=off refuses to serve a database that is behind; otherwise it migrates. */
export async function prepareSchemaOnStart(db: SqlExecutor, env: NodeJS.ProcessEnv = process.env, dir = defaultMigrationsDir): Promise<{ applied: string[] }> {
  if ((env.MIGRATE_ON_START ?? "").trim().toLowerCase() === "off") {
    const pending = await pendingMigrations(db, dir);
    if (pending.length > 0) {
      throw new Error(`The database lacks ${pending.length} migration(s) this version needs (${pending.join(", ")}); run \`${migrateCommand}\` with the same DATABASE_URL, then start again.`);
    }
    return { applied: [] };
  }
  const report = await applyMigrationsUnderLock(db, dir);
  return { applied: report.applied };
}
