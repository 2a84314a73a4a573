import { defineConfig } from "vitest/config";
import path from "node:path";
import { testKinds } from "./test/support/test-kinds";

// Three projects: unit (pure logic, no outside part: the fast loop, `npm run test:unit`),
// integration (PostgreSQL, Redis, anvil, servers), each file placed by what it reaches, and the
// request-thread lane. Integration reads intelligence on a thread, as `npm start` and `npm run dev`
// do (one thread per test process: the boundary an answer and an error cross is the server's); the
// lane runs the files that measure the request thread's own rounds with INTEL_THREADS=0, the mode
// a deployment may choose and the scripts and benchmarks use.
const { unit, integration } = testKinds(__dirname);
const requestThreadLane = ["test/api/hot-reads.test.ts"];

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
    // A worker runs its files one after another in one process, as a server runs its requests: the
    // modules, chain clients and intelligence thread load once, not once a file (about a quarter of
    // the run). Each file still starts from the worker's own environment and parts (file-start.ts).
    isolate: false,
    setupFiles: ["test/support/file-start.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: unit } },
      // The demo chains' saved states are built once, before the files that load them.
      {
        extends: true,
        test: { name: "integration", include: integration.filter((file) => !requestThreadLane.includes(file)), globalSetup: ["test/global-setup.ts"], env: { INTEL_THREADS: "1" } },
      },
      { extends: true, test: { name: "request-thread", include: requestThreadLane, globalSetup: ["test/global-setup.ts"], env: { INTEL_THREADS: "0" } } },
    ],
  },
});
