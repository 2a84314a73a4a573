// Where the browser suite keeps its state: a folder under DATA_DIR's default
// (git-ignored) shared by the server it starts and the tests that read from it.
import path from "node:path";

export const e2ePort = Number(process.env.E2E_PORT ?? 3950);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.resolve(__dirname, "../../.data/e2e");
export const e2eStateFile = path.join(e2eDataDir, "state.json");
export const e2eOutbox = path.join(e2eDataDir, "outbox.jsonl");
export const screenshotDir = path.resolve(__dirname, "../../test-results/screenshots");

/** `cardToken`: a token on the demo chain, which a discover card must name (publishing checks it). */
export type E2eState = { databaseUrl: string; staffEmail: string; cardToken: { address: string; name: string; symbol: string } };
