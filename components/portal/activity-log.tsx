// An audit trail as a table: when, who, what, the details in words, and why. The owner's
// activity tab and the staff audit log both show it; each page brings its own filters.
import { ui } from "@/components/ui/styles";
import type { ActivityEntry } from "@/lib/portal/activity";
import { formatTime } from "@/lib/portal/format";
import { Pager } from "./list-filters";
import { TableHead } from "@/components/ui/table-head";

type Props = {
  entries: ActivityEntry[];
  /** How the actor is shown (owners see staff by role only). */
  actor: (entry: ActivityEntry) => string;
  /** Staff: the project each entry touched, with its name. */
  projectCell?: (entry: ActivityEntry) => React.ReactNode;
  /** Staff: the raw details too. */
  showRaw?: boolean;
  empty: string;
  page: number;
  hasOlder: boolean;
  /** The link to another page of the same filtered log. */
  hrefFor: (page: number) => string;
};

export function ActivityLog({ entries, actor, projectCell, showRaw, empty, page, hasOlder, hrefFor }: Props) {
  return (
    <div className="space-y-3">
      {entries.length === 0 ? (
        <p className={`${ui.card} text-sm`} data-testid="activity-empty">
          {empty}
        </p>
      ) : (
        <div className="scrollbar-visible overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className={ui.table} data-testid="activity-table">
            <TableHead headings={["When (UTC)", "Who", "What", ...(projectCell ? ["Project"] : []), "Details", "Why"]} />
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="activity-row" data-action={entry.action}>
                  <td className={`${ui.td} whitespace-nowrap`}>{formatTime(entry.createdAt).replace(" UTC", "")}</td>
                  <td className={`${ui.td} wrap-anywhere`}>{actor(entry)}</td>
                  <td className={ui.td}>
                    <span className="whitespace-nowrap font-medium">{entry.actionLabel}</span>
                    <span className="block font-mono text-xs text-zinc-500">{entry.action}</span>
                  </td>
                  {projectCell ? <td className={`${ui.td} max-w-48 text-xs wrap-anywhere`}>{projectCell(entry)}</td> : null}
                  <td className={`${ui.td} min-w-64`}>
                    {entry.facts.length === 0 ? (
                      <span className="text-zinc-500">—</span>
                    ) : (
                      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
                        {entry.facts.map((fact) => (
                          <div key={fact.label} className="contents">
                            <dt className="text-zinc-600 dark:text-zinc-400">{fact.label}</dt>
                            <dd className="font-mono wrap-anywhere">{fact.value}</dd>
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
      <Pager label="Activity pages" page={page} hasOlder={hasOlder} hrefFor={hrefFor} />
    </div>
  );
}
