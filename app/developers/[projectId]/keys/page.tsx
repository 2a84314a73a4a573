import type { Metadata } from "next";
import { KeyCard } from "@/components/portal/key-list";
import { KeyCreateForm } from "@/components/portal/key-create-form";
import { KeyRevealProvider } from "@/components/portal/key-reveal-context";
import { KeyRowActions } from "@/components/portal/key-row-actions";
import { ui } from "@/components/ui/styles";
import { tierHourlyLimits } from "@/lib/rate-limit/policies";
import { permissions } from "@/lib/api-contract/endpoints";
import { requireProjectAccess } from "@/lib/portal/guards";
import { listKeyViews } from "@/lib/portal/keys";
import { emptyKeyUsage, isUnusedKey, keyUsageFigures } from "@/lib/portal/key-usage";

export const metadata: Metadata = { title: "Keys" };

export default async function KeysPage({ params }: { params: Promise<{ projectId: string }> }) {
  const ctx = await requireProjectAccess((await params).projectId);
  const [views, figures] = await Promise.all([listKeyViews(ctx.db, ctx.project, ctx.now), keyUsageFigures(ctx.db, ctx.project.id, ctx.now)]);
  const usageOf = (keyId: string) => ({ usage: figures.get(keyId) ?? emptyKeyUsage(), usageHref: `/developers/${ctx.project.id}/usage?${new URLSearchParams({ window: "30d", key: keyId })}` });
  const current = views.filter((view) => view.state !== "revoked" && view.state !== "rotated");
  const retired = views.filter((view) => view.state === "revoked" || view.state === "rotated");
  const active = ctx.project.status === "active";
  return (
    <div className="space-y-6">
      <KeyRevealProvider>
        {active ? (
          <KeyCreateForm projectId={ctx.project.id} permissions={Object.entries(permissions).map(([name, unlocks]) => ({ name, unlocks }))} maxHourly={tierHourlyLimits.basic} />
        ) : (
          <p className={ui.muted}>New keys cannot be created while the project is {ctx.project.status}.</p>
        )}
        <section aria-labelledby="keys-heading" className="space-y-3">
          <h2 id="keys-heading" className={ui.h2}>
            Keys
          </h2>
          <p className={ui.muted}>
            Only the prefix and last four characters of a key can be shown after creation. Permissions cannot be changed: create a new key and revoke the old one. Each key&apos;s requests, errors and credits are counted as on the Usage tab, so the keys add up to the project.
          </p>
          {current.length === 0 ? (
            <p className={`${ui.card} text-sm`}>No keys yet. Create one above, then follow the Quickstart.</p>
          ) : (
            <ul className="space-y-3" aria-label="Current keys">
              {current.map((view) => (
                <KeyCard
                  key={view.id}
                  view={view}
                  {...usageOf(view.id)}
                  unused={isUnusedKey(view, ctx.now)}
                  actions={active ? <KeyRowActions keyId={view.id} label={view.name ?? view.masked} canRotate /> : undefined}
                />
              ))}
            </ul>
          )}
        </section>
      </KeyRevealProvider>
      {retired.length > 0 ? (
        <details className="space-y-3">
          <summary className="cursor-pointer text-sm font-medium">Revoked and rotated keys ({retired.length})</summary>
          <ul className="mt-3 space-y-3" aria-label="Revoked and rotated keys">
            {retired.map((view) => (
              <KeyCard key={view.id} view={view} {...usageOf(view.id)} />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
