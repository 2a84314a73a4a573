// The doors a tester found around sign-in, in Chromium on the production build: a signed-in
// user sent to /sign-in with a crafted callbackUrl (tab, newline, carriage return, backslash,
// dot segments, encoded forms) stays on this site and never meets a 500; the session endpoint
// hands no script the session token. Any request to another host is aborted and recorded, so
// the test fails without leaving loopback.
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { signIn, signInLinkFor } from "./support/helpers";

const variants = [
  "%2F%09%2Fevil.example%2Fphish",
  "%2F%0A%2Fevil.example%2Fphish",
  "%2F%0D%2Fevil.example%2Fphish",
  "%2F%0D%0A%2Fevil.example",
  "%2F%5Cevil.example",
  "%2F%5C%2Fevil.example",
  "%2F%09%5Cevil.example",
  "%5C%2Fevil.example",
  "%2F.%2F%2Fevil.example",
  "%2F..%2F%2Fevil.example",
  "%2F%252F%252Fevil.example",
  "%2F%2509%2Fevil.example",
  "https%3A%2F%2Fevil.example",
  "%2F%2Fevil.example",
];

test("a signed-in user is never sent to another host by a crafted callbackUrl, and never meets a 500", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const offSite: string[] = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.host !== new URL(baseURL!).host) {
      offSite.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  const page = await context.newPage();
  await signIn(page, `doors-${randomBytes(3).toString("hex")}@example.com`);
  for (const variant of variants) {
    const response = await page.goto(`/sign-in?callbackUrl=${variant}`);
    expect(response?.status(), variant).toBeLessThan(500);
    expect(new URL(page.url()).host, variant).toBe(new URL(baseURL!).host);
  }
  // The plain case still returns where it was asked to.
  await page.goto("/sign-in?callbackUrl=%2Fdevelopers%2Fcards");
  expect(new URL(page.url()).pathname).toBe("/developers/cards");
  expect(offSite).toEqual([]);
  await context.close();
});

test("GET /api/auth/session shows the user and the expiry, never the session token", async ({ page }) => {
  const email = `session-body-${randomBytes(3).toString("hex")}@example.com`;
  await signIn(page, email);
  const token = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("authjs.session-token"))!.value;
  const body = await page.evaluate(async () => (await fetch("/api/auth/session")).json());
  expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
  expect(body.user.email).toBe(email);
  expect(JSON.stringify(body)).not.toContain(token);
});

test("a sign-in body far over the limit is refused unread with 413", async ({ request }) => {
  const response = await request.post("/api/auth/signin/email", { data: "email=" + "a".repeat(64 * 1024), headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(response.status()).toBe(413);
});

test("a client's own X-Forwarded-Proto and X-Forwarded-Host do not change the mailed link (TRUST_PROXY unset)", async ({ request, baseURL }) => {
  const email = `forwarded-${randomBytes(3).toString("hex")}@example.com`;
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/signin/email", {
    form: { email, csrfToken, callbackUrl: "/developers" },
    headers: { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", "x-forwarded-port": "443" },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
  const link = await signInLinkFor(email, 0);
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);
});
