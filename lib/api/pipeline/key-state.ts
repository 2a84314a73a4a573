import { ApiError } from "@/lib/errors/api-error";
import type { KeyContext } from "@/lib/keys/key-context";

/** Revoked or rotated away, expired, project disabled, suspended — in that order. */
export function assertKeyUsable(key: KeyContext, now: Date) {
  if (key.status === "revoked" || key.rotatedToId) {
    throw new ApiError("revoked_api_key", key.rotatedToId ? "This key was rotated; use its replacement." : undefined);
  }
  if (key.expiresAt && key.expiresAt <= now) {
    throw new ApiError("key_expired", `This key expired at ${key.expiresAt.toISOString()}.`);
  }
  if (key.project.status !== "active") {
    const reason = key.project.statusReason ? ` Reason: ${key.project.statusReason}` : "";
    throw new ApiError("project_disabled", `The project owning this key is ${key.project.status}.${reason}`);
  }
  if (key.status === "suspended") {
    throw new ApiError("suspended_key", key.suspensionReason ? `This key is suspended. Reason: ${key.suspensionReason}` : undefined);
  }
}
