// What owners and staff reach for after their first calls, in a real browser on PostgreSQL:
// request lookup by id (a success, its idempotent replay, a failure; another project's id is
// 404), usage per key adding up to the project, the owner's activity log holding exactly their
// project's events, staff's filtered audit log and request lookup, and the layout fixes (history
// table at 1280 px and on a phone, the staff tabs wrapping, sign-in from 127.0.0.1).
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { callMe, e2eState, shot, signIn, withDb } from "./support/helpers";
import { e2ePort } from "./support/paths";

test.describe.configure({ mode: "serial" });

const run = randomBytes(3).toString("hex");
const ownerEmail = `insights-${run}@example.com`;
const otherEmail = `neighbour-${run}@example.com`;
const projectName = `Insights ${run}`;
const otherProjectName = `Neighbour ${run}`;
/** WETH on the Ethereum demo chain: a contract, so contract/analysis answers 200. */
const weth = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";

let owner: BrowserContext;
let page: Page;
let projectId: string;
let liveKey: string;
let testKey: string;
let successId: string;
let replayRecordId: string;
let failedId: string;
let otherProjectId: string;
let staffContext: BrowserContext | undefined;

async function openStaff(browser: Browser): Promise<Page> {
  staffContext ??= await browser.newContext();
  const staff = staffContext.pages()[0] ?? (await staffContext.newPage());
  if (!staff.url().startsWith("http")) await signIn(staff, e2eState().staffEmail);
  return staff;
}

async function createKey(form: ReturnType<Page["getByRole"]>, options: { name: string; live?: boolean; permissions: string[]; expiry?: string }) {
  await form.getByLabel("Name").fill(options.name);
  // The form keeps the last key's mode: choose it every time.
  await form.getByLabel(options.live ? "Live" : "Test (sandbox, never charged)", { exact: true }).check();
  for (const permission of options.permissions) await form.getByLabel(permission).check();
  if (options.expiry) await form.getByLabel("Expiry").fill(options.expiry);
  await form.getByRole("button", { name: "Create key" }).click();
  const full = await page.getByTestId("full-key").inputValue();
  await page.getByRole("button", { name: "I have stored the key" }).click();
  return full;
}

/** A new project through the portal, returning its id. */
async function createProject(target: Page, name: string) {
  await target.getByLabel("Project name").fill(name);
  await target.getByRole("button", { name: "Create project" }).click();
  await expect(target).toHaveURL(/\/developers\/prj_[a-z0-9]+\/keys$/);
  return target.url().split("/")[4];
}

function keyCard(name: string) {
  return page.getByTestId("key-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test.beforeAll(async ({ browser }) => {
  owner = await browser.newContext();
  await owner.grantPermissions(["clipboard-read", "clipboard-write"]);
  page = await owner.newPage();
});
test.afterAll(async () => {
  await owner?.close();
  await staffContext?.close();
});

test("an owner creates keys; bad list entries are all reported at once; expiry reads like every other date", async () => {
  await signIn(page, ownerEmail);
  projectId = await createProject(page, projectName);
  const form = page.getByRole("form", { name: "Create a key" });

  await form.getByLabel("Name").fill("Listed");
  await form.getByLabel("contract:read").check();
  await form.getByLabel("Origin allow list").fill("https://ok.example.com\nftp://bad.example.com\nhttps://bad_host.example.com\n*");
  await form.getByLabel("IP allow list").fill("10.0.0.1\n10.0.0.300\n1.2.3.4/40");
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByText(/^origins ftp:\/\/bad\.example\.com, https:\/\/bad_host\.example\.com and \* are not origins/)).toBeVisible();
  await expect(form.getByText(/^IP entries 10\.0\.0\.300 and 1\.2\.3\.4\/40 are not addresses or CIDR ranges/)).toBeVisible();
  await form.getByLabel("Origin allow list").fill("");
  await form.getByLabel("IP allow list").fill("");
  await form.getByLabel("contract:read").uncheck();

  liveKey = await createKey(form, { name: "Insights live", live: true, permissions: ["contract:read", "intel:read"] });
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  testKey = await createKey(form, { name: "Insights test", permissions: ["intel:read"], expiry: nextYear });
  await page.reload();
  await expect(keyCard("Insights test")).toContainText("Test · Sandbox");
  await expect(keyCard("Insights test")).toContainText(`Expires: ${nextYear} 23:59 UTC`);
  await expect(keyCard("Insights test")).toContainText(/Created\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
});

