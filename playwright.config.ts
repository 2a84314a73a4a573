// Browser tests against the production build: `npm run build`, then `npm start`
// on a fresh PostgreSQL database and the local Redis, in Chromium from the system.
import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { e2eBaseUrl, e2ePort } from "./e2e/support/paths";

// Generated per run (and inherited by the workers), never committed.
process.env.E2E_AUTH_SECRET ??= randomBytes(32).toString("base64url");

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
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
