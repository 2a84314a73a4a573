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

  /** An empty PostgreSQL database, its executor dropped and closed after the suite. */
  async function emptyDatabase() {
    const database = await createTestDatabase({ migrate: false });
    cleanups.push(database.drop);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.unshift(() => client.end());
    return pgExecutor(client);
  }

  /** A database as the migrations left it before `migration`: data written there meets that migration as real data would. */
  async function databaseBefore(migration: string) {
    const db = await emptyDatabase();
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    for (const name of readMigrations().map((m) => m.name).filter((name) => name < migration)) {
      fs.cpSync(path.join(defaultMigrationsDir, name), path.join(before, name), { recursive: true });
    }
    await applyMigrations(db, before);
    return db;
  }

  it("applies pending migrations once on PostgreSQL, with Prisma's bookkeeping", async () => {
    await checkRunner(await emptyDatabase());
  });

  it("applies pending migrations once on PGlite", async () => {
    const db = await PGlite.create();
    cleanups.push(() => db.close());
    await checkRunner(pgliteExecutor(db));
  });

  it("hashes the sessions signed in before session tokens were stored as hashes, so they keep working", async () => {
    const db = await databaseBefore("20261123210100_session_token_hashes");
    const token = "6f1c2b0e-4c1d-4b7a-9d51-0c8a2f3e9b11";
    await db.query(`INSERT INTO users (id, email, role) VALUES ('usr_old', 'old@example.com', 'user')`);
    await db.query(`INSERT INTO sessions (session_token, user_id, expires) VALUES ($1, 'usr_old', now() + interval '1 day')`, [token]);
    expect((await applyMigrations(db)).applied).toContain("20261123210100_session_token_hashes");
    expect(await db.query(`SELECT session_token FROM sessions`)).toEqual([{ session_token: hashSessionToken(token) }]);
  });

  it("gives audit entries written before they named a project their project, from the project or the key they touched", async () => {
    const db = await databaseBefore("20261124100100_audit_project");
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

  it("rebuilds the hourly rollup with keys and error codes, as far as it had reached", async () => {
    const db = await databaseBefore("20261124140000_usage_hourly_keys");
    await db.query(`INSERT INTO users (id, email, role) VALUES ('usr_a', 'a@example.com', 'user')`);
    await db.query(`INSERT INTO projects (id, owner_id, name, updated_at) VALUES ('prj_a', 'usr_a', 'A', now())`);
    for (const key of ["key_a", "key_b"]) {
      await db.query(`INSERT INTO api_keys (id, project_id, mode, permissions, rate_limit_per_hour, allowed_chains, allowed_origins, allowed_ips, covered_endpoints, hash, last_four)
        VALUES ($1, 'prj_a', 'live', '{}', 25, '{}', '{}', '{}', '{}', $1, 'abcd')`, [key]);
    }
    // Two rolled-up hours and one after the rollup's reach, which must stay out of it.
    const records: Array<[string, string, number, string | null, string, number]> = [
      ["key_a", "success", 200, null, "2030-01-01T10:05:00Z", 2],
      ["key_a", "denied", 403, "scope_denied", "2030-01-01T10:40:00Z", 0],
      ["key_b", "success", 200, null, "2030-01-01T10:50:00Z", 5],
      ["key_b", "rate_limited", 429, "rate_limited", "2030-01-01T11:10:00Z", 0],
      ["key_a", "success", 200, null, "2030-01-01T12:30:00Z", 2],
    ];
    for (const [i, [key, outcome, status, code, at, charged]] of records.entries()) {
      await db.query(`INSERT INTO request_records (id, key_id, project_id, endpoint, method, http_status, error_code, outcome, quoted, charged, latency_ms, created_at)
        VALUES ($1, $2, 'prj_a', 'intel/risk', 'POST', $3, $4, $5::"RequestOutcome", 2, $6, 5, $7::timestamptz AT TIME ZONE 'UTC')`, [`req_${i}`, key, status, code, outcome, charged, at]);
    }
    await db.query(`INSERT INTO usage_rollup (id, rolled_up_to) VALUES (1, '2030-01-01 12:00:00')`);
    expect((await applyMigrations(db)).applied).toContain("20261124140000_usage_hourly_keys");
    const rows = await db.query(`SELECT to_char(hour, 'HH24') AS hour, key_id, outcome::text, http_status, error_code, requests, charged FROM usage_hourly ORDER BY hour, key_id, http_status`);
    expect(rows).toEqual([
      { hour: "10", key_id: "key_a", outcome: "success", http_status: 200, error_code: "", requests: 1, charged: 2 },
      { hour: "10", key_id: "key_a", outcome: "denied", http_status: 403, error_code: "scope_denied", requests: 1, charged: 0 },
      { hour: "10", key_id: "key_b", outcome: "success", http_status: 200, error_code: "", requests: 1, charged: 5 },
      { hour: "11", key_id: "key_b", outcome: "rate_limited", http_status: 429, error_code: "rate_limited", requests: 1, charged: 0 },
    ]);
  });
});
