// The TypeScript client hands the caller what an answer's headers say, as the server writes them
// (its own rateLimitHeaders): on a success under `apiResponse`, on a failure as ApiError.response;
// and the answer still serialises as the API's JSON.
import { describe, expect, it } from "vitest";
import { ApiError, apiResponse, DevIntelClient } from "@/clients/typescript/src/index";
import { rateLimitHeaders } from "@/lib/rate-limit/headers";

const now = Date.now();
const budget = rateLimitHeaders({ allowed: true, windows: [{ name: "hour", limit: 1000, windowMs: 3_600_000, remaining: 998, resetAt: now + 120_000 }] }, now);

function answering(status: number, body: unknown, headers: Record<string, string>): DevIntelClient {
  return new DevIntelClient({ baseUrl: "https://api.example.com", apiKey: "svc_test_x", retry: { maxAttempts: 1 }, fetch: async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } }) });
}

describe("an answer's headers", () => {
  it("come with a success: request id, RateLimit budget, replay", async () => {
    const envelope = { ok: true, data: { flags: [] }, meta: { request_id: "req_1", credits_charged: 0 } };
    const risk = await answering(200, envelope, { ...budget, "x-request-id": "req_1", "idempotent-replayed": "true" }).intelRisk({ chain: "eth", address: "0x1" });
    expect(risk[apiResponse]).toMatchObject({ status: 200, requestId: "req_1", idempotentReplayed: true, rateLimit: { policy: '"hour";q=1000;w=3600', limit: 1000, remaining: 998, resetSeconds: 120 } });
    expect(risk[apiResponse].headers.get("ratelimit")).toBe('"hour";r=998;t=120');
    expect(JSON.parse(JSON.stringify(risk))).toEqual(envelope);
    expect(Object.keys(risk)).toEqual(Object.keys(envelope));
  });

  it("say so when the answer carried no budget (health)", async () => {
    const health = await answering(200, { ok: true, version: "v1" }, { "x-request-id": "req_2" }).health();
    expect(health[apiResponse]).toMatchObject({ requestId: "req_2", rateLimit: null, idempotentReplayed: false });
  });

  it("come with an ApiError", async () => {
    const failure = await answering(400, { ok: false, error: "invalid_chain", message: "eth, base or bsc", request_id: "req_3" }, { ...budget, "x-request-id": "req_3" })
      .intelRisk({ chain: "eth", address: "0x1" })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe("invalid_chain");
    expect((failure as ApiError).response).toMatchObject({ status: 400, requestId: "req_3", rateLimit: { limit: 1000, remaining: 998, resetSeconds: 120 } });
  });

  it("a success that is not an object is not the API's answer", async () => {
    const failure = await answering(200, "fine", {}).me().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "unexpected_response", status: 200 });
  });
});
