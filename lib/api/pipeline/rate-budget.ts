// Spending a request's rate windows (which ones: lib/rate-limit/policies.ts). Every window of the
// policy is checked at once and a request denied by one window uses up none of
// the others (the limiter refunds).
import { ApiError } from "@/lib/errors/api-error";
import { rateLimitHeaders, type RateLimiter, type RatePolicy } from "@/lib/rate-limit";
import { anonymousWindows } from "@/lib/rate-limit/policies";

/** Spends the budget; returns the RateLimit headers, or throws rate_limited carrying them. */
export async function spendRateBudget(limiter: RateLimiter, keyId: string, policy: RatePolicy): Promise<Record<string, string>> {
  let result;
  try {
    result = await limiter.check(keyId, policy);
  } catch (error) {
    throw new ApiError("unavailable", "The rate-limit store did not answer; nothing was charged. Retry.", { cause: error });
  }
  const headers = rateLimitHeaders(result);
  if (!result.allowed) {
    const window = result.deniedBy ? ` (${result.deniedBy} window)` : "";
    throw new ApiError("rate_limited", `Rate budget exhausted${window}; retry after ${result.retryAfterSeconds ?? 1} s.`, { headers });
  }
  return headers;
}

/**
 * The budget of a call that carries no usable key, kept per client address (one shared budget
 * for callers whose address is unknown). Returns its headers and whether it is spent; null when
 * the store cannot answer, since a keyless answer (health, 401) must not wait on it.
 */
export async function spendAnonymousBudget(limiter: RateLimiter, client: string | null): Promise<{ allowed: boolean; headers: Record<string, string> } | null> {
  try {
    const result = await limiter.check(`client:${client ?? "unknown"}`, { name: "anonymous", windows: anonymousWindows });
    return { allowed: result.allowed, headers: rateLimitHeaders(result) };
  } catch {
    return null;
  }
}

/**
 * A refusal for want of a usable key (401) spends its address's budget, and a flood of them is
 * answered 429 instead; the answer carries that budget's headers (none when the store is silent).
 */
export async function refuseWithoutKey(limiter: RateLimiter, client: string | null, error: ApiError): Promise<{ error: ApiError; headers: Record<string, string> }> {
  const anonymous = await spendAnonymousBudget(limiter, client);
  if (!anonymous) return { error, headers: {} };
  if (anonymous.allowed) return { error, headers: anonymous.headers };
  const retryAfter = anonymous.headers["Retry-After"] ?? 1;
  return { error: new ApiError("rate_limited", `Too many calls without a valid key from this address; retry after ${retryAfter} s.`, { headers: anonymous.headers }), headers: anonymous.headers };
}

/** A key's budget as it stands, unspent: for the refusals that come before spending it (revoked, expired, origin). */
export async function peekRateBudget(limiter: RateLimiter, keyId: string, policy: RatePolicy): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders({ allowed: true, windows: await limiter.remaining(keyId, policy) });
  } catch {
    return {};
  }
}
