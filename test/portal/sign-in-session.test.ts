// Sign-in through the real Auth.js handlers on PostgreSQL: an e-mail link, the
// session cookie it sets, and the session behind it. The sessions table holds only
// the SHA-256 of the cookie's token, and the session still works (read, then sign
// out). The cookie is Secure when the portal is served over https: AUTH_URL says
// so, or a trusted proxy's X-Forwarded-Proto does; a client's own header is not believed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { handlers } from "@/lib/auth/auth";
import { hashSessionToken } from "@/lib/auth/adapter";
import { secureCookies } from "@/lib/auth/secure-cookies";
import { signInLinkPolicies } from "@/lib/rate-limit/policies";
import { peerAddressHeader, peerSecret, peerSecretHeader } from "@/lib/server/client-address";
import { openPortalDatabase, usePortal } from "./support/world";

const outbox = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-")), "outbox.jsonl");
const savedEnv = { ...process.env };

type Cookie = { name: string; value: string; attributes: string[] };

/** A browser's cookie jar, enough for Auth.js: name → value, with the last Set-Cookie attributes kept for inspection. */
class Browser {
  cookies = new Map<string, Cookie>();
  constructor(private readonly headers: Record<string, string> = {}) {}

  async request(pathname: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers(this.headers);
    headers.set("cookie", [...this.cookies.values()].map((c) => `${c.name}=${c.value}`).join("; "));
    let body: string | undefined;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const url = new URL(pathname, "http://localhost");
    const method = init.method ?? "GET";
    const response = await (method === "POST" ? handlers.POST : handlers.GET)(new Request(url, { method, headers, body }) as never);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const cookie = { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
      if (cookie.value === "" || attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a))) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie);
    }
    return response;
  }

  sessionCookie(): Cookie | undefined {
    return [...this.cookies.values()].find((c) => c.name.endsWith("authjs.session-token"));
  }

  async signIn(email: string) {
    const { csrfToken } = (await (await this.request("/api/auth/csrf")).json()) as { csrfToken: string };
    const sent = fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").trim().split("\n").filter(Boolean).length : 0;
    const asked = await this.request("/api/auth/signin/email", { method: "POST", form: { csrfToken, email, callbackUrl: "/developers" } });
    expect(asked.status).toBe(302);
    const lines = fs.readFileSync(outbox, "utf8").trim().split("\n").filter(Boolean);
    expect(lines.length).toBe(sent + 1);
    const link = new URL((JSON.parse(lines[lines.length - 1]) as { url: string }).url);
    const landed = await this.request(link.pathname + link.search);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toMatch(/\/developers$/);
    return csrfToken;
  }
}

/** A caller at `address` as our server stamps it (scripts/serve.ts), so the per-client limit can tell callers apart. */
const fromClient = (address: string) => ({ [peerAddressHeader]: address, [peerSecretHeader]: peerSecret() });

function outboxLines(): number {
  return fs.existsSync(outbox) ? fs.readFileSync(outbox, "utf8").trim().split("\n").filter(Boolean).length : 0;
}

/** Asks Auth.js's own route for a link, as a script would (CSRF token first), and returns where it was sent. */
async function askForLink(browser: Browser, email: string): Promise<string> {
  const { csrfToken } = (await (await browser.request("/api/auth/csrf")).json()) as { csrfToken: string };
  const asked = await browser.request("/api/auth/signin/email", { method: "POST", form: { csrfToken, email, callbackUrl: "/developers" } });
  expect(asked.status).toBe(302);
  return new URL(asked.headers.get("location")!).pathname + new URL(asked.headers.get("location")!).search;
}