test("request lookup finds a request made a moment earlier, its idempotent replay, and a failed one", async ({ request }) => {
  const body = { chain: "eth", address: weth };
  const headers = { "X-API-Key": liveKey, "Idempotency-Key": `lookup-${run}` };
  const first = await request.post("/v1/api/contract/analysis", { headers, data: body });
  expect(first.status()).toBe(200);
  successId = (await first.json()).meta.request_id;
  const again = await request.post("/v1/api/contract/analysis", { headers, data: body });
  expect(again.status()).toBe(200);
  expect(again.headers()["idempotent-replayed"]).toBe("true");
  expect(again.headers()["x-request-id"]).toBe(successId);
  // The key lacks liquidity:read.
  const refused = await request.post("/v1/api/intel/liquidity", { headers: { "X-API-Key": liveKey }, data: body });
  expect(refused.status()).toBe(403);
  const refusedBody = await refused.json();
  failedId = refusedBody.request_id;
  expect(refusedBody.error).toBe("scope_denied");

  // The failed one, through the search box on the Usage tab.
  await page.goto(`/developers/${projectId}/usage`);
  await page.getByLabel("Find a request by its id").fill(`  ${failedId} `);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/${projectId}/requests/${failedId}$`));
  const detail = page.getByTestId("request-detail");
  await expect(detail.getByRole("heading", { name: failedId })).toBeVisible();
  await expect(detail.getByTestId("request-endpoint")).toHaveText("POST /v1/api/intel/liquidity");
  await expect(detail.getByTestId("request-status")).toHaveText("403");
  await expect(detail.getByTestId("request-error-code")).toHaveText("scope_denied");
  await expect(detail.getByTestId("request-error-message")).toHaveText(refusedBody.message);
  await expect(detail.getByTestId("request-outcome")).toHaveText("Denied (counted under Errors)");
  await expect(detail.getByTestId("request-quoted")).toHaveText("2 credits");
  await expect(detail.getByTestId("request-charged")).toHaveText("0 credits");
  // Refused before the body was read (access comes first), so no network is known.
  await expect(detail.getByTestId("request-network")).toHaveText("—");
  await expect(detail.getByTestId("request-key")).toHaveText(`Insights live · svc_live_…${liveKey.slice(-4)}`);
  await expect(detail.getByTestId("request-replay")).toHaveText("No");
  await expect(detail.getByTestId("request-latency")).toHaveText(/^\d+ ms$/);
  expect(await page.content()).not.toContain(liveKey);
  await shot(page, "request-lookup-failed");

  // The success: its replay is listed, and opens as a replay of it.
  await page.getByLabel("Find a request by its id").fill(successId);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(detail.getByTestId("request-endpoint")).toHaveText("POST /v1/api/contract/analysis");
  await expect(detail.getByTestId("request-status")).toHaveText("200");
  await expect(detail.getByTestId("request-network")).toHaveText("Ethereum (eth)");
  await expect(detail.getByTestId("request-error-code")).toHaveText("—");
  const replays = detail.getByTestId("request-replays");
  await expect(replays).toContainText("Replayed once");
  await expect(replays.getByRole("link")).toHaveCount(1);
  replayRecordId = (await replays.getByRole("link").textContent())!.trim();
  await shot(page, "request-lookup");
  await replays.getByRole("link").click();
  await expect(detail.getByRole("heading", { name: replayRecordId })).toBeVisible();
  await expect(detail.getByText("Idempotent replay", { exact: true }).first()).toBeVisible();
  await expect(detail.getByTestId("request-replay")).toHaveText(/^Yes/);
  await expect(detail.getByTestId("request-charged")).toHaveText("0 credits");
  await expect(detail.getByTestId("request-replay-of")).toHaveText(successId);
  await shot(page, "request-lookup-replay");

  // A history row opens the same view.
  await page.goto(`/developers/${projectId}/usage`);
  await page.getByTestId("history-table").getByRole("link", { name: failedId }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${failedId}$`));
  await expect(detail.getByTestId("request-error-code")).toHaveText("scope_denied");

  // A malformed id is answered in words on the search page, not with an error page.
  await page.goto(`/developers/${projectId}/requests?id=${encodeURIComponent("not an id")}`);
  await expect(page.getByRole("search", { name: "Find a request" }).getByRole("alert")).toHaveText(/A request id starts with req_/);
});

