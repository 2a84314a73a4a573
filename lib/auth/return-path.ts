// Where to go after signing in, from a query value anyone can write. Prefix checks lose to the
// URL parser's own repairs (a browser drops tabs and newlines and reads \ as /, so `/<TAB>/evil`
// is `//evil`, another host), so the value is resolved the way a browser would, against an
// origin of our own, and kept only if it stays there.
const ownOrigin = "http://portal.invalid";

/** A path on this site (with its query and fragment, percent-encoded), or `fallback`. */
export function safeReturnPath(value: unknown, fallback = "/developers"): string {
  if (typeof value !== "string" || !value.startsWith("/") || !URL.canParse(value, ownOrigin)) return fallback;
  const resolved = new URL(value, ownOrigin);
  if (resolved.origin !== ownOrigin) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Dot segments can leave `//host` behind (`/.//evil`), which a browser would take for another host.
  if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
