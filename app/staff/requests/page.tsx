import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RequestSearch } from "@/components/portal/usage/request-search";
import { ui } from "@/components/ui/styles";
import { requireStaff } from "@/lib/portal/guards";
import { requestIdSchema } from "@/lib/portal/request-lookup";

export const metadata: Metadata = { title: "Find a request" };

export default async function StaffFindRequestPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  await requireStaff();
  const raw = (await searchParams).id;
  const typed = Array.isArray(raw) ? raw[0] : raw;
  const parsed = requestIdSchema.safeParse(typed ?? "");
  if (parsed.success) redirect(`/staff/requests/${encodeURIComponent(parsed.data)}`);
  return (
    <section aria-labelledby="find-request-heading" className="space-y-3">
      <h2 id="find-request-heading" className={ui.h2}>
        Find a request
      </h2>
      <p className={ui.muted}>Any project&apos;s request, by the id its caller quotes (the response&apos;s request_id or X-Request-Id header).</p>
      <RequestSearch action="/staff/requests" defaultValue={typed} error={typed === undefined ? undefined : parsed.error.issues[0]?.message} />
    </section>
  );
}