test("another project's request id is 404, exactly like an unknown one; staff find it", async ({ browser, request }) => {
  const other = await browser.newContext();
  const neighbour = await other.newPage();
  await signIn(neighbour, otherEmail);
  otherProjectId = await createProject(neighbour, otherProjectName);
  await neighbour.getByRole("form", { name: "Create a key" }).getByLabel("Name").fill("Neighbour key");
  await neighbour.getByRole("form", { name: "Create a key" }).getByLabel("intel:read").check();
  await neighbour.getByRole("form", { name: "Create a key" }).getByRole("button", { name: "Create key" }).click();
  await neighbour.getByRole("button", { name: "I have stored the key" }).click();

  for (const id of [failedId, successId, "req_00000000000000000000000000"]) {
    const response = await neighbour.goto(`/developers/${otherProjectId}/requests/${id}`);
    expect({ id, status: response?.status() }).toEqual({ id, status: 404 });
    await expect(neighbour.getByRole("heading", { name: "Not found" })).toBeVisible();
    const viaSearch = await neighbour.goto(`/developers/${otherProjectId}/requests?id=${id}`);
    expect(viaSearch?.status()).toBe(404);
  }
  // Nor through the owner's own project URL.
  expect((await neighbour.goto(`/developers/${projectId}/requests/${failedId}`))?.status()).toBe(404);
  expect(await neighbour.content()).not.toContain(projectName);

  // A key nobody has used for 30 days gets a hint (this one: made 40 days ago, never used).
  await neighbour.goto(`/developers/${otherProjectId}/keys`);
  await expect(neighbour.getByTestId("key-unused")).toHaveCount(0);
  await withDb((client) => client.query(`UPDATE api_keys SET created_at = now() - interval '40 days' WHERE project_id = $1`, [otherProjectId]));
  await neighbour.reload();
  await expect(neighbour.getByTestId("key-unused")).toHaveCount(1);
  await expect(neighbour.getByTestId("key-card").filter({ hasText: "Neighbour key" }).getByTestId("key-unused")).toContainText("Not used for 30 days or more");
  await shot(neighbour, "keys-unused-hint");
  await other.close();

  const staff = await openStaff(browser);
  await staff.goto("/staff/usage");
  await staff.getByLabel("Find a request by its id").fill(failedId);
  await staff.getByRole("button", { name: "Look up" }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/requests/${failedId}$`));
  await expect(staff.getByTestId("request-project")).toHaveText(`${projectName} (${projectId})`);
  await expect(staff.getByTestId("request-error-code")).toHaveText("scope_denied");
  await shot(staff, "staff-request-lookup");
  // An id no project has is a real 404 for staff too — so is a call refused before any key was found.
  expect((await staff.goto("/staff/requests/req_01JD3Q6Y1M8K2N4P5R7S9T0VWX"))?.status()).toBe(404);
  const keyless = await request.post("/v1/api/contract/analysis", { headers: { "X-API-Key": `svc_live_${"A".repeat(32)}` }, data: { chain: "eth", address: weth } });
  expect(keyless.status()).toBe(401);
  expect((await staff.goto(`/staff/requests/${(await keyless.json()).request_id}`))?.status()).toBe(404);
});

/** Staff turn charging on or off on the Switches form, as an operator would. */
async function setCharging(staff: Page, on: boolean) {
  await staff.goto("/staff/settings");
  const form = staff.getByRole("form", { name: "Switches" });
  await form.getByLabel("Charging on").setChecked(on);
  await form.getByLabel("Reason").fill(on ? "e2e: one charged call" : "e2e: charged call done");
  await form.getByRole("button", { name: "Save switches" }).click();
  await expect(form.getByRole("status")).toContainText("Switches saved");
}

test("per-key figures add up to the project's; the Usage tab narrows to one key; charts match the counters", async ({ browser, request }) => {
  expect((await callMe(request, testKey)).status).toBe(200);
  // The sandbox budget allows one call a second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const sandboxRefused = await request.post("/v1/api/intel/risk", { headers: { "X-API-Key": testKey }, data: { chain: "eth", address: weth } });
  expect(sandboxRefused.status()).toBe(403);

  // One call that really costs credits, so the credits chart has something to add up: staff
  // grant credits to the owner and switch charging on for it, then off again.
  const staff = await openStaff(browser);
  await staff.goto("/staff/settings");
  const grant = staff.getByRole("form", { name: "Grant credits" });
  await grant.getByLabel("Account e-mail").fill(ownerEmail);
  await grant.getByLabel("Credits").fill("10");
  await grant.getByLabel("Reason").fill("insights pilot");
  await grant.getByRole("button", { name: "Grant credits" }).click();
  await expect(grant.getByRole("status")).toHaveText(`Granted 10 credits to ${ownerEmail}.`);
  await setCharging(staff, true);
  let charged: number;
  try {
    const paid = await request.post("/v1/api/intel/risk", { headers: { "X-API-Key": liveKey }, data: { chain: "eth", address: weth } });
    expect(paid.status()).toBe(200);
    charged = Number((await paid.json()).meta.credits_charged);
  } finally {
    await setCharging(staff, false);
  }
  expect(charged).toBe(2);

  await page.goto(`/developers/${projectId}/usage`);
  const projectRequests = Number(await page.getByTestId("counter-requests").textContent());
  const projectErrors = Number(await page.getByTestId("counter-errors").textContent());
  const projectCredits = Number(await page.getByTestId("counter-credits-used").textContent());
  expect(projectRequests).toBe(6);
  expect(projectErrors).toBe(2);
  expect(projectCredits).toBe(charged);
  await expect(page.getByTestId("credits-chart-total")).toHaveText(String(projectCredits));
  const rateLimited = Number(await page.getByTestId("counter-rate-limited").textContent());
  await expect(page.getByTestId("error-codes-total")).toHaveText(String(projectErrors + rateLimited));
  await expect(page.getByTestId("error-code-row").filter({ hasText: "scope_denied" })).toContainText("1");
  await expect(page.getByTestId("error-code-row").filter({ hasText: "sandbox_limited" })).toContainText("1");
  await shot(page, "usage-charts");

  await page.goto(`/developers/${projectId}/keys`);
  const figures = async (name: string, window: string) => {
    const row = keyCard(name).getByTestId(`key-usage-${window}`);
    return { requests: Number(await row.getByTestId("key-requests").textContent()), errors: Number(await row.getByTestId("key-errors").textContent()), credits: Number(await row.getByTestId("key-credits").textContent()) };
  };
  for (const window of ["24h", "7d", "30d"]) {
    const live = await figures("Insights live", window);
    const test = await figures("Insights test", window);
    expect({ window, requests: live.requests + test.requests, errors: live.errors + test.errors, credits: live.credits + test.credits }).toEqual({ window, requests: projectRequests, errors: projectErrors, credits: projectCredits });
  }
  expect(await figures("Insights live", "24h")).toEqual({ requests: 4, errors: 1, credits: charged });
  await expect(page.getByTestId("key-unused")).toHaveCount(0);
  await shot(page, "keys-usage");

  await keyCard("Insights live").getByRole("link", { name: "This key's usage and history" }).click();
  await expect(page.getByTestId("key-scope")).toContainText("Insights live");
  await expect(page.getByTestId("counter-requests")).toHaveText("4");
  await expect(page.getByTestId("counter-errors")).toHaveText("1");
  await expect(page.getByTestId("counter-credits-used")).toHaveText(String(charged));
  await expect(page.getByTestId("credits-chart-total")).toHaveText(String(charged));
  await expect(page.getByTestId("history-row")).toHaveCount(4);
  await shot(page, "usage-one-key");
  await page.getByRole("link", { name: "Show every key" }).click();
  await expect(page.getByTestId("counter-requests")).toHaveText(String(projectRequests));
});

test("the owner's activity log shows exactly their project's events, filterable by kind", async ({ browser }) => {
  await page.goto(`/developers/${projectId}/keys`);
  await keyCard("Insights test").getByRole("button", { name: "Revoke" }).click();
  await keyCard("Insights test").getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByRole("list", { name: "Current keys" }).getByRole("heading", { name: "Insights test" })).toHaveCount(0);
  // A rename there and back, and a suspension staff lift again: all of them belong in the trail.
  for (const name of [`${projectName} renamed`, projectName]) {
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("New project name").fill(name);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("project-name")).toHaveText(name);
  }
  const staff = await openStaff(browser);
  await staff.goto(`/staff/projects/${projectId}`);
  const staffCard = staff.getByTestId("key-card").filter({ has: staff.getByRole("heading", { name: "Insights live", exact: true }) });
  await staffCard.getByLabel("Suspension reason").fill("Checking a traffic spike");
  await staffCard.getByRole("button", { name: "Suspend key" }).click();
  await expect(staffCard.getByTestId("key-state")).toHaveText("Suspended");
  await staffCard.getByRole("button", { name: "Unsuspend key" }).click();
  await expect(staffCard.getByTestId("key-state")).toHaveText("Active");

  await page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: "Activity" }).click();
  await expect(page).toHaveURL(new RegExp(`/developers/${projectId}/activity$`));
  const table = page.getByTestId("activity-table");
  const expected = await withDb(async (client) =>
    (
      await client.query(
        `SELECT a.action FROM audit_log a JOIN projects p ON p.id = $1 JOIN users u ON u.id = p.owner_id
         WHERE a.project_id = $1 OR (a.action = 'credits.grant' AND a.target_type = 'user' AND a.target_id = u.id) ORDER BY a.created_at DESC, a.id DESC`,
        [projectId],
      )
    ).rows.map((row: { action: string }) => row.action),
  );
  expect(expected).toEqual(["key.unsuspend", "key.suspend", "project.rename", "project.rename", "key.revoke", "credits.grant", "key.create", "key.create", "project.create"]);
  await expect(page.getByTestId("activity-row")).toHaveCount(expected.length);
  expect(await page.getByTestId("activity-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action")))).toEqual(expected);
  const row = (action: string) => page.locator(`[data-testid="activity-row"][data-action="${action}"]`);
  await expect(row("key.revoke")).toContainText("You");
  await expect(row("key.suspend")).toContainText("Staff");
  await expect(row("key.suspend")).toContainText("Checking a traffic spike");
  await expect(row("key.unsuspend")).toContainText("Staff");
  await expect(row("credits.grant")).toContainText("Staff");
  await expect(row("credits.grant")).toContainText("insights pilot");
  await expect(row("project.rename").first()).toContainText(`${projectName} renamed`);
  await expect(table).not.toContainText(e2eState().staffEmail);
  await expect(table).not.toContainText("Neighbour");
  await expect(table).not.toContainText(otherProjectId);
  await expect(page.getByTestId("activity-row").filter({ hasText: "Key revoked" })).toContainText("Insights test");
  await expect(page.getByTestId("activity-row").filter({ hasText: "Insights test" }).filter({ hasText: "Key created" })).toContainText("sandbox");
  await shot(page, "activity");

  await page.getByLabel("What").selectOption({ label: "Key created" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=key\.create/);
  await expect(page.getByTestId("activity-row")).toHaveCount(2);
  expect(new Set(await page.getByTestId("activity-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-action"))))).toEqual(new Set(["key.create"]));
});

test("staff's audit log filters by project, actor and action, and pages with its filters", async ({ browser }) => {
  const staff = await openStaff(browser);
  await staff.goto("/staff/audit");
  await staff.getByLabel("Project").selectOption(projectId);
  await staff.getByLabel("What").selectOption("key.create");
  await staff.getByRole("button", { name: "Filter" }).click();
  await expect(staff).toHaveURL(new RegExp(`project=${projectId}`));
  const rows = staff.getByTestId("activity-row");
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText(projectName);
  // Full details: the restrictions and the access a test key really has.
  await expect(rows.filter({ hasText: "Insights test" })).toContainText("sandbox");
  await expect(rows.filter({ hasText: "Insights test" })).toContainText(/Expires\s*\d{4}-\d{2}-\d{2} 23:59 UTC/);
  await shot(staff, "staff-audit-filtered");

  await staff.goto(`/staff/audit?actor=${encodeURIComponent(otherEmail)}`);
  await expect(staff.getByTestId("activity-row").first()).toBeVisible();
  for (const row of await staff.getByTestId("activity-row").all()) await expect(row).toContainText(otherEmail);
  await staff.goto("/staff/audit?from=2999-01-01");
  await expect(staff.getByTestId("activity-empty")).toHaveText("Nothing matches these filters.");

  // Paging keeps the filters: more grants by one operator than a page holds (written straight
  // to the log; making 55 grants through the form would only slow the test down).
  const operator = `pager-${run}@example.com`;
  await withDb((client) =>
    client.query(
      `INSERT INTO audit_log (id, actor, action, target_type, target_id, reason, details, created_at)
       SELECT 'aud_pager_' || $2 || '_' || n, $1, 'credits.grant', 'user', 'usr_pager', 'page ' || n, jsonb_build_object('amount', n), now() - n * interval '1 second'
       FROM generate_series(1, 55) AS n`,
      [operator, run],
    ),
  );
  await staff.goto("/staff/audit");
  await staff.getByLabel("Who (e-mail or cli)").fill(operator);
  await staff.getByLabel("What").selectOption("credits.grant");
  await staff.getByRole("button", { name: "Filter" }).click();
  const reasons = () => staff.getByTestId("activity-row").evaluateAll((rows) => rows.map((row) => row.querySelector("td:last-child")?.textContent?.trim()));
  await expect(staff.getByTestId("activity-row")).toHaveCount(50);
  const firstPage = await reasons();
  expect(firstPage[0]).toBe("page 1");
  await staff.getByRole("navigation", { name: "Activity pages" }).getByRole("link", { name: "Older →" }).click();
  await expect(staff).toHaveURL(/page=2/);
  await expect(staff).toHaveURL(new RegExp(`actor=${encodeURIComponent(operator).replace(/[.]/g, "\\.")}`));
  await expect(staff.getByTestId("activity-row")).toHaveCount(5);
  expect(await reasons()).toEqual(["page 51", "page 52", "page 53", "page 54", "page 55"]);
  await expect(staff.getByRole("navigation", { name: "Activity pages" }).getByRole("link", { name: "Older →" })).toHaveCount(0);
  await staff.getByRole("navigation", { name: "Activity pages" }).getByRole("link", { name: "← Newer" }).click();
  await expect(staff.getByTestId("activity-row")).toHaveCount(50);
  expect(await reasons()).toEqual(firstPage);
});

test("layout: the history table fits at 1280 px and scrolls in its own box on a phone; the staff tabs wrap; the project id copies", async ({ browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/developers/${projectId}/usage`);
  const scroller = page.getByTestId("history-scroller");
  const fits = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(fits).toBeLessThanOrEqual(0);

  // The project id where the page asks people to quote it, and its copy button.
  const credits = page.locator("#credits");
  await expect(credits.getByTestId("project-id-value")).toHaveText(projectId);
  await credits.getByRole("button", { name: "Copy project id" }).click();
  await expect(credits.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(projectId);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/developers/${projectId}/usage`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expect(page.getByTestId("history-scroll-hint")).toBeVisible();
  const overflow = await scroller.evaluate((el) => ({ hidden: el.scrollWidth - el.clientWidth, style: getComputedStyle(el).overflowX }));
  expect(overflow.hidden).toBeGreaterThan(0);
  expect(overflow.style).toBe("auto");
  await scroller.evaluate((el) => el.scrollBy({ left: 400 }));
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.getByTestId("history-table").scrollIntoViewIfNeeded();
  await shot(page, "mobile-usage-history");
  await page.goto(`/developers/${projectId}/activity`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  const staff = await openStaff(browser);
  await staff.setViewportSize({ width: 375, height: 740 });
  await staff.goto("/staff");
  const nav = staff.getByRole("navigation", { name: "Staff sections" });
  for (const link of await nav.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  expect(await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(staff, "mobile-staff-nav");
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The new views in dark mode (the theme follows the system's until chosen).
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/developers/${projectId}/requests/${successId}`);
  await expect(page.locator("html")).toHaveClass(/dark/);
  await shot(page, "dark-request-lookup");
  await page.goto(`/developers/${projectId}/activity`);
  await shot(page, "dark-activity");
  await page.emulateMedia({ colorScheme: "light" });
});

