// An error keeps its code whichever copy of a module made it. The server holds several copies of
// the error modules (the server script's, Next's bundle, each intelligence thread's); an
// `insufficient_data` made by one and judged by another's `instanceof` became a 500. Here a
// second copy of each module stands for the other side (test/architecture/layers.test.ts keeps
// instanceof of them out of the code).
import { describe, expect, it, vi } from "vitest";
import { ApiError, isApiError } from "@/lib/errors/api-error";
import { isChainUnavailable } from "@/lib/chain/errors";
import { toApiError } from "@/lib/api-contract/respond";

async function secondCopies() {
  vi.resetModules();
  const apiError = await import("@/lib/errors/api-error");
  const chainErrors = await import("@/lib/chain/errors");
  vi.resetModules();
  return { OtherApiError: apiError.ApiError, OtherChainError: chainErrors.ChainUnavailableError };
}

describe("errors across copies of their modules", () => {
  it("an ApiError from another copy is known by its mark and keeps its code, status, message and headers", async () => {
    const { OtherApiError } = await secondCopies();
    expect(OtherApiError).not.toBe(ApiError);
    const made = new OtherApiError("insufficient_data", "No trades of this token by this wallet.");
    expect(made instanceof ApiError).toBe(false);
    expect(isApiError(made)).toBe(true);
    const answered = toApiError(made, "req_test");
    expect([answered.code, answered.status, answered.message]).toEqual(["insufficient_data", 422, "No trades of this token by this wallet."]);
    const limited = toApiError(new OtherApiError("rate_limited", undefined, { headers: { "retry-after": "7" } }), "req_test");
    expect([limited.status, limited.headers]).toEqual([429, { "retry-after": "7" }]);
  });

  it("a chain fault from another copy is 503 unavailable with its words and a Retry-After", async () => {
    const { OtherChainError } = await secondCopies();
    const fault = new OtherChainError("unreachable", "Base", "Base node did not answer: connection refused");
    expect(isChainUnavailable(fault)).toBe(true);
    const answered = toApiError(fault, "req_test");
    expect([answered.code, answered.status, answered.message, answered.headers]).toEqual(["unavailable", 503, "Base node did not answer: connection refused", { "retry-after": "5" }]);
    // A node that lacks what the read needs will not have it in seconds.
    expect(toApiError(new OtherChainError("not_configured", "Base", "Base is not configured"), "req_test").headers).toEqual({ "retry-after": "60" });
  });

  it("look-alikes are not API errors: an Error with a code, a mark with a code not in the table", () => {
    expect(isApiError(Object.assign(new Error("x"), { code: "insufficient_data" }))).toBe(false);
    const forged = Object.assign(new Error("x"), { code: "no_such_code", [Symbol.for("developer-intelligence-api.ApiError")]: true });
    expect(isApiError(forged)).toBe(false);
    expect(toApiError(forged, "req_test").code).toBe("internal_error");
  });
});
