// `npm run dev` as a new user runs it: the embedded defaults (PGlite in its own process, the demo
// chains), one account signed in through the e-mail link, then every tab of the developer portal
// loaded 20 times. None may answer 5xx: rendering must never hold the database's queries past
// their timeouts (it did while PGlite shared the server's thread).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { admin, embeddedEnv, freePort, npmUntilReady, shareDemoChainStates, stopStarted, type Started } from "./support/own-server";

const loadsPerTab = 20;
// The dev server compiles each route on its first load (tens of seconds on two cores), then 180 loads.
test.setTimeout(1_200_000);

test(`npm run dev: every portal tab loads ${loadsPerTab} times with no 5xx`, async ({ browser }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-portal-"));
  shareDemoChainStates(dataDir);
  const port = await freePort();
  const outbox = path.join(dataDir, "outbox.jsonl");
  const env = { ...embeddedEnv(dataDir, port), AUTH_EMAIL_OUTBOX: outbox };
  let dev: Started | undefined;
  try {
    dev = await npmUntilReady(["run", "dev"], env);
    const base = `http://localhost:${port}`;
    const email = "new-user@example.com";
    const owner = admin(env, ["user", "create", "--email", email]);
    const project = admin(env, ["project", "create", "--owner", owner.email, "--name", "First project"]);
    const live = admin(env, ["key", "create", "--project", project.id, "--mode", "live", "--scopes", "intel:read,contract:read", "--name", "Live"]);

    // A fresh demo install has something to discover: the card the demo publishes on its healthy
    // token, named from the chain.
    const discover = await fetch(`http://localhost:${port}/v1/api/discover`, { headers: { "X-API-Key": live.key } });
    expect(discover.status).toBe(200);
    const cards = ((await discover.json()) as { data: { cards: { token: { symbol: string | null }; hook: string }[] } }).data.cards;
    expect(cards.map((card) => card.token.symbol)).toContain("HLTH");

    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 60_000 });
    const latestLink = () => (fs.existsSync(outbox) ? (JSON.parse(fs.readFileSync(outbox, "utf8").trim().split("\n").pop()!) as { url: string }).url : null);
    await expect.poll(latestLink, { timeout: 60_000 }).not.toBeNull();
    await page.goto(latestLink()!);
    await expect(page.getByTestId("signed-in-as")).toHaveText(email, { timeout: 60_000 });

    const tabs = ["/developers", `/developers/${project.id}`, `/developers/${project.id}/keys`, `/developers/${project.id}/usage`, `/developers/${project.id}/requests`, `/developers/${project.id}/activity`, `/developers/${project.id}/quickstart`, `/developers/${project.id}/endpoints`, "/developers/cards"];
    const failures: string[] = [];
    const slowest: Record<string, number> = {};
    for (const tab of tabs) {
      for (let load = 0; load < loadsPerTab; load++) {
        const started = Date.now();
        const response = await page.goto(tab, { timeout: 180_000 });
        const status = response?.status() ?? 0;
        if (status >= 500 || status === 0) failures.push(`${tab} load ${load + 1}: ${status}`);
        // The first load compiles the route; the figure that matters is every load after it.
        if (load > 0) slowest[tab] = Math.max(slowest[tab] ?? 0, Date.now() - started);
      }
    }
    console.log(`dev portal: ${tabs.length} tabs × ${loadsPerTab} loads; slowest load after the first, per tab (ms): ${JSON.stringify(slowest)}`);
    // A 5xx says why in the server's own log: the failure carries its error lines.
    const serverErrors = dev.log().split("\n").filter((line) => /error|fail|⨯/i.test(line)).slice(-40).join("\n");
    expect(failures, `server log (error lines):\n${serverErrors}`).toEqual([]);
    await context.close();
  } finally {
    await stopStarted(dev);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
