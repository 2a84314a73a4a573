"use client";
import { useState } from "react";

/** Copies text to the clipboard and says so to screen readers too. */
export function CopyButton({ text, label = "Copy", className }: { text: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
    setTimeout(() => setCopied(null), 2000);
  }
  return (
    <button
      type="button"
      onClick={copy}
      className={
        className ??
        "inline-flex items-center rounded-md border border-zinc-300 bg-white px-2 py-1 text-xs font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      }
    >
      <span aria-live="polite">{copied === "yes" ? "Copied" : copied === "failed" ? "Select and copy" : label}</span>
    </button>
  );
}
