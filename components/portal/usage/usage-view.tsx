// The Usage views for one project (owner or staff) or for all projects (staff):
// window, counters, charts, quoted versus charged, and the filterable history.
import Link from "next/link";
import { badge, ui } from "@/components/ui/styles";
import { DemoDataBadge } from "@/components/portal/demo-data";
import type { Db } from "@/lib/db/client";
import { endpoints } from "@/lib/contract/endpoints";
import { formatNumber, formatTime } from "@/lib/portal/format";
import { counterDefinition, counterLabels, outcomeLabels, outcomes, usageHistory, usageSummary, usageTimeline, usageWindows, type CounterName, type UsageQuery, type UsageScope, type UsageWindow } from "@/lib/portal/usage";
import { OutcomeChart, TimelineChart } from "./usage-charts";

type Choice = { id: string; label: string };

const counterNames: CounterName[] = ["successful", "honestEmpty", "errors", "rateLimited"];
const counterTestIds: Record<CounterName, string> = { successful: "successful", honestEmpty: "honest-empty", errors: "errors", rateLimited: "rate-limited" };

export type UsageViewProps = {
  db: Db;
  scope: UsageScope;
  query: UsageQuery;
  now: Date;
  /** The page these views live on; filters and pages link back to it. */
  basePath: string;
  csvPath: string;
  keys: Choice[];
  projects?: Choice[];
};

