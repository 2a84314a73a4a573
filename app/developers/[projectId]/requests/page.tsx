import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { RequestSearch } from "@/components/portal/usage/request-search";
import { ui } from "@/components/ui/styles";
import { requireProjectAccess } from "@/lib/portal/guards";
import { requestIdSchema } from "@/lib/portal/request-lookup";

export const metadata: Metadata = { title: "Find a request" };

type Props = { params: Promise<{ projectId: string }>; searchParams: Promise<{ id?: string | string[] }> };

// The search box lands here; a well-formed id goes on to its record's own URL.
export default async function FindRequestPage({ params, searchParams }: Props) {
  const { project } = await requireProjectAccess((await params).projectId);
  const usage = `/developers/${project.id}/usage`;
  const base = `/developers/${project.id}/requests`;
  const raw = (await searchParams).id;
  const typed = Array.isArray(raw) ? raw[0] : raw;
  const parsed = requestIdSchema.safeParse(typed ?? "");
  if (parsed.success) redirect(`${base}/${encodeURIComponent(parsed.data)}`);
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href={usage} className={ui.link}>
          ← Usage
        </Link>
      </p>
      <RequestSearch action={base} defaultValue={typed} error={typed === undefined ? undefined : parsed.error.issues[0]?.message} />
    </div>
  );
}
