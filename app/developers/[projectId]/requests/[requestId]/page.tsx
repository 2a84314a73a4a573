import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestDetailView } from "@/components/portal/usage/request-detail";
import { RequestSearch } from "@/components/portal/usage/request-search";
import { ui } from "@/components/ui/styles";
import { requireProjectAccess } from "@/lib/portal/guards";
import { findRequest } from "@/lib/portal/request-lookup";

export const metadata: Metadata = { title: "Request" };

type Props = { params: Promise<{ projectId: string; requestId: string }> };

export default async function RequestPage({ params }: Props) {
  const { projectId, requestId } = await params;
  const ctx = await requireProjectAccess(projectId);
  const usage = `/developers/${ctx.project.id}/usage`;
  const base = `/developers/${ctx.project.id}/requests`;
  // Only this project's requests: any other id is "not found", never "forbidden".
  const request = await findRequest(ctx.db, { projectId: ctx.project.id }, requestId);
  if (!request) notFound();
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href={usage} className={ui.link}>
          ← Usage
        </Link>
      </p>
      <RequestSearch action={base} />
      <RequestDetailView request={request} requestHref={(id) => `${base}/${encodeURIComponent(id)}`} />
    </div>
  );
}
