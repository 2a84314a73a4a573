// AUTH_SECRET signs sign-in tokens and CSRF cookies. Unset, one is generated once
// and kept in DATA_DIR so `npm run dev` needs no setup; it is never committed.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { dataDir } from "@/lib/db/data-dir";
import { serverLog } from "@/lib/log";
import { processWide } from "@/lib/process-wide";

const holder = processWide<{ authSecret: string }>("lib/auth/secret");

export function authSecret(env: NodeJS.ProcessEnv = process.env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (holder.authSecret) return holder.authSecret;
  const file = path.join(dataDir(env), "auth-secret");
  holder.authSecret = readOrCreate(file);
  if (env.NODE_ENV === "production") {
    // Instances with different secrets reject each other's sign-in links.
    serverLog().warn(`sign-in: AUTH_SECRET is not set; using the one kept in ${file}. Set AUTH_SECRET when running more than one instance.`);
  }
  return holder.authSecret;
}

/** Forgets the secret read from DATA_DIR, so the next call reads it again (tests). */
export function forgetAuthSecret(): void {
  holder.authSecret = undefined;
}

function readOrCreate(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    try {
      // "wx": when two processes race, the first file wins and both read it back.
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}
