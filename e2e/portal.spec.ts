// The developer portal end to end, in a real browser against the production
// build: sign in by e-mail link, project, Test and Live keys with restrictions,
// API calls seen in Usage, rotate, revoke, every tab, discover cards, and a staff
// suspension the owner can read.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { callDiscover, callMe, e2eState, shot, signIn, usageCount } from "./support/helpers";

test.describe.configure({ mode: "serial" });

const run = randomBytes(3).toString("hex");
const ownerEmail = `owner-${run}@example.com`;
const projectName = `E2E project ${run}`;
const allowedOrigin = { Origin: "https://app.example.com" };

let context: BrowserContext;
let page: Page;
let projectId: string;
let testKey: string;
let liveKey: string;
let rotatedLiveKey: string;
let staffContext: BrowserContext | undefined;
let staff: Page;

/** The staff user's browser, signed in once for the run. */
async function openStaff(browser: Browser): Promise<Page> {
  if (!staffContext) {
    staffContext = await browser.newContext();
    staff = await staffContext.newPage();
    await signIn(staff, e2eState().staffEmail);
  }
  return staff;
}

async function openOwner(browser: Browser) {
  context = await browser.newContext();
  page = await context.newPage();
}

function keyCard(name: string) {
  return page.getByTestId("key-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function revealAndDismiss(): Promise<string> {
  const reveal = page.getByTestId("key-reveal");
  await expect(reveal).toContainText("cannot be shown again");
  const fullKey = await page.getByTestId("full-key").inputValue();
  await page.getByRole("button", { name: "I have stored the key" }).click();
  await expect(reveal).toHaveCount(0);
  return fullKey;
}

test.beforeAll(async ({ browser }) => openOwner(browser));
test.afterAll(async () => {
  await context?.close();
  await staffContext?.close();
});

test("a new user signs in with an e-mail link and creates a project", async () => {
  await signIn(page, ownerEmail);
  await expect(page.getByRole("heading", { name: "Create your first project" })).toBeVisible();
  await page.getByLabel("Project name").fill(projectName);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/developers\/prj_[a-z0-9]+\/keys$/);
  projectId = page.url().split("/")[4];
  await expect(page.getByTestId("project-name")).toHaveText(projectName);
  await expect(page.getByText("No keys yet.")).toBeVisible();
});

test("creates a Test key and a Live key with restrictions; each is shown once, then masked", async () => {
  const form = page.getByRole("form", { name: "Create a key" });

  // Validation from the CLI's schema, next to the field.
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByText("permissions: choose at least one.")).toBeVisible();

  await form.getByLabel("Name").fill("E2E test key");
  await form.getByLabel("intel:read").check();
  await form.getByLabel("contract:read").check();
  await form.getByLabel("Ethereum").check();
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Expiry").fill(nextYear);
  await form.getByRole("button", { name: "Create key" }).click();
  testKey = await revealAndDismiss();
  expect(testKey).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);

  await form.getByLabel("Name").fill("E2E live key");
  await form.getByLabel("Live", { exact: true }).check();
  await form.getByLabel("contract:read").check();
  await form.getByLabel("Hourly limit").fill("5000");
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByText("hourly limit cannot exceed the basic tier's 1000.")).toBeVisible();
  await form.getByLabel("Hourly limit").fill("500");
  await form.getByLabel("Origin allow list").fill("https://*.example.com");
  await form.getByLabel("IP allow list").fill("127.0.0.1\n::1\n::ffff:127.0.0.1");
  await form.getByRole("button", { name: "Create key" }).click();
  liveKey = await revealAndDismiss();
  expect(liveKey).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);

  await page.reload();
  const html = await page.content();
  expect(html).not.toContain(testKey);
  expect(html).not.toContain(liveKey);
  await expect(keyCard("E2E test key").getByTestId("masked-key")).toHaveText(`svc_test_${"*".repeat(28)}${testKey.slice(-4)}`);
  await expect(keyCard("E2E test key")).toContainText("Test · Sandbox");
  await expect(keyCard("E2E test key")).toContainText("Networks: Ethereum");
  await expect(keyCard("E2E live key").getByTestId("masked-key")).toHaveText(`svc_live_${"*".repeat(28)}${liveKey.slice(-4)}`);
  await expect(keyCard("E2E live key")).toContainText("Origins: https://*.example.com");
  await expect(keyCard("E2E live key")).toContainText("500/hour");
  await expect(keyCard("E2E live key").getByTestId("key-last-used")).toHaveText("Never");
  await shot(page, "keys");
});

