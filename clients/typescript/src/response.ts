// What an answer's headers say beyond its body: the request id to quote to support, the key's
// RateLimit budget and whether a paid call was replayed. Kept beside every answer and every
// ApiError, so a caller pacing itself need not make calls of its own to learn its budget.

/** The RateLimit headers of one answer (IETF RateLimit draft, and the widely used -Limit/-Remaining/-Reset). */
export type RateLimitInfo = {
  /** RateLimit-Policy: the key's budget windows, e.g. `"hour";q=1000;w=3600`. */
  policy: string | null;
  /** RateLimit-Limit: the most constraining window's limit. */
  limit: number | null;
  /** RateLimit-Remaining: requests left in that window. */
  remaining: number | null;
  /** RateLimit-Reset: seconds until that window has room again. */
  resetSeconds: number | null;
};

export type ResponseInfo = {
  status: number;
  /** X-Request-Id; quote it to support. Empty when the answer carried none. */
  requestId: string;
  /** Null when the answer carried no RateLimit headers (health, or a call refused before its budget was read). */
  rateLimit: RateLimitInfo | null;
  /** Idempotent-Replayed: the answer is the stored one of an earlier call with the same Idempotency-Key (charged nothing). */
  idempotentReplayed: boolean;
  /** Every header, for anything not read above. */
  headers: Headers;
};

/** The key under which every answer carries its ResponseInfo (a symbol: not a field of the API's JSON, and left out of JSON.stringify). */
export const apiResponse: unique symbol = Symbol("@developer-intelligence/client.response");

/** An answer as the client returns it: the success envelope, with its ResponseInfo under `apiResponse`. */
export type WithResponse<T> = T & { readonly [apiResponse]: ResponseInfo };

function integer(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function responseInfo(response: Response): ResponseInfo {
  const headers = response.headers;
  const policy = headers.get("ratelimit-policy");
  const limit = integer(headers.get("ratelimit-limit"));
  const remaining = integer(headers.get("ratelimit-remaining"));
  const resetSeconds = integer(headers.get("ratelimit-reset"));
  const anyRateLimit = policy !== null || limit !== null || remaining !== null || resetSeconds !== null;
  return {
    status: response.status,
    requestId: headers.get("x-request-id") ?? "",
    rateLimit: anyRateLimit ? { policy, limit, remaining, resetSeconds } : null,
    idempotentReplayed: headers.get("idempotent-replayed") === "true",
    headers,
  };
}