function href(basePath: string, query: UsageQuery, patch: Partial<UsageQuery>) {
  const merged = { ...query, ...patch };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === "" || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${basePath}?${text}` : basePath;
}

export async function UsageView({ db, scope, query, now, basePath, csvPath, keys, projects }: UsageViewProps) {
  const [summary, timeline, history] = await Promise.all([
    usageSummary(db, scope, query.window, now),
    usageTimeline(db, scope, query.window, now),
    usageHistory(db, scope, query, now),
  ]);
  const { counters } = summary;
  const keyLabels = new Map(keys.map((key) => [key.id, key.label]));
  const filtered = Boolean(query.key || query.endpoint || query.status || query.project);
  const csvHref = href(csvPath, { ...query, page: 1 }, {});
  const failedQuoted = summary.outcomes.filter((row) => row.outcome !== "success").reduce((sum, row) => sum + row.quoted, 0);

  return (
    <div className="space-y-6">
      <nav aria-label="Usage window" className="flex flex-wrap gap-2">
        {(Object.keys(usageWindows) as UsageWindow[]).map((window) => (
          <Link
            key={window}
            href={href(basePath, query, { window, page: 1 })}
            aria-current={query.window === window ? "page" : undefined}
            className={query.window === window ? ui.button : ui.buttonSecondary}
          >
            {usageWindows[window].label}
          </Link>
        ))}
      </nav>

      <section aria-label="Counters">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {[
            ["Requests", counters.requests, "requests"],
            ...counterNames.map((name) => [counterLabels[name], counters[name], counterTestIds[name]]),
            ["Credits used", counters.creditsUsed, "credits-used"],
          ].map(([label, value, id]) => (
            <div key={id} className={ui.card}>
              <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`counter-${id}`}>
                {formatNumber(value as number)}
              </dd>
            </div>
          ))}
        </dl>
        <p className={`${ui.muted} mt-2`} data-testid="counter-definitions">
          Each counter adds up its rows of the outcome breakdown: {counterNames.map((name) => `${counterLabels[name]} = ${counterDefinition(name)}`).join("; ")}. Honestly empty
          answers (nothing found, or too little data) are never charged.
        </p>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <OutcomeChart rows={summary.outcomes} />
        <TimelineChart buckets={timeline} bucketLabel={usageWindows[query.window].bucketLabel} />
      </div>

      <section aria-labelledby="quoted-heading" className={`${ui.card} space-y-3`}>
        <h3 id="quoted-heading" className={ui.h3}>
          Quoted versus charged
        </h3>
        <p className="text-sm">
          <strong>Quoted</strong> is the list price of each call; <strong>charged</strong> is what was deducted. Failed, denied and honestly empty calls are quoted but never
          charged; while charging is switched off, nothing is charged at all. <strong>Trial allowance</strong> is what a trial key&apos;s allowance paid instead
          of the account: such a call shows charged 0 and its price here.
        </p>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Quoted</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="quoted-total">
              {formatNumber(counters.quoted)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Charged</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="charged-total">
              {formatNumber(counters.creditsUsed)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Paid by trial allowance</dt>
            <dd className="text-xl font-semibold tabular-nums" data-testid="allowance-total">
              {formatNumber(counters.allowanceUsed)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">Quoted on calls that were not charged by rule</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatNumber(failedQuoted)}</dd>
          </div>
        </dl>
        <div className="overflow-x-auto">
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col" className={ui.th}>
                  Outcome
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  Requests
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  Quoted
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  Charged
                </th>
                <th scope="col" className={`${ui.th} text-right`}>
                  Trial allowance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {summary.outcomes.map((row) => (
                <tr key={row.outcome}>
                  <td className={ui.td}>{row.label}</td>
                  <td className={`${ui.td} text-right tabular-nums`}>{formatNumber(row.requests)}</td>
                  <td className={`${ui.td} text-right tabular-nums`}>{formatNumber(row.quoted)}</td>
                  <td className={`${ui.td} text-right tabular-nums`}>{formatNumber(row.charged)}</td>
                  <td className={`${ui.td} text-right tabular-nums`}>{formatNumber(row.allowanceUsed)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="history-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="history-heading" className={ui.h3}>
            Request history
          </h3>
          <a href={csvHref} className={ui.buttonSecondary} download>
            Export CSV{filtered ? " (filtered)" : ""}
          </a>
        </div>
        {/* Keyed by the filters so a client-side navigation (Clear, paging) shows the current ones. */}
        <form key={`${query.window}|${query.project}|${query.key}|${query.endpoint}|${query.status}`} method="get" action={basePath} className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end`} aria-label="Filter request history">
          <input type="hidden" name="window" value={query.window} />
          {projects ? (
            <div>
              <label htmlFor="filter-project" className={ui.label}>
                Project
              </label>
              <select id="filter-project" name="project" defaultValue={query.project ?? ""} className={ui.select}>
                <option value="">All projects</option>
                {projects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div>
            <label htmlFor="filter-key" className={ui.label}>
              Key
            </label>
            <select id="filter-key" name="key" defaultValue={query.key ?? ""} className={ui.select}>
              <option value="">All keys</option>
              {keys.map((key) => (
                <option key={key.id} value={key.id}>
                  {key.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-endpoint" className={ui.label}>
              Endpoint
            </label>
            <select id="filter-endpoint" name="endpoint" defaultValue={query.endpoint ?? ""} className={ui.select}>
              <option value="">All endpoints</option>
              {endpoints.map((endpoint) => (
                <option key={endpoint.id} value={endpoint.id}>
                  {endpoint.id}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-status" className={ui.label}>
              Status
            </label>
            <select id="filter-status" name="status" defaultValue={query.status ?? ""} className={ui.select}>
              <option value="">Any status</option>
              <optgroup label="Outcome">
                {outcomes.map((outcome) => (
                  <option key={outcome} value={outcome}>
                    {outcomeLabels[outcome]}
                  </option>
                ))}
              </optgroup>
              {summary.statuses.length > 0 ? (
                <optgroup label="HTTP status">
                  {summary.statuses.map((status) => (
                    <option key={status} value={String(status)}>
                      {status}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          </div>
          <div className="flex gap-2">
            <button type="submit" className={ui.button}>
              Filter
            </button>
            {filtered ? (
              <Link href={href(basePath, { window: query.window, page: 1 }, {})} className={ui.buttonSecondary}>
                Clear
              </Link>
            ) : null}
          </div>
        </form>

        {history.rows.length === 0 ? (
          <p className={`${ui.card} text-sm`} data-testid="history-empty">
            {filtered ? "No requests match these filters in this window." : "No requests in this window yet. Make a call with one of your keys and it appears here."}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
            <table className={ui.table} data-testid="history-table">
              <thead>
                <tr>
                  {["Request id", "Time (UTC)", "Key", "Endpoint", "Status", "Error code", "Quoted", "Charged", "Allowance", "Latency"].map((heading) => (
                    <th key={heading} scope="col" className={ui.th}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {history.rows.map((row) => (
                  <tr key={row.id} data-testid="history-row">
                    <td className={`${ui.td} font-mono text-xs`}>{row.id}</td>
                    <td className={`${ui.td} whitespace-nowrap`}>{formatTime(row.createdAt).replace(" UTC", "")}</td>
                    <td className={`${ui.td} whitespace-nowrap font-mono text-xs`}>{keyLabels.get(row.keyId) ?? row.keyId}</td>
                    <td className={`${ui.td} font-mono text-xs`}>
                      {row.method} {row.endpoint}
                      {row.chain ? (
                        <>
                          <span className="text-zinc-500"> · {row.chain}</span>
                          <DemoDataBadge />
                        </>
                      ) : null}
                    </td>
                    <td className={ui.td}>
                      <span className={badge(row.httpStatus < 300 ? "green" : row.httpStatus === 429 ? "violet" : row.httpStatus >= 500 ? "red" : "amber")}>{row.httpStatus}</span>
                    </td>
                    <td className={`${ui.td} font-mono text-xs`}>{row.errorCode ?? "—"}</td>
                    <td className={`${ui.td} text-right tabular-nums`}>{row.quoted}</td>
                    <td className={`${ui.td} text-right tabular-nums`}>{row.charged}</td>
                    <td className={`${ui.td} text-right tabular-nums`} data-testid="history-allowance">
                      {row.allowanceUsed ?? 0}
                    </td>
                    <td className={`${ui.td} whitespace-nowrap text-right tabular-nums`}>{row.latencyMs} ms</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="History pages" className="flex items-center justify-between text-sm">
          {query.page > 1 ? (
            <Link href={href(basePath, query, { page: query.page - 1 })} className={ui.link}>
              ← Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-zinc-500">Page {query.page}</span>
          {history.hasOlder ? (
            <Link href={href(basePath, query, { page: query.page + 1 })} className={ui.link}>
              Older →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      </section>
    </div>
  );
}
