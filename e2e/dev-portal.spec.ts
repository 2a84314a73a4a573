// `npm run dev` as a new user runs it, on a busy machine: the embedded defaults (PGlite in its own
// process, the demo chains), one account signed in through the e-mail link, then every tab of the
// developer portal loaded a few times while a CPU hog spins on one core for the whole run. None
// may answer 5xx: rendering must never hold the database's queries past their timeouts (it did
// while PGlite shared the server's thread, and while the Endpoints tab rendered 0.96 MB). The
// server is its own (port, DATA_DIR), so the spec runs beside the suite's other specs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { cpuSeconds, startCpuHog, type CpuHog } from "./support/cpu-hog";
import { admin, alive, embeddedEnv, freePort, npmUntilReady, stopStarted, type Started } from "./support/own-server";

const loadsPerTab = 3;
// The Endpoints tab's whole document (HTML and the RSC payload in it) under `npm run dev`.
const endpointsTabLimit = 200_000;
// The dev server compiles each route on its first load (tens of seconds on two busy cores).
const specTimeoutMs = 900_000;
test.setTimeout(specTimeoutMs);

// E2E_CPU_HOG=off runs without the hog (to compare); anything else spins one core.
const hogged = process.env.E2E_CPU_HOG !== "off";
let hog: CpuHog | undefined;
let hogStarted = 0;
test.beforeAll(() => {
  if (!hogged) return;
  hog = startCpuHog(specTimeoutMs + 60_000);
  hogStarted = Date.now();
});
test.afterAll(async () => {
  await hog?.stop();
});

