// Whether the database this process serves has every migration this version ships. Health asks
// on each call until the answer is yes; from then on the schema can only have moved forward, so
// the answer is kept and health costs no extra query.
import { migrateCommand, pendingMigrations } from "./migrations";
import type { SqlExecutor } from "./sql-executor";
import { processWide } from "@/lib/process-wide";

const holder = processWide<{ schemaCurrent: boolean }>("lib/db/schema-status");

/** null when the schema is current, else the reason the server cannot serve yet. */
export async function schemaBehind(sql: SqlExecutor): Promise<string | null> {
  if (holder.schemaCurrent) return null;
  const pending = await pendingMigrations(sql);
  if (pending.length === 0) {
    holder.schemaCurrent = true;
    return null;
  }
  return `The database schema is behind this version of the server (${pending.length} migration(s) pending); the operator must run \`${migrateCommand}\`.`;
}

/** Tests point one process at several databases. */
export function forgetSchemaStatus() {
  holder.schemaCurrent = undefined;
}
