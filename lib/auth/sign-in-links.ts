// The one gate every request for a sign-in link passes: the sign-in page's action and
// Auth.js's own POST /api/auth/signin/email both reach Auth.js's signIn callback with
// `verificationRequest`, before a verification token exists, and that callback asks here.
// One e-mail rule (lib/accounts/email-address.ts) and one limit, per address (so nobody's
// inbox is flooded) and per client address (so one machine cannot sign up addresses without
// end, each with its own free allowance).
import { emailAddressMessage, emailAddressSchema } from "@/lib/accounts/email-address";
import { signInLinkPolicies } from "@/lib/rate-limit/policies";
import { serverDeps } from "@/lib/server/deps";

export type LinkRefusal = { code: "invalid-email" | "too-many-links" | "busy"; retryMinutes?: number };

/** Whether a link may be sent to `email` for a caller at `client` (null when no address is known). */
export async function admitSignInLink(email: unknown, client: string | null): Promise<{ ok: true; email: string } | { ok: false; refusal: LinkRefusal }> {
  const parsed = emailAddressSchema.safeParse(email);
  if (!parsed.success) return { ok: false, refusal: { code: "invalid-email" } };
  try {
    const limiter = serverDeps().limiter();
    // Only a caller outside our own server has no address; they share one budget rather than none.
    for (const [key, policy] of [[`email:${parsed.data}`, signInLinkPolicies.address], [`client:${client ?? "unknown"}`, signInLinkPolicies.client()]] as const) {
      const decision = await limiter.check(key, policy);
      if (!decision.allowed) return { ok: false, refusal: { code: "too-many-links", retryMinutes: Math.max(1, Math.ceil((decision.retryAfterSeconds ?? 60) / 60)) } };
    }
  } catch {
    // A limit that cannot be counted is not a limit: refuse rather than send unbounded.
    return { ok: false, refusal: { code: "busy" } };
  }
  return { ok: true, email: parsed.data };
}

/** Where Auth.js sends a refused request: back to the sign-in page, which says why. */
export function refusalPath(refusal: LinkRefusal): string {
  const query = new URLSearchParams({ error: refusal.code });
  if (refusal.retryMinutes) query.set("retry", String(refusal.retryMinutes));
  return `/sign-in?${query}`;
}

/** The refusal a path made by refusalPath names, if it is one. */
export function refusalFromUrl(url: string): LinkRefusal | null {
  if (!URL.canParse(url, "http://localhost")) return null;
  const parsed = new URL(url, "http://localhost");
  const code = parsed.searchParams.get("error");
  if (parsed.pathname !== "/sign-in" || (code !== "invalid-email" && code !== "too-many-links" && code !== "busy")) return null;
  const retry = Number(parsed.searchParams.get("retry"));
  return { code, ...(Number.isInteger(retry) && retry > 0 ? { retryMinutes: retry } : {}) };
}

export function refusalMessage(refusal: LinkRefusal): string {
  switch (refusal.code) {
    case "invalid-email":
      return emailAddressMessage;
    case "too-many-links":
      return `Too many sign-in links were asked for this address or from your network; try again in ${refusal.retryMinutes ?? 1} min.`;
    case "busy":
      return "Sign-in is busy; try again in a moment.";
  }
}
