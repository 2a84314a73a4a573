import type { Metadata } from "next";
import Link from "next/link";
import { ActivityLog, activityHref } from "@/components/portal/activity-log";
import { ui } from "@/components/ui/styles";
import { actionLabels, actorForOwner, parseActivityQuery, projectActions, projectActivity } from "@/lib/portal/activity";
import { requireProjectAccess } from "@/lib/portal/guards";
import { DayRangeFields } from "@/components/portal/day-range-fields";

export const metadata: Metadata = { title: "Activity" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ActivityPage({ params, searchParams }: Props) {
  const ctx = await requireProjectAccess((await params).projectId);
  const query = parseActivityQuery(await searchParams);
  const owner = await ctx.db.user.findUniqueOrThrow({ where: { id: ctx.project.ownerId }, select: { email: true } });
  const { entries, hasMore } = await projectActivity(ctx.db, ctx.project, query);
  const base = `/developers/${ctx.project.id}/activity`;
  const filters = { action: query.action, from: query.from, to: query.to, page: query.page };
  return (
    <section aria-labelledby="activity-heading" className="space-y-4">
      <h2 id="activity-heading" className={ui.h2}>
        Activity
      </h2>
      <p className={ui.muted}>
        Everything done to this project and its keys — created, rotated, revoked, suspended and restored keys; renames, suspensions and archiving — and credits
        granted to your account, newest first. Changes by the operator&apos;s staff show as Staff.
      </p>
      <form method="get" action={base} aria-label="Filter activity" className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end`} key={`${query.action}|${query.from}|${query.to}`}>
        <div>
          <label htmlFor="activity-action" className={ui.label}>
            What
          </label>
          <select id="activity-action" name="action" defaultValue={query.action ?? ""} className={ui.select}>
            <option value="">Everything</option>
            {projectActions.map((action) => (
              <option key={action} value={action}>
                {actionLabels[action]}
              </option>
            ))}
          </select>
        </div>
        <DayRangeFields idPrefix="activity" from={query.from} to={query.to} />
        <div className="flex gap-2">
          <button type="submit" className={ui.button}>
            Filter
          </button>
          {query.action || query.from || query.to ? (
            <Link href={base} className={ui.buttonSecondary}>
              Clear
            </Link>
          ) : null}
        </div>
      </form>
      <ActivityLog
        entries={entries}
        actor={(entry) => actorForOwner(entry.actor, owner.email)}
        empty={query.action || query.from || query.to ? "Nothing matches these filters." : "Nothing recorded yet."}
        page={query.page}
        newerHref={query.page > 1 ? activityHref(base, filters, { page: query.page - 1 }) : null}
        olderHref={hasMore ? activityHref(base, filters, { page: query.page + 1 }) : null}
      />
    </section>
  );
}
