"use client";
// Rotate and Revoke, each behind an explicit confirmation step.
import { useEffect, useRef, useState, useTransition } from "react";
import { ConfirmPanel } from "@/components/ui/confirm-panel";
import { ui } from "@/components/ui/styles";
import { revokeKey, rotateKey } from "@/lib/portal/actions/keys";
import type { RevealedKey } from "./key-reveal";
import { useRevealKey } from "./key-reveal-context";

export function KeyRowActions({ keyId, label, canRotate }: { keyId: string; label: string; canRotate: boolean }) {
  const [confirming, setConfirming] = useState<"rotate" | "revoke" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reveal = useRevealKey();
  const [pending, startTransition] = useTransition();
  // Where focus goes back to when a confirmation is cancelled: the button that opened it.
  const opener = useRef<"rotate" | "revoke" | null>(null);
  const rotateButton = useRef<HTMLButtonElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming === null && opener.current) {
      (opener.current === "rotate" ? rotateButton : revokeButton).current?.focus();
      opener.current = null;
    }
  }, [confirming]);

  function open(kind: "rotate" | "revoke") {
    opener.current = kind;
    setConfirming(kind);
  }
  function cancel() {
    setConfirming(null);
  }

  function run(kind: "rotate" | "revoke") {
    startTransition(async () => {
      const result = kind === "rotate" ? await rotateKey({ keyId }) : await revokeKey({ keyId });
      if (!result.ok) return setError(result.error);
      setError(null);
      opener.current = null; // the row changes; focus goes to the revealed key instead
      setConfirming(null);
      if (kind === "rotate" && "fullKey" in result.data) reveal(result.data as RevealedKey);
    });
  }

  return (
    <div className="space-y-2">
      {confirming ? (
        <ConfirmPanel
          label={`Confirm ${confirming}`}
          danger={confirming === "revoke"}
          pending={pending}
          confirmText={confirming === "rotate" ? "Yes, rotate" : "Yes, revoke"}
          onConfirm={() => run(confirming)}
          onCancel={cancel}
        >
          {confirming === "rotate"
            ? `Rotate ${label}? A replacement with the same name, permissions and restrictions is created and shown once; this key stops working within a second.`
            : `Revoke ${label}? It stops working on every endpoint within a second. This cannot be undone.`}
        </ConfirmPanel>
      ) : (
        <div className="flex gap-2">
          {canRotate ? (
            <button type="button" ref={rotateButton} className={ui.buttonSecondary} onClick={() => open("rotate")}>
              Rotate
            </button>
          ) : null}
          <button type="button" ref={revokeButton} className={`${ui.buttonSecondary} text-red-700 dark:text-red-300`} onClick={() => open("revoke")}>
            Revoke
          </button>
        </div>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