test("the keys work against the API, and the calls show in Usage", async ({ request }) => {
  const live = await callMe(request, liveKey, allowedOrigin);
  expect(live.status).toBe(200);
  expect(live.body.data).toMatchObject({ project_id: projectId, environment: "live", scopes: ["contract:read"], rate_limit_per_hour: 500 });
  const denied = await callMe(request, liveKey);
  expect(denied).toMatchObject({ status: 403, body: { error: "origin_denied" } });
  const test = await callMe(request, testKey);
  expect(test.status).toBe(200);
  expect(test.body.data).toMatchObject({ environment: "test", access_mode: "sandbox", allowed_chains: ["eth"] });

  await page.goto(`/developers/${projectId}/usage`);
  await expect(page.getByTestId("counter-requests")).toHaveText("3");
  await expect(page.getByTestId("counter-successful")).toHaveText("2");
  await expect(page.getByTestId("counter-errors")).toHaveText("1");
  const history = page.getByTestId("history-table");
  await expect(history).toContainText(live.body.meta.request_id);
  await expect(history).toContainText(denied.body.request_id);
  await expect(history).toContainText("origin_denied");

  // Filter by key and status.
  await page.getByLabel("Key").selectOption({ label: `E2E test key · svc_test_…${testKey.slice(-4)}` });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("history-row")).toHaveCount(1);
  await expect(history).toContainText(test.body.meta.request_id);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/usage\?window=24h$/);
  await expect(page.getByLabel("Key")).toHaveValue("");
  await page.getByLabel("Status").selectOption({ label: "Denied" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("history-row")).toHaveCount(1);

  // The CSV export follows the filter.
  const csv = await page.request.get(`/developers/${projectId}/usage/export?window=24h&status=denied`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(denied.body.request_id);
  expect(text).not.toContain(live.body.meta.request_id);
  await page.goto(`/developers/${projectId}/usage`);
  await expect(page.getByTestId("counter-requests")).toHaveText("3");
  await shot(page, "usage");
});

test("a new key fills the Quickstart's samples on request, in this tab only, until forgotten", async () => {
  await page.goto(`/developers/${projectId}/keys`);
  const form = page.getByRole("form", { name: "Create a key" });
  await form.getByLabel("Name").fill("Samples key");
  await form.getByLabel("contract:read").check();
  await form.getByRole("button", { name: "Create key" }).click();
  const reveal = page.getByTestId("key-reveal");
  await expect(reveal).toContainText("cannot be shown again");
  const fullKey = await page.getByTestId("full-key").inputValue();
  await page.getByRole("button", { name: "Fill it into the Quickstart samples" }).click();
  await expect(page.getByTestId("quickstart-filled")).toBeVisible();
  await page.getByRole("button", { name: "I have stored the key" }).click();

  await page.goto(`/developers/${projectId}/quickstart`);
  await expect(page.getByTestId("quickstart-key-note")).toContainText(`${fullKey.slice(0, 9)}…${fullKey.slice(-4)}`);
  await expect(page.getByText(`-H "X-API-Key: ${fullKey}"`).first()).toBeVisible();
  // The TypeScript and Python samples carry it in code, not only in a comment: pasted as shown, they run.
  await expect(page.getByText(`const apiKey = process.env.API_KEY || "${fullKey}";`)).toBeVisible();
  await expect(page.getByText(`api_key = os.environ.get("API_KEY") or "${fullKey}"`)).toBeVisible();
  await expect(page.getByText("<API_KEY>")).toHaveCount(0);
  // "Check my key" holds it too: one click checks the key just created.
  await expect(page.getByLabel("API key")).toHaveValue(fullKey);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await page.getByRole("button", { name: "Check my key" }).click();
  await expect(page.getByTestId("check-results")).toContainText("GET /v1/api/me → 200");
  await expect(page.getByTestId("check-results")).toContainText(`${fullKey.slice(-4)} works`);
  // The server never rendered it: a fresh load of the page's HTML carries only the placeholder.
  const html = await (await page.request.get(`/developers/${projectId}/quickstart`)).text();
  expect(html).not.toContain(fullKey);
  // Another tab of the same browser does not see it.
  const other = await context.newPage();
  await other.goto(`/developers/${projectId}/quickstart`);
  await expect(other.getByText("<API_KEY>").first()).toBeVisible();
  await other.close();

  await page.getByRole("button", { name: "Forget it" }).click();
  await expect(page.getByText("<API_KEY>").first()).toBeVisible();
  await expect(page.getByText(fullKey)).toHaveCount(0);
  await expect(page.getByLabel("API key")).toHaveValue("");
});

