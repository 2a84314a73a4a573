"use client";
// Switches project and keeps the tab: /developers/<id>/<tab>. A button confirms
// the choice, so moving through the list with the keyboard does not navigate.
import { usePathname, useRouter } from "next/navigation";
import { formSubmit } from "@/components/ui/form-submit";

export function ProjectSwitcher({ current, projects }: { current: string; projects: Array<{ id: string; name: string; status: string }> }) {
  const router = useRouter();
  const pathname = usePathname();
  const tab = pathname.split("/")[3] ?? "quickstart";
  return (
    <form
      className="flex items-center gap-2 text-sm"
      onSubmit={formSubmit((form) => {
        const value = String(form.get("project"));
        router.push(value === "__new" ? "/developers/new" : `/developers/${value}/${tab}`);
      })}
    >
      <label htmlFor="project-switcher" className="text-zinc-600 dark:text-zinc-400">
        Project
      </label>
      <select id="project-switcher" name="project" defaultValue={current} key={current} className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950">
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
            {project.status !== "active" ? ` (${project.status})` : ""}
          </option>
        ))}
        <option value="__new">+ New project…</option>
      </select>
      <button type="submit" className="rounded-md border border-zinc-300 px-2 py-1 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800">
        Open
      </button>
    </form>
  );
}
