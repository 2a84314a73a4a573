// Always-visible credit facts for the project's owner.
import { badge, ui } from "@/components/ui/styles";
import type { CreditSummary } from "@/lib/portal/credits";
import { ProjectId } from "./project-id";

export function CreditsStrip({ credits, projectId }: { credits: CreditSummary; projectId: string }) {
  return (
    <section aria-label="Credits" className={`${ui.card} flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between`}>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-zinc-600 dark:text-zinc-400">Credit balance</dt>
          <dd className="font-semibold tabular-nums" data-testid="credit-balance">
            {credits.balance.toLocaleString("en")}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-zinc-600 dark:text-zinc-400">Free credits left today</dt>
          <dd className="font-semibold tabular-nums">
            {credits.freeLeft} of {credits.freePerDay}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-zinc-600 dark:text-zinc-400">Charging</dt>
          <dd>
            {credits.chargingEnabled ? (
              <span className={badge("amber")}>On: successful paid calls deduct credits</span>
            ) : (
              <span className={badge("green")}>Off: calls deduct nothing</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="max-w-md space-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <p>{credits.topUp}</p>
        <ProjectId id={projectId} />
      </div>
    </section>
  );
}
