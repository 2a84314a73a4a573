// Generates the Prisma client into lib/db/generated.
// Prisma's CLI insists on locating a schema-engine binary before any command, and
// downloading one is not possible offline; `generate` never executes it, so any
// existing file satisfies the check.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const placeholder = fileURLToPath(import.meta.url);

const result = spawnSync(process.execPath, [cli, "generate"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
