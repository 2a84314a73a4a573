import type { Metadata } from "next";
import { ProjectId } from "@/components/portal/project-id";
import { UsageView } from "@/components/portal/usage/usage-view";
import { ui } from "@/components/ui/styles";
import { creditSummary } from "@/lib/portal/credits";
import { formatNumber } from "@/lib/portal/format";
import { requireProjectAccess } from "@/lib/portal/guards";
import { keyChoices } from "@/lib/portal/keys";
import { readUsageQuery } from "@/lib/portal/usage";
import { QueryProblems } from "@/components/portal/query-problems";

export const metadata: Metadata = { title: "Usage" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsagePage({ params, searchParams }: Props) {
  const ctx = await requireProjectAccess((await params).projectId);
  const { query, problems } = readUsageQuery(await searchParams);
  const base = `/developers/${ctx.project.id}/usage`;
  const [keys, credits] = await Promise.all([keyChoices(ctx.db, ctx.project.id), creditSummary(ctx.db, ctx.project.ownerId, ctx.now)]);
  return (
    <div className="space-y-6">
      <QueryProblems problems={problems} />
      <UsageView
        db={ctx.db}
        scope={{ projectId: ctx.project.id }}
        query={query}
        now={ctx.now}
        basePath={base}
        csvPath={`${base}/export`}
        lookupPath={`/developers/${ctx.project.id}/requests`}
        requestPath={`/developers/${ctx.project.id}/requests`}
        keys={keys}
      />
      <section id="credits" aria-labelledby="credits-heading" className={`${ui.card} space-y-2`}>
        <h3 id="credits-heading" className={ui.h3}>
          Credits
        </h3>
        <p>
          Balance <strong className="tabular-nums">{formatNumber(credits.balance)}</strong> · free credits left today{" "}
          <strong className="tabular-nums">
            {credits.freeLeft} of {credits.freePerDay}
          </strong>{" "}
          (reset at midnight UTC) · charging is <strong>{credits.chargingEnabled ? "on" : "off"}</strong>.
        </p>
        <p className={ui.muted}>
          {credits.chargingEnabled
            ? "Each successful paid call spends today's free credits first, then the balance; a call they cannot cover answers 402 payment_required and is not run."
            : "While charging is off, successful calls deduct nothing; the list price still shows as quoted."}{" "}
          There is no top-up page: credits are granted by the operator&apos;s staff. Ask them, quoting your project id; a grant shows here at once.
        </p>
        <p className="text-sm">
          <ProjectId id={ctx.project.id} />
        </p>
      </section>
    </div>
  );
}
