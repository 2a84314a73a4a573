// The documented demo accounts for `npm run dev`: demo@localhost (a project with a
// test key, a live key and some credits) and staff@localhost (staff). Created once; a second
// start finds them and changes nothing.
import type { Db } from "@/lib/db/client";
import { ensureCreditAccount, grantCredits } from "@/lib/billing/credits";
import { newId } from "@/lib/ids";
import { audit } from "@/lib/operator/audit";
import { createKey, createProject, publishCard } from "@/lib/operator/operations";
import type { CardTokenReader } from "@/lib/metadata/card-token";
import { serverLog } from "@/lib/log";

export const demoAccounts = { user: "demo@localhost", staff: "staff@localhost" } as const;

export async function seedDemoAccounts(db: Db, log: (line: string) => void = (line) => serverLog().info(line)) {
  const existing = await db.user.findUnique({ where: { email: demoAccounts.user } });
  if (existing) {
    log(`demo: sign in as ${demoAccounts.user} (user) or ${demoAccounts.staff} (staff); the link appears in this log`);
    return { created: false as const };
  }
  // Written directly: the demo users are signed-in already (emailVerified) and carry names.
  const user = await db.user.create({ data: { id: newId("usr"), email: demoAccounts.user, name: "Demo", emailVerified: new Date() } });
  await db.user.upsert({ where: { email: demoAccounts.staff }, create: { id: newId("usr"), email: demoAccounts.staff, name: "Staff", role: "staff", emailVerified: new Date() }, update: { role: "staff" } });
  await audit(db, { actor: "seed", action: "user.create", targetType: "user", targetId: user.id, details: { demo: true } });
  await ensureCreditAccount(db, user.id);
  await grantCredits(db, { userId: user.id, amount: 100, note: "demo credits" });
  const project = await createProject(db, "seed", { ownerEmail: demoAccounts.user, name: "Demo project" });
  const key = await createKey(db, "seed", { projectId: project.id, name: "Demo test key", mode: "test", permissions: ["intel:read", "contract:read"] });
  // A test key cannot make the Quickstart's intelligence call (sandbox_limited), so the demo has
  // a live key too. Its full key is shown once, here in the local log, like the sign-in links;
  // rotating it on the Keys tab gives a fresh one in the browser.
  const live = await createKey(db, "seed", { projectId: project.id, name: "Demo live key", mode: "live", permissions: ["contract:read", "intel:read", "liquidity:read", "security:read"] });
  log(`demo: created ${demoAccounts.user} (project "${project.name}", test key ${key.masked}, live key ${live.masked}) and ${demoAccounts.staff} (staff); sign in with either, the link appears in this log`);
  log(`demo: the demo live key, shown this once (rotate it on the Keys tab for a new one): ${live.fullKey}`);
  return { created: true as const, userId: user.id, projectId: project.id, keyId: key.id, liveKeyId: live.id, liveKey: live.fullKey };
}

/** A card the demo publishes: its words; its token's name and symbol come from the chain, as every card's do. */
export type SeedCard = { chain: string; token: string; hook: string; bullets: string[] };

/**
 * The demo's discover cards, by demo@localhost, so discover has something to show on a fresh demo
 * install. Each is published once: a token that has a card (kept, or hidden by staff since) is left alone.
 */
export async function seedDemoCards(db: Db, cards: readonly SeedCard[], options: { readToken?: CardTokenReader; log?: (line: string) => void } = {}) {
  const log = options.log ?? ((line: string) => serverLog().info(line));
  const published = [];
  for (const seed of cards) {
    const existing = await db.discoverCard.findFirst({ where: { chain: seed.chain, token: seed.token.toLowerCase() } });
    if (existing) continue;
    const card = await publishCard(db, "seed", { publisherEmail: demoAccounts.user, ...seed }, { readToken: options.readToken });
    published.push(card);
  }
  if (published.length > 0) log(`demo: published ${published.length} discover card${published.length === 1 ? "" : "s"} (${published.map((card) => card.tokenSymbol ?? card.token).join(", ")}) as ${demoAccounts.user}`);
  return published;
}

/** For scripts/serve.ts in dev: its own short-lived client on the configured database; `cards`: the demo's discover cards, when the demo chains run. */
export async function seedDemoAccountsOnStart(cards: readonly SeedCard[] = []) {
  const { createPrismaClient } = await import("@/lib/db/client");
  const { prisma, close } = await createPrismaClient();
  try {
    await seedDemoAccounts(prisma);
    await seedDemoCards(prisma, cards);
  } catch (error) {
    serverLog().warn({ err: (error as Error).message }, "demo: could not seed the demo accounts");
  } finally {
    await close();
  }
}
