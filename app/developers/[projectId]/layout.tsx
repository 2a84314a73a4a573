// A project's frame: name, state, switcher, credits (with the project id to quote), and the tabs.
import { CreditsStrip } from "@/components/portal/credits-strip";
import { ProjectSwitcher } from "@/components/portal/project-switcher";
import { RenameProject } from "@/components/portal/rename-project";
import { TabNav } from "@/components/portal/tab-nav";
import { badge, ui } from "@/components/ui/styles";
import { creditSummary } from "@/lib/portal/credits";
import { requireProjectAccess } from "@/lib/portal/guards";
import { listOwnProjects, projectStatusLabels } from "@/lib/portal/projects";
import { projectTabs } from "@/lib/portal/tabs";

export default async function ProjectLayout({ children, params }: { children: React.ReactNode; params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  const ctx = await requireProjectAccess(projectId);
  const { project } = ctx;
  const [projects, credits] = await Promise.all([listOwnProjects(ctx.db, project.ownerId), creditSummary(ctx.db, project.ownerId, ctx.now)]);
  const disabled = project.status !== "active";
  return (
    <main className={`${ui.page} space-y-4 py-6`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className={ui.h1} data-testid="project-name">
            {project.name}
          </h1>
          <span className={badge(disabled ? "red" : "green")}>{projectStatusLabels[project.status]}</span>
          {!disabled ? <RenameProject projectId={project.id} name={project.name} /> : null}
        </div>
        <ProjectSwitcher current={project.id} projects={projects.some((p) => p.id === project.id) ? projects : [project, ...projects]} />
      </div>
      {disabled ? (
        <div role="status" className={ui.error} data-testid="project-disabled">
          <p className="font-semibold">This project is {project.status}. All its keys are disabled and answer 403 project_disabled.</p>
          {project.statusReason ? <p className="mt-1">Reason: {project.statusReason}</p> : null}
        </div>
      ) : null}
      <CreditsStrip credits={credits} projectId={project.id} />
      <TabNav
        tabs={projectTabs.map((tab) => ({
          href: `/developers/${project.id}/${tab.id}`,
          label: tab.label,
          also: "also" in tab ? tab.also.map((path) => `/developers/${project.id}/${path}`) : undefined,
        }))}
      />
      <div>{children}</div>
    </main>
  );
}