describe("sign-in sessions", () => {
  let db: Db;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
    usePortal(db);
  });
  afterEach(() => {
    for (const name of ["AUTH_URL", "NEXTAUTH_URL", "TRUST_PROXY"]) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
  });
  afterAll(async () => {
    // Put the values back, never another object in process.env's place: a worker thread started
    // later copies the process's real environment, which would no longer hear what tests set.
    for (const name of ["AUTH_SECRET", "AUTH_EMAIL_OUTBOX"]) {
      if (savedEnv[name] === undefined) delete process.env[name];
      else process.env[name] = savedEnv[name];
    }
    await close();
  });

  function configure(env: Record<string, string | undefined>) {
    process.env.AUTH_SECRET = "test-secret-for-sign-in-sessions";
    process.env.AUTH_EMAIL_OUTBOX = outbox;
    delete process.env.AUTH_URL;
    delete process.env.NEXTAUTH_URL;
    delete process.env.TRUST_PROXY;
    for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
  }

  it("stores only the hash of the session token; the cookie's token still opens the session and signs out", async () => {
    configure({});
    const email = `hash-${randomBytes(3).toString("hex")}@example.com`;
    const browser = new Browser();
    const csrfToken = await browser.signIn(email);
    const cookie = browser.sessionCookie()!;
    expect(cookie.name).toBe("authjs.session-token");
    expect(cookie.attributes.map((a) => a.toLowerCase())).not.toContain("secure");

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const rows = await db.$queryRaw<Array<{ session_token: string }>>`SELECT session_token FROM sessions WHERE user_id = ${user.id}`;
    expect(rows).toEqual([{ session_token: hashSessionToken(cookie.value) }]);
    const anywhere = await db.$queryRaw<Array<{ count: bigint }>>`SELECT count(*) FROM sessions WHERE session_token = ${cookie.value}`;
    expect(Number(anywhere[0].count)).toBe(0);

    const session = await (await browser.request("/api/auth/session")).json();
    expect(session).toMatchObject({ user: { email, id: user.id } });
    // The hash itself, sent as a cookie, is nobody's session.
    const thief = new Browser();
    thief.cookies.set(cookie.name, { ...cookie, value: rows[0].session_token });
    expect(await (await thief.request("/api/auth/session")).json()).toBeNull();

    const out = await browser.request("/api/auth/signout", { method: "POST", form: { csrfToken } });
    expect(out.status).toBe(302);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(browser.sessionCookie()).toBeUndefined();
  });

  it("answers GET /api/auth/session with the user and the expiry only, never the session token", async () => {
    configure({});
    const email = `body-${randomBytes(3).toString("hex")}@example.com`;
    const browser = new Browser();
    await browser.signIn(email);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const body = (await (await browser.request("/api/auth/session")).json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
    expect(body.user).toEqual({ id: user.id, email, name: null });
    expect(new Date(body.expires as string).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(JSON.stringify(body)).not.toContain(browser.sessionCookie()!.value);
  });

  it("limits links asked through Auth.js's own route per address, as the sign-in page does", async () => {
    configure({});
    const email = `flood-${randomBytes(3).toString("hex")}@example.com`;
    const browser = new Browser(fromClient("198.51.100.7"));
    const limit = signInLinkPolicies.address.windows[0].limit;
    const before = outboxLines();
    for (let i = 0; i < limit; i++) expect(await askForLink(browser, email)).toMatch(/\/verify-request\?provider=email/);
    expect(await askForLink(browser, email)).toMatch(/^\/sign-in\?error=too-many-links&retry=\d+$/);
    expect(await askForLink(browser, email.toUpperCase())).toMatch(/^\/sign-in\?error=too-many-links/);
    expect(outboxLines()).toBe(before + limit);
    expect(await db.verificationToken.count({ where: { identifier: email } })).toBe(limit);
  });

  it("limits links per client address across many addresses, so one machine cannot sign up without end", async () => {
    configure({});
    const browser = new Browser(fromClient("198.51.100.8"));
    const tag = randomBytes(3).toString("hex");
    const limit = signInLinkPolicies.client().windows[0].limit;
    for (let i = 0; i < limit; i++) expect(await askForLink(browser, `farm-${tag}-${i}@example.com`)).toMatch(/\/verify-request\?provider=email/);
    expect(await askForLink(browser, `farm-${tag}-last@example.com`)).toMatch(/^\/sign-in\?error=too-many-links/);
    expect(await db.verificationToken.count({ where: { identifier: `farm-${tag}-last@example.com` } })).toBe(0);
    // Another client is not held by this one's budget.
    expect(await askForLink(new Browser(fromClient("198.51.100.9")), `farm-${tag}-other@example.com`)).toMatch(/\/verify-request\?provider=email/);
  });

  it("applies the project's e-mail rule on Auth.js's own route: no link, no token for a malformed address", async () => {
    configure({});
    const browser = new Browser(fromClient("198.51.100.10"));
    const before = outboxLines();
    for (const bad of ["a b@example.com", "<img src=x>@example.com", "<img>@example.com", "a\uFF20evil.example@example.com", "x@example.com,y@example.com"]) {
      expect(await askForLink(browser, bad), bad).toBe("/sign-in?error=invalid-email");
    }
    expect(outboxLines()).toBe(before);
    expect(await db.verificationToken.count({ where: { OR: [{ identifier: { contains: "<" } }, { identifier: { contains: " " } }, { identifier: { contains: "evil" } }] } })).toBe(0);
  });

  it("sweeps expired verification tokens when a new link is made", async () => {
    configure({});
    const stale = `stale-${randomBytes(3).toString("hex")}@example.com`;
    await db.verificationToken.create({ data: { identifier: stale, token: randomBytes(16).toString("hex"), expires: new Date(Date.now() - 60_000) } });
    await askForLink(new Browser(fromClient("198.51.100.11")), `fresh-${randomBytes(3).toString("hex")}@example.com`);
    expect(await db.verificationToken.count({ where: { identifier: stale } })).toBe(0);
  });

  it("sets a Secure cookie behind a trusted TLS-terminating proxy, and the session works there", async () => {
    configure({ TRUST_PROXY: "1" });
    const email = `proxy-${randomBytes(3).toString("hex")}@example.com`;
    const browser = new Browser({ "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" });
    await browser.signIn(email);
    const cookie = browser.sessionCookie()!;
    expect(cookie.name).toBe("__Secure-authjs.session-token");
    expect(cookie.attributes.map((a) => a.toLowerCase())).toContain("secure");
    expect(await (await browser.request("/api/auth/session")).json()).toMatchObject({ user: { email } });
  });

  it("does not believe a client's own X-Forwarded-Proto without TRUST_PROXY", async () => {
    configure({});
    const browser = new Browser({ "x-forwarded-proto": "https" });
    await browser.signIn(`direct-${randomBytes(3).toString("hex")}@example.com`);
    expect(browser.sessionCookie()!.name).toBe("authjs.session-token");
  });

  it("decides Secure from AUTH_URL first, then from the trusted proxy's scheme", () => {
    const forwarded = (value: string) => new Headers({ "x-forwarded-proto": value });
    const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;
    expect(secureCookies(null, env({ AUTH_URL: "https://api.example.com" }))).toBe(true);
    expect(secureCookies(forwarded("http"), env({ AUTH_URL: "https://api.example.com" }))).toBe(true);
    expect(secureCookies(null, env({ AUTH_URL: "http://localhost:3000" }))).toBe(false);
    expect(secureCookies(forwarded("https"), env({}))).toBe(false);
    expect(secureCookies(forwarded("https"), env({ TRUST_PROXY: "false" }))).toBe(false);
    expect(secureCookies(forwarded("https"), env({ TRUST_PROXY: "true" }))).toBe(true);
    expect(secureCookies(forwarded("http"), env({ TRUST_PROXY: "true" }))).toBe(false);
    expect(secureCookies(new Headers(), env({ TRUST_PROXY: "1" }))).toBe(false);
    // An appending proxy after a client that claimed https: the proxy's own entry wins.
    expect(secureCookies(forwarded("https, http"), env({ TRUST_PROXY: "1" }))).toBe(false);
    expect(secureCookies(forwarded("http, https"), env({ TRUST_PROXY: "1" }))).toBe(true);
    // Two trusted proxies: the outer one's view (two from the right) decides.
    expect(secureCookies(forwarded("https, http"), env({ TRUST_PROXY: "2" }))).toBe(true);
    expect(secureCookies(forwarded("HTTPS"), env({ TRUST_PROXY: "2" }))).toBe(true);
  });
});