test("Quickstart checks a key with health and me", async () => {
  await page.goto(`/developers/${projectId}/quickstart`);
  await expect(page.getByText(`curl -s "http://localhost`).first()).toBeVisible();
  await expect(page.getByText("<API_KEY>").first()).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await page.getByLabel("API key").fill(testKey);
  await page.getByRole("button", { name: "Check my key" }).click();
  const results = page.getByTestId("check-results");
  await expect(results).toContainText("GET /v1/api/health → 200");
  await expect(results).toContainText("GET /v1/api/me → 200");
  await expect(results).toContainText("sandbox");
  await shot(page, "quickstart");
});

test("the Endpoints tab is reference only and spends nothing", async () => {
  const before = await usageCount(projectId);
  await page.goto(`/developers/${projectId}/endpoints`);
  await expect(page.getByRole("heading", { name: "/v1/api/contract/analysis" })).toBeVisible();
  await expect(page.getByRole("link", { name: "OpenAPI 3.1 document" })).toHaveAttribute("href", "/openapi.json");
  await shot(page, "endpoints");
  expect(await usageCount(projectId)).toBe(before);
  const openapi = await page.request.get("/openapi.json");
  expect((await openapi.json()).openapi).toBe("3.1.0");
});

test("rotating a key: the old one answers revoked_api_key, the replacement works", async ({ request }) => {
  await page.goto(`/developers/${projectId}/keys`);
  const card = keyCard("E2E live key");
  await card.getByRole("button", { name: "Rotate" }).click();
  await card.getByRole("button", { name: "Yes, rotate" }).click();
  rotatedLiveKey = await revealAndDismiss();
  expect(rotatedLiveKey).not.toBe(liveKey);

  const old = await callMe(request, liveKey, allowedOrigin);
  expect(old).toMatchObject({ status: 403, body: { error: "revoked_api_key" } });
  const replacement = await callMe(request, rotatedLiveKey, allowedOrigin);
  expect(replacement.status).toBe(200);
  expect(replacement.body.data).toMatchObject({ scopes: ["contract:read"], rate_limit_per_hour: 500 });

  await page.reload();
  await expect(keyCard("E2E live key").getByTestId("masked-key")).toHaveText(`svc_live_${"*".repeat(28)}${rotatedLiveKey.slice(-4)}`);
});

test("revoking a key after confirmation", async ({ request }) => {
  const card = keyCard("E2E test key");
  await card.getByRole("button", { name: "Revoke" }).click();
  await expect(card.getByText("This cannot be undone.")).toBeVisible();
  await card.getByRole("button", { name: "Yes, revoke" }).click();
  await expect(page.getByRole("list", { name: "Current keys" }).getByRole("heading", { name: "E2E test key" })).toHaveCount(0);
  expect(await callMe(request, testKey)).toMatchObject({ status: 403, body: { error: "revoked_api_key" } });
});

test("publishing and withdrawing an anonymised discover card", async ({ request }) => {
  const hook = `Deployer moved supply ${run}`;
  await page.goto("/developers/cards");
  const token = e2eState().cardToken;
  await page.getByLabel("Token contract address").fill(token.address);
  // A typed symbol only fills what the token does not say itself: the chain's symbol wins.
  await page.getByLabel("Token symbol").fill("E2E");
  await page.getByLabel("Hook").fill(hook);
  await page.getByLabel("Bullet points").fill("Deployer sent 40% of supply to a new wallet\nLiquidity unchanged");
  await page.getByRole("button", { name: "Publish card" }).click();
  await expect(page.getByRole("status")).toContainText("Published");
  const item = page.getByTestId("card-item").filter({ hasText: hook });
  await expect(item.getByTestId("card-status")).toHaveText("Published");
  const published = await callDiscover(request, rotatedLiveKey, allowedOrigin);
  const card = published.body.data.cards.find((c: { hook: string }) => c.hook === hook);
  expect(card).toBeTruthy();
  expect({ ...card.token, address: card.token.address.toLowerCase() }).toEqual({ address: token.address.toLowerCase(), name: token.name, symbol: token.symbol });
  expect(JSON.stringify(card)).not.toContain(ownerEmail);
  await shot(page, "cards");

  await item.getByRole("button", { name: "Withdraw" }).click();
  await expect(item.getByTestId("card-status")).toHaveText("Withdrawn");
  const after = await callDiscover(request, rotatedLiveKey, allowedOrigin);
  expect(after.body.data.cards.some((c: { hook: string }) => c.hook === hook)).toBe(false);
});

