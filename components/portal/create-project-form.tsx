"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ui } from "@/components/ui/styles";
import { createProject } from "@/lib/portal/actions/projects";

export function CreateProjectForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function submit(form: FormData) {
    startTransition(async () => {
      const result = await createProject({ name: String(form.get("name") ?? "") });
      if (!result.ok) return setError(result.error);
      router.push(`/developers/${result.data.id}/keys`);
    });
  }

  return (
    <form onSubmit={formSubmit(submit)} className="space-y-3" noValidate>
      <div>
        <label htmlFor="project-name" className={ui.label}>
          Project name
        </label>
        <input
          id="project-name"
          name="name"
          required
          maxLength={80}
          className={ui.input}
          placeholder="My trading dashboard"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "project-name-error" : undefined}
        />
        {error ? (
          <p id="project-name-error" role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className={ui.button} disabled={pending}>
        {pending ? "Creating…" : "Create project"}
      </button>
    </form>
  );
}
