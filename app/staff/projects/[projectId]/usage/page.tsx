import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { UsageView } from "@/components/portal/usage/usage-view";
import { ui } from "@/components/ui/styles";
import { requireStaff } from "@/lib/portal/guards";
import { keyChoices } from "@/lib/portal/keys";
import { readUsageQuery } from "@/lib/portal/usage";
import { QueryProblems } from "@/components/portal/query-problems";

export const metadata: Metadata = { title: "Project usage" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function StaffProjectUsagePage({ params, searchParams }: Props) {
  const ctx = await requireStaff();
  const project = await ctx.db.project.findUnique({ where: { id: (await params).projectId } });
  if (!project) notFound();
  const { query, problems } = readUsageQuery(await searchParams);
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href={`/staff/projects/${project.id}`} className={ui.link}>
          ← {project.name}
        </Link>
      </p>
      <QueryProblems problems={problems} />
      <UsageView
        db={ctx.db}
        scope={{ projectId: project.id }}
        query={query}
        now={ctx.now}
        basePath={`/staff/projects/${project.id}/usage`}
        csvPath={`/developers/${project.id}/usage/export`}
        lookupPath="/staff/requests"
        requestPath="/staff/requests"
        keys={await keyChoices(ctx.db, project.id)}
      />
    </div>
  );
}
