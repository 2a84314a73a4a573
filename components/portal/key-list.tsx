// The project's keys as the spec's key record: name, masked key, mode badge,
// permissions, restrictions, created, last used, state (with the reason).
import type { ReactNode } from "react";
import { badge, ui, type BadgeTone } from "@/components/ui/styles";
import type { KeyState, KeyView } from "@/lib/portal/keys";
import { formatNumber, formatTime } from "@/lib/portal/format";
import type { KeyUsage } from "@/lib/portal/key-usage";
import { usageWindows, type UsageWindow } from "@/lib/portal/usage";

const stateTones: Record<KeyState, BadgeTone> = { active: "green", suspended: "red", revoked: "neutral", rotated: "neutral", expired: "amber", disabled: "red" };

export function ModeBadge({ mode }: { mode: "live" | "test" }) {
  return mode === "live" ? <span className={badge("violet")}>Live</span> : <span className={badge("blue")}>Test · Sandbox</span>;
}

/** The key's traffic in each Usage window, counted as the Usage tab counts; links to the tab narrowed to the key. */
function KeyUsageFigures({ usage, usageHref }: { usage: KeyUsage; usageHref?: string }) {
  return (
    <div className="space-y-1">
      <div className="overflow-x-auto">
        <table className="text-sm" data-testid="key-usage">
          <thead>
            <tr>
              <th scope="col" className="pr-4 text-left text-xs font-normal text-zinc-600 dark:text-zinc-400">
                Usage
              </th>
              {["Requests", "Errors", "Credits"].map((heading) => (
                <th key={heading} scope="col" className="px-3 text-right text-xs font-normal text-zinc-600 dark:text-zinc-400">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(Object.keys(usageWindows) as UsageWindow[]).map((window) => (
              <tr key={window} data-testid={`key-usage-${window}`}>
                <th scope="row" className="pr-4 text-left text-xs font-normal whitespace-nowrap">
                  {usageWindows[window].label}
                </th>
                <td className="px-3 text-right tabular-nums" data-testid="key-requests">
                  {formatNumber(usage[window].requests)}
                </td>
                <td className="px-3 text-right tabular-nums" data-testid="key-errors">
                  {formatNumber(usage[window].errors)}
                </td>
                <td className="px-3 text-right tabular-nums" data-testid="key-credits">
                  {formatNumber(usage[window].credits)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {usageHref ? (
        <a href={usageHref} className={`${ui.link} text-xs`}>
          This key&apos;s usage and history
        </a>
      ) : null}
    </div>
  );
}

export function KeyCard({ view, actions, usage, usageHref, unused }: { view: KeyView; actions?: ReactNode; usage?: KeyUsage; usageHref?: string; unused?: boolean }) {
  return (
    <li className={`${ui.card} space-y-3`} data-testid="key-card" data-key-id={view.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{view.name ?? "Unnamed key"}</h3>
          <ModeBadge mode={view.mode} />
          <span className={badge(stateTones[view.state])} data-testid="key-state">
            {view.stateLabel}
          </span>
        </div>
        <code className="break-all font-mono text-xs text-zinc-700 dark:text-zinc-300" data-testid="masked-key">
          {view.masked}
        </code>
      </div>
      {view.reason ? (
        <p className={ui.error} data-testid="key-reason">
          {view.state === "disabled" ? "Project disabled" : "Suspended"}: {view.reason}
        </p>
      ) : null}
      {unused ? (
        <p className={ui.warning} data-testid="key-unused">
          Not used for 30 days or more. If nothing needs it any more, revoke it: an unused key is only a risk.
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Permissions</dt>
          <dd className="font-mono text-xs">{view.permissions.join(", ")}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Access</dt>
          <dd>
            {view.mode === "test" ? "Sandbox" : `${view.tier} · ${view.accessMode.replace("_", " ")}`} · {view.rateLimitPerHour.toLocaleString("en")}/hour
          </dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Created</dt>
          <dd>{formatTime(view.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Last used</dt>
          <dd data-testid="key-last-used">{view.lastUsedAt ? formatTime(view.lastUsedAt) : "Never"}</dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-4">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Restrictions</dt>
          <dd>
            {view.restrictions.length === 0 ? (
              "None"
            ) : (
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {view.restrictions.map((restriction) => (
                  <li key={restriction.label}>
                    <span className="text-zinc-600 dark:text-zinc-400">{restriction.label}:</span> <span className="break-all font-mono text-xs">{restriction.value}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {usage ? <KeyUsageFigures usage={usage} usageHref={usageHref} /> : null}
      {actions}
    </li>
  );
}
