// One e-mail rule for sign-in, the operator CLI and the staff area.
import { describe, expect, it } from "vitest";
import { emailAddressSchema, parseEmailAddress } from "@/lib/accounts/email-address";

describe("e-mail addresses", () => {
  it("accepts what Auth.js sends links to, local test domains included, normalised", () => {
    expect(parseEmailAddress("  You@Example.COM ")).toEqual({ ok: true, email: "you@example.com" });
    for (const good of ["demo@localhost", "staff@localhost", "a+tag@sub.example.co.uk", "o'neil@example.com"]) expect(emailAddressSchema.safeParse(good).success, good).toBe(true);
  });

  it("refuses the rest with one message a person can act on", () => {
    for (const bad of [
      "",
      "plain",
      "two@@example.com",
      "a b@example.com",
      "@example.com",
      "me@",
      'q"uote@example.com',
      "a@b,c",
      42,
      null,
      "<img src=x>@example.com",
      "<img>@example.com",
      "a(b)@example.com",
      "a\\b@example.com",
      "a;b@example.com",
      "a:b@example.com",
      "a@[127.0.0.1]",
      "a\uFF20evil.example@example.com",
    ]) {
      expect(parseEmailAddress(bad), String(bad)).toEqual({ ok: false, error: "Enter an e-mail address such as you@example.com." });
    }
    // Compatibility forms fold to what they look like (NFKC) before the rule applies.
    expect(parseEmailAddress("\uFF41@example.com")).toEqual({ ok: true, email: "a@example.com" });
    expect(parseEmailAddress(`${"a".repeat(250)}@example.com`)).toEqual({ ok: false, error: "That e-mail address is too long." });
  });
});
