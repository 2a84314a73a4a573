// The Prisma adapter, with user creation done our way: prefixed ids (the schema
// has no id default), a credit account from the first moment, and an audit entry.
// Sessions are stored by the SHA-256 of their token, as API keys are: the cookie
// holds the token, the sessions table only its hash, so a copy of the table (a
// backup, a leaked dump) signs nobody in.
import { sha256Hex } from "@/lib/hash";
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter, AdapterSession, AdapterUser } from "next-auth/adapters";
import type { Db } from "@/lib/db/client";
import { ensureCreditAccount } from "@/lib/billing/credits";
import { audit } from "@/lib/operator/audit";
import { newId } from "@/lib/ids";

/** What the sessions table stores for a session token (hex SHA-256, like API keys). */
export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}

/** Auth.js sets the cookie from what createSession returns, so every session handed back carries the caller's token, never the hash. */
function withToken<T extends AdapterSession | null | undefined>(session: T, token: string): T {
  return session ? { ...session, sessionToken: token } : session;
}

export function portalAdapter(db: Db): Adapter {
  const base = PrismaAdapter(db as unknown as Parameters<typeof PrismaAdapter>[0]);
  return {
    ...base,
    async createUser(data) {
      const user = await db.user.create({
        data: { id: newId("usr"), email: data.email.toLowerCase(), name: data.name ?? null, image: data.image ?? null, emailVerified: data.emailVerified ?? null },
      });
      await ensureCreditAccount(db, user.id);
      await audit(db, { actor: user.email, action: "user.sign_up", targetType: "user", targetId: user.id });
      return user as AdapterUser;
    },
    // Each new link sweeps the expired ones, so refused or unused requests leave no rows behind.
    async createVerificationToken(token) {
      await db.verificationToken.deleteMany({ where: { expires: { lt: new Date() } } });
      return base.createVerificationToken!(token);
    },
    async createSession(session) {
      return withToken(await base.createSession!({ ...session, sessionToken: hashSessionToken(session.sessionToken) }), session.sessionToken);
    },
    async getSessionAndUser(sessionToken) {
      const found = await base.getSessionAndUser!(hashSessionToken(sessionToken));
      return found ? { user: found.user, session: withToken(found.session, sessionToken) } : null;
    },
    async updateSession(session) {
      return withToken(await base.updateSession!({ ...session, sessionToken: hashSessionToken(session.sessionToken) }), session.sessionToken);
    },
    async deleteSession(sessionToken) {
      const deleted = await base.deleteSession!(hashSessionToken(sessionToken));
      return deleted ? { ...deleted, sessionToken } : null;
    },
  };
}
