"use client";
import { ui } from "./styles";

/** What a page shows when it fails to render; the digest ties it to the server log. */
export function ErrorPanel({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className={`${ui.error} my-6 space-y-2 p-4`}>
      <p className="font-semibold">This page could not be loaded.</p>
      <p>Nothing was changed. Try again; if it keeps failing, quote {error.digest ? <code className={ui.code}>{error.digest}</code> : "the time"} to support.</p>
      <button type="button" onClick={reset} className={ui.buttonSecondary}>
        Try again
      </button>
    </div>
  );
}
