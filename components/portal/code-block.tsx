import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";

export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <figure className="relative min-w-0">
      <figcaption className="mb-1 flex items-center justify-between text-xs font-medium text-zinc-600 dark:text-zinc-400">
        <span>{label}</span>
        <CopyButton text={code} label={`Copy ${label}`} />
      </figcaption>
      <pre className={ui.pre}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
