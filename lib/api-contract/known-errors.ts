// The errors that carry their own answer: an ApiError is its answer, and a chain fault is
// `503 unavailable` with the fault's words and a Retry-After. Read by the API's edge and by the
// intelligence threads, so a fault keeps its code whichever thread or process met it.
import { isChainUnavailable } from "@/lib/chain/errors";
import { ApiError, isApiError } from "@/lib/errors/api-error";

/** The answer an error carries, or null for an error that is nobody's answer (an internal error). */
export function knownApiError(error: unknown): ApiError | null {
  if (isApiError(error)) return error;
  if (isChainUnavailable(error)) return new ApiError("unavailable", error.message, { headers: { "retry-after": String(error.retryAfterSeconds) }, cause: error });
  return null;
}
