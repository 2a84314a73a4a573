// A key's intelligence calls in flight, capped (lib/settings.ts, intelReadsInFlightPerKey): a call
// past the cap is refused before it reads anything, so nothing is charged, and its caller is told to
// retry in a second, when one of the key's running reads has likely finished.
import { ApiError } from "@/lib/errors/api-error";
import type { EndpointDefinition } from "@/lib/api-contract/endpoints";
import type { InFlightSlots } from "@/lib/rate-limit";

const retryAfterSeconds = 1;
/** A slot outlives its call's deadline by this much before the store drops it on its own (a crashed holder). */
const leaseMarginMs = 5_000;

const refusals = new WeakSet<ApiError>();

/** Whether a refusal came from this cap (MCP answers it as a JSON-RPC error, not as a tool's failure). */
export function isInFlightRefusal(error: ApiError | undefined): boolean {
  return error !== undefined && refusals.has(error);
}

/**
 * Takes one of the key's slots for an intelligence call (other surfaces are not capped); returns
 * its release, or throws rate_limited with Retry-After and the key's RateLimit headers.
 */
export async function holdReadSlot(
  slots: InFlightSlots,
  input: { keyId: string; endpoint: EndpointDefinition; limit: number; deadlineMs: number; rateHeaders: Record<string, string> },
): Promise<() => Promise<void>> {
  if (input.endpoint.surface !== "intelligence") return async () => undefined;
  let release;
  try {
    release = await slots.acquire(`intel:${input.keyId}`, input.limit, input.deadlineMs + leaseMarginMs);
  } catch (error) {
    throw new ApiError("unavailable", "The rate-limit store did not answer; nothing was charged. Retry.", { cause: error });
  }
  if (release) return release;
  const refusal = new ApiError(
    "rate_limited",
    `This key already has ${input.limit} intelligence call${input.limit === 1 ? "" : "s"} in flight, the most it may run at once; nothing was charged. Retry after ${retryAfterSeconds} s.`,
    { headers: { ...input.rateHeaders, "Retry-After": String(retryAfterSeconds) } },
  );
  refusals.add(refusal);
  throw refusal;
}
