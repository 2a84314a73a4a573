// What the portal needs from the outside world, swappable in tests: the server's database, rate
// limiter and clock (lib/server/deps.ts, which Auth.js reads too), who is signed in, the router
// refresh after an action (which only works inside a real server action), and the chain's word on
// a card's token.
import { refresh } from "next/cache";
import { readCardToken, type CardTokenReader } from "@/lib/metadata/card-token";
import { serverDeps, setServerDeps, type ServerDeps } from "@/lib/server/deps";
import { processWide } from "@/lib/process-wide";

export type PortalDeps = ServerDeps & {
  /** The signed-in user's id, or null. */
  sessionUserId: () => Promise<string | null>;
  refresh: () => void;
  /** A card's token as its chain knows it (the configured nodes). */
  cardToken: CardTokenReader;
};

type PortalOnly = Omit<PortalDeps, keyof ServerDeps>;

async function sessionUserIdFromAuth(): Promise<string | null> {
  // Imported on demand so modules that only need the guards do not load Auth.js.
  const { auth } = await import("@/lib/auth/auth");
  const session = await auth();
  return session?.user?.id ?? null;
}

const defaults: PortalOnly = { sessionUserId: sessionUserIdFromAuth, refresh, cardToken: (chain, token) => readCardToken(chain, token) };

const holder = processWide<{ portalDeps: PortalOnly }>("lib/portal/deps");

export function portalDeps(): PortalDeps {
  return { ...serverDeps(), ...(holder.portalDeps ?? defaults) };
}

/** Tests: the portal's world; the database, limiter and clock given here are Auth.js's too. */
export function setPortalDeps(overrides: Partial<PortalDeps>) {
  const { db, limiter, now, ...portalOnly } = overrides;
  setServerDeps({ ...(db ? { db } : {}), ...(limiter ? { limiter } : {}), ...(now ? { now } : {}) });
  holder.portalDeps = { ...defaults, ...portalOnly };
}
