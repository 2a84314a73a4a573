/** Only paths on this site: an absolute or protocol-relative URL would send a fresh session elsewhere. */
export function safeReturnPath(value: unknown, fallback = "/developers"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
