// Config for scripts/sql-from-schema.mjs: Prisma 6.19's WebAssembly schema engine
// computes SQL offline, but only through a driver adapter; an in-memory PGlite
// serves, and nothing is written anywhere.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter6";

export default {
  schema: "schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => new PrismaPGlite(new PGlite()),
};
