// The staff area's money and switch edges in a real browser: credit grants by the
// shared rules (whole numbers up to the maximum, a visibly required reason, a
// confirmation above the threshold), the public-API switch behind a confirmation,
// and lifting a key's suspension starting from an empty reason.
import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { e2eState, shot, signIn, withDb } from "./support/helpers";

test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let staff: Page;
const ownerEmail = `grantee-${randomBytes(3).toString("hex")}@example.com`;

test.beforeAll(async ({ browser }) => {
  // The grantee signs up through the portal, as owners do.
  const ownerContext = await browser.newContext();
  await signIn(await ownerContext.newPage(), ownerEmail);
  await ownerContext.close();
  context = await browser.newContext();
  staff = await context.newPage();
  await signIn(staff, e2eState().staffEmail);
});
test.afterAll(async () => context?.close());

const balance = () => withDb(async (client) => Number((await client.query("SELECT c.balance FROM credit_accounts c JOIN users u ON u.id = c.user_id WHERE u.email = $1", [ownerEmail])).rows[0].balance));

test("credit grants: digits only, at most 1,000,000, reason marked required, confirmation above 10,000", async () => {
  await staff.goto("/staff/settings");
  const form = staff.getByRole("form", { name: "Grant credits" });
  await expect(form.getByText("Reason (audit log) (required)")).toBeVisible();
  const amount = form.getByLabel("Credits");
  await expect(amount).toHaveAttribute("pattern", "[1-9][0-9]*");
  await expect(amount).toHaveAttribute("required", "");
  await form.getByLabel("Account e-mail").fill(ownerEmail);
  await form.getByLabel("Reason").fill("pilot credits");

  // "1e9" does not pass the field's own check: the browser refuses to submit it.
  await amount.fill("1e9");
  await form.getByRole("button", { name: "Grant credits" }).click();
  expect(await amount.evaluate((input: HTMLInputElement) => input.validity.patternMismatch)).toBe(true);
  // Past the maximum: the shared rule's words.
  await amount.fill("1000001");
  await form.getByRole("button", { name: "Grant credits" }).click();
  await expect(form.getByRole("alert")).toHaveText("Credits must be a whole number from 1 to 1,000,000.");
  expect(await balance()).toBe(0);

  // Above the threshold: nothing happens until confirmed; Cancel leaves the balance alone.
  await amount.fill("50000");
  await form.getByRole("button", { name: "Grant credits" }).click();
  const confirm = form.getByRole("group", { name: "Confirm grant" });
  await expect(confirm).toContainText(`Grant 50,000 credits to ${ownerEmail}?`);
  await shot(staff, "staff-grant-confirm");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  expect(await balance()).toBe(0);
  await form.getByRole("button", { name: "Grant credits" }).click();
  await form.getByRole("button", { name: "Yes, grant 50,000 credits" }).click();
  await expect(form.getByRole("status")).toHaveText(`Granted 50,000 credits to ${ownerEmail}.`);
  expect(await balance()).toBe(50_000);

  // At or under the threshold: no confirmation step.
  await form.getByLabel("Account e-mail").fill(ownerEmail);
  await form.getByLabel("Credits").fill("25");
  await form.getByLabel("Reason").fill("goodwill");
  await form.getByRole("button", { name: "Grant credits" }).click();
  await expect(form.getByRole("status")).toHaveText(`Granted 25 credits to ${ownerEmail}.`);
  expect(await balance()).toBe(50_025);
});

test("the public-API switch asks for confirmation", async ({ request }) => {
  await staff.goto("/staff/settings");
  const form = staff.getByRole("form", { name: "Switches" });
  await form.getByLabel("Public API on").uncheck();
  await form.getByLabel("Reason").fill("maintenance window");
  await form.getByRole("button", { name: "Save switches" }).click();
  const confirm = form.getByRole("group", { name: "Confirm public API switch" });
  await expect(confirm).toContainText("Switch the public API off?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  expect((await request.get("/v1/api/health")).status()).toBe(200);
  await form.getByRole("button", { name: "Save switches" }).click();
  await form.getByRole("button", { name: "Yes, switch the public API off" }).click();
  await expect(form.getByRole("status")).toContainText("Switches saved");
  expect((await request.get("/v1/api/health")).status()).toBe(404);

  await staff.reload();
  await form.getByLabel("Public API on").check();
  await form.getByLabel("Reason").fill("maintenance over");
  await form.getByRole("button", { name: "Save switches" }).click();
  await form.getByRole("button", { name: "Yes, switch the public API on" }).click();
  await expect(form.getByRole("status")).toContainText("Switches saved");
  expect((await request.get("/v1/api/health")).status()).toBe(200);
});

test("lifting a key's suspension starts with an empty reason", async () => {
  // Staff's own project and key, made through the portal.
  await staff.goto("/developers/new");
  await staff.getByLabel("Project name").fill("Suspension project");
  await staff.getByRole("button", { name: "Create project" }).click();
  await expect(staff).toHaveURL(/\/developers\/prj_[a-z0-9]+\/keys$/);
  const projectId = staff.url().split("/")[4];
  const keyForm = staff.getByRole("form", { name: "Create a key" });
  await keyForm.getByLabel("Name").fill("Suspendable");
  await keyForm.getByLabel("contract:read").check();
  await keyForm.getByRole("button", { name: "Create key" }).click();
  await staff.getByRole("button", { name: "I have stored the key" }).click();

  await staff.goto(`/staff/projects/${projectId}`);
  const card = staff.getByTestId("key-card").filter({ has: staff.getByRole("heading", { name: "Suspendable", exact: true }) });
  await expect(card.getByText("Suspension reason (shown to the owner) (required)")).toBeVisible();
  await card.getByLabel("Suspension reason").fill("Unusual traffic");
  await card.getByRole("button", { name: "Suspend key" }).click();
  await expect(card.getByTestId("key-state")).toHaveText("Suspended");
  await expect(card.getByLabel("Why lift the suspension")).toHaveValue("");
  await card.getByRole("button", { name: "Unsuspend key" }).click();
  await expect(card.getByTestId("key-state")).toHaveText("Active");
  const lifted = await withDb(async (client) => (await client.query("SELECT reason FROM audit_log WHERE action = 'key.unsuspend' ORDER BY created_at DESC LIMIT 1")).rows[0]);
  expect(lifted.reason).toBeNull();
});
