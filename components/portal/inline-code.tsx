// Reference text is written once, in the schemas' descriptions, for both the OpenAPI document
// (Markdown) and the portal. There, `name` means code: show it as code, not as backticks.
import type { ReactNode } from "react";
import { ui } from "@/components/ui/styles";

export function InlineCode({ text }: { text: string }): ReactNode {
  const parts = text.split(/`([^`]+)`/);
  if (parts.length === 1) return text;
  // split() with one capture group alternates plain text and the captured code.
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className={ui.code}>
        {part}
      </code>
    ) : (
      part
    ),
  );
}
