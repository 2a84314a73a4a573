import type { Metadata } from "next";
import { CardForm } from "@/components/portal/card-form";
import { DemoDataBadge } from "@/components/portal/demo-data";
import { WithdrawCardButton } from "@/components/portal/withdraw-card-button";
import { badge, ui } from "@/components/ui/styles";
import { listOwnCards } from "@/lib/portal/cards";
import { formatTime } from "@/lib/portal/format";
import { requireUser } from "@/lib/portal/guards";

export const metadata: Metadata = { title: "Discover cards" };

export default async function CardsPage() {
  const ctx = await requireUser("/developers/cards");
  const cards = await listOwnCards(ctx.db, ctx.user.id);
  return (
    <main className={`${ui.page} space-y-6 py-6`}>
      <h1 className={ui.h1}>Discover cards</h1>
      <CardForm />
      <section aria-labelledby="my-cards-heading" className="space-y-3">
        <h2 id="my-cards-heading" className={ui.h2}>
          Your cards
        </h2>
        {cards.length === 0 ? (
          <p className={`${ui.card} text-sm`}>You have not published a card yet.</p>
        ) : (
          <ul className="space-y-3">
            {cards.map((card) => (
              <li key={card.id} className={`${ui.card} space-y-2`} data-testid="card-item">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{card.hook}</p>
                  <span className={badge(card.status === "published" ? "green" : "neutral")} data-testid="card-status">
                    {card.status === "published" ? "Published" : "Withdrawn"}
                  </span>
                </div>
                <p className="font-mono text-xs text-zinc-600 dark:text-zinc-400">
                  {card.chain} · {card.tokenSymbol ?? card.tokenName ?? ""} {card.token}
                  <DemoDataBadge />
                </p>
                <ul className="list-disc pl-5 text-sm">
                  {card.bullets.map((bullet, i) => (
                    <li key={i}>{bullet}</li>
                  ))}
                </ul>
                <div className="flex items-center justify-between gap-2 text-xs text-zinc-500">
                  <span>
                    Published {formatTime(card.publishedAt)}
                    {card.withdrawnAt ? ` · withdrawn ${formatTime(card.withdrawnAt)}` : ""}
                  </span>
                  {card.status === "published" ? <WithdrawCardButton cardId={card.id} /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
