"use client";
// The key someone just created, filled into the Quickstart's samples when they ask for it on the
// reveal. It is kept in this browser tab's sessionStorage only (never sent to the server, gone when
// the tab closes, and forgotten on request), so copied samples run as they are.
import { useSyncExternalStore } from "react";
import { CodeBlock } from "@/components/portal/code-block";
import { ui } from "@/components/ui/styles";
import { apiKeyPlaceholder, withKey } from "@/lib/portal/samples";

const storageKey = (projectId: string) => `quickstart-key:${projectId}`;
const changedEvent = "quickstart-key-changed";

function subscribe(onChange: () => void) {
  window.addEventListener(changedEvent, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(changedEvent, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function rememberQuickstartKey(projectId: string, fullKey: string) {
  sessionStorage.setItem(storageKey(projectId), fullKey);
  window.dispatchEvent(new Event(changedEvent));
}

function forgetQuickstartKey(projectId: string) {
  sessionStorage.removeItem(storageKey(projectId));
  window.dispatchEvent(new Event(changedEvent));
}

/** The key this tab keeps for the project's samples; null on the server and when none is kept. */
export function useQuickstartKey(projectId: string): string | null {
  return useSyncExternalStore(
    subscribe,
    () => sessionStorage.getItem(storageKey(projectId)),
    () => null,
  );
}

/** A sample with the kept key in place of the placeholder, when there is one. */
export function KeyedCodeBlock({ projectId, code, label }: { projectId: string; code: string; label: string }) {
  const key = useQuickstartKey(projectId);
  return <CodeBlock label={label} code={key ? withKey(code, key) : code} />;
}

/** Says whose key the samples carry, and forgets it on request. */
export function QuickstartKeyNote({ projectId }: { projectId: string }) {
  const key = useQuickstartKey(projectId);
  if (!key) {
    return (
      <p className={ui.muted} data-testid="quickstart-key-note">
        The samples below show <code className={ui.code}>{apiKeyPlaceholder}</code>. When you create a key, the reveal offers to fill it in here (in this browser tab only).
      </p>
    );
  }
  return (
    <p className={ui.muted} data-testid="quickstart-key-note">
      The samples below carry the key you created (<code className={ui.code}>{`${key.slice(0, 9)}…${key.slice(-4)}`}</code>), kept in this browser tab only.{" "}
      <button type="button" className={ui.link} onClick={() => forgetQuickstartKey(projectId)}>
        Forget it
      </button>
    </p>
  );
}
