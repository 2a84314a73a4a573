import { describe, expect, it } from "vitest";
import { ipAllowed, isValidIpEntry, isValidOriginEntry, originAllowed, splitListText } from "@/lib/keys/allow-lists";
import { apiKeyFromHeaders, generateApiKey, hashApiKey, isWellFormedApiKey, maskApiKey } from "@/lib/keys/api-key";

describe("origin allow list", () => {
  const list = ["https://app.example.com", "https://*.example.org", "partner.io", "http://localhost:3000"];
  it.each([
    ["https://app.example.com", true],
    ["http://app.example.com", false],
    ["https://a.example.org", true],
    ["https://deep.a.example.org", true],
    ["https://example.org", false],
    ["https://example.org.evil.io", false],
    ["http://partner.io", true],
    ["https://partner.io", true],
    ["https://partner.io:8443", false],
    ["http://localhost:3000", true],
    ["http://localhost:3001", false],
    [null, false],
    // Not origins at all: a path, user info, a trailing slash, a default port written out.
    ["https://app.example.com/path", false],
    ["https://evil.com@app.example.com", false],
    ["https://app.example.com/", false],
    ["https://app.example.com:443", false],
    ["https://app.example.com?x=1", false],
    ["HTTPS://APP.EXAMPLE.COM", true],
  ])("%s → %s", (origin, allowed) => {
    expect(originAllowed(origin, list)).toBe(allowed);
  });
  it("an empty list allows everything; malformed entries are refused at creation", () => {
    expect(originAllowed(null, [])).toBe(true);
    expect(["https://*.x.com", "x.com", "http://localhost:3000"].every(isValidOriginEntry)).toBe(true);
    expect(["*", "https://*", "ftp://x.com", "https://x.com/path", "not a host"].some(isValidOriginEntry)).toBe(false);
  });
});

it("splits a typed list the same way for the portal and the CLI: commas and line breaks, never spaces", () => {
  expect(splitListText("not a url")).toEqual(["not a url"]);
  expect(isValidOriginEntry(splitListText("not a url")[0])).toBe(false);
  expect(splitListText("https://a.example, https://b.example\r\nhttps://c.example\n")).toEqual(["https://a.example", "https://b.example", "https://c.example"]);
});

describe("IP allow list", () => {
  const list = ["203.0.113.7", "10.0.0.0/8", "2001:db8::/32", "::1"];
  it.each([
    ["203.0.113.7", true],
    ["203.0.113.8", false],
    ["10.255.3.4", true],
    ["11.0.0.1", false],
    ["::ffff:10.1.2.3", true],
    ["2001:db8:1::5", true],
    ["2001:db9::5", false],
    ["::1", true],
    [null, false],
  ])("%s → %s", (ip, allowed) => {
    expect(ipAllowed(ip, list)).toBe(allowed);
  });
  it("validates entries", () => {
    expect(["1.2.3.4", "1.2.3.0/24", "::/0", "fe80::1/64"].every(isValidIpEntry)).toBe(true);
    expect(["1.2.3.4/33", "1.2.3", "::/129", "10.0.0.0/8/1", "example.com"].some(isValidIpEntry)).toBe(false);
  });
});

describe("API keys", () => {
  it("have a typed prefix and 32 base62 characters, and are stored only as SHA-256", () => {
    const live = generateApiKey("live");
    const test = generateApiKey("test");
    expect(live).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    expect(test).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(isWellFormedApiKey(live) && isWellFormedApiKey(test)).toBe(true);
    expect(isWellFormedApiKey("svc_prod_" + "a".repeat(32))).toBe(false);
    expect(hashApiKey(live)).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Array.from({ length: 1000 }, () => generateApiKey("live"))).size).toBe(1000);
    expect(maskApiKey("live", live.slice(-4))).toBe(`svc_live_${"*".repeat(28)}${live.slice(-4)}`);
  });
  it("are read from X-API-Key or Authorization: Bearer", () => {
    expect(apiKeyFromHeaders(new Headers({ "x-api-key": "svc_live_x" }))).toBe("svc_live_x");
    expect(apiKeyFromHeaders(new Headers({ authorization: "Bearer svc_test_y" }))).toBe("svc_test_y");
    expect(apiKeyFromHeaders(new Headers({ authorization: "Basic abc" }))).toBeNull();
  });
});
