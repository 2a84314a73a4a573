// E-mail link sign-in without a mail library: Auth.js's built-in e-mail providers
// import nodemailer, so this provider is declared inline. With AUTH_EMAIL_SERVER
// the link is mailed; without it (the default) it goes to the server log as one
// line. When AUTH_EMAIL_OUTBOX names a file, each link is also appended there as
// one JSON line (the browser tests read it).
import fs from "node:fs";
import path from "node:path";
import type { EmailConfig } from "next-auth/providers/email";
import { emailAddressSchema } from "@/lib/accounts/email-address";
import { sendMail } from "./smtp";
import { serverLog } from "@/lib/log";

export const signInLinkMaxAgeSeconds = 60 * 60;

export type OutboxEntry = { to: string; url: string; expires: string };

export function signInText(entry: OutboxEntry): string {
  return [
    "Sign in to the Developer Intelligence API portal:",
    "",
    entry.url,
    "",
    `The link works once and expires at ${entry.expires.slice(0, 16).replace("T", " ")} UTC.`,
    "If you did not ask for it, ignore this e-mail; nothing happens without the link.",
  ].join("\n");
}

export async function deliverSignInLink(entry: OutboxEntry, env: NodeJS.ProcessEnv = process.env) {
  if (env.AUTH_EMAIL_OUTBOX) {
    const file = path.resolve(/*turbopackIgnore: true*/ env.AUTH_EMAIL_OUTBOX);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  }
  if (env.AUTH_EMAIL_SERVER) {
    await sendMail(env.AUTH_EMAIL_SERVER, { from: env.AUTH_EMAIL_FROM || "sign-in@localhost", to: entry.to, subject: "Your sign-in link", text: signInText(entry) });
    serverLog().info({ to: entry.to }, `sign-in: link mailed to ${entry.to}`);
    return;
  }
  serverLog().info(`sign-in: link for ${entry.to} (valid until ${entry.expires}): ${entry.url}`);
}

export function emailProvider(): EmailConfig {
  return {
    id: "email",
    type: "email",
    name: "E-mail",
    maxAge: signInLinkMaxAgeSeconds,
    // The project's rule, not Auth.js's looser one. An address it refuses is passed on as typed
    // (never thrown: that would surface as a configuration error) and refused by the signIn
    // callback (lib/auth/sign-in-links.ts), before any token is made.
    normalizeIdentifier(identifier) {
      const parsed = emailAddressSchema.safeParse(identifier);
      return parsed.success ? parsed.data : String(identifier ?? "");
    },
    async sendVerificationRequest({ identifier, url, expires }) {
      await deliverSignInLink({ to: identifier, url, expires: expires.toISOString() });
    },
  };
}

/**
 * What `npm start` says about sign-in before it serves. Without a mail server every link, staff
 * accounts' included, goes to the server log, so whoever reads the log can sign in as anyone;
 * without AUTH_URL, links are written for the host each request names. Development says nothing:
 * there the log is the developer's own terminal.
 */
export function signInStartWarnings(env: NodeJS.ProcessEnv = process.env): string[] {
  const warnings: string[] = [];
  if (!env.AUTH_EMAIL_SERVER) {
    warnings.push(
      "sign-in: WARNING: AUTH_EMAIL_SERVER is not set, so sign-in links for every account, staff included, " +
        "are written to this log. Anyone who can read this log (the host's operators, a log collector, " +
        "whoever it forwards to) can sign in as any account. Set AUTH_EMAIL_SERVER=smtp://… to mail them " +
        "instead.",
    );
  }
  if (!env.AUTH_URL && !env.NEXTAUTH_URL) {
    warnings.push("sign-in: WARNING: AUTH_URL is not set, so sign-in links are written for the Host header each request names. Set AUTH_URL to the portal's public address.");
  }
  return warnings;
}
