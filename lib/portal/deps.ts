// What the portal needs from the outside world, swappable in tests: the database,
// who is signed in, the rate limiter, the clock, the router refresh after an
// action (which only works inside a real server action), and the chain's word on a card's token.
import { refresh } from "next/cache";
import { getDb, type Db } from "@/lib/db/client";
import { getRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import { readCardToken, type CardTokenReader } from "@/lib/metadata/card-token";

export type PortalDeps = {
  db: () => Promise<Db>;
  /** The signed-in user's id, or null. */
  sessionUserId: () => Promise<string | null>;
  limiter: () => RateLimiter;
  now: () => Date;
  refresh: () => void;
  /** A card's token as its chain knows it (the configured nodes). */
  cardToken: CardTokenReader;
};

async function sessionUserIdFromAuth(): Promise<string | null> {
  // Imported on demand so modules that only need the guards do not load Auth.js.
  const { auth } = await import("@/lib/auth/auth");
  const session = await auth();
  return session?.user?.id ?? null;
}

const defaults: PortalDeps = { db: getDb, sessionUserId: sessionUserIdFromAuth, limiter: getRateLimiter, now: () => new Date(), refresh, cardToken: (chain, token) => readCardToken(chain, token) };

const holder = globalThis as unknown as { __portalDeps?: PortalDeps };

export function portalDeps(): PortalDeps {
  return holder.__portalDeps ?? defaults;
}

export function setPortalDeps(overrides: Partial<PortalDeps>) {
  holder.__portalDeps = { ...defaults, ...overrides };
}
