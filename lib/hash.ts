/** Hex SHA-256 of a secret (API keys, session tokens): what is stored and looked up in place of the secret. */
import { hash } from "node:crypto";

export function sha256Hex(text: string): string {
  // One-shot: hot paths (every API call hashes its key) skip the Hash object.
  return hash("sha256", text, "hex");
}
