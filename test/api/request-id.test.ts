// Request ids: `req_` + 10 time characters + 16 random ones, Crockford base32, so they
// sort by time and never repeat, also across refills of the random pool behind them.
import { describe, expect, it } from "vitest";
import { newRequestId } from "@/lib/api-contract/respond";

describe("newRequestId", () => {
  it("is req_ and 26 Crockford base32 characters, the first ten encoding the time", () => {
    const id = newRequestId(Date.UTC(2026, 10, 22, 12));
    expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    const decoded = [...id.slice(4, 14)].reduce((value, char) => value * 32 + "0123456789ABCDEFGHJKMNPQRSTVWXYZ".indexOf(char), 0);
    expect(decoded).toBe(Date.UTC(2026, 10, 22, 12));
  });

  it("never repeats over many refills of the random pool, and sorts by time", () => {
    const ids = Array.from({ length: 20_000 }, (_, i) => newRequestId(1_700_000_000_000 + Math.floor(i / 100)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.slice(14))).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a.slice(0, 14).localeCompare(b.slice(0, 14)))).toEqual(ids);
  });
});
