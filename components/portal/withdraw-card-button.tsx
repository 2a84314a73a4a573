"use client";
import { useState, useTransition } from "react";
import { ui } from "@/components/ui/styles";
import { withdrawCard } from "@/lib/portal/actions/cards";

export function WithdrawCardButton({ cardId }: { cardId: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div>
      <button
        type="button"
        className={ui.buttonSecondary}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await withdrawCard({ cardId });
            setError(result.ok ? null : result.error);
          })
        }
      >
        {pending ? "Withdrawing…" : "Withdraw"}
      </button>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
