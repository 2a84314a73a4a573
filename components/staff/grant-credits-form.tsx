"use client";
// Grants credits by the shared grant rules (lib/billing/grant-rules.ts): the input
// refuses anything but digits, an amount past the maximum is refused here in the
// same words the server and the CLI use, and a grant above the threshold waits for
// an explicit confirmation.
import { useRef, useState } from "react";
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { RequiredMark } from "@/components/ui/required-mark";
import { ConfirmPanel } from "@/components/ui/confirm-panel";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { creditGrantMessages, grantConfirmationThreshold, grantNeedsConfirmation, maxCreditGrant, parseCreditGrantAmount } from "@/lib/billing/grant-rules";
import { grantCredits } from "@/lib/portal/actions/staff";

type Grant = { email: string; amount: number; reason: string };

export function GrantCreditsForm({ defaultEmail }: { defaultEmail?: string }) {
  const { run, pending, error, done } = useAction(grantCredits);
  const [localError, setLocalError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Grant | null>(null);
  const form = useRef<HTMLFormElement>(null);

  function grant(input: Grant, confirmed: boolean) {
    run({ email: input.email, amount: String(input.amount), reason: input.reason, confirmed }, `Granted ${input.amount.toLocaleString("en-US")} credits to ${input.email}.`, () => {
      setConfirming(null);
      form.current?.reset();
    });
  }

  return (
    <form
      ref={form}
      className={`${ui.card} space-y-3`}
      aria-labelledby="grant-heading"
      // A changed field withdraws a pending confirmation: what is confirmed is what was shown.
      onChange={() => setConfirming(null)}
      onSubmit={formSubmit((data) => {
        const parsed = parseCreditGrantAmount(data.get("amount"));
        if (!parsed.ok) return setLocalError(parsed.error);
        setLocalError(null);
        const input = { email: String(data.get("email") ?? ""), amount: parsed.amount, reason: String(data.get("reason") ?? "") };
        if (grantNeedsConfirmation(parsed.amount)) return setConfirming(input);
        grant(input, false);
      })}
    >
      <h2 id="grant-heading" className={ui.h2}>
        Grant credits
      </h2>
      <FormStatus error={localError ?? error} done={localError ? null : done} />
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="grant-email" className={ui.label}>
            Account e-mail <RequiredMark />
          </label>
          <input id="grant-email" name="email" type="email" defaultValue={defaultEmail} required className={ui.input} />
        </div>
        <div>
          <label htmlFor="grant-amount" className={ui.label}>
            Credits <RequiredMark />
          </label>
          <input
            id="grant-amount"
            name="amount"
            inputMode="numeric"
            pattern="[1-9][0-9]*"
            maxLength={String(maxCreditGrant).length}
            title={creditGrantMessages.amount}
            aria-describedby="grant-amount-hint"
            required
            className={ui.input}
          />
          <p id="grant-amount-hint" className={ui.hint}>
            A whole number from 1 to {maxCreditGrant.toLocaleString("en-US")}; above {grantConfirmationThreshold.toLocaleString("en-US")} you confirm first.
          </p>
        </div>
        <div>
          <label htmlFor="grant-reason" className={ui.label}>
            Reason (audit log) <RequiredMark />
          </label>
          <input id="grant-reason" name="reason" maxLength={500} required className={ui.input} />
        </div>
      </div>
      {confirming ? (
        <ConfirmPanel
          label="Confirm grant"
          pending={pending}
          confirmText={`Yes, grant ${confirming.amount.toLocaleString("en-US")} credits`}
          onConfirm={() => grant(confirming, true)}
          onCancel={() => setConfirming(null)}
        >
          Grant <strong>{confirming.amount.toLocaleString("en-US")}</strong> credits to <strong>{confirming.email}</strong>? That is more than{" "}
          {grantConfirmationThreshold.toLocaleString("en-US")}.
        </ConfirmPanel>
      ) : (
        <button type="submit" className={ui.button} disabled={pending}>
          Grant credits
        </button>
      )}
    </form>
  );
}
