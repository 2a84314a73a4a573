// The one rule for an account's e-mail address, shared by sign-in, the operator CLI and the staff
// area. The rule in detail: emailAddressSchema below.
import { z } from "zod";

export const emailAddressMessage = "Enter an e-mail address such as you@example.com.";

/**
 * The one rule for an account's e-mail address, used by sign-in, the operator CLI and the
 * staff area alike, so an address that can sign in can also be named by the operator (and
 * the other way round): Auth.js's own rule — one @, something on either side — so local
 * addresses such as demo@localhost pass; trimmed and lower-cased, at most 254 characters.
 * Unicode is folded (NFKC) first, so a look-alike of @ becomes a real one and is counted;
 * RFC 5322's specials (<>()[]\,;: and quotes) need quoting, which we refuse, so they are
 * refused too: a link is never sent to `<img src=x>@example.com`.
 */
export const emailAddressSchema = z
  .string({ error: emailAddressMessage })
  .normalize("NFKC")
  .trim()
  .toLowerCase()
  .max(254, { error: "That e-mail address is too long." })
  .regex(/^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+$/, { error: emailAddressMessage });

/** The normalised address, or the reason it is not one. */
export function parseEmailAddress(value: unknown): { ok: true; email: string } | { ok: false; error: string } {
  const parsed = emailAddressSchema.safeParse(value);
  return parsed.success ? { ok: true, email: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? emailAddressMessage };
}