test(`npm run dev${hogged ? " beside a CPU hog" : ""}: every portal tab loads ${loadsPerTab} times with no 5xx`, async ({ browser }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-portal-"));
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
    const discover = await fetch(`${base}/v1/api/discover`, { headers: { "X-API-Key": live.key } });
    expect(discover.status).toBe(200);
    const cards = ((await discover.json()) as { data: { cards: { token: { symbol: string | null }; hook: string }[] } }).data.cards;
    expect(cards.map((card) => card.token.symbol)).toContain("HLTH");

    const context = await browser.newContext({ baseURL: base });
    // Beside a second lane, Next's dev server answered the page's subscription to the app's entry
    // chunks with `restart` on every load (no file had changed), and Next's client reloads the page
    // at once on `restart`: the sign-in page reloaded 330 times in two minutes and the spec never
    // signed in. The spec edits no file, so its pages take everything the hot-reload socket brings
    // (a dev page whose socket hears nothing never hydrates) except those orders to reload.
    const reloadsRefused: string[] = [];
    await context.routeWebSocket(/\/_next\/hmr/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        const order = typeof message === "string" ? reloadOrder(message) : null;
        if (order) reloadsRefused.push(order);
        else socket.send(message);
      });
      socket.onMessage((message) => server.send(message));
    });
    const page = await context.newPage();
    await page.goto("/sign-in", { timeout: 180_000 });
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible({ timeout: 120_000 });
    const latestLink = () => (fs.existsSync(outbox) ? (JSON.parse(fs.readFileSync(outbox, "utf8").trim().split("\n").pop()!) as { url: string }).url : null);
    await expect.poll(latestLink, { timeout: 60_000 }).not.toBeNull();
    await page.goto(latestLink()!, { timeout: 180_000 });
    await expect(page.getByTestId("signed-in-as")).toHaveText(email, { timeout: 120_000 });

    const endpointsTab = `/developers/${project.id}/endpoints`;
    const tabs = ["/developers", `/developers/${project.id}`, `/developers/${project.id}/keys`, `/developers/${project.id}/usage`, `/developers/${project.id}/requests`, `/developers/${project.id}/activity`, `/developers/${project.id}/quickstart`, endpointsTab, "/developers/cards"];
    const failures: string[] = [];
    const slowest: Record<string, number> = {};
    const sizes: Record<string, number> = {};
    for (const tab of tabs) {
      for (let load = 0; load < loadsPerTab; load++) {
        const started = Date.now();
        const response = await page.goto(tab, { timeout: 180_000 });
        const status = response?.status() ?? 0;
        if (status >= 500 || status === 0) failures.push(`${tab} load ${load + 1}: ${status}`);
        else sizes[tab] = (await response!.body()).length;
        // The first load compiles the route; the figure that matters is every load after it.
        if (load > 0) slowest[tab] = Math.max(slowest[tab] ?? 0, Date.now() - started);
      }
    }
    const name = (tab: string) => tab.replace(project.id, "<project>");
    const hogCpu = hog ? cpuSeconds(hog.pid) : null;
    const hogWall = (Date.now() - hogStarted) / 1000;
    console.log(
      `dev portal${hog ? ` beside a CPU hog (${hogCpu?.toFixed(0)} CPU s in ${hogWall.toFixed(0)} s)` : ""}: ${tabs.length} tabs × ${loadsPerTab} loads; ` +
        `hot-reload orders to reload refused: ${reloadsRefused.length}${reloadsRefused.length ? ` (${[...new Set(reloadsRefused)].join(", ")})` : ""}; ` +
        `slowest load after the first, per tab (ms): ${JSON.stringify(Object.fromEntries(Object.entries(slowest).map(([tab, ms]) => [name(tab), ms])))}; ` +
        `document bytes: ${JSON.stringify(Object.fromEntries(Object.entries(sizes).map(([tab, bytes]) => [name(tab), bytes])))}`,
    );
    // A 5xx says why in the server's own log: the failure carries its error lines.
    const serverErrors = dev.log().split("\n").filter((line) => /error|fail|⨯/i.test(line)).slice(-40).join("\n");
    expect(failures, `server log (error lines):\n${serverErrors}`).toEqual([]);

    // The Endpoints tab stays light; what it no longer carries is one click away, loaded on demand.
    expect(sizes[endpointsTab]).toBeLessThan(endpointsTabLimit);
    await page.goto(endpointsTab, { timeout: 180_000 });
    const analysis = page.locator("#endpoint-contract-analysis");
    await analysis.getByText("Example response (a real answer on the eth demo chain)").click({ timeout: 60_000 });
    await expect(analysis.getByTestId("endpoint-example").locator("pre")).toContainText('"ok": true', { timeout: 60_000 });
    await analysis.getByText(/^Errors this endpoint can return \(\d+\)$/).click({ timeout: 60_000 });
    await expect(analysis.getByTestId("endpoint-errors").getByRole("cell", { name: "invalid_address", exact: true })).toBeVisible();
    await analysis.getByText(/^Fields of the answer's data \(\d+\)$/).click({ timeout: 60_000 });
    await expect(analysis.getByTestId("endpoint-fields").getByRole("table")).toBeVisible();
    // The hog spun all along: still running, with its share of the cores (a fair share on two cores
    // shared by a dozen busy processes is a sixth; alone beside the dev server it takes most of one).
    if (hog) {
      expect(alive(hog.pid), "the CPU hog is still spinning").toBe(true);
      expect(hogCpu, `CPU seconds the hog spun in ${hogWall.toFixed(0)} s`).toBeGreaterThan(hogWall * 0.1);
    }
    await context.close();
  } finally {
    await stopStarted(dev);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A dev server's hot-reload message that makes Next's client reload the whole page, named; else null. */
function reloadOrder(message: string): string | null {
  let parsed: { type?: string; data?: unknown };
  try {
    parsed = JSON.parse(message) as { type?: string; data?: unknown };
  } catch {
    return null;
  }
  if (parsed.type === "reloadPage") return "reloadPage";
  const updates = Array.isArray(parsed.data) ? (parsed.data as Array<{ type?: string }>) : [];
  return parsed.type === "turbopack-message" && updates.some((update) => update.type === "restart") ? "turbopack restart" : null;
}
