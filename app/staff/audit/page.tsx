import type { Metadata } from "next";
import Link from "next/link";
import { ActivityLog } from "@/components/portal/activity-log";
import { DayRangeFields, FilterButtons, FilterSelect, filterHref } from "@/components/portal/list-filters";
import { ui } from "@/components/ui/styles";
import { actionLabels, readActivityQuery, recordedActions, staffAudit } from "@/lib/portal/activity";
import { QueryProblems } from "@/components/portal/query-problems";
import { requireStaff } from "@/lib/portal/guards";
import { projectChoices } from "@/lib/portal/staff";

export const metadata: Metadata = { title: "Audit log" };

export default async function StaffAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireStaff();
  const { query, problems } = readActivityQuery(await searchParams);
  const [{ entries, hasMore }, actions, projects] = await Promise.all([staffAudit(ctx.db, query), recordedActions(ctx.db), projectChoices(ctx.db)]);
  const projectNames = new Map(projects.map((project) => [project.id, project.label]));
  const filters = { project: query.project, actor: query.actor, action: query.action, from: query.from, to: query.to, page: query.page };
  const filtered = Boolean(query.project || query.actor || query.action || query.from || query.to);
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className={ui.h2}>
        Audit log
      </h2>
      <p className={ui.muted}>Who did what, to what, when and why — every staff, operator and owner change, newest first.</p>
      <QueryProblems problems={problems} />
      <form
        method="get"
        action="/staff/audit"
        aria-label="Filter the audit log"
        className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end`}
        key={`${query.project}|${query.actor}|${query.action}|${query.from}|${query.to}`}
      >
        <FilterSelect id="audit-project" name="project" label="Project" allLabel="Every project" value={query.project} className="lg:col-span-2" choices={projects.map((project) => ({ value: project.id, label: project.label }))} />
        <div>
          <label htmlFor="audit-actor" className={ui.label}>
            Who (e-mail or cli)
          </label>
          <input id="audit-actor" name="actor" defaultValue={query.actor} className={ui.input} />
        </div>
        <FilterSelect id="audit-action" name="action" label="What" allLabel="Everything" value={query.action} choices={actions.map((action) => ({ value: action, label: actionLabels[action] ?? action }))} />
        <DayRangeFields idPrefix="audit" from={query.from} to={query.to} />
        <FilterButtons filtered={filtered} clearHref="/staff/audit" className="flex gap-2 lg:col-span-6" />
      </form>
      <ActivityLog
        entries={entries}
        actor={(entry) => entry.actor}
        showRaw
        projectCell={(entry) =>
          entry.projectId ? (
            <Link href={`/staff/projects/${entry.projectId}`} className={ui.link}>
              {projectNames.get(entry.projectId) ?? entry.projectId}
            </Link>
          ) : (
            "—"
          )
        }
        empty={filtered ? "Nothing matches these filters." : "Nothing recorded yet."}
        page={query.page}
        hasOlder={hasMore}
        hrefFor={(page) => filterHref("/staff/audit", filters, { page })}
      />
    </section>
  );
}
