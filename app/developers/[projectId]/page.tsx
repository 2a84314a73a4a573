import { redirect } from "next/navigation";
import { requireProjectAccess } from "@/lib/portal/guards";

export default async function ProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { project } = await requireProjectAccess((await params).projectId);
  redirect(`/developers/${project.id}/quickstart`);
}
