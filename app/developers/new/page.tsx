import type { Metadata } from "next";
import Link from "next/link";
import { CreateProjectForm } from "@/components/portal/create-project-form";
import { ui } from "@/components/ui/styles";
import { requireUser } from "@/lib/portal/guards";

export const metadata: Metadata = { title: "New project" };

export default async function NewProjectPage() {
  await requireUser("/developers/new");
  return (
    <main className={`${ui.page} py-10`}>
      <p className="text-sm">
        <Link href="/developers" className={ui.link}>
          ← Back to your projects
        </Link>
      </p>
      <div className={`${ui.card} mt-4 max-w-xl p-6`}>
        <h1 className={ui.h1}>New project</h1>
        <p className={`${ui.muted} mt-2`}>Each project has its own keys and usage history.</p>
        <div className="mt-6">
          <CreateProjectForm />
        </div>
      </div>
    </main>
  );
}
