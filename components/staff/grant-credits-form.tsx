"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { grantCredits } from "@/lib/portal/actions/staff";

export function GrantCreditsForm({ defaultEmail }: { defaultEmail?: string }) {
  const { run, pending, error, done } = useAction(grantCredits);
  return (
    <form
      className={`${ui.card} space-y-3`}
      aria-labelledby="grant-heading"
      onSubmit={formSubmit((form) =>
        run({ email: String(form.get("email") ?? ""), amount: String(form.get("amount") ?? ""), reason: String(form.get("reason") ?? "") }, "Credits granted.")
      )}
    >
      <h2 id="grant-heading" className={ui.h2}>
        Grant credits
      </h2>
      <FormStatus error={error} done={done} />
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="grant-email" className={ui.label}>
            Account e-mail
          </label>
          <input id="grant-email" name="email" type="email" defaultValue={defaultEmail} required className={ui.input} />
        </div>
        <div>
          <label htmlFor="grant-amount" className={ui.label}>
            Credits
          </label>
          <input id="grant-amount" name="amount" inputMode="numeric" required className={ui.input} />
        </div>
        <div>
          <label htmlFor="grant-reason" className={ui.label}>
            Reason (audit log)
          </label>
          <input id="grant-reason" name="reason" maxLength={500} required className={ui.input} />
        </div>
      </div>
      <button type="submit" className={ui.button} disabled={pending}>
        Grant credits
      </button>
    </form>
  );
}
