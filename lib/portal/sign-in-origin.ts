// Signing in from another name of this server. Auth.js writes the e-mail link for AUTH_URL
// (or, without it, for the address Next.js reports, which rewrites 127.0.0.1 to localhost),
// and the session cookie belongs to that host. Someone who opened the portal at
// http://127.0.0.1:3000 would get a link to localhost, be signed in there, and still look
// signed out at 127.0.0.1. So a loopback alias of the sign-in host is sent to that host
// before they ask for a link; any other mismatch is explained rather than guessed at.

const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

function hostnameOf(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
}

function portOf(host: string): string {
  const rest = host.startsWith("[") ? host.slice(host.indexOf("]") + 1) : host.slice(host.split(":")[0].length);
  return rest.startsWith(":") ? rest.slice(1) : "";
}

export type SignInOrigin = { redirectTo: string } | { notice: string; origin: string } | null;

/** Where sign-in must happen for `requestHost` (the browser's Host header) given AUTH_URL. */
export function signInOrigin(requestHost: string | null, authUrl: string | undefined): SignInOrigin {
  if (!requestHost) return null;
  const host = requestHost.toLowerCase();
  let configured: URL | null = null;
  try {
    configured = authUrl ? new URL(authUrl) : null;
  } catch {
    configured = null;
  }
  if (!configured) {
    // No AUTH_URL: links are written for the host Next reports, and it reports localhost for 127.0.0.1.
    const name = hostnameOf(host);
    if (name !== "127.0.0.1" && name !== "[::1]") return null;
    const port = portOf(host);
    return { redirectTo: `http://localhost${port ? `:${port}` : ""}` };
  }
  if (configured.host === host) return null;
  if (loopbackNames.has(hostnameOf(host)) && loopbackNames.has(configured.hostname) && portOf(host) === configured.port) return { redirectTo: configured.origin };
  return {
    origin: configured.origin,
    notice: `Sign-in links and the sign-in cookie belong to ${configured.origin}, this server's configured address (AUTH_URL), not to ${host}. Sign in at ${configured.origin}/sign-in; signing in here would leave you signed in there only.`,
  };
}
