// The smallest surface the migration runner and the drift test need, so both run
// unchanged on PostgreSQL (pg) and on the embedded PGlite.
import type { PGlite } from "@electric-sql/pglite";
import type { ClientBase, Pool } from "pg";

export interface SqlExecutor {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

/** A pg client or pool: both answer `query`. */
export function pgExecutor(client: Pick<ClientBase, "query"> | Pick<Pool, "query">): SqlExecutor {
  return {
    async exec(sql) {
      await client.query(sql);
    },
    async query(sql, params) {
      const result = await (client as ClientBase).query(sql, params as unknown[] | undefined);
      return result.rows;
    },
  };
}

export function pgliteExecutor(db: PGlite): SqlExecutor {
  return {
    async exec(sql) {
      await db.exec(sql);
    },
    async query<Row>(sql: string, params?: unknown[]) {
      const result = await db.query<Row>(sql, params);
      return result.rows;
    },
  };
}
