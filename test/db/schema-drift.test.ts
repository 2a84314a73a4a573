// The schema (prisma/schema.prisma) and the migrations (prisma/migrations) must
// describe the same database: build one database each way and compare catalogs.
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "@/lib/db/migrations";
import { pgliteExecutor } from "@/lib/db/sql-executor";
import { sqlFromSchema } from "@/scripts/sql-from-schema.mjs";
import { describeSchema } from "../support/catalog";

/** What prisma/schema.prisma cannot express, written only in the migrations: partial indexes. */
const beyondTheSchema = [`CREATE INDEX "request_records_replay_of_idx" ON "request_records" ("replay_of") WHERE "replay_of" IS NOT NULL;`];

describe("schema drift", () => {
  it("prisma/migrations build exactly the database prisma/schema.prisma describes", { timeout: 120_000 }, async () => {
    const fromSchema = await PGlite.create();
    const fromMigrations = await PGlite.create();
    try {
      await fromSchema.exec(`${sqlFromSchema() as string}\n${beyondTheSchema.join("\n")}`);
      await applyMigrations(pgliteExecutor(fromMigrations));
      const expected = await describeSchema(pgliteExecutor(fromSchema));
      const actual = await describeSchema(pgliteExecutor(fromMigrations));
      expect(actual.columns.length).toBeGreaterThan(50);
      expect(actual).toEqual(expected);
    } finally {
      await fromSchema.close();
      await fromMigrations.close();
    }
  });
});
