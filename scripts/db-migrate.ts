// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the
// embedded database when it is unset.
import pg from "pg";
import { applyMigrations } from "@/lib/db/migrations";
import { openEmbeddedDatabase } from "@/lib/db/embedded";
import { pgExecutor } from "@/lib/db/sql-executor";

async function main() {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return await applyMigrations(pgExecutor(client));
    } finally {
      await client.end();
    }
  }
  // Opening the embedded database applies its migrations.
  const embedded = await openEmbeddedDatabase();
  await embedded.close();
  return { embedded: true };
}

main().then(
  (report) => console.log(JSON.stringify(report)),
  (error: Error) => {
    console.error(`Migration failed: ${error.message}`);
    process.exitCode = 1;
  },
);
