"use server";
// Publishing and withdrawing one's own discover cards.
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { publishCard as publish, withdrawCard as withdraw } from "@/lib/operator/operations";
import { authorizeCard, bulletsFrom, cardFormSchema } from "@/lib/portal/cards";
import { userAction } from "@/lib/portal/guards";
import { portalDeps } from "@/lib/portal/deps";

export const publishCard = userAction(cardFormSchema, async (ctx, form) => {
  const card = await publish(ctx.db, ctx.actor, {
    publisherId: ctx.user.id,
    chain: form.chain,
    token: form.token,
    tokenName: form.tokenName || undefined,
    tokenSymbol: form.tokenSymbol || undefined,
    hook: form.hook,
    bullets: bulletsFrom(form.bullets),
  }, { readToken: portalDeps().cardToken });
  return { id: card.id };
});

export const withdrawCard = userAction(z.object({ cardId: z.string() }), async (ctx, input) => {
  const card = await authorizeCard(ctx, input.cardId);
  if (card.status === "withdrawn") throw new ApiError("bad_request", "This card is already withdrawn.");
  await withdraw(ctx.db, ctx.actor, { cardId: card.id });
  return { id: card.id };
});
