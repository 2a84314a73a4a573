// The caller's IP address. Our server (scripts/serve.ts) stamps each request with
// the socket's peer address and a per-process secret, so a client cannot forge it;
// X-Forwarded-For is believed only when TRUST_PROXY says how many proxies to trust.
import { randomBytes } from "node:crypto";
import { processWide } from "@/lib/process-wide";

export const peerAddressHeader = "x-svc-peer-address";
export const peerSecretHeader = "x-svc-peer-secret";

const holder = processWide<{ peerSecret: string }>("lib/server/client-address");

/** The secret shared by the server and the route handlers of this process. */
export function peerSecret(): string {
  holder.peerSecret ??= randomBytes(24).toString("hex");
  return holder.peerSecret;
}

export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const value = (env.TRUST_PROXY ?? "").trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return 0;
  if (value === "true") return 1;
  const hops = Number.parseInt(value, 10);
  return Number.isFinite(hops) && hops > 0 ? hops : 0;
}

/**
 * A forwarded header's list (X-Forwarded-For, X-Forwarded-Proto) as trusted proxies left it: each
 * appends what it saw, so the entry the outermost trusted proxy wrote is `hops` from the right.
 * Empty without trusted proxies: a client's own copy is never believed.
 */
export function trustedForwarded(headers: Headers, name: string, env: NodeJS.ProcessEnv = process.env): { entry: string | null; entries: string[] } {
  const hops = trustedProxyHops(env);
  if (hops === 0) return { entry: null, entries: [] };
  const entries = (headers.get(name) ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return { entry: entries[entries.length - hops] ?? null, entries };
}

export function clientAddress(headers: Headers, env: NodeJS.ProcessEnv = process.env): string | null {
  const forwarded = trustedForwarded(headers, "x-forwarded-for", env).entry;
  if (forwarded) return forwarded;
  const secret = headers.get(peerSecretHeader);
  if (secret && secret === holder.peerSecret) return headers.get(peerAddressHeader);
  return null;
}

const hostAndScheme = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"] as const;

/**
 * Next.js keeps a client's own X-Forwarded-Host and -Proto, and Auth.js writes sign-in links
 * from them when AUTH_URL is unset: a caller could have the link to someone else's account
 * mailed under another host, or https on an http deployment. So before Next sees a request,
 * each is reduced to the single entry a trusted proxy wrote, or removed (Next then fills in
 * what it saw itself). X-Forwarded-For stays as sent: clientAddress reads it the same way.
 */
export function settleForwardedHeaders(headers: Record<string, string | string[] | undefined>, env: NodeJS.ProcessEnv = process.env): void {
  const hops = trustedProxyHops(env);
  for (const name of hostAndScheme) {
    const value = headers[name];
    delete headers[name];
    if (hops === 0 || value === undefined) continue;
    const entries = (Array.isArray(value) ? value.join(",") : value).split(",").map((part) => part.trim()).filter(Boolean);
    const entry = entries[entries.length - hops] ?? (hops > entries.length && entries.length > 0 ? entries[0] : undefined);
    if (entry) headers[name] = entry;
  }
}
