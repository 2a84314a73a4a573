import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { hashSessionToken } from "@/lib/auth/adapter";
import { applyMigrations, defaultMigrationsDir, readMigrations } from "@/lib/db/migrations";
import { pgExecutor, pgliteExecutor, type SqlExecutor } from "@/lib/db/sql-executor";
import { createTestDatabase } from "../support/postgres";

async function checkRunner(db: SqlExecutor) {
  const names = readMigrations().map((m) => m.name);
  const first = await applyMigrations(db);
  expect(first.applied).toEqual(names);
  const second = await applyMigrations(db);
  expect(second).toEqual({ applied: [], alreadyApplied: names });
  const rows = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
    `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  expect(rows.map((r) => r.migration_name)).toEqual(names);
  expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1 && /^[0-9a-f]{64}$/.test(r.checksum))).toBe(true);
  // An edited migration is refused rather than silently skipped.
  await db.query(`UPDATE "_prisma_migrations" SET checksum = 'x' WHERE migration_name = $1`, [names[0]]);
  await expect(applyMigrations(db)).rejects.toThrow(/edited after it was applied/);
}

describe("migration runner", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("applies pending migrations once on PostgreSQL, with Prisma's bookkeeping", async () => {
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.unshift(() => client.end());
    await checkRunner(pgExecutor(client));
  });

  it("applies pending migrations once on PGlite", async () => {
    const db = await PGlite.create();
    cleanups.push(() => db.close());
    await checkRunner(pgliteExecutor(db));
  });

  it("hashes the sessions signed in before session tokens were stored as hashes, so they keep working", async () => {
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.unshift(() => client.end());
    const db = pgExecutor(client);
    // The migrations as they were before the hashing one.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    for (const name of readMigrations().map((m) => m.name).filter((name) => name < "20261123210100_session_token_hashes")) {
      fs.cpSync(path.join(defaultMigrationsDir, name), path.join(before, name), { recursive: true });
    }
    await applyMigrations(db, before);
    const token = "6f1c2b0e-4c1d-4b7a-9d51-0c8a2f3e9b11";
    await db.query(`INSERT INTO users (id, email, role) VALUES ('usr_old', 'old@example.com', 'user')`);
    await db.query(`INSERT INTO sessions (session_token, user_id, expires) VALUES ($1, 'usr_old', now() + interval '1 day')`, [token]);
    expect((await applyMigrations(db)).applied).toContain("20261123210100_session_token_hashes");
    expect(await db.query(`SELECT session_token FROM sessions`)).toEqual([{ session_token: hashSessionToken(token) }]);
  });

  it("gives audit entries written before they named a project their project, from the project or the key they touched", async () => {
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.unshift(() => client.end());
    const db = pgExecutor(client);
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    for (const name of readMigrations().map((m) => m.name).filter((name) => name < "20261124100100_audit_project")) {
      fs.cpSync(path.join(defaultMigrationsDir, name), path.join(before, name), { recursive: true });
    }
    await applyMigrations(db, before);
    await db.query(`INSERT INTO users (id, email, role) VALUES ('usr_a', 'a@example.com', 'user')`);
    await db.query(`INSERT INTO projects (id, owner_id, name, updated_at) VALUES ('prj_a', 'usr_a', 'A', now())`);
    await db.query(`INSERT INTO api_keys (id, project_id, mode, permissions, rate_limit_per_hour, allowed_chains, allowed_origins, allowed_ips, covered_endpoints, hash, last_four)
      VALUES ('key_a', 'prj_a', 'test', '{}', 25, '{}', '{}', '{}', '{}', 'h', 'abcd')`);
    await db.query(`INSERT INTO audit_log (id, actor, action, target_type, target_id) VALUES
      ('aud_1', 'a@example.com', 'project.rename', 'project', 'prj_a'),
      ('aud_2', 'a@example.com', 'key.revoke', 'key', 'key_a'),
      ('aud_3', 'cli', 'credits.grant', 'user', 'usr_a')`);
    expect((await applyMigrations(db)).applied).toContain("20261124100100_audit_project");
    expect(await db.query(`SELECT id, project_id FROM audit_log ORDER BY id`)).toEqual([
      { id: "aud_1", project_id: "prj_a" },
      { id: "aud_2", project_id: "prj_a" },
      { id: "aud_3", project_id: null },
    ]);
  });
});
