// The Usage views for one project (owner or staff) or for all projects (staff):
// request lookup, window, counters, charts, quoted versus charged, and the filterable
// history. Choosing a key narrows the whole view to it; endpoint and status narrow the history.
import Link from "next/link";
import { badge, ui } from "@/components/ui/styles";
import { DemoDataBadge } from "@/components/portal/demo-data";
import type { Db } from "@/lib/db/client";
import { endpoints } from "@/lib/api-contract/endpoints";
import { formatNumber, formatTime } from "@/lib/portal/format";
import { counterDefinition, counterLabels, errorsByCode, outcomeLabels, outcomes, usageHistory, usageSummary, usageTimeline, usageWindows, viaLabels, type CounterName, type UsageQuery, type UsageScope, type UsageWindow } from "@/lib/portal/usage";
import { FilterButtons, FilterSelect, Pager, filterHref } from "@/components/portal/list-filters";
import { RequestSearch } from "./request-search";
import { CreditsChart, ErrorCodeChart, OutcomeChart, TimelineChart } from "./usage-charts";

type Choice = { id: string; label: string };

/** Narrower than the portal's usual cells, so the ten history columns fit a 1280 px window. */
const historyCell = "px-2 py-2 align-top text-left";

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
  /** Where the request-id search box goes, and where one request's record lives (`${requestPath}/<id>`). */
  lookupPath: string;
  requestPath: string;
  keys: Choice[];
  projects?: Choice[];
};

/** Links within the usage view, patched only with the usage query's own fields. */
const href = (basePath: string, query: UsageQuery, patch: Partial<UsageQuery>) => filterHref(basePath, query, patch);

