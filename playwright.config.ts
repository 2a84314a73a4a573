// Browser tests against the production build: `npm run build`, then `npm start`
// on a fresh PostgreSQL database and the local Redis, in Chromium from the system.
import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { e2eBaseUrl, e2ePort } from "./e2e/support/paths";

// Generated per run (and inherited by the workers), never committed.
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString("base64url");

/** The specs that switch the suite's server's charging and public API for a moment, in the order they run. */
const switchFlippers = ["**/portal-insights.spec.ts", "**/staff-money.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Two workers share the specs, a file's tests in order on one of them. Most specs keep to their
  // own users, projects and keys on the suite's server, or start servers of their own; the two that
  // flip the server's switches (charging, the public API) run after them, one after the other, since
  // every other spec's calls would meet the switch.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // The JSON report feeds the ten slowest files printed after `npm test` (scripts/test-times.ts).
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/e2e",
  use: {
    baseURL: e2eBaseUrl,
    viewport: { width: 1280, height: 900 },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    { name: "specs", testIgnore: [...switchFlippers] },
    { name: "charging switch", testMatch: switchFlippers[0], dependencies: ["specs"] },
    { name: "public API switch", testMatch: switchFlippers[1], dependencies: ["charging switch"] },
  ],
  webServer: {
    // E2E_SKIP_BUILD=1 reuses the last build while iterating on the tests themselves.
    // `npm test` has type-checked everything with tsc before this build, so the build does not again.
    command: `${process.env.E2E_SKIP_BUILD ? "" : "BUILD_TYPES_CHECKED=1 npm run --silent build && "}node --import tsx e2e/support/start-server.ts`,
    url: `http://127.0.0.1:${e2ePort}/v1/api/health`,
    // The build, then the demo chain's first build (later runs load its saved state).
    timeout: 480_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(e2ePort),
      HOST: "127.0.0.1",
      AUTH_URL: e2eBaseUrl,
      AUTH_SECRET: process.env.E2E_AUTH_SECRET!,
      REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379",
    },
  },
});
