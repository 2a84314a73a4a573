// An audit trail as a table: when, who, what, the details in words, and why. The owner's
// activity tab and the staff audit log both show it; each page brings its own filters.
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import type { ActivityEntry } from "@/lib/portal/activity";
import { formatTime } from "@/lib/portal/format";

type Props = {
  entries: ActivityEntry[];
  /** How the actor is shown (owners see staff by role only). */
  actor: (entry: ActivityEntry) => string;
  /** Staff: the project each entry touched, with its name. */
  projectCell?: (entry: ActivityEntry) => React.ReactNode;
  /** Staff: the raw details too. */
  showRaw?: boolean;
  empty: string;
  newerHref: string | null;
  olderHref: string | null;
  page: number;
};

export function ActivityLog({ entries, actor, projectCell, showRaw, empty, newerHref, olderHref, page }: Props) {
  return (
    <div className="space-y-3">
      {entries.length === 0 ? (
        <p className={`${ui.card} text-sm`} data-testid="activity-empty">
          {empty}
        </p>
      ) : (
        <div className="scrollbar-visible overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className={ui.table} data-testid="activity-table">
            <thead>
              <tr>
                {["When (UTC)", "Who", "What", ...(projectCell ? ["Project"] : []), "Details", "Why"].map((heading) => (
                  <th key={heading} scope="col" className={ui.th}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="activity-row" data-action={entry.action}>
                  <td className={`${ui.td} whitespace-nowrap`}>{formatTime(entry.createdAt).replace(" UTC", "")}</td>
                  <td className={`${ui.td} break-all`}>{actor(entry)}</td>
                  <td className={ui.td}>
                    <span className="whitespace-nowrap font-medium">{entry.actionLabel}</span>
                    <span className="block font-mono text-xs text-zinc-500">{entry.action}</span>
                  </td>
                  {projectCell ? <td className={`${ui.td} text-xs`}>{projectCell(entry)}</td> : null}
                  <td className={`${ui.td} min-w-64`}>
                    {entry.facts.length === 0 ? (
                      <span className="text-zinc-500">—</span>
                    ) : (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
                        {entry.facts.map((fact) => (
                          <div key={fact.label} className="contents">
                            <dt className="text-zinc-600 dark:text-zinc-400">{fact.label}</dt>
                            <dd className="break-all font-mono">{fact.value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    {showRaw ? (
                      <details className="mt-1 text-xs">
                        <summary className="cursor-pointer text-zinc-500">
                          {entry.targetType} {entry.targetId}
                        </summary>
                        <pre className="mt-1 max-w-md overflow-x-auto whitespace-pre-wrap break-all font-mono text-zinc-500">{entry.details ? JSON.stringify(entry.details, null, 2) : "no details"}</pre>
                      </details>
                    ) : null}
                  </td>
                  <td className={ui.td}>{entry.reason ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Activity pages" className="flex items-center justify-between text-sm">
        {newerHref ? (
          <Link href={newerHref} className={ui.link}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        <span className="text-zinc-500">Page {page}</span>
        {olderHref ? (
          <Link href={olderHref} className={ui.link}>
            Older →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </div>
  );
}

/** A filter link or a pager link: the current filters with some changed, empty ones left out. */
export function activityHref(basePath: string, query: Record<string, string | number | undefined>, patch: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, ...patch })) {
    if (value === undefined || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${basePath}?${text}` : basePath;
}
