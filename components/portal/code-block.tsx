import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";

/** A code sample with a copy button; `tall` samples (a whole real answer) scroll inside a bounded box. */
export function CodeBlock({ code, label, tall = false }: { code: string; label: string; tall?: boolean }) {
  return (
    <figure className="relative min-w-0">
      <figcaption className="mb-1 flex items-center justify-between gap-2 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {/* A long file name (claude_desktop_config.json) wraps on a phone rather than widen the page. */}
        <span className="min-w-0 break-words [overflow-wrap:anywhere]">{label}</span>
        <CopyButton text={code} label={`Copy ${label}`} />
      </figcaption>
      <pre className={tall ? `${ui.pre} max-h-96 overflow-y-auto` : ui.pre} tabIndex={tall ? 0 : undefined}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
