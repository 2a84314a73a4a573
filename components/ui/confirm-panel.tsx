"use client";
// The one inline confirmation: a question, a confirm button that takes the focus (so a keyboard
// user lands on the choice just opened), Cancel, and Escape to cancel.
import type { ReactNode } from "react";
import { ui } from "./styles";

export function ConfirmPanel(props: {
  label: string;
  danger?: boolean;
  pending: boolean;
  confirmText: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { label, danger, pending, confirmText, onConfirm, onCancel, children } = props;
  return (
    <div
      role="group"
      aria-label={label}
      className={`${danger ? ui.error : ui.warning} space-y-2`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !pending) onCancel();
      }}
    >
      <p>{children}</p>
      <div className="flex gap-2">
        <button type="button" autoFocus className={danger ? ui.buttonDanger : ui.button} disabled={pending} onClick={onConfirm}>
          {pending ? "Working…" : confirmText}
        </button>
        <button type="button" className={ui.buttonSecondary} disabled={pending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
