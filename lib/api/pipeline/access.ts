import { ApiError } from "@/lib/errors/api-error";
import { isPaid, type EndpointDefinition } from "@/lib/api-contract/endpoints";
import type { KeyContext } from "@/lib/keys/key-context";

/**
 * Whether this key may run this endpoint at all: legacy keys are metadata-only,
 * test keys cannot run live intelligence, permissions are default deny, request
 * access keys wait for approval before paid endpoints, and partner or enterprise
 * arrangements may cover only some endpoints.
 */
export function assertAccess(key: KeyContext, endpoint: EndpointDefinition) {
  if (endpoint.surface !== "intelligence") return;
  if (key.accessMode === "legacy") {
    throw new ApiError("access_required", "This older key can only call metadata endpoints (me, discover). Create a new live key.");
  }
  if (key.mode === "test") {
    throw new ApiError("sandbox_limited", "Test keys are sandbox keys: they cannot run live intelligence. Create a live key.");
  }
  if (endpoint.permission && !key.permissions.includes(endpoint.permission)) {
    throw new ApiError("scope_denied", `This endpoint needs the ${endpoint.permission} permission, which this key lacks.`);
  }
  if (key.accessMode === "request_access" && isPaid(endpoint)) {
    throw new ApiError("access_required", "This key's access request has not been approved yet; paid endpoints open once it is.");
  }
  if ((key.accessMode === "partner" || key.accessMode === "enterprise") && key.coveredEndpoints.length > 0 && !key.coveredEndpoints.includes(endpoint.id)) {
    throw new ApiError("endpoint_denied", `This key's ${key.accessMode} arrangement does not cover ${endpoint.id}.`);
  }
}

export function assertChainAllowed(key: KeyContext, chain: string | undefined) {
  if (!chain || key.allowedChains.length === 0) return;
  if (!key.allowedChains.includes(chain)) {
    throw new ApiError("chain_denied", `This key is restricted to ${key.allowedChains.join(", ")}; ${chain} is outside it.`);
  }
}

/** A trial key admits a call while its end date is ahead and its allowance covers the price. */
export function assertTrial(key: KeyContext, price: number, now: Date) {
  if (key.accessMode !== "trial" || key.mode === "test") return;
  if (key.trialEndsAt && key.trialEndsAt <= now) {
    throw new ApiError("trial_expired", `The trial allowance of this key ended at ${key.trialEndsAt.toISOString()}.`);
  }
  const allowance = key.trialAllowance ?? 0;
  if (key.trialUsed >= allowance) {
    throw new ApiError("trial_exhausted", `The trial allowance of this key is used up (${key.trialUsed} of ${allowance} credits).`);
  }
  if (key.trialUsed + price > allowance) {
    const left = allowance - key.trialUsed;
    throw new ApiError("trial_exhausted", `The trial allowance of this key has ${left} credit${left === 1 ? "" : "s"} left, which does not cover this call's price of ${price} credits.`);
  }
}
