"use client";
// The key creation form. The server validates with the same schema as the CLI;
// this form only shapes the input and shows each message next to its field.
import { formSubmit } from "@/components/ui/form-submit";
import { useState, useTransition } from "react";
import { ui } from "@/components/ui/styles";
import { createKey } from "@/lib/portal/actions/keys";
import { chainCodes, chainLabels } from "@/lib/portal/chain-labels";
import { useRevealKey } from "./key-reveal-context";

type Props = { projectId: string; permissions: Array<{ name: string; unlocks: string }>; maxHourly: number };

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

export function KeyCreateForm({ projectId, permissions, maxHourly }: Props) {
  const [mode, setMode] = useState<"test" | "live">("test");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reveal = useRevealKey();
  const [pending, startTransition] = useTransition();
  const [formKey, setFormKey] = useState(0);

  function submit(form: FormData) {
    startTransition(async () => {
      const result = await createKey({
        projectId,
        name: String(form.get("name") ?? ""),
        mode: String(form.get("mode") ?? ""),
        permissions: form.getAll("permissions").map(String),
        rateLimitPerHour: String(form.get("rateLimitPerHour") ?? ""),
        allowedChains: form.getAll("allowedChains").map(String),
        expiresAt: String(form.get("expiresAt") ?? ""),
        allowedOrigins: String(form.get("allowedOrigins") ?? ""),
        allowedIps: String(form.get("allowedIps") ?? ""),
      });
      if (!result.ok) {
        setErrors({ ...(result.fieldErrors ?? {}), ...(result.fieldErrors ? {} : { _form: result.error }) });
        return;
      }
      setErrors({});
      reveal(result.data);
      setFormKey((k) => k + 1);
    });
  }

  const described = (field: string) => (errors[field] ? `${field}-error` : undefined);

  return (
    <div className="space-y-4">
      <form key={formKey} onSubmit={formSubmit(submit)} className={`${ui.card} space-y-5 p-5`} noValidate aria-labelledby="create-key-heading">
        <h2 id="create-key-heading" className={ui.h2}>
          Create a key
        </h2>
        {errors._form ? (
          <p role="alert" className={ui.error}>
            {errors._form}
          </p>
        ) : null}
        {Object.keys(errors).length > 0 && !errors._form ? (
          <p role="alert" className={ui.error}>
            The key was not created; fix the fields marked below.
          </p>
        ) : null}

        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <label htmlFor="key-name" className={ui.label}>
              Name <span className="font-normal text-zinc-500">(optional)</span>
            </label>
            <input id="key-name" name="name" maxLength={80} className={ui.input} placeholder="Production server" aria-describedby={described("name")} />
            <FieldError id="name-error" message={errors.name} />
          </div>

          <fieldset>
            <legend className={ui.label}>Mode</legend>
            <div className="mt-2 flex gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="test" checked={mode === "test"} onChange={() => setMode("test")} />
                Test (sandbox, never charged)
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="mode" value="live" checked={mode === "live"} onChange={() => setMode("live")} />
                Live
              </label>
            </div>
            <p className={ui.hint}>
              {mode === "test"
                ? "Test keys start with svc_test_, run on 25 calls/hour, 100/day, 1/second, and cannot run live intelligence."
                : "Live keys start with svc_live_, work at once, and spend credits on successful paid calls."}
            </p>
            <FieldError id="mode-error" message={errors.mode} />
          </fieldset>
        </div>

        <fieldset aria-describedby={described("permissions")}>
          <legend className={ui.label}>Permissions (at least one; fixed once the key exists)</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {permissions.map((permission) => (
              <label key={permission.name} className="flex items-start gap-2 rounded-md border border-zinc-200 p-2 text-sm dark:border-zinc-800">
                <input type="checkbox" name="permissions" value={permission.name} className="mt-0.5" />
                <span>
                  <span className="font-mono">{permission.name}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">Unlocks {permission.unlocks}</span>
                </span>
              </label>
            ))}
          </div>
          <p className={ui.hint}>health, me and discover work with any key.</p>
          <FieldError id="permissions-error" message={errors.permissions} />
        </fieldset>

        <div className="grid gap-5 md:grid-cols-2">
          {mode === "live" ? (
            <div>
              <label htmlFor="key-rate" className={ui.label}>
                Hourly limit <span className="font-normal text-zinc-500">(optional, at most {maxHourly.toLocaleString("en")})</span>
              </label>
              <input id="key-rate" name="rateLimitPerHour" inputMode="numeric" className={ui.input} placeholder={String(maxHourly)} aria-describedby={described("rateLimitPerHour") ?? "key-rate-hint"} />
              <p id="key-rate-hint" className={ui.hint}>
                Intelligence calls per hour; defaults to your tier&apos;s {maxHourly.toLocaleString("en")}.
              </p>
              <FieldError id="rateLimitPerHour-error" message={errors.rateLimitPerHour} />
            </div>
          ) : null}

          <fieldset>
            <legend className={ui.label}>
              Networks <span className="font-normal text-zinc-500">(optional; none ticked = all)</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {chainCodes.map((code) => (
                <label key={code} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="allowedChains" value={code} />
                  {chainLabels[code]} <span className="font-mono text-xs text-zinc-500">{code}</span>
                </label>
              ))}
            </div>
            <FieldError id="allowedChains-error" message={errors.allowedChains} />
          </fieldset>

          <div>
            <label htmlFor="key-expiry" className={ui.label}>
              Expiry <span className="font-normal text-zinc-500">(optional; end of that day, UTC)</span>
            </label>
            <input id="key-expiry" name="expiresAt" type="date" className={ui.input} aria-describedby={described("expiresAt")} />
            <FieldError id="expiresAt-error" message={errors.expiresAt} />
          </div>
        </div>

        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <label htmlFor="key-origins" className={ui.label}>
              Origin allow list <span className="font-normal text-zinc-500">(optional)</span>
            </label>
            <textarea id="key-origins" name="allowedOrigins" rows={3} className={`${ui.input} font-mono`} placeholder={"https://app.example.com\nhttps://*.example.com"} aria-describedby={described("allowedOrigins") ?? "key-origins-hint"} />
            <p id="key-origins-hint" className={ui.hint}>
              One per line. Wildcards match subdomains at any depth, not the apex. Requests without a matching Origin or Referer are refused.
            </p>
            <FieldError id="allowedOrigins-error" message={errors.allowedOrigins} />
          </div>
          <div>
            <label htmlFor="key-ips" className={ui.label}>
              IP allow list <span className="font-normal text-zinc-500">(optional)</span>
            </label>
            <textarea id="key-ips" name="allowedIps" rows={3} className={`${ui.input} font-mono`} placeholder={"203.0.113.7\n10.0.0.0/8\n2001:db8::/32"} aria-describedby={described("allowedIps") ?? "key-ips-hint"} />
            <p id="key-ips-hint" className={ui.hint}>
              One per line: addresses or CIDR ranges, IPv4 or IPv6.
            </p>
            <FieldError id="allowedIps-error" message={errors.allowedIps} />
          </div>
        </div>

        <button type="submit" className={ui.button} disabled={pending}>
          {pending ? "Creating…" : "Create key"}
        </button>
      </form>
    </div>
  );
}
