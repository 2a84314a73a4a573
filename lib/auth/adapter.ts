// The Prisma adapter, with user creation done our way: prefixed ids (the schema
// has no id default), a credit account from the first moment, and an audit entry.
import { PrismaAdapter } from "@auth/prisma-adapter";
import type { Adapter, AdapterUser } from "next-auth/adapters";
import type { Db } from "@/lib/db/client";
import { ensureCreditAccount } from "@/lib/billing/credits";
import { audit } from "@/lib/operator/audit";
import { newId } from "@/lib/ids";

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
  };
}
