// GET /v1/api/me — the calling key's own details. The balance is the project
// owner's; null only when it could not be read at that moment.
import type { EndpointImplementationOf, Permission } from "@/lib/api-contract/endpoints";
import type { ChainId } from "@/lib/chain/networks";
import { freeCreditsLeft, topUpGuidance } from "@/lib/billing/credits";
import { maskApiKey } from "@/lib/keys/api-key";

export const me: EndpointImplementationOf<"me"> = async ({ key, now, settings }) => {
  // Read with the key in the same round trip; null only if the owner has no account.
  const account = key.account;
  const trialEnd = key.accessMode === "trial" ? key.trialEndsAt : null;
  // The earlier of the key's expiry and its trial end applies.
  const expiresAt = [key.expiresAt, trialEnd].filter((d): d is Date => d instanceof Date).sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return {
    data: {
      key: maskApiKey(key.mode, key.lastFour),
      project_id: key.projectId,
      environment: key.mode,
      // Tier and balance belong to live keys (spec: Key details); a sandbox key is never charged.
      ...(key.mode === "live" ? { tier: key.tier } : {}),
      access_mode: key.mode === "test" ? "sandbox" : key.accessMode,
      // Stored as text; a key's permissions are written only through the operator's checked options.
      scopes: key.permissions as Permission[],
      rate_limit_per_hour: key.mode === "test" ? 25 : key.rateLimitPerHour,
      ...(key.mode === "live" ? { credits_balance: account ? account.balance : null, free_credits_today: account ? freeCreditsLeft(account, now) : null } : {}),
      charging_enabled: settings.chargingEnabled,
      top_up: topUpGuidance(settings.chargingEnabled),
      // Every restriction on the key is visible here (spec: Authentication 6).
      // Stored as text, like the permissions: written only through the operator's checked options.
      allowed_chains: key.allowedChains.length > 0 ? (key.allowedChains as ChainId[]) : null,
      allowed_origins: key.allowedOrigins.length > 0 ? key.allowedOrigins : null,
      allowed_ips: key.allowedIps.length > 0 ? key.allowedIps : null,
      expires_at: expiresAt ? expiresAt.toISOString() : null,
      ...(key.accessMode === "trial" && key.mode === "live"
        ? { trial: { allowance: key.trialAllowance, used: key.trialUsed, ends_at: key.trialEndsAt?.toISOString() ?? null } }
        : {}),
    },
  };
};
