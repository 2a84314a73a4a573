// A comparable description of a database's public schema: enums, columns,
// constraints and indexes. Two databases built different ways describe equally
// exactly when their schemas agree.
import type { SqlExecutor } from "@/lib/db/sql-executor";

export async function describeSchema(db: SqlExecutor) {
  const enums = await db.query(`
    SELECT t.typname AS name, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY t.typname`);
  const columns = await db.query(`
    SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
    FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
    ORDER BY table_name, column_name`);
  const constraints = await db.query(`
    SELECT c.conrelid::regclass::text AS table_name, c.conname AS name, c.contype AS type,
           pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
    WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'
    ORDER BY 1, 2`);
  const indexes = await db.query(`
    SELECT tablename, indexname, indexdef FROM pg_indexes
    WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'
    ORDER BY tablename, indexname`);
  return { enums, columns, constraints, indexes };
}
