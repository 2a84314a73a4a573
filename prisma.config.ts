// Prisma 7 reads this for `prisma generate`. Migrations are applied by our own
// runner (scripts/db-migrate.ts), which keeps Prisma's _prisma_migrations bookkeeping.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
