"use client";
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { changeSettings } from "@/lib/portal/actions/staff";

export function SettingsForm({ publicApiEnabled, chargingEnabled }: { publicApiEnabled: boolean; chargingEnabled: boolean }) {
  const { run, pending, error, done } = useAction(changeSettings);
  return (
    <form
      className={`${ui.card} space-y-4`}
      aria-labelledby="switches-heading"
      onSubmit={formSubmit((form) =>
        run({ publicApiEnabled: form.get("publicApiEnabled") === "on", chargingEnabled: form.get("chargingEnabled") === "on", reason: String(form.get("reason") ?? "") }, "Switches saved; they apply from the next request.")
      )}
    >
      <h2 id="switches-heading" className={ui.h2}>
        Switches
      </h2>
      <FormStatus error={error} done={done} />
      <label className="flex items-start gap-3">
        <input type="checkbox" name="publicApiEnabled" defaultChecked={publicApiEnabled} className="mt-1" />
        <span>
          <span className="font-medium">Public API on</span>
          <span className="block text-sm text-zinc-600 dark:text-zinc-400">Off: every /v1/api request, health included, answers 404 public_api_disabled.</span>
        </span>
      </label>
      <label className="flex items-start gap-3">
        <input type="checkbox" name="chargingEnabled" defaultChecked={chargingEnabled} className="mt-1" />
        <span>
          <span className="font-medium">Charging on</span>
          <span className="block text-sm text-zinc-600 dark:text-zinc-400">
            On: successful paid calls spend the day&apos;s free credits, then the balance; calls the two cannot cover answer 402. Off: nothing is deducted.
          </span>
        </span>
      </label>
      <div>
        <label htmlFor="switches-reason" className={ui.label}>
          Reason (audit log)
        </label>
        <input id="switches-reason" name="reason" maxLength={500} required className={ui.input} />
      </div>
      <button type="submit" className={ui.button} disabled={pending}>
        Save switches
      </button>
    </form>
  );
}
