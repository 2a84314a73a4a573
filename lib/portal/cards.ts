// Discover cards from the portal: a user publishes anonymised intelligence (token
// identity, a hook, bullets) and may withdraw their own cards. The public feed
// never names the publisher.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { PortalAccessError, notFoundMessage } from "./errors";
import type { UserContext } from "./guards";

export const cardFormSchema = z.object({
  chain: z.string(),
  token: z.string().trim(),
  tokenName: z.string().trim().max(60, { error: "Token name: at most 60 characters." }).optional(),
  tokenSymbol: z.string().trim().max(16, { error: "Token symbol: at most 16 characters." }).optional(),
  hook: z.string(),
  /** One bullet per line. */
  bullets: z.string(),
});

export function bulletsFrom(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.replace(/^\s*[-*•]\s*/, "").trim()).filter(Boolean);
}

export function listOwnCards(db: Db, userId: string) {
  return db.discoverCard.findMany({ where: { publisherId: userId }, orderBy: { publishedAt: "desc" }, take: 100 });
}

export async function authorizeCard(ctx: UserContext, cardId: string) {
  const card = await ctx.db.discoverCard.findUnique({ where: { id: cardId } });
  if (!card || (card.publisherId !== ctx.user.id && !ctx.isStaff)) throw new PortalAccessError("not_found", notFoundMessage);
  return card;
}
