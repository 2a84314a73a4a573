// Whether the sign-in cookies are Secure. Auth.js decides from the URL it sees, and
// behind a TLS-terminating proxy it sees http, so the session cookie would travel
// without Secure on an https site. The portal is served over https when AUTH_URL
// says so, or when a proxy we trust (TRUST_PROXY, as for client addresses) says the
// request arrived over https; a client's own X-Forwarded-Proto is never believed.
import { trustedForwarded } from "@/lib/server/client-address";

export function secureCookies(headers: Headers | null, env: NodeJS.ProcessEnv = process.env): boolean {
  const configured = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (configured && URL.canParse(configured) && new URL(configured).protocol === "https:") return true;
  if (!headers) return false;
  const { entry, entries } = trustedForwarded(headers, "x-forwarded-proto", env);
  // Proxies that overwrite X-Forwarded-Proto leave one entry, set by a proxy we trust.
  const scheme = entry ?? (entries.length > 0 ? entries[0] : null);
  return scheme?.toLowerCase() === "https";
}
