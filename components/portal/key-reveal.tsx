"use client";
// The one time a full key is on screen. It lives only in this component's state: once dismissed
// it is gone, and no page ever renders it again, unless its owner asks to fill it into the
// Quickstart's samples, which keep it in this browser tab only (quickstart-key.tsx).
import Link from "next/link";
import { useParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { rememberQuickstartKey } from "@/components/portal/quickstart-key";
import { CopyButton } from "@/components/ui/copy-button";
import { ui } from "@/components/ui/styles";

export type RevealedKey = { id: string; fullKey: string; masked: string; mode: "live" | "test"; rotatedFrom?: string };

export function KeyReveal({ revealed, onDone }: { revealed: RevealedKey; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  // The project whose Keys tab shows the reveal (its route parameter).
  const projectId = useParams<{ projectId?: string }>()?.projectId ?? null;
  const [inQuickstart, setInQuickstart] = useState(false);
  // Take the reader (and the keyboard) straight to the key.
  useEffect(() => {
    input.current?.focus();
    input.current?.scrollIntoView({ block: "center" });
  }, [revealed.fullKey]);
  return (
    <section aria-labelledby="reveal-heading" className={`${ui.warning} space-y-3 p-4`} data-testid="key-reveal">
      <h3 id="reveal-heading" className="font-semibold">
        {revealed.rotatedFrom ? "Your replacement key — copy it now" : "Your new key — copy it now"}
      </h3>
      <p>
        This is the only time the full key is shown. It cannot be shown again; if you lose it, rotate the key.
        {revealed.rotatedFrom ? " The old key already answers 403 revoked_api_key." : ""} Keep it on your server, never in browser code.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="full-key" className="sr-only">
          Full API key
        </label>
        <input
          id="full-key"
          ref={input}
          readOnly
          value={revealed.fullKey}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-amber-400 bg-white px-3 py-2 font-mono text-sm text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100"
          data-testid="full-key"
        />
        <CopyButton text={revealed.fullKey} label="Copy key" className={ui.button} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={onDone} className={ui.buttonSecondary}>
          I have stored the key
        </button>
        {projectId ? (
          inQuickstart ? (
            <p data-testid="quickstart-filled">
              The{" "}
              <Link href={`/developers/${projectId}/quickstart`} className={ui.link}>
                Quickstart
              </Link>
              &apos;s samples now carry this key, in this browser tab only.
            </p>
          ) : (
            <button
              type="button"
              className={ui.buttonSecondary}
              onClick={() => {
                rememberQuickstartKey(projectId, revealed.fullKey);
                setInQuickstart(true);
              }}
            >
              Fill it into the Quickstart samples
            </button>
          )
        ) : null}
      </div>
    </section>
  );
}