export async function UsageView({ db, scope: wholeScope, query, now, basePath, csvPath, lookupPath, requestPath, keys, projects }: UsageViewProps) {
  // A chosen key narrows the counters and charts too, not only the history.
  const scope: UsageScope = { ...wholeScope, keyId: query.key ?? null };
  const [summary, timeline, history, errorCodes] = await Promise.all([
    usageSummary(db, scope, query.window, now),
    usageTimeline(db, scope, query.window, now),
    usageHistory(db, wholeScope, query, now),
    errorsByCode(db, scope, query.window, now),
  ]);
  const { counters } = summary;
  const keyLabels = new Map(keys.map((key) => [key.id, key.label]));
  const filtered = Boolean(query.key || query.endpoint || query.status || query.project || query.via);
  const csvHref = href(csvPath, { ...query, page: 1 }, {});
  const failedQuoted = summary.outcomes.filter((row) => row.outcome !== "success").reduce((sum, row) => sum + row.quoted, 0);

  return (
    <div className="space-y-6">
      <RequestSearch action={lookupPath} />
      {query.key ? (
        <p role="status" className={`${ui.warning} flex flex-wrap items-center justify-between gap-2`} data-testid="key-scope">
          <span>
            Showing one key only: <strong className="font-mono text-xs">{keyLabels.get(query.key) ?? query.key}</strong> — counters, charts and history.
          </span>
          <Link href={href(basePath, { ...query, key: undefined, page: 1 }, {})} className={ui.link}>
            Show every key
          </Link>
        </p>
      ) : null}
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
        <CreditsChart buckets={timeline} bucketLabel={usageWindows[query.window].bucketLabel} total={counters.creditsUsed} />
        <ErrorCodeChart rows={errorCodes} errors={counters.errors} rateLimited={counters.rateLimited} />
      </div>

      <section aria-labelledby="quoted-heading" className={`${ui.card} space-y-3`}>
        <h3 id="quoted-heading" className={ui.h3}>
          Quoted versus charged
        </h3>
        <p className="text-sm">
          <strong>Quoted</strong> is the list price of each call; <strong>charged</strong> is what was deducted. Failed, denied and honestly empty calls are quoted but never
          charged; while charging is switched off, nothing is charged at all. <strong>Trial allowance</strong> is what a trial key&apos;s allowance paid instead
          of the account: such a call shows charged 0 and its price here. The API&apos;s <code>meta.credits_charged</code> is the call&apos;s list price, the quoted
          figure here, whether charging is on or off; what left the balance is charged.
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
        <form key={`${query.window}|${query.project}|${query.key}|${query.endpoint}|${query.status}|${query.via}`} method="get" action={basePath} className={`${ui.card} grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end`} aria-label="Filter request history">
          <input type="hidden" name="window" value={query.window} />
          {projects ? (
            <FilterSelect id="filter-project" name="project" label="Project" allLabel="All projects" value={query.project} choices={projects.map((project) => ({ value: project.id, label: project.label }))} />
          ) : null}
          <FilterSelect id="filter-key" name="key" label="Key" allLabel="All keys" value={query.key} choices={keys.map((key) => ({ value: key.id, label: key.label }))} />
          <FilterSelect id="filter-endpoint" name="endpoint" label="Endpoint" allLabel="All endpoints" value={query.endpoint} choices={endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.id }))} />
          <FilterSelect id="filter-status" name="status" label="Status" allLabel="Any status" value={query.status}>
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
          </FilterSelect>
          <FilterSelect id="filter-via" name="via" label="Through" allLabel="API and MCP" value={query.via} choices={Object.entries(viaLabels).map(([value, label]) => ({ value, label }))} />
          <FilterButtons filtered={filtered} clearHref={href(basePath, { window: query.window, page: 1 }, {})} />
        </form>

        {history.rows.length === 0 ? (
          <p className={`${ui.card} text-sm`} data-testid="history-empty">
            {filtered ? "No requests match these filters in this window." : "No requests in this window yet. Make a call with one of your keys and it appears here."}
          </p>
        ) : (
          <div className="space-y-1">
            <p className="text-xs text-zinc-500 lg:hidden" data-testid="history-scroll-hint">
              Scroll the table sideways for every column →
            </p>
            {/* Scrolls inside its own box (with a scrollbar that stays visible), never the page. */}
            <div className="scrollbar-visible overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" data-testid="history-scroller" tabIndex={0} aria-label="Request history table, scrolls sideways">
              <table className={ui.table} data-testid="history-table">
                <thead>
                  <tr>
                    {["Request id · time (UTC)", "Key", "Endpoint", "Status · error", "Quoted", "Charged", "Allowance", "Latency"].map((heading) => (
                      <th key={heading} scope="col" className={historyCell}>
                        <span className={ui.th.replace(/px-3 py-2 /, "")}>{heading}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {history.rows.map((row) => (
                    <tr key={row.id} data-testid="history-row" className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                      <td className={historyCell}>
                        <Link href={`${requestPath}/${encodeURIComponent(row.id)}`} className={`${ui.link} whitespace-nowrap font-mono text-xs`} title="Open this request's record">
                          {row.id}
                        </Link>
                        <span className="block whitespace-nowrap text-xs text-zinc-600 dark:text-zinc-400">
                          {formatTime(row.createdAt).replace(" UTC", "")}
                          {row.replayOf ? <span className={`${badge("blue")} ml-1`}>replay</span> : null}
                        </span>
                      </td>
                      <td className={`${historyCell} max-w-40 break-words font-mono text-xs`}>{keyLabels.get(row.keyId) ?? row.keyId}</td>
                      <td className={`${historyCell} font-mono text-xs`}>
                        <span className="whitespace-nowrap">
                          {row.method} {row.endpoint}
                        </span>
                        {row.via === "mcp" ? (
                          <span className={`${badge("violet")} ml-1`} title={viaLabels.mcp} data-testid="history-via-mcp">
                            MCP
                          </span>
                        ) : null}
                        {row.chain ? (
                          <span className="block whitespace-nowrap">
                            <span className="text-zinc-500">{row.chain}</span>
                            <DemoDataBadge />
                          </span>
                        ) : null}
                      </td>
                      <td className={historyCell}>
                        <span className={badge(row.httpStatus < 300 ? "green" : row.httpStatus === 429 ? "violet" : row.httpStatus >= 500 ? "red" : "amber")}>{row.httpStatus}</span>
                        {row.errorCode ? <span className="block whitespace-nowrap font-mono text-xs">{row.errorCode}</span> : null}
                      </td>
                      <td className={`${historyCell} text-right tabular-nums`}>{row.quoted}</td>
                      <td className={`${historyCell} text-right tabular-nums`}>{row.charged}</td>
                      <td className={`${historyCell} text-right tabular-nums`} data-testid="history-allowance">
                        {row.allowanceUsed ?? 0}
                      </td>
                      <td className={`${historyCell} whitespace-nowrap text-right tabular-nums`}>{row.latencyMs} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
        <Pager label="History pages" page={query.page} hasOlder={history.hasOlder} hrefFor={(page) => href(basePath, query, { page })} />
      </section>
    </div>
  );
}