test("staff suspend a key with a reason; the owner sees it and the key is refused", async ({ browser, request }) => {
  const staff = await openStaff(browser);
  await staff.goto("/staff");
  await expect(staff.getByRole("heading", { name: "Every project" })).toBeVisible();
  await shot(staff, "staff-projects");
  await staff.getByRole("link", { name: projectName }).click();
  await expect(staff.getByTestId("staff-project-name")).toHaveText(projectName);

  const active = staff.getByTestId("key-card").filter({ has: staff.getByRole("heading", { name: "E2E live key", exact: true }) }).filter({ hasText: "Active" });
  const card = staff.locator(`[data-key-id="${await active.getAttribute("data-key-id")}"]`);
  await card.getByLabel("Suspension reason").fill("Unusual traffic; contact support");
  await card.getByRole("button", { name: "Suspend key" }).click();
  await expect(card.getByTestId("key-state")).toHaveText("Suspended");
  await expect(card.getByTestId("key-reason")).toHaveText("Suspended: Unusual traffic; contact support");
  await expect(card.getByRole("button", { name: "Unsuspend key" })).toBeVisible();
  await shot(staff, "staff-project");

  await staff.goto("/staff/usage");
  await expect(staff.getByTestId("counter-requests")).not.toHaveText("0");
  await shot(staff, "staff-usage");
  await staff.goto("/staff/settings");
  await expect(staff.getByRole("heading", { name: "Switches" })).toBeVisible();
  await shot(staff, "staff-settings");
  await staff.goto("/staff/audit");
  await expect(staff.getByTestId("activity-table")).toContainText("key.suspend");
  await expect(staff.getByTestId("activity-table")).toContainText("Unusual traffic; contact support");
  await shot(staff, "staff-audit");

  await page.goto(`/developers/${projectId}/keys`);
  const ownerCard = keyCard("E2E live key");
  await expect(ownerCard.getByTestId("key-state")).toHaveText("Suspended");
  await expect(ownerCard.getByTestId("key-reason")).toHaveText("Suspended: Unusual traffic; contact support");
  const refused = await callMe(request, rotatedLiveKey, allowedOrigin);
  expect(refused).toMatchObject({ status: 403, body: { error: "suspended_key" } });
  expect(refused.body.message).toContain("Unusual traffic");
});

test("staff archive the project with a reason; the owner sees it and every key is disabled", async ({ browser, request }) => {
  const staff = await openStaff(browser);
  await staff.goto(`/staff/projects/${projectId}`);
  await staff.getByLabel("State", { exact: true }).selectOption("archived");
  await staff.getByLabel(/^Reason \(required to suspend or archive/).fill("Project closed at the owner's request");
  await staff.getByRole("button", { name: "Save state" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Project state saved." })).toBeVisible();

  await page.goto(`/developers/${projectId}/keys`);
  await expect(page.getByTestId("project-disabled")).toContainText("This project is archived");
  await expect(page.getByTestId("project-disabled")).toContainText("Reason: Project closed at the owner's request");
  await expect(page.getByText("New keys cannot be created while the project is archived.")).toBeVisible();
  await expect(keyCard("E2E live key").getByTestId("key-state")).toHaveText("Disabled");
  await expect(page.getByRole("button", { name: "Rotate" })).toHaveCount(0);
  const refused = await callMe(request, rotatedLiveKey, allowedOrigin);
  expect(refused).toMatchObject({ status: 403, body: { error: "project_disabled" } });
});

test("a signed-out visitor is sent to sign in, and another user cannot open the project", async ({ browser }) => {
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(`/developers/${projectId}/keys`);
  await expect(visitor).toHaveURL(/\/sign-in\?callbackUrl=/);
  await signIn(visitor, `intruder-${run}@example.com`);
  const response = await visitor.goto(`/developers/${projectId}/keys`);
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(visitor.getByText(projectName)).toHaveCount(0);
  const csv = await visitor.request.get(`/developers/${projectId}/usage/export`);
  expect(csv.status()).toBe(404);
  await other.close();
});
