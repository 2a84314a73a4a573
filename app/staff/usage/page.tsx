import type { Metadata } from "next";
import { UsageView } from "@/components/portal/usage/usage-view";
import { requireStaff } from "@/lib/portal/guards";
import { keyChoices } from "@/lib/portal/keys";
import { projectChoices } from "@/lib/portal/staff";
import { readUsageQuery } from "@/lib/portal/usage";
import { QueryProblems } from "@/components/portal/query-problems";

export const metadata: Metadata = { title: "Usage, all projects" };

export default async function StaffUsagePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requireStaff();
  const { query, problems } = readUsageQuery(await searchParams);
  const [keys, projects] = await Promise.all([keyChoices(ctx.db, query.project ?? null), projectChoices(ctx.db)]);
  return (
    <div className="space-y-4">
      <QueryProblems problems={problems} />
      <UsageView db={ctx.db} scope={{ projectId: null }} query={query} now={ctx.now} basePath="/staff/usage" csvPath="/staff/usage/export" lookupPath="/staff/requests" requestPath="/staff/requests" keys={keys} projects={projects} />
    </div>
  );
}
