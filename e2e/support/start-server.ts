// The browser suite's server: a fresh PostgreSQL database (migrated, with one
// staff account), the Ethereum demo chain (so an intelligence call can succeed and
// be replayed by its Idempotency-Key), then the production server (`npm start`) on
// them. The database is dropped and the chain stopped when Playwright stops the server.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { createUser } from "@/lib/operator/operations";
import { startDemoChain } from "@/demo-chain";
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
  // The saved state the Vitest suites load too (the demo chain's cache, outside the clone): built
  // once for both, then loaded in about a second.
  const eth = await startDemoChain({ chain: "eth", log: (line) => console.error(`e2e: ${line}`) });
  const { address, name, symbol } = eth.addressBook.scenarios.healthy.token;
  fs.writeFileSync(e2eStateFile, JSON.stringify({ databaseUrl: database.url, staffEmail, cardToken: { address, name, symbol } } satisfies E2eState));

  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "start"], {
    stdio: "inherit",
    // One configured network is enough for the portal suite: the server starts no demo chains of its own.
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: e2eDataDir, AUTH_EMAIL_OUTBOX: e2eOutbox, SIGN_IN_LIMIT_PER_CLIENT: "100000", DEMO_CHAINS: "off", ETH_RPC_URL: eth.rpcUrl },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    await eth.stop().catch((error) => console.error("e2e: could not stop the demo chain", error));
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
