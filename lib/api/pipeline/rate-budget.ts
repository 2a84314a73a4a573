// Which rate windows a request spends, and spending them. Every window of the
// policy is checked at once and a request denied by one window uses up none of
// the others (the limiter refunds).
import { ApiError } from "@/lib/api-contract/api-error";
import type { EndpointDefinition } from "@/lib/api-contract/endpoints";
import type { KeyContext } from "@/lib/keys/key-context";
import { rateLimitHeaders, type RateLimiter, type RatePolicy } from "@/lib/rate-limit";
import { anonymousWindows, metadataWindows, sandboxWindows } from "@/lib/rate-limit/policies";

const hour = 3_600_000;
const day = 86_400_000;

/**
 * Test keys spend their sandbox windows on every call. Live keys spend the
 * metadata budget on me and discover, and their own hourly limit on intelligence.
 * Discover adds its strict daily cap to whichever budget applies.
 */
export function ratePolicyFor(key: Pick<KeyContext, "mode" | "rateLimitPerHour">, endpoint: EndpointDefinition, discoverDailyCap: number): RatePolicy {
  const discoverCap = endpoint.id === "discover" ? [{ name: "discover-day", limit: discoverDailyCap, windowMs: day }] : [];
  if (key.mode === "test") return { name: "sandbox", windows: [...sandboxWindows, ...discoverCap] };
  if (endpoint.surface === "metadata") return { name: "metadata", windows: [...metadataWindows, ...discoverCap] };
  return { name: "intelligence", windows: [{ name: "hour", limit: key.rateLimitPerHour, windowMs: hour }] };
}

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

/** A key's budget as it stands, unspent: for the refusals that come before spending it (revoked, expired, origin). */
export async function peekRateBudget(limiter: RateLimiter, keyId: string, policy: RatePolicy): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders({ allowed: true, windows: await limiter.remaining(keyId, policy) });
  } catch {
    return {};
  }
}
