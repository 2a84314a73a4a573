import type { Metadata } from "next";
import Link from "next/link";
import { ui } from "@/components/ui/styles";
import { formatTime } from "@/lib/portal/format";
import { requireStaff } from "@/lib/portal/guards";
import { auditPage, pageFrom } from "@/lib/portal/staff";

export const metadata: Metadata = { title: "Audit log" };

export default async function StaffAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireStaff();
  const page = pageFrom((await searchParams).page);
  const { rows, hasMore } = await auditPage(ctx.db, page);
  return (
    <section aria-labelledby="audit-heading" className="space-y-3">
      <h2 id="audit-heading" className={ui.h2}>
        Audit log
      </h2>
      <p className={ui.muted}>Who did what, to what, when and why — every staff, operator and owner change, newest first.</p>
      {rows.length === 0 ? (
        <p className={`${ui.card} text-sm`}>Nothing recorded yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className={ui.table} data-testid="audit-table">
            <thead>
              <tr>
                {["When (UTC)", "Who", "What", "Target", "Why", "Details"].map((heading) => (
                  <th key={heading} scope="col" className={ui.th}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className={`${ui.td} whitespace-nowrap`}>{formatTime(row.createdAt).replace(" UTC", "")}</td>
                  <td className={ui.td}>{row.actor}</td>
                  <td className={`${ui.td} font-mono text-xs`}>{row.action}</td>
                  <td className={`${ui.td} font-mono text-xs`}>
                    {row.targetType} {row.targetId}
                  </td>
                  <td className={ui.td}>{row.reason ?? "—"}</td>
                  <td className={`${ui.td} max-w-xs break-all font-mono text-xs text-zinc-500`}>{row.details ? JSON.stringify(row.details) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Audit pages" className="flex justify-between text-sm">
        {page > 1 ? (
          <Link href={`/staff/audit?page=${page - 1}`} className={ui.link}>
            ← Newer
          </Link>
        ) : (
          <span />
        )}
        {hasMore ? (
          <Link href={`/staff/audit?page=${page + 1}`} className={ui.link}>
            Older →
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}
