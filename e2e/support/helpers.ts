import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { e2eOutbox, e2eStateFile, screenshotDir, type E2eState } from "./paths";

/** The newest sign-in link the server wrote for this address. */
export async function signInLinkFor(email: string, after: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      const lines = fs.existsSync(e2eOutbox) ? fs.readFileSync(e2eOutbox, "utf8").trim().split("\n").filter(Boolean) : [];
      const entries = lines.map((line) => JSON.parse(line) as { to: string; url: string }).filter((entry) => entry.to === email);
      found = entries.length > after ? entries[entries.length - 1].url : undefined;
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

function linksSent(email: string): number {
  if (!fs.existsSync(e2eOutbox)) return 0;
  return fs.readFileSync(e2eOutbox, "utf8").split("\n").filter((line) => line.includes(`"to":"${email}"`)).length;
}

/** Signs in through the real e-mail link flow: ask for a link, read it from the outbox, follow it. */
export async function signIn(page: Page, email: string) {
  const before = linksSent(email);
  await page.goto("/sign-in");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const link = await signInLinkFor(email, before);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
}

export async function shot(page: Page, name: string) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

export function e2eState(): E2eState {
  return JSON.parse(fs.readFileSync(e2eStateFile, "utf8")) as E2eState;
}

export async function withDb<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: e2eState().databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function usageCount(projectId: string): Promise<number> {
  return withDb(async (client) => Number((await client.query("SELECT count(*) FROM request_records WHERE project_id = $1", [projectId])).rows[0].count));
}

// Metadata calls are budgeted at one per second per key: space calls with the same key.
const lastCall = new Map<string, number>();

export async function callMe(request: APIRequestContext, key: string, headers: Record<string, string> = {}) {
  const wait = (lastCall.get(key) ?? 0) + 1100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastCall.set(key, Date.now());
  const response = await request.get("/v1/api/me", { headers: { "X-API-Key": key, ...headers } });
  return { status: response.status(), body: (await response.json()) as Record<string, any> };
}

export async function callDiscover(request: APIRequestContext, key: string, headers: Record<string, string> = {}) {
  const wait = (lastCall.get(key) ?? 0) + 1100 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastCall.set(key, Date.now());
  const response = await request.get("/v1/api/discover?limit=50", { headers: { "X-API-Key": key, ...headers } });
  return { status: response.status(), body: (await response.json()) as Record<string, any> };
}
