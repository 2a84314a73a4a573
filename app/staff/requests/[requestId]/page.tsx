import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RequestDetailView } from "@/components/portal/usage/request-detail";
import { RequestSearch } from "@/components/portal/usage/request-search";
import { ui } from "@/components/ui/styles";
import { requireStaff } from "@/lib/portal/guards";
import { findRequest } from "@/lib/portal/request-lookup";

export const metadata: Metadata = { title: "Request" };

export default async function StaffRequestPage({ params }: { params: Promise<{ requestId: string }> }) {
  const ctx = await requireStaff();
  const request = await findRequest(ctx.db, { projectId: null }, (await params).requestId);
  if (!request) notFound();
  return (
    <div className="space-y-4">
      <RequestSearch action="/staff/requests" />
      <RequestDetailView request={request} showProject requestHref={(id) => `/staff/requests/${encodeURIComponent(id)}`} />
      <p className="text-sm">
        <Link href={`/staff/projects/${request.project.id}`} className={ui.link}>
          Open {request.project.name}
        </Link>
      </p>
    </div>
  );
}
