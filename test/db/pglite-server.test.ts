// Several PostgreSQL clients share one PGlite through the server without seeing
// each other's statements or transactions.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteServer } from "@/lib/db/pglite-server";

describe("PGlite server", () => {
  let db: PGlite;
  let server: PGliteServer;
  let url: string;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec("CREATE TABLE counter (id int primary key, n int not null); INSERT INTO counter VALUES (1, 0);");
    server = new PGliteServer(db);
    const { host, port } = await server.listen();
    url = `postgresql://postgres@${host}:${port}/postgres`;
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it("answers parameterised queries from many pooled connections at once", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => pool.query("SELECT $1::int * 2 AS doubled, $2::text AS label", [i, `n${i}`])),
    );
    results.forEach((result, i) => expect(result.rows[0]).toEqual({ doubled: i * 2, label: `n${i}` }));
    await pool.end();
  });

  it("keeps transactions isolated: concurrent read-modify-write transactions lose no update", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 6 });
    await Promise.all(
      Array.from({ length: 60 }, async () => {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const { rows } = await client.query("SELECT n FROM counter WHERE id = 1");
          await client.query("UPDATE counter SET n = $1 WHERE id = 1", [rows[0].n + 1]);
          await client.query("COMMIT");
        } finally {
          client.release();
        }
      }),
    );
    const { rows } = await pool.query("SELECT n FROM counter WHERE id = 1");
    expect(rows[0].n).toBe(60);
    await pool.end();
  });

  it("rolls back the transaction of a client that disconnects inside it", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    await client.query("UPDATE counter SET n = -1 WHERE id = 1");
    await client.end();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const { rows } = await other.query("SELECT n FROM counter WHERE id = 1");
    expect(rows[0].n).toBe(60);
    await other.end();
  });
});
