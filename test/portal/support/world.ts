// A portal test world on a fresh PostgreSQL database: owner A (a project, a live
// key with a usage record, a card, credits), another user B with a project of
// their own, and a staff user. Everything is minted through production code.
import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { createKey, createProject, createUser, grantCreditsTo, publishCard } from "@/lib/operator/operations";
import { setPortalDeps } from "@/lib/portal/deps";
import { everyTokenExists } from "../../support/card-tokens";
import { createTestDatabase } from "../../support/postgres";

export async function openPortalDatabase() {
  const database = await createTestDatabase();
  const db: Db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url, max: 5 }) });
  return {
    db,
    async close() {
      await db.$disconnect();
      await database.drop();
    },
  };
}

export type Session = { userId: string | null };

/** Points the portal at this database, a signed-in user of the test's choosing, and a clock it controls. */
export function usePortal(db: Db) {
  const session: Session = { userId: null };
  const clock = { now: new Date() };
  const limiter: RateLimiter = createRateLimiter({ env: {}, prefix: `portal-${randomBytes(4).toString("hex")}`, clock: () => clock.now.getTime() });
  setPortalDeps({ db: async () => db, sessionUserId: async () => session.userId, limiter: () => limiter, now: () => clock.now, refresh: () => undefined, cardToken: everyTokenExists });
  return {
    session,
    clock,
    as(userId: string | null) {
      session.userId = userId;
      // A new minute for each actor switch: these tests are about authorization, not the action budget.
      clock.now = new Date(clock.now.getTime() + 61_000);
    },
  };
}

export async function createWorld(db: Db) {
  const tag = randomBytes(4).toString("hex");
  const a = await createUser(db, "test", { email: `a-${tag}@example.com` });
  const b = await createUser(db, "test", { email: `b-${tag}@example.com` });
  const staff = await createUser(db, "test", { email: `staff-${tag}@example.com`, staff: true });
  const projectA = await createProject(db, "test", { ownerEmail: a.email, name: `A's secret project ${tag}` });
  const projectB = await createProject(db, "test", { ownerEmail: b.email, name: `B's project ${tag}` });
  const keyA = await createKey(db, "test", { projectId: projectA.id, name: "A live key", mode: "live", permissions: ["intel:read", "contract:read"] });
  const keyB = await createKey(db, "test", { projectId: projectB.id, name: "B key", mode: "test", permissions: ["intel:read"] });
  await grantCreditsTo(db, "test", { email: a.email, amount: 40, reason: "test credits" });
  const cardA = await publishCard(db, "test", { publisherId: a.id, chain: "eth", token: `0x${"a".repeat(40)}`, hook: `A's hook ${tag}`, bullets: ["one"] }, { readToken: everyTokenExists });
  const requestA = `req_a_${tag}`;
  await db.requestRecord.create({
    data: { id: requestA, keyId: keyA.id, projectId: projectA.id, endpoint: "me", method: "GET", httpStatus: 200, errorCode: null, outcome: "success", quoted: 0, charged: 0, chain: null, latencyMs: 3 },
  });
  return { tag, a, b, staff, projectA, projectB, keyA: keyA.key, keyB: keyB.key, cardA, requestA };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** Everything of A's (and the global switches), to prove an attempt changed nothing. */
export async function snapshotOfA(db: Db, world: World) {
  const [user, projects, keys, cards, account, ledger, settings] = await Promise.all([
    db.user.findUnique({ where: { id: world.a.id } }),
    db.project.findMany({ where: { ownerId: world.a.id }, orderBy: { id: "asc" } }),
    db.apiKey.findMany({ where: { project: { ownerId: world.a.id } }, orderBy: { id: "asc" } }),
    db.discoverCard.findMany({ where: { publisherId: world.a.id }, orderBy: { id: "asc" } }),
    db.creditAccount.findUnique({ where: { userId: world.a.id } }),
    db.creditLedger.count({ where: { account: { userId: world.a.id } } }),
    db.setting.findUnique({ where: { id: 1 } }),
  ]);
  return JSON.parse(JSON.stringify({ user, projects, keys, cards, account, ledger, settings }));
}
