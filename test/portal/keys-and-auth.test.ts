// Small steps of the portal, each alone: the key form's validation (the CLI's
// schema, messages placed by field), key states, return paths, the sign-in
// secret and link delivery, the adapter's user creation and the demo seed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi, inject } from "vitest";
import type { Db } from "@/lib/db/client";
import { deliverSignInLink } from "@/lib/auth/email";
import { hashApiKey } from "@/lib/keys/api-key";
import { authSecret, forgetAuthSecret } from "@/lib/auth/secret";
import { portalAdapter } from "@/lib/auth/adapter";
import { PortalInputError } from "@/lib/portal/errors";
import { keyFormSchema, keyOptionsFromForm, keyState, validateKeyOptions } from "@/lib/portal/keys";
import { splitListText as splitList } from "@/lib/keys/allow-lists";
import { safeReturnPath } from "@/lib/auth/return-path";
import { demoAccounts, seedDemoAccounts, seedDemoCards } from "@/lib/portal/seed";
import { demoDiscoverCards } from "@/demo-chain";
import type { CardTokenReader } from "@/lib/metadata/card-token";
import { openPortalDatabase } from "./support/world";
import { captureServerLog } from "../support/log-capture";

function formErrors(form: Record<string, unknown>): Record<string, string> {
  try {
    validateKeyOptions(keyOptionsFromForm(keyFormSchema.parse({ projectId: "prj_x", mode: "live", permissions: ["intel:read"], ...form })));
    return {};
  } catch (error) {
    if (error instanceof PortalInputError) return error.fieldErrors;
    return { thrown: (error as Error).message };
  }
}

describe("key creation form", () => {
  it("accepts a full set of restrictions", () => {
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(formErrors({ name: "prod", rateLimitPerHour: "500", allowedChains: ["eth"], expiresAt: future, allowedOrigins: "https://app.example.com\nhttps://*.example.com", allowedIps: "10.0.0.0/8, 2001:db8::/32" })).toEqual({});
  });

  it("explains each refusal next to its field", () => {
    expect(formErrors({ permissions: [] }).permissions).toBe("permissions: choose at least one.");
    expect(formErrors({ mode: "staging" }).mode).toBe("mode must be live or test.");
    expect(formErrors({ rateLimitPerHour: "5000" }).rateLimitPerHour).toBe("hourly limit cannot exceed the basic tier's 1000.");
    expect(formErrors({ rateLimitPerHour: "1.5" }).rateLimitPerHour).toBe("hourly limit must be a whole number.");
    expect(formErrors({ allowedChains: ["ethereum"] }).allowedChains).toBe("networks: each must be eth, base or bsc.");
    expect(formErrors({ expiresAt: "2001-01-01" }).expiresAt).toBe("expiry must be in the future.");
    expect(formErrors({ expiresAt: "next week" }).thrown).toBe("expiry must be a date such as 2030-12-31.");
    expect(formErrors({ allowedOrigins: "ftp://x" }).allowedOrigins).toMatch(/^origin ftp:\/\/x is not an origin/);
    // The CLI refused it; the form once saved it as three origins (not, a, url).
    expect(formErrors({ allowedOrigins: "not a url" }).allowedOrigins).toMatch(/^origin not a url is not an origin/);
    expect(formErrors({ allowedIps: "10.0.0.300" }).allowedIps).toMatch(/^IP entry 10\.0\.0\.300 is not an address or CIDR range/);
  });

  it("reports every bad entry of the origin and IP lists at once, and only the bad ones", () => {
    const errors = formErrors({ allowedOrigins: "https://ok.example.com\nftp://x\nhttps://*.fine.example\nhttp://bad_host\n*", allowedIps: "10.0.0.1, 10.0.0.300, ::1, 1.2.3.4/33, nonsense" });
    expect(errors.allowedOrigins).toBe("origins ftp://x, http://bad_host and * are not origins such as https://app.example.com or https://*.example.com.");
    expect(errors.allowedIps).toBe("IP entries 10.0.0.300, 1.2.3.4/33 and nonsense are not addresses or CIDR ranges (for example 203.0.113.7, 10.0.0.0/8, 2001:db8::/32).");
    // Both lists at once too: neither hides the other.
    expect(Object.keys(errors).sort()).toEqual(["allowedIps", "allowedOrigins"]);
  });

  it("never lets the form pick a tier or an arrangement", () => {
    const options = keyOptionsFromForm(keyFormSchema.parse({ projectId: "p", mode: "live", permissions: ["intel:read"], tier: "pro", accessMode: "partner" }));
    expect(options).toMatchObject({ tier: "basic", accessMode: "paid" });
  });

  it("gives test keys no hourly limit of their own (they run on the sandbox budget)", () => {
    expect(keyOptionsFromForm(keyFormSchema.parse({ projectId: "p", mode: "test", permissions: ["intel:read"], rateLimitPerHour: "10" })).rateLimitPerHour).toBeUndefined();
  });

  it("splits lists on lines, commas and spaces", () => {
    // Commas and line breaks separate entries; spaces do not, so "not a url" stays one (bad) entry.
    expect(splitList(" a, b\nc  d ,\n")).toEqual(["a", "b", "c  d"]);
    expect(splitList("not a url")).toEqual(["not a url"]);
  });

  it("names key states in the order the API checks them", () => {
    const now = new Date();
    const past = new Date(now.getTime() - 1000);
    expect(keyState({ status: "active", rotatedToId: "k2", expiresAt: null }, { status: "active" }, now)).toBe("rotated");
    expect(keyState({ status: "revoked", rotatedToId: null, expiresAt: null }, { status: "suspended" }, now)).toBe("revoked");
    expect(keyState({ status: "suspended", rotatedToId: null, expiresAt: null }, { status: "archived" }, now)).toBe("disabled");
    expect(keyState({ status: "active", rotatedToId: null, expiresAt: past }, { status: "active" }, now)).toBe("expired");
    expect(keyState({ status: "suspended", rotatedToId: null, expiresAt: null }, { status: "active" }, now)).toBe("suspended");
  });
});

