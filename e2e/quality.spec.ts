// The portal's quality bar in a real browser: nothing overflows sideways on a phone and the
// tabs stay reachable, dark mode follows the system with readable contrast, and the key form
// and its confirmations work from the keyboard with a visible focus ring.
import { randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { shot, signIn } from "./support/helpers";

test.describe.configure({ mode: "serial" });

const email = `quality-${randomBytes(3).toString("hex")}@example.com`;
let context: BrowserContext;
let page: Page;
let projectId: string;

const tabs = ["quickstart", "keys", "endpoints", "usage"] as const;

/** WCAG relative luminance of an [r, g, b] colour (0–255). */
function luminance([red, green, blue]: number[]): number {
  const [r, g, b] = [red, green, blue].map((part) => {
    const c = part / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: number[], b: number[]) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  await signIn(page, email);
  await page.getByLabel("Project name").fill("Quality project");
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/developers\/prj_[a-z0-9]+\/keys$/);
  projectId = page.url().split("/")[4];
});
test.afterAll(async () => context?.close());

test("on a phone, no page overflows sideways and every tab stays reachable", async () => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const tab of tabs) {
    await page.goto(`/developers/${projectId}/${tab}`);
    await expect(page.getByRole("navigation", { name: "Project sections" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect({ tab, overflow }).toEqual({ tab, overflow: 0 });
    for (const other of tabs) {
      await expect(page.getByRole("navigation", { name: "Project sections" }).getByRole("link", { name: new RegExp(`^${other}$`, "i") })).toBeVisible();
    }
    await shot(page, `mobile-${tab}`);
  }
  await page.goto("/developers/cards");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 900 });
});

test("dark mode follows the system: dark surfaces, readable text", async () => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/developers/${projectId}/keys`);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const { background, text, muted, mutedBackground } = await page.evaluate(() => {
    // Computed colours may be oklch(); painting one pixel gives its sRGB value.
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgb = (color: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      return [...paint.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const body = getComputedStyle(document.body);
    const heading = document.querySelector("h1, h2") as HTMLElement;
    const signedIn = document.querySelector('[data-testid="signed-in-as"]') as HTMLElement;
    let bar: HTMLElement | null = signedIn;
    while (bar && getComputedStyle(bar).backgroundColor === "rgba(0, 0, 0, 0)") bar = bar.parentElement;
    return { background: rgb(body.backgroundColor), text: rgb(getComputedStyle(heading).color), muted: rgb(getComputedStyle(signedIn).color), mutedBackground: rgb(bar ? getComputedStyle(bar).backgroundColor : body.backgroundColor) };
  });
  expect(luminance(background)).toBeLessThan(0.05);
  expect(contrast(text, background)).toBeGreaterThanOrEqual(7);
  expect(contrast(muted, mutedBackground)).toBeGreaterThanOrEqual(4.5);
  await shot(page, "dark-keys");
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

test("the key form works from the keyboard, with a visible focus ring", async () => {
  await page.goto(`/developers/${projectId}/keys`);
  const form = page.getByRole("form", { name: "Create a key" });
  await form.getByLabel("Name").focus();
  await page.keyboard.type("Keyboard key");
  // Tab forward to the first permission and tick it with the space bar.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    if (await form.getByLabel("intel:read").evaluate((el) => el === document.activeElement)) break;
  }
  await expect(form.getByLabel("intel:read")).toBeFocused();
  const ring = await form.getByLabel("intel:read").evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(ring).not.toBe("none");
  await page.keyboard.press("Space");
  await expect(form.getByLabel("intel:read")).toBeChecked();
  // Enter in a text field submits the form.
  await form.getByLabel("Name").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("key-reveal")).toContainText("cannot be shown again");
  const dismiss = page.getByRole("button", { name: "I have stored the key" });
  await dismiss.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("key-reveal")).toHaveCount(0);
});

test("a confirmation opens on the choice, Escape cancels it, and focus returns to its button", async () => {
  const card = page.getByTestId("key-card").filter({ has: page.getByRole("heading", { name: "Keyboard key", exact: true }) });
  const revoke = card.getByRole("button", { name: "Revoke" });
  await revoke.focus();
  await page.keyboard.press("Enter");
  await expect(card.getByRole("button", { name: "Yes, revoke" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(card.getByRole("group", { name: "Confirm revoke" })).toHaveCount(0);
  await expect(revoke).toBeFocused();
  await expect(card.getByTestId("key-state")).toHaveText("Active");
});
