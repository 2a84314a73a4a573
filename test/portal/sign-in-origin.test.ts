// Signing in from 127.0.0.1 (or any other name of the server): sent to the host the links and
// the cookie belong to, or told why not.
import { describe, expect, it } from "vitest";
import { signInOrigin } from "@/lib/portal/sign-in-origin";

describe("sign-in origin", () => {
  it("sends loopback aliases to localhost when no AUTH_URL is set (Next writes links for localhost)", () => {
    expect(signInOrigin("127.0.0.1:3000", undefined)).toEqual({ redirectTo: "http://localhost:3000" });
    expect(signInOrigin("[::1]:3000", undefined)).toEqual({ redirectTo: "http://localhost:3000" });
    expect(signInOrigin("localhost:3000", undefined)).toBeNull();
    expect(signInOrigin("portal.example.com", undefined)).toBeNull();
    expect(signInOrigin(null, undefined)).toBeNull();
  });

  it("sends loopback aliases to AUTH_URL's loopback host on the same port", () => {
    expect(signInOrigin("127.0.0.1:3971", "http://localhost:3971")).toEqual({ redirectTo: "http://localhost:3971" });
    expect(signInOrigin("localhost:3971", "http://localhost:3971")).toBeNull();
    expect(signInOrigin("LOCALHOST:3971", "http://localhost:3971")).toBeNull();
  });

  it("explains any other mismatch instead of redirecting somewhere it cannot vouch for", () => {
    const other = signInOrigin("127.0.0.1:3000", "https://portal.example.com");
    expect(other).toMatchObject({ origin: "https://portal.example.com" });
    expect(other && "notice" in other ? other.notice : "").toContain("not to 127.0.0.1:3000");
    expect(signInOrigin("127.0.0.1:4000", "http://localhost:3000")).toMatchObject({ origin: "http://localhost:3000" });
    // A malformed AUTH_URL is treated as none.
    expect(signInOrigin("127.0.0.1:3000", "not a url")).toEqual({ redirectTo: "http://localhost:3000" });
  });
});
