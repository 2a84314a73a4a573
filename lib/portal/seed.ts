// The documented demo accounts for `npm run dev`: demo@localhost (a project with a
// test key and some credits) and staff@localhost (staff). Created once; a second
// start finds them and changes nothing.
import type { Db } from "@/lib/db/client";
import { ensureCreditAccount, grantCredits } from "@/lib/billing/credits";
import { newId } from "@/lib/ids";
import { audit } from "@/lib/operator/audit";
import { createKey, createProject } from "@/lib/operator/operations";

export const demoAccounts = { user: "demo@localhost", staff: "staff@localhost" } as const;

export async function seedDemoAccounts(db: Db, log: (line: string) => void = console.log) {
  const existing = await db.user.findUnique({ where: { email: demoAccounts.user } });
  if (existing) {
    log(`demo: sign in as ${demoAccounts.user} (user) or ${demoAccounts.staff} (staff); the link appears in this log`);
    return { created: false as const };
  }
  // Written directly: the operator's e-mail check wants a public domain, and these are local on purpose.
  const user = await db.user.create({ data: { id: newId("usr"), email: demoAccounts.user, name: "Demo", emailVerified: new Date() } });
  await db.user.upsert({ where: { email: demoAccounts.staff }, create: { id: newId("usr"), email: demoAccounts.staff, name: "Staff", role: "staff", emailVerified: new Date() }, update: { role: "staff" } });
  await audit(db, { actor: "seed", action: "user.create", targetType: "user", targetId: user.id, details: { demo: true } });
  await ensureCreditAccount(db, user.id);
  await grantCredits(db, { userId: user.id, amount: 100, note: "demo credits" });
  const project = await createProject(db, "seed", { ownerEmail: demoAccounts.user, name: "Demo project" });
  const key = await createKey(db, "seed", { projectId: project.id, name: "Demo test key", mode: "test", permissions: ["intel:read", "contract:read"] });
  log(`demo: created ${demoAccounts.user} (project "${project.name}", test key ${key.masked}) and ${demoAccounts.staff} (staff); sign in with either, the link appears in this log`);
  return { created: true as const, userId: user.id, projectId: project.id, keyId: key.id };
}

/** For scripts/serve.ts in dev: its own short-lived client on the configured database. */
export async function seedDemoAccountsOnStart() {
  const { createPrismaClient } = await import("@/lib/db/client");
  const { prisma, close } = await createPrismaClient();
  try {
    await seedDemoAccounts(prisma);
  } catch (error) {
    console.warn(`demo: could not seed the demo accounts (${(error as Error).message})`);
  } finally {
    await close();
  }
}