test("the Endpoints tab shows code as code, never literal backticks", async () => {
  await page.goto(`/developers/${projectId}/endpoints`);
  await expect(page.getByRole("heading", { name: "/v1/api/contract/analysis" })).toBeVisible();
  const prose = await page.locator("main").evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const block of copy.querySelectorAll("pre, textarea")) block.remove();
    return copy.textContent ?? "";
  });
  expect(prose).not.toContain("`");
  expect(await page.locator("main code").filter({ hasText: /^ethereum$/ }).count()).toBeGreaterThan(0);
});

test("signing in from 127.0.0.1 moves to the host the link and cookie belong to, and works", async ({ browser }) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`http://127.0.0.1:${e2ePort}/developers/${projectId}/usage`);
  await expect(visitor).toHaveURL(new RegExp(`^http://localhost:${e2ePort}/sign-in\\?callbackUrl=`));
  await signIn(visitor, ownerEmail);
  await visitor.goto(`http://localhost:${e2ePort}/developers/${projectId}/usage`);
  await expect(visitor.getByTestId("project-name")).toHaveText(projectName);
  await context.close();
});

test("an assistant's tool call through MCP shows in the Usage tab marked MCP; the Endpoints tab says how to connect", async () => {
  await page.goto(`/developers/${projectId}/endpoints`);
  const guide = page.getByTestId("mcp-guide");
  await expect(guide.getByRole("heading", { name: "AI assistants (MCP)" })).toBeVisible();
  await expect(guide).toContainText(`http://localhost:${e2ePort}/v1/api/mcp`);

  const client = new Client({ name: "e2e-assistant", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${e2ePort}/v1/api/mcp`), { requestInit: { headers: { "X-API-Key": liveKey } } }));
  const result = await client.callTool({ name: "contract_analysis", arguments: { chain: "eth", address: weth } });
  await client.close();
  expect(result.isError ?? false).toBe(false);
  const mcpId = (result.structuredContent as { meta: { request_id: string } }).meta.request_id;

  await page.goto(`/developers/${projectId}/usage?window=24h&via=mcp`);
  const rows = page.getByTestId("history-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(mcpId);
  await expect(rows.first().getByTestId("history-via-mcp")).toHaveText("MCP");
  await shot(page, "usage-through-mcp");
  await rows.first().getByRole("link", { name: mcpId }).click();
  await expect(page.getByTestId("request-via")).toHaveText("MCP tool call");
});
