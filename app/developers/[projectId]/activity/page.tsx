import type { Metadata } from "next";
import { ActivityLog } from "@/components/portal/activity-log";
import { DayRangeFields, FilterButtons, FilterSelect, filterHref } from "@/components/portal/list-filters";
import { ui } from "@/components/ui/styles";
import { actionLabels, actorForOwner, projectActions, projectActivity, readActivityQuery } from "@/lib/portal/activity";
import { QueryProblems } from "@/components/portal/query-problems";
import { requireProjectAccess } from "@/lib/portal/guards";

export const metadata: Metadata = { title: "Activity" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ActivityPage({ params, searchParams }: Props) {
  const ctx = await requireProjectAccess((await params).projectId);
  const { query, problems } = readActivityQuery(await searchParams);
  const owner = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.project.ownerId }, select: { email: true } });
  const { entries, hasMore } = await projectActivity(ctx.db, ctx.project, query);
  const base = `/developers/${ctx.project.id}/activity`;
  const filters = { action: query.action, from: query.from, to: query.to, page: query.page };
  const filtered = Boolean(query.action || query.from || query.to);
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <h2 id="activity-heading" className={ui.h2}>
        Activity
      </h2>
      <p className={ui.muted}>
        Everything done to this project and its keys — created, rotated, revoked, suspended and restored keys; renames, suspensions and archiving — and credits
        granted to your account, newest first. Changes by the operator&apos;s staff show as Staff.
      </p>
      <QueryProblems problems={problems} />
      <form method="get" action={base} aria-label="Filter activity" className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end`} key={`${query.action}|${query.from}|${query.to}`}>
        <FilterSelect id="activity-action" name="action" label="What" allLabel="Everything" value={query.action} choices={projectActions.map((action) => ({ value: action, label: actionLabels[action] }))} />
        <DayRangeFields idPrefix="activity" from={query.from} to={query.to} />
        <FilterButtons filtered={filtered} clearHref={base} />
      </form>
      <ActivityLog
        entries={entries}
        actor={(entry) => actorForOwner(entry.actor, owner.email)}
        empty={filtered ? "Nothing matches these filters." : "Nothing recorded yet."}
        page={query.page}
        hasOlder={hasMore}
        hrefFor={(page) => filterHref(base, filters, { page })}
      />
    </section>
  );
}
