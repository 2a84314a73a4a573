// The smallest surface the migration runner and the drift test need, so both run
// unchanged on PostgreSQL (pg) and on the embedded PGlite; and the plain-SQL transaction the
// batched settlement of paid calls needs (lib/billing/settle.ts), where Prisma's per-query cost
// would be paid once per call.
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { ClientBase, Pool, PoolClient } from "pg";

export interface SqlExecutor {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<Row extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
  /**
   * Runs `work` in one transaction on one connection: committed when it resolves, rolled back
   * when it throws. Absent on an executor that is itself one connection shared by others.
   */
  transaction?<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

function isPool(client: unknown): client is Pool {
  return typeof (client as Pool).totalCount === "number" && typeof (client as Pool).connect === "function";
}

/** A pg client or pool: both answer `query`; a pool also runs transactions on a connection of its own. */
export function pgExecutor(client: Pick<ClientBase, "query"> | Pick<Pool, "query">): SqlExecutor {
  const executor: SqlExecutor = {
    async exec(sql) {
      await client.query(sql);
    },
    async query(sql, params) {
      const result = await (client as ClientBase).query(sql, params as unknown[] | undefined);
      return result.rows;
    },
  };
  if (isPool(client)) {
    executor.transaction = async (work) => {
      const connection: PoolClient = await client.connect();
      let broken: Error | undefined;
      try {
        await connection.query("BEGIN");
        const result = await work(pgExecutor(connection));
        await connection.query("COMMIT");
        return result;
      } catch (error) {
        await connection.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: the pool drops it.
        connection.release(broken);
      }
    };
  }
  return executor;
}

function pgliteLike(db: Pick<PGlite, "exec" | "query"> | Transaction): SqlExecutor {
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

export function pgliteExecutor(db: PGlite): SqlExecutor {
  return { ...pgliteLike(db), transaction: (work) => db.transaction((tx) => work(pgliteLike(tx))) };
}
