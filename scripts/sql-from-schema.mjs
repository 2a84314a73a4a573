// Prints the SQL that creates prisma/schema.prisma from an empty database.
// The schema-drift test applies it beside prisma/migrations and compares the two
// catalogs; authors of a new migration diff it against the current one.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cli = require.resolve("prisma6/build/index.js");
const placeholder = fileURLToPath(import.meta.url);

export function sqlFromSchema() {
  // Prisma 6 still wants a url in the datasource block (Prisma 7 moved it out); it is never used.
  const schema = fs
    .readFileSync(path.join(root, "prisma/schema.prisma"), "utf8")
    .replace(/datasource db \{/, 'datasource db {\n  url = "postgresql://unused@localhost/unused"');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "schema-sql-"));
  const schemaPath = path.join(dir, "schema.prisma");
  fs.writeFileSync(schemaPath, schema);
  const result = spawnSync(
    process.execPath,
    [cli, "migrate", "diff", "--config", "prisma/sql-from-schema.config.mjs",
      "--from-empty", "--to-schema-datamodel", schemaPath, "--script"],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        // Never executed by the WebAssembly engine; the CLI only checks they exist.
        PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
        PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        CHECKPOINT_DISABLE: "1",
      },
    },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`prisma migrate diff failed: ${result.stderr}`);
  return result.stdout;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(sqlFromSchema());
