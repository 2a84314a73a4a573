"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { useState, useTransition } from "react";
import { ui } from "@/components/ui/styles";
import { renameProject } from "@/lib/portal/actions/projects";

export function RenameProject({ projectId, name }: { projectId: string; name: string }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (!editing) {
    return (
      <button type="button" onClick={() => setEditing(true)} className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-400">
        Rename
      </button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={formSubmit((form) =>
        startTransition(async () => {
          const result = await renameProject({ projectId, name: String(form.get("name") ?? "") });
          if (!result.ok) return setError(result.error);
          setError(null);
          setEditing(false);
        })
      )}
    >
      <label htmlFor="rename-project" className="sr-only">
        New project name
      </label>
      <input id="rename-project" name="name" defaultValue={name} maxLength={80} autoFocus className={`${ui.input} mt-0 w-64`} aria-describedby={error ? "rename-error" : undefined} />
      <button type="submit" className={ui.button} disabled={pending}>
        Save
      </button>
      <button type="button" className={ui.buttonSecondary} onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error ? (
        <p id="rename-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
