import { ApiError } from "@/lib/errors/api-error";
import { ipAllowed, originAllowed } from "@/lib/keys/allow-lists";
import type { KeyContext } from "@/lib/keys/key-context";

/**
 * A key with an origin allow list accepts only requests whose Origin (or, failing
 * that, Referer) matches; one with an IP allow list only requests from a listed
 * address or range.
 */
export function assertAllowLists(key: KeyContext, request: { origin: string | null; ip: string | null }) {
  if (!originAllowed(request.origin, key.allowedOrigins)) {
    throw new ApiError("origin_denied", request.origin ? `Origin ${request.origin} is not on this key's allow list.` : "This key only accepts requests from its allowed origins, and this request names none.");
  }
  if (!ipAllowed(request.ip, key.allowedIps)) {
    throw new ApiError("origin_denied", request.ip ? `IP address ${request.ip} is not on this key's allow list.` : "This key only accepts listed IP addresses, and the caller's address could not be determined.");
  }
}

export function requestOrigin(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (origin && origin !== "null") return origin;
  const referer = headers.get("referer");
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
