"use client";
// Staff controls on one key: suspend / unsuspend with a reason, approve a
// request-access key, and the arrangement (tier, access mode, limits, trial,
// covered endpoints).
import { formSubmit } from "@/components/ui/form-submit";
import { FormStatus } from "@/components/ui/form-status";
import { RequiredMark } from "@/components/ui/required-mark";
import { ui } from "@/components/ui/styles";
import { useAction } from "@/components/ui/use-action";
import { approveKeyAccess, setKeyArrangement, suspendKey, unsuspendKey } from "@/lib/portal/actions/staff";

type Props = {
  keyId: string;
  mode: "live" | "test";
  status: "active" | "suspended" | "revoked";
  retired: boolean;
  tier: "basic" | "premium" | "pro";
  accessMode: "paid" | "trial" | "partner" | "enterprise" | "request_access" | "legacy";
  rateLimitPerHour: number;
  trialAllowance: number | null;
  trialEndsAt: string | null;
  coveredEndpoints: string[];
  intelligenceEndpoints: string[];
};

export function KeyStaffControls(props: Props) {
  const suspension = useAction(suspendKey);
  const lift = useAction(unsuspendKey);
  const approval = useAction(approveKeyAccess);
  const arrangement = useAction(setKeyArrangement);
  if (props.retired) return <p className={ui.muted}>Revoked or rotated: nothing to change.</p>;
  const id = props.keyId;
  return (
    <div className="space-y-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
      {/* Keyed forms: without a key React reuses the suspend form's input for the lift form, and the
          suspension reason just typed would reappear as the reason for lifting it. */}
      {props.status === "suspended" ? (
        <form key="lift" className="space-y-2" onSubmit={formSubmit((form) => lift.run({ keyId: id, reason: String(form.get("reason") ?? "") || undefined }, "Suspension lifted."))}>
          <FormStatus error={lift.error} done={lift.done} />
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`unsuspend-reason-${id}`} className={ui.label}>
                Why lift the suspension (optional)
              </label>
              <input id={`unsuspend-reason-${id}`} name="reason" maxLength={500} className={ui.input} />
            </div>
            <button type="submit" className={ui.button} disabled={lift.pending}>
              Unsuspend key
            </button>
          </div>
        </form>
      ) : (
        <form key="suspend" className="space-y-2" onSubmit={formSubmit((form) => suspension.run({ keyId: id, reason: String(form.get("reason") ?? "") }, "Key suspended; the owner sees the reason."))}>
          <FormStatus error={suspension.error} done={suspension.done} />
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex-1">
              <label htmlFor={`suspend-reason-${id}`} className={ui.label}>
                Suspension reason (shown to the owner) <RequiredMark />
              </label>
              <input id={`suspend-reason-${id}`} name="reason" maxLength={500} required className={ui.input} />
            </div>
            <button type="submit" className={ui.buttonDanger} disabled={suspension.pending}>
              Suspend key
            </button>
          </div>
        </form>
      )}
      {props.mode === "live" && props.accessMode === "request_access" ? (
        <div className="space-y-2">
          <FormStatus error={approval.error} done={approval.done} />
          <button type="button" className={ui.button} disabled={approval.pending} onClick={() => approval.run({ keyId: id }, "Access approved: the key is now paid.")}>
            Approve access request
          </button>
        </div>
      ) : null}
      {props.mode === "live" ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium">Arrangement: tier, access mode, limits</summary>
          <form
            className="mt-3 space-y-3"
            onSubmit={formSubmit((form) =>
              arrangement.run(
                {
                  keyId: id,
                  tier: String(form.get("tier")) as Props["tier"],
                  accessMode: String(form.get("accessMode")) as Props["accessMode"],
                  rateLimitPerHour: String(form.get("rateLimitPerHour") ?? ""),
                  trialAllowance: String(form.get("trialAllowance") ?? ""),
                  trialEndsAt: String(form.get("trialEndsAt") ?? ""),
                  coveredEndpoints: form.getAll("coveredEndpoints").map(String),
                  reason: String(form.get("reason") ?? "") || undefined,
                },
                "Arrangement saved.",
              )
            )}
          >
            <FormStatus error={arrangement.error} done={arrangement.done} />
            <div className="grid gap-3 sm:grid-cols-3">
              <div>
                <label htmlFor={`tier-${id}`} className={ui.label}>
                  Tier
                </label>
                <select id={`tier-${id}`} name="tier" defaultValue={props.tier} className={ui.select}>
                  <option value="basic">basic (1,000/hour)</option>
                  <option value="premium">premium (5,000/hour)</option>
                  <option value="pro">pro (15,000/hour)</option>
                </select>
              </div>
              <div>
                <label htmlFor={`access-${id}`} className={ui.label}>
                  Access mode
                </label>
                <select id={`access-${id}`} name="accessMode" defaultValue={props.accessMode} className={ui.select}>
                  {["paid", "trial", "partner", "enterprise", "request_access", "legacy"].map((mode) => (
                    <option key={mode} value={mode}>
                      {mode.replace("_", " ")}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={`rate-${id}`} className={ui.label}>
                  Hourly limit
                </label>
                <input id={`rate-${id}`} name="rateLimitPerHour" inputMode="numeric" placeholder={String(props.rateLimitPerHour)} className={ui.input} />
                <p className={ui.hint}>Blank keeps it (a tier change moves it to the tier&apos;s). Partner and enterprise may exceed the tier.</p>
              </div>
              <div>
                <label htmlFor={`trial-${id}`} className={ui.label}>
                  Trial allowance (credits)
                </label>
                <input id={`trial-${id}`} name="trialAllowance" inputMode="numeric" placeholder={props.trialAllowance ? String(props.trialAllowance) : ""} className={ui.input} />
              </div>
              <div>
                <label htmlFor={`trial-end-${id}`} className={ui.label}>
                  Trial end date (UTC)
                </label>
                <input id={`trial-end-${id}`} name="trialEndsAt" type="date" defaultValue={props.trialEndsAt?.slice(0, 10)} className={ui.input} />
              </div>
              <div>
                <label htmlFor={`arrangement-reason-${id}`} className={ui.label}>
                  Reason (audit log)
                </label>
                <input id={`arrangement-reason-${id}`} name="reason" maxLength={500} className={ui.input} />
              </div>
            </div>
            <fieldset>
              <legend className={ui.label}>Covered endpoints (partner and enterprise; none ticked = all the permissions allow)</legend>
              <div className="mt-1 flex flex-wrap gap-3">
                {props.intelligenceEndpoints.map((endpoint) => (
                  <label key={endpoint} className="flex items-center gap-1 font-mono text-xs">
                    <input type="checkbox" name="coveredEndpoints" value={endpoint} defaultChecked={props.coveredEndpoints.includes(endpoint)} />
                    {endpoint}
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className={ui.button} disabled={arrangement.pending}>
              Save arrangement
            </button>
          </form>
        </details>
      ) : (
        <p className={ui.hint}>Test keys are always sandbox; arrangements apply to live keys.</p>
      )}
    </div>
  );
}
