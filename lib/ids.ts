import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Prefixed random ids (`prj_…`, `key_…`) so a stray id says what it names. */
export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % 36];
  return `${prefix}_${id}`;
}
