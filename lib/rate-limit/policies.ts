// Every rate budget in one place: the spec's (Limits: live tiers' hourly limits, test keys'
// sandbox windows, the metadata surface's, discover's daily cap), the budget of calls without a
// key, the portal's actions and the sign-in links. The API pipeline, the portal and the sign-in
// gate spend them; the operator and the portal show and set the tiers.
import type { RatePolicy } from "./types";

const second = 1_000;
const minute = 60 * second;
const hour = 3_600_000;
const day = 86_400_000;

export const tierHourlyLimits = { basic: 1_000, premium: 5_000, pro: 15_000 } as const;
export const sandboxWindows = [
  { name: "second", limit: 1, windowMs: second },
  { name: "hour", limit: 25, windowMs: hour },
  { name: "day", limit: 100, windowMs: day },
];
/**
 * Calls that carry no usable key (health, and every 401) spend a budget of the caller's address
 * instead: enough for a load balancer's health checks and a client finding its key, small
 * enough that a flood of keyless calls is turned away before it reaches the database.
 */
export const anonymousWindows = [{ name: "minute", limit: 300, windowMs: 60 * second }];

export const metadataWindows = [
  { name: "second", limit: 1, windowMs: second },
  { name: "hour", limit: 60, windowMs: hour },
];

/**
 * The policy a key's call spends. Test keys spend their sandbox windows on every call. Live keys
 * spend the metadata budget on me and discover, and their own hourly limit on intelligence.
 * Discover adds its strict daily cap to whichever budget applies.
 */
export function ratePolicyFor(key: { mode: "live" | "test"; rateLimitPerHour: number }, endpoint: { id: string; surface: string }, discoverDailyCap: number): RatePolicy {
  const discoverCap = endpoint.id === "discover" ? [{ name: "discover-day", limit: discoverDailyCap, windowMs: day }] : [];
  if (key.mode === "test") return { name: "sandbox", windows: [...sandboxWindows, ...discoverCap] };
  if (endpoint.surface === "metadata") return { name: "metadata", windows: [...metadataWindows, ...discoverCap] };
  return { name: "intelligence", windows: [{ name: "hour", limit: key.rateLimitPerHour, windowMs: hour }] };
}

/**
 * The MCP endpoint's own messages (initialize, tools/list, ping, notifications, and whatever is
 * refused before it reaches a tool) per key: an assistant's handshake and listing take a handful,
 * a flood of them is refused before it costs more than a key check. A tool call spends its
 * endpoint's budget instead, as its HTTP call does.
 */
export const mcpProtocolPolicy: RatePolicy = { name: "mcp", windows: [{ name: "minute", limit: 120, windowMs: minute }] };

/** Portal actions per user: generous for people, a wall for scripts. */
export const portalActionPolicy: RatePolicy = { name: "portal-actions", windows: [{ name: "minute", limit: 30, windowMs: minute }] };

const defaultSignInLinksPerClient = 20;

/**
 * SIGN_IN_LIMIT_PER_CLIENT sets the links one client address may ask for per 15 minutes (default
 * 20; three times that per day). An office behind one address, or a proxy not declared with
 * TRUST_PROXY (every client then has the proxy's address), needs it higher.
 */
export function perClientLimit(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SIGN_IN_LIMIT_PER_CLIENT);
  return Number.isInteger(value) && value > 0 ? value : defaultSignInLinksPerClient;
}

/** Sign-in links: per address (nobody's inbox is flooded) and per client address (no endless sign-ups). */
export const signInLinkPolicies = {
  address: { name: "sign-in-links", windows: [{ name: "quarter", limit: 5, windowMs: 15 * minute }, { name: "day", limit: 20, windowMs: day }] },
  client: (limit = perClientLimit()): RatePolicy => ({ name: "sign-in-links-client", windows: [{ name: "quarter", limit, windowMs: 15 * minute }, { name: "day", limit: 3 * limit, windowMs: day }] }),
} satisfies Record<string, RatePolicy | (() => RatePolicy)>;
