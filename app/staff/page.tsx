import Link from "next/link";
import { badge, ui } from "@/components/ui/styles";
import { formatNumber, formatTime } from "@/lib/portal/format";
import { requireStaff } from "@/lib/portal/guards";
import { listAllProjects } from "@/lib/portal/staff";
import { pageValue, readQuery, textValue } from "@/lib/portal/query-values";
import { QueryProblems } from "@/components/portal/query-problems";
import { TableHead } from "@/components/ui/table-head";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StaffProjectsPage({ searchParams }: Props) {
  const ctx = await requireStaff();
  const { query, problems } = readQuery({ q: { label: "Search", schema: textValue(100) }, page: { label: "Page", schema: pageValue, fallback: 1 } }, await searchParams);
  const { page } = query;
  const search = query.q;
  const { rows, hasMore } = await listAllProjects(ctx.db, { page, search, since: new Date(ctx.now.getTime() - 24 * 3_600_000) });
  return (
    <section aria-labelledby="projects-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="projects-heading" className={ui.h2}>
          Every project
        </h2>
        <form method="get" className="flex items-end gap-2" role="search">
          <div>
            <label htmlFor="project-search" className={ui.label}>
              Name, id or owner e-mail
            </label>
            <input id="project-search" name="q" defaultValue={search} className={ui.input} />
          </div>
          <button type="submit" className={ui.buttonSecondary}>
            Search
          </button>
        </form>
      </div>
      <QueryProblems problems={problems} />
      {rows.length === 0 ? (
        <p className={`${ui.card} text-sm`}>{search ? "No project matches." : "No projects yet."}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className={ui.table}>
            <TableHead headings={["Project", "Owner", "State", "Keys", "Requests 24h", "Quoted / charged / trial allowance 24h", "Created"]} />
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((project) => (
                <tr key={project.id} data-testid="staff-project-row">
                  <td className={ui.td}>
                    <Link href={`/staff/projects/${project.id}`} className={ui.link}>
                      {project.name}
                    </Link>
                    <span className="block font-mono text-xs text-zinc-500">{project.id}</span>
                  </td>
                  <td className={ui.td}>{project.owner.email}</td>
                  <td className={ui.td}>
                    <span className={badge(project.status === "active" ? "green" : "red")}>{project.status}</span>
                    {project.statusReason ? <span className="block text-xs text-zinc-500">{project.statusReason}</span> : null}
                  </td>
                  <td className={`${ui.td} tabular-nums`}>{project._count.keys}</td>
                  <td className={`${ui.td} tabular-nums`}>{formatNumber(project.requests)}</td>
                  <td className={`${ui.td} tabular-nums`}>
                    {formatNumber(project.quoted)} / {formatNumber(project.charged)} / {formatNumber(project.allowanceUsed)}
                  </td>
                  <td className={`${ui.td} whitespace-nowrap`}>{formatTime(project.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Project pages" className="flex justify-between text-sm">
        {page > 1 ? (
          <Link href={`/staff?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(page - 1) })}`} className={ui.link}>
            ← Previous
          </Link>
        ) : (
          <span />
        )}
        {hasMore ? (
          <Link href={`/staff?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(page + 1) })}`} className={ui.link}>
            Next →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}
