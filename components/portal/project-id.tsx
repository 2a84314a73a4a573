// The project id where the portal asks people to quote it (to staff, for credits or
// support), with a copy button: ids are long and easy to mistype.
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";

export function ProjectId({ id, label = "Project id" }: { id: string; label?: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="project-id">
      <span className="text-zinc-600 dark:text-zinc-400">{label}</span>
      <code className={`${ui.code} break-all`} data-testid="project-id-value">
        {id}
      </code>
      <CopyButton text={id} label="Copy project id" />
    </span>
  );
}
