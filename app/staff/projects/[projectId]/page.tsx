import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CreditsStrip } from "@/components/portal/credits-strip";
import { KeyCard } from "@/components/portal/key-list";
import { GrantCreditsForm } from "@/components/staff/grant-credits-form";
import { KeyStaffControls } from "@/components/staff/key-staff-controls";
import { ProjectStatusForm } from "@/components/staff/project-status-form";
import { badge, ui } from "@/components/ui/styles";
import { endpoints } from "@/lib/api-contract/endpoints";
import { creditSummary } from "@/lib/portal/credits";
import { requireStaff } from "@/lib/portal/guards";
import { keyView } from "@/lib/portal/keys";

export const metadata: Metadata = { title: "Project" };

export default async function StaffProjectPage({ params }: { params: Promise<{ projectId: string }> }) {
  const ctx = await requireStaff();
  const project = await ctx.db.project.findUnique({ where: { id: (await params).projectId }, include: { owner: { select: { email: true } } } });
  if (!project) notFound();
  const [keys, credits] = await Promise.all([
    ctx.db.apiKey.findMany({ where: { projectId: project.id }, orderBy: { createdAt: "desc" } }),
    creditSummary(ctx.db, project.ownerId, ctx.now),
  ]);
  const intelligenceEndpoints = endpoints.filter((e) => e.surface === "intelligence").map((e) => e.id as string);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className={ui.h2} data-testid="staff-project-name">
          {project.name}
        </h2>
        <span className={badge(project.status === "active" ? "green" : "red")}>{project.status}</span>
        <span className={ui.muted}>owner {project.owner.email}</span>
        <Link href={`/staff/projects/${project.id}/usage`} className={ui.link}>
          Usage →
        </Link>
        <Link href={`/developers/${project.id}/keys`} className={ui.link}>
          Owner&apos;s view →
        </Link>
      </div>
      <CreditsStrip credits={credits} projectId={project.id} />
      <ProjectStatusForm projectId={project.id} status={project.status} />
      <GrantCreditsForm defaultEmail={project.owner.email} />
      <section aria-labelledby="staff-keys-heading" className="space-y-3">
        <h2 id="staff-keys-heading" className={ui.h2}>
          Keys
        </h2>
        {keys.length === 0 ? (
          <p className={`${ui.card} text-sm`}>This project has no keys.</p>
        ) : (
          <ul className="space-y-3">
            {keys.map((key) => (
              <KeyCard
                key={key.id}
                view={keyView(key, project, ctx.now)}
                actions={
                  <KeyStaffControls
                    keyId={key.id}
                    mode={key.mode}
                    status={key.status}
                    retired={key.status === "revoked" || Boolean(key.rotatedToId)}
                    tier={key.tier}
                    accessMode={key.accessMode}
                    rateLimitPerHour={key.rateLimitPerHour}
                    trialAllowance={key.trialAllowance}
                    trialEndsAt={key.trialEndsAt?.toISOString() ?? null}
                    coveredEndpoints={key.coveredEndpoints}
                    intelligenceEndpoints={intelligenceEndpoints}
                  />
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
