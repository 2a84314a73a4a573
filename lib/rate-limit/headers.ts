// RateLimit headers: the IETF draft's RateLimit-Policy and RateLimit, and the
// widely used RateLimit-Limit / -Remaining / -Reset for the most constraining window.
import type { RateDecision } from "./types";

export function rateLimitHeaders(decision: RateDecision, now = Date.now()): Record<string, string> {
  if (decision.windows.length === 0) return {};
  const secondsUntil = (resetAt: number) => Math.max(0, Math.ceil((resetAt - now) / 1000));
  const tightest = decision.windows.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  const headers: Record<string, string> = {
    "RateLimit-Policy": decision.windows.map((w) => `"${w.name}";q=${w.limit};w=${Math.round(w.windowMs / 1000)}`).join(", "),
    RateLimit: `"${tightest.name}";r=${tightest.remaining};t=${secondsUntil(tightest.resetAt)}`,
    "RateLimit-Limit": String(tightest.limit),
    "RateLimit-Remaining": String(tightest.remaining),
    "RateLimit-Reset": String(secondsUntil(tightest.resetAt)),
  };
  if (!decision.allowed) headers["Retry-After"] = String(Math.max(1, decision.retryAfterSeconds ?? 1));
  return headers;
}

