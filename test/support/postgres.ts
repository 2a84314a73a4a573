// Each suite gets its own fresh PostgreSQL database on loopback, migrated by the
// project's runner, and drops it afterwards.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrations";
import { pgExecutor } from "@/lib/db/sql-executor";

export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
    throw new Error(`Tests only use databases on loopback, not ${host}`);
  }
}

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(options: { migrate?: boolean } = {}) {
  assertLoopback(adminUrl);
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  if (options.migrate !== false) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await applyMigrations(pgExecutor(client));
    await client.end();
  }
  return {
    url,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // A pool's end() resolves before its sockets have closed; forcing the drop while a
      // backend is still exiting sends its client a FATAL it no longer listens for. Wait
      // for the database's sessions to go, and force only what is left after that.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1", [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}
