import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // next-auth imports "next/server" without an extension; let Vite resolve it.
    server: { deps: { inline: ["next-auth"] } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ["test/global-setup.ts"],
    // One simulation secret for every test process, so the committed example answers (which show
    // the simulator's addresses) are the same on every run; each deployment draws its own.
    env: { SIMULATION_SECRET: "0d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11d5e7a11" },
    // Suites share PostgreSQL, Redis and anvil; files run in parallel on separate databases and key spaces.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
