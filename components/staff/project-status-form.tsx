"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { setProjectStatus } from "@/lib/portal/actions/staff";

export function ProjectStatusForm({ projectId, status }: { projectId: string; status: "active" | "suspended" | "archived" }) {
  const { run, pending, error, done } = useAction(setProjectStatus);
  return (
    <form
      // A new state remounts the form, so lifting a suspension starts with an empty reason rather than the suspension's.
      key={status}
      className={`${ui.card} space-y-3`}
      aria-labelledby="project-status-heading"
      onSubmit={formSubmit((form) =>
        run({ projectId, status: String(form.get("status")) as typeof status, reason: String(form.get("reason") ?? "") || undefined }, "Project state saved.")
      )}
    >
      <h2 id="project-status-heading" className={ui.h2}>
        Project state
      </h2>
      <FormStatus error={error} done={done} />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor="project-status" className={ui.label}>
            State
          </label>
          <select id="project-status" name="status" defaultValue={status} className={ui.select}>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        <div>
          <label htmlFor="project-status-reason" className={ui.label}>
            Reason (required to suspend or archive; the owner sees it)
          </label>
          <input id="project-status-reason" name="reason" maxLength={500} className={ui.input} />
        </div>
      </div>
      <button type="submit" className={ui.button} disabled={pending}>
        Save state
      </button>
    </form>
  );
}
