import { defineConfig } from "vitest/config";
import path from "node:path";
import { testKinds } from "./test/support/test-kinds";

// Two projects: unit (pure logic, no outside part: the fast loop, `npm run test:unit`) and
// integration (PostgreSQL, Redis, anvil, servers), each file placed by what it reaches.
const { unit, integration } = testKinds(__dirname);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    environment: "node",
    // next-auth imports "next/server" without an extension; let Vite resolve it.
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One simulation secret for every test process, so the committed example answers (which show
    // the simulator's addresses) are the same on every run; each deployment draws its own.
    // The request lines (lib/server/log.ts) stay out of the test output: tests that read them make their own logger.
    env: { SIMULATION_SECRET: "0d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11", LOG_LEVEL: "warn" },
    // Suites share PostgreSQL, Redis and anvil; files run in parallel on separate databases and key spaces.
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: unit } },
      // The demo chains' saved states are built once, before the files that load them.
      { extends: true, test: { name: "integration", include: integration, globalSetup: ["test/global-setup.ts"] } },
    ],
  },
});
