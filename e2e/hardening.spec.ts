// Portal hardening on the production build: anti-framing and basic hardening headers
// on sign-in, portal pages and the API; the session cookie's token is not in the
// sessions table (only its SHA-256 is), and the session works.
import { createHash, randomBytes } from "node:crypto";
import { expect, test, type APIResponse, type Response } from "@playwright/test";
import { signIn, withDb } from "./support/helpers";

const email = `hardening-${randomBytes(3).toString("hex")}@example.com`;

function expectHardened(response: Response | APIResponse | null) {
  expect(response).not.toBeNull();
  const headers = response!.headers();
  expect({
    csp: headers["content-security-policy"],
    frame: headers["x-frame-options"],
    sniff: headers["x-content-type-options"],
    referrer: headers["referrer-policy"],
  }).toEqual({ csp: "frame-ancestors 'none'", frame: "DENY", sniff: "nosniff", referrer: "same-origin" });
}

test("sign-in, portal pages and the API send anti-framing and hardening headers", async ({ page, request }) => {
  expectHardened(await page.goto("/sign-in"));
  await signIn(page, email);
  expectHardened(await page.goto("/developers"));
  expectHardened(await request.get("/v1/api/health"));
  // A framing attempt from another origin is refused by the browser.
  // (setContent waits for the load event, which waits for the frame; without the headers the form would be there.)
  await page.setContent(`<iframe id="framed" src="${new URL("/sign-in", page.url()).href}"></iframe>`, { waitUntil: "load" });
  expect(await page.frameLocator("#framed").getByLabel("E-mail address").count()).toBe(0);
});

test("the sessions table holds the SHA-256 of the session cookie's token, never the token; the session works", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const who = `session-${randomBytes(3).toString("hex")}@example.com`;
  await signIn(page, who);
  const cookie = (await context.cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(cookie?.value).toBeTruthy();
  // Served over plain http here (AUTH_URL http, no trusted proxy): the cookie is not Secure, and HttpOnly.
  expect({ secure: cookie!.secure, httpOnly: cookie!.httpOnly }).toEqual({ secure: false, httpOnly: true });
  const stored = await withDb(async (client) =>
    (await client.query<{ session_token: string }>("SELECT s.session_token FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1", [who])).rows.map((r) => r.session_token),
  );
  expect(stored).toEqual([createHash("sha256").update(cookie!.value).digest("hex")]);
  const plain = await withDb(async (client) => Number((await client.query("SELECT count(*) FROM sessions WHERE session_token = $1", [cookie!.value])).rows[0].count));
  expect(plain).toBe(0);
  // A new page load reads the session through the hash.
  await page.goto("/developers");
  await expect(page.getByTestId("signed-in-as")).toHaveText(who);
  await context.close();
});