describe("sign-in", () => {
  it("returns only to paths on this site", () => {
    expect(safeReturnPath("/developers/prj_1/keys")).toBe("/developers/prj_1/keys");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", undefined, 42]) expect(safeReturnPath(bad)).toBe("/developers");
  });

  it("resolves return paths as a browser would: tabs, newlines, backslashes and dot segments never reach another host", () => {
    for (const bad of ["/\t/evil.example/phish", "/\n/evil.example", "/\r/evil.example", "/\r\n/evil.example", "/\\/evil.example", "/\t\\evil.example", "\\/evil.example", "/.//evil.example", "/..//evil.example", "/%2e//evil.example", "\t//evil.example"]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBe("/developers");
    }
    // Encoded forms stay encoded: a path segment, not a host. Control characters never reach a Location header raw.
    expect(safeReturnPath("/%09/evil.example")).toBe("/%09/evil.example");
    expect(safeReturnPath("/developers/%0d%0aSet-Cookie:x")).toBe("/developers/%0d%0aSet-Cookie:x");
    expect(safeReturnPath("/developers\r\nSet-Cookie: x=1")).toBe("/developersSet-Cookie:%20x=1");
    expect(safeReturnPath("/developers/prj_1/usage?key=k#top")).toBe("/developers/prj_1/usage?key=k#top");
  });

  it("keeps one generated secret in DATA_DIR when AUTH_SECRET is unset", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
    forgetAuthSecret();
    const first = authSecret({ NODE_ENV: "test", DATA_DIR: dir });
    forgetAuthSecret();
    expect(authSecret({ NODE_ENV: "test", DATA_DIR: dir })).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(fs.statSync(path.join(dir, "auth-secret")).mode & 0o077).toBe(0);
    expect(authSecret({ NODE_ENV: "test", DATA_DIR: dir, AUTH_SECRET: "configured" })).toBe("configured");
    forgetAuthSecret();
  });

  it("prints the link in one log line and, when asked, appends it to an outbox file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    const outbox = path.join(dir, "outbox.jsonl");
    const log = captureServerLog();
    try {
      await deliverSignInLink({ to: "x@example.com", url: "http://localhost/api/auth/callback/email?token=t", expires: "2030-01-01T00:00:00.000Z" }, { NODE_ENV: "test", AUTH_EMAIL_OUTBOX: outbox });
    } finally {
      log.restore();
    }
    expect(log.lines).toHaveLength(1);
    expect((JSON.parse(log.lines[0]!) as { msg: string }).msg).toMatch(/^sign-in: link for x@example\.com .*: http:\/\/localhost\/api\/auth\/callback\/email\?token=t$/);
    expect(JSON.parse(fs.readFileSync(outbox, "utf8").trim())).toMatchObject({ to: "x@example.com" });
  });
});

