import type { Metadata } from "next";
import Link from "next/link";
import { ActivityLog, activityHref } from "@/components/portal/activity-log";
import { ui } from "@/components/ui/styles";
import { actionLabels, parseActivityQuery, recordedActions, staffAudit } from "@/lib/portal/activity";
import { requireStaff } from "@/lib/portal/guards";
import { projectChoices } from "@/lib/portal/staff";
import { DayRangeFields } from "@/components/portal/day-range-fields";

export const metadata: Metadata = { title: "Audit log" };

export default async function StaffAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireStaff();
  const query = parseActivityQuery(await searchParams);
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
      <form
        method="get"
        action="/staff/audit"
        aria-label="Filter the audit log"
        className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end`}
        key={`${query.project}|${query.actor}|${query.action}|${query.from}|${query.to}`}
      >
        <div className="lg:col-span-2">
          <label htmlFor="audit-project" className={ui.label}>
            Project
          </label>
          <select id="audit-project" name="project" defaultValue={query.project ?? ""} className={ui.select}>
            <option value="">Every project</option>
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor" className={ui.label}>
            Who (e-mail or cli)
          </label>
          <input id="audit-actor" name="actor" defaultValue={query.actor} className={ui.input} />
        </div>
        <div>
          <label htmlFor="audit-action" className={ui.label}>
            What
          </label>
          <select id="audit-action" name="action" defaultValue={query.action ?? ""} className={ui.select}>
            <option value="">Everything</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {actionLabels[action] ?? action}
              </option>
            ))}
          </select>
        </div>
        <DayRangeFields idPrefix="audit" from={query.from} to={query.to} />
        <div className="flex gap-2 lg:col-span-6">
          <button type="submit" className={ui.button}>
            Filter
          </button>
          {filtered ? (
            <Link href="/staff/audit" className={ui.buttonSecondary}>
              Clear
            </Link>
          ) : null}
        </div>
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
        newerHref={query.page > 1 ? activityHref("/staff/audit", filters, { page: query.page - 1 }) : null}
        olderHref={hasMore ? activityHref("/staff/audit", filters, { page: query.page + 1 }) : null}
      />
    </section>
  );
}
