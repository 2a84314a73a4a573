import { redirect } from "next/navigation";
import { CreateProjectForm } from "@/components/portal/create-project-form";
import { ui } from "@/components/ui/styles";
import { requireUser } from "@/lib/portal/guards";
import { listOwnProjects } from "@/lib/portal/projects";

export default async function DevelopersPage() {
  const ctx = await requireUser("/developers");
  const projects = await listOwnProjects(ctx.db, ctx.user.id);
  if (projects.length > 0) redirect(`/developers/${projects[0].id}/quickstart`);
  return (
    <main className={`${ui.page} py-10`}>
      <div className={`${ui.card} max-w-xl p-6`}>
        <h1 className={ui.h1}>Create your first project</h1>
        <p className={`${ui.muted} mt-2`}>A project groups API keys and their usage. You can rename it later and create more.</p>
        <div className="mt-6">
          <CreateProjectForm />
        </div>
      </div>
    </main>
  );
}
