// The browser suite's server: a fresh PostgreSQL database (migrated, with one
// staff account), then the production server (`npm start`) on it. The database
// is dropped when Playwright stops the server.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { createUser } from "@/lib/operator/operations";
import { createTestDatabase } from "../../test/support/postgres";
import { e2eDataDir, e2eOutbox, e2eStateFile, type E2eState } from "./paths";

async function main() {
  fs.rmSync(e2eDataDir, { recursive: true, force: true });
  fs.mkdirSync(e2eDataDir, { recursive: true });
  const database = await createTestDatabase();
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  // A new address per run: sign-in links are rate limited per address in the shared Redis.
  const staffEmail = `staff-${randomBytes(4).toString("hex")}@example.com`;
  await createUser(db, "e2e", { email: staffEmail, staff: true });
  await db.$disconnect();
  fs.writeFileSync(e2eStateFile, JSON.stringify({ databaseUrl: database.url, staffEmail } satisfies E2eState));

  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    stdio: "inherit",
    // The portal suite needs no chain: skip the demo chains' start.
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: e2eDataDir, AUTH_EMAIL_OUTBOX: e2eOutbox, DEMO_CHAINS: "off" },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    await database.drop().catch((error) => console.error("e2e: could not drop the test database", error));
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  server.on("exit", (code) => void stop(code ?? 1));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