describe("accounts", () => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await openPortalDatabase());
  });
  afterAll(async () => close());

  it("creates signed-up users with our ids, a credit account and an audit entry", async () => {
    const adapter = portalAdapter(db);
    const user = await adapter.createUser!({ id: "ignored", email: "New@Example.com", emailVerified: null });
    expect(user.id).toMatch(/^usr_/);
    expect(user.email).toBe("new@example.com");
    expect(await db.creditAccount.findUnique({ where: { userId: user.id } })).not.toBeNull();
    expect(await db.auditLog.count({ where: { action: "user.sign_up", targetId: user.id } })).toBe(1);
  });

  it("seeds the demo accounts once", async () => {
    const lines: string[] = [];
    const first = await seedDemoAccounts(db, (line) => lines.push(line));
    const second = await seedDemoAccounts(db, (line) => lines.push(line));
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    const demo = await db.user.findUniqueOrThrow({ where: { email: demoAccounts.user }, include: { projects: { include: { keys: true } } } });
    expect(demo.projects).toHaveLength(1);
    expect(demo.projects[0].keys.map((k) => k.mode).sort()).toEqual(["live", "test"]);
    expect((await db.user.findUniqueOrThrow({ where: { email: demoAccounts.staff } })).role).toBe("staff");
    // The test key is shown masked only; the live key — the one the Quickstart's intelligence call
    // needs — is shown once, in the log line that names it, and it is the stored key.
    expect(lines.join("\n")).not.toMatch(/svc_test_[0-9A-Za-z]{32}/);
    if (!first.created) throw new Error("seeded twice");
    expect(lines.filter((line) => /svc_live_[0-9A-Za-z]{32}/.test(line))).toEqual([`demo: the demo live key, shown this once (rotate it on the Keys tab for a new one): ${first.liveKey}`]);
    const live = demo.projects[0].keys.find((k) => k.mode === "live")!;
    expect(live).toMatchObject({ id: first.liveKeyId, hash: hashApiKey(first.liveKey), status: "active", accessMode: "paid" });
    expect(live.permissions).toContain("contract:read");
  });

  it("publishes the demo's discover cards (each scenario's facts, each saying it is demo data) by demo@localhost, once", async () => {
    await seedDemoAccounts(db, () => undefined);
    const book = inject("demoChains").books.eth;
    const seeds = demoDiscoverCards(book);
    // The chain's own names, as the address book recorded them.
    const tokens = [book.scenarios.healthy.token, book.scenarios.lockedLiquidity.token, book.scenarios.timelockOwned.token, book.realTokens.scenarios.uniswapUni.token];
    const readToken: CardTokenReader = async (_chain, address) => {
      const token = tokens.find((entry) => entry.address.toLowerCase() === address.toLowerCase())!;
      return { name: token.name, symbol: token.symbol };
    };
    const lines: string[] = [];
    const published = await seedDemoCards(db, seeds, { readToken, log: (line) => lines.push(line) });
    expect(await seedDemoCards(db, seeds, { readToken, log: (line) => lines.push(line) })).toEqual([]);
    const cards = await db.discoverCard.findMany({ where: { token: { in: tokens.map((token) => token.address.toLowerCase()) } }, include: { publisher: true } });
    expect(cards.map((card) => card.id).sort()).toEqual(published.map((card) => card.id).sort());
    expect(cards.map((card) => card.tokenSymbol).sort()).toEqual(["HLTH", "LOCKED", "TLOCK", "UNI"]);
    for (const card of cards) {
      expect(card.publisher.email).toBe(demoAccounts.user);
      expect(card.bullets).toContain("Demo data: this token lives on the local demo chain");
    }
    expect(cards.find((card) => card.tokenSymbol === "LOCKED")!.hook).toContain("2030-01-01");
    expect(cards.find((card) => card.tokenSymbol === "TLOCK")!.hook).toContain("2 days");
    expect(lines).toEqual([`demo: published 4 discover cards (HLTH, LOCKED, TLOCK, UNI) as ${demoAccounts.user}`]);
  });
});
