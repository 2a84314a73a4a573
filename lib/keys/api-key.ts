// API keys: a typed prefix and 32 base62 characters (about 190 random bits).
// Only the SHA-256 of the whole key and its last four characters are stored.
import { randomInt } from "node:crypto";
import { sha256Hex } from "@/lib/hash";

export type KeyMode = "live" | "test";

export const keyPrefixes = { live: "svc_live_", test: "svc_test_" } as const satisfies Record<KeyMode, string>;

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const secretLength = 32;
const keyPattern = /^svc_(live|test)_[0-9A-Za-z]{32}$/;

export function generateApiKey(mode: KeyMode): string {
  let secret = "";
  // randomInt draws uniformly, so every character carries log2(62) bits.
  for (let i = 0; i < secretLength; i++) secret += alphabet[randomInt(alphabet.length)];
  return keyPrefixes[mode] + secret;
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

export function isWellFormedApiKey(key: string): boolean {
  return keyPattern.test(key);
}

export function lastFourOf(key: string): string {
  return key.slice(-4);
}

/** The only form of a key shown after creation: prefix, asterisks, last four. */
export function maskApiKey(mode: KeyMode, lastFour: string): string {
  return `${keyPrefixes[mode]}${"*".repeat(secretLength - 4)}${lastFour}`;
}

/** A masked key where it shares a line or a table cell with other facts: `svc_live_…WXk3`. */
export function shortenMaskedKey(masked: string): string {
  return masked.replace(/\*+/, "…");
}

/** The key from `X-API-Key`, or from `Authorization: Bearer` as an alias. */
export function apiKeyFromHeaders(headers: Headers): string | null {
  const direct = headers.get("x-api-key")?.trim();
  if (direct) return direct;
  const authorization = headers.get("authorization")?.trim();
  const match = authorization?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}
