"use client";
// The public-API and charging switches. Turning the public API off (or back on)
// changes every caller's next request, so that change waits for an explicit
// confirmation; the server refuses it unconfirmed too.
import { useState } from "react";
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { RequiredMark } from "@/components/ui/required-mark";
import { ConfirmPanel } from "@/components/ui/confirm-panel";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { changeSettings } from "@/lib/portal/actions/staff";

type Change = { publicApiEnabled: boolean; chargingEnabled: boolean; reason: string };

export function SettingsForm({ publicApiEnabled, chargingEnabled }: { publicApiEnabled: boolean; chargingEnabled: boolean }) {
  const { run, pending, error, done } = useAction(changeSettings);
  const [confirming, setConfirming] = useState<Change | null>(null);

  function save(change: Change, confirmed: boolean) {
    run({ ...change, confirmed }, "Switches saved; they apply from the next request.", () => setConfirming(null));
  }

  return (
    <form
      className={`${ui.card} space-y-4`}
      aria-labelledby="switches-heading"
      onChange={() => setConfirming(null)}
      onSubmit={formSubmit((form) => {
        const change = { publicApiEnabled: form.get("publicApiEnabled") === "on", chargingEnabled: form.get("chargingEnabled") === "on", reason: String(form.get("reason") ?? "") };
        if (change.publicApiEnabled !== publicApiEnabled) return setConfirming(change);
        save(change, false);
      })}
    >
      <h2 id="switches-heading" className={ui.h2}>
        Switches
      </h2>
      <FormStatus error={error} done={done} />
      <label className="flex items-start gap-3">
        <input type="checkbox" name="publicApiEnabled" defaultChecked={publicApiEnabled} className="mt-1" />
        <span>
          <span className="font-medium">Public API on</span>
          <span className="block text-sm text-zinc-600 dark:text-zinc-400">Off: every /v1/api request, health included, answers 404 public_api_disabled. Changing it asks for confirmation.</span>
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
          Reason (audit log) <RequiredMark />
        </label>
        <input id="switches-reason" name="reason" maxLength={500} required className={ui.input} />
      </div>
      {confirming ? (
        <ConfirmPanel
          label="Confirm public API switch"
          danger={!confirming.publicApiEnabled}
          pending={pending}
          confirmText={confirming.publicApiEnabled ? "Yes, switch the public API on" : "Yes, switch the public API off"}
          onConfirm={() => save(confirming, true)}
          onCancel={() => setConfirming(null)}
        >
          {confirming.publicApiEnabled
            ? "Switch the public API on? Every key starts being served again from the next request."
            : "Switch the public API off? From the next request every /v1/api call, health included, answers 404 public_api_disabled for every key."}
        </ConfirmPanel>
      ) : (
        <button type="submit" className={ui.button} disabled={pending}>
          Save switches
        </button>
      )}
    </form>
  );
}
