// Whether the sign-in cookies are Secure. Auth.js decides from the URL it sees, and
// behind a TLS-terminating proxy it sees http, so the session cookie would travel
// without Secure on an https site. The portal is served over https when AUTH_URL
// says so, or when a proxy we trust (TRUST_PROXY, as for client addresses) says the
// request arrived over https; a client's own X-Forwarded-Proto is never believed.
import { trustedProxyHops } from "@/lib/server/client-address";

export function secureCookies(headers: Headers | null, env: NodeJS.ProcessEnv = process.env): boolean {
  const configured = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (configured && URL.canParse(configured) && new URL(configured).protocol === "https:") return true;
  const hops = trustedProxyHops(env);
  if (hops === 0 || !headers) return false;
  const chain = (headers.get("x-forwarded-proto") ?? "").split(",").map((part) => part.trim().toLowerCase()).filter(Boolean);
  // Proxies that append put the scheme they saw last; the outermost trusted one is `hops` from the right.
  // Proxies that overwrite leave one entry, set by a proxy we trust.
  const scheme = chain.length >= hops ? chain[chain.length - hops] : chain[0];
  return scheme === "https";
}
