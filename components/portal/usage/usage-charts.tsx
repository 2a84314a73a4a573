// Plain charts: outcome breakdown and errors by code (CSS bars), requests and credits
// charged over time (SVG).
// Each carries its numbers as text too, so nothing depends on seeing the shapes.
import { ui } from "@/components/ui/styles";
import type { ErrorCodeRow, OutcomeRow, TimelineBucket } from "@/lib/portal/usage";
import type { RequestOutcome } from "@/lib/errors/error-codes";

const outcomeColours: Record<RequestOutcome, string> = {
  success: "bg-emerald-500",
  honest_empty: "bg-sky-500",
  client_error: "bg-amber-500",
  denied: "bg-orange-600",
  rate_limited: "bg-violet-500",
  server_error: "bg-red-600",
  client_closed: "bg-slate-400",
};

export function OutcomeChart({ rows }: { rows: OutcomeRow[] }) {
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  return (
    <section aria-labelledby="outcomes-heading" className={`${ui.card} space-y-3`}>
      <h3 id="outcomes-heading" className={ui.h3}>
        Outcome breakdown
      </h3>
      {total === 0 ? (
        <p className={ui.muted}>No requests in this window.</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row) => {
            const share = total ? row.requests / total : 0;
            return (
              <li key={row.outcome} className="grid grid-cols-[8rem_1fr_5rem] items-center gap-2 text-sm">
                <span>{row.label}</span>
                <span className="h-3 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
                  <span className={`block h-3 rounded ${outcomeColours[row.outcome]}`} style={{ width: `${(share * 100).toFixed(1)}%` }} />
                </span>
                <span className="text-right tabular-nums">
                  {row.requests} <span className="text-xs text-zinc-500">({Math.round(share * 100)}%)</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function TimelineChart({ buckets, bucketLabel }: { buckets: TimelineBucket[]; bucketLabel: string }) {
  const max = Math.max(1, ...buckets.map((b) => b.requests));
  const width = 600;
  const height = 160;
  const barWidth = width / Math.max(1, buckets.length);
  const total = buckets.reduce((sum, b) => sum + b.requests, 0);
  const first = buckets[0]?.start;
  const last = buckets[buckets.length - 1]?.start;
  return (
    <section aria-labelledby="timeline-heading" className={`${ui.card} space-y-2`}>
      <h3 id="timeline-heading" className={ui.h3}>
        Requests over time <span className="text-sm font-normal text-zinc-500">(per {bucketLabel}, UTC)</span>
      </h3>
      <svg viewBox={`0 0 ${width} ${height + 4}`} role="img" aria-label={`${total} requests between ${first?.slice(0, 16)} and ${last?.slice(0, 16)} UTC; peak ${max} per ${bucketLabel}.`} className="h-40 w-full">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth="1" />
        {buckets.map((bucket, i) => {
          const okHeight = (bucket.successful / max) * height;
          const emptyHeight = (bucket.honestEmpty / max) * height;
          const failHeight = (bucket.failed / max) * height;
          return (
            <g key={bucket.start}>
              <title>{`${bucket.start.slice(0, 16).replace("T", " ")} UTC: ${bucket.requests} requests (${bucket.successful} successful, ${bucket.honestEmpty} honestly empty, ${bucket.failed} errors or rate limited)`}</title>
              <rect x={i * barWidth + 1} y={height - okHeight} width={Math.max(1, barWidth - 2)} height={okHeight} className="fill-emerald-500" />
              <rect x={i * barWidth + 1} y={height - okHeight - emptyHeight} width={Math.max(1, barWidth - 2)} height={emptyHeight} className="fill-sky-500" />
              <rect x={i * barWidth + 1} y={height - okHeight - emptyHeight - failHeight} width={Math.max(1, barWidth - 2)} height={failHeight} className="fill-amber-500" />
            </g>
          );
        })}
      </svg>
      <p className="flex justify-between text-xs text-zinc-500">
        <span>{first ? `${first.slice(0, 16).replace("T", " ")}` : ""}</span>
        <span className="flex gap-3">
          <span>
            <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-emerald-500" aria-hidden="true" />
            successful
          </span>
          <span>
            <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-sky-500" aria-hidden="true" />
            honestly empty
          </span>
          <span>
            <span className="mr-1 inline-block h-2 w-2 rounded-sm bg-amber-500" aria-hidden="true" />
            errors and rate limited
          </span>
        </span>
        <span>now</span>
      </p>
    </section>
  );
}

/** Credits charged per bucket; the bars add up to the Credits used counter beside them. */
export function CreditsChart({ buckets, bucketLabel, total }: { buckets: TimelineBucket[]; bucketLabel: string; total: number }) {
  const max = Math.max(1, ...buckets.map((b) => b.charged));
  const width = 600;
  const height = 120;
  const barWidth = width / Math.max(1, buckets.length);
  const first = buckets[0]?.start;
  return (
    <section aria-labelledby="credits-chart-heading" className={`${ui.card} space-y-2`} data-testid="credits-chart">
      <h3 id="credits-chart-heading" className={ui.h3}>
        Credits charged over time <span className="text-sm font-normal text-zinc-500">(per {bucketLabel}, UTC)</span>
      </h3>
      <p className="text-sm">
        <strong className="tabular-nums" data-testid="credits-chart-total">
          {total.toLocaleString("en")}
        </strong>{" "}
        credits charged in this window, the Credits used counter; peak {max === 1 && total === 0 ? 0 : max.toLocaleString("en")} per {bucketLabel}.
      </p>
      <svg viewBox={`0 0 ${width} ${height + 4}`} role="img" aria-label={`${total} credits charged; peak ${total === 0 ? 0 : max} per ${bucketLabel}.`} className="h-28 w-full">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth="1" />
        {buckets.map((bucket, i) => {
          const barHeight = (bucket.charged / max) * height;
          return (
            <g key={bucket.start}>
              <title>{`${bucket.start.slice(0, 16).replace("T", " ")} UTC: ${bucket.charged} credits charged`}</title>
              <rect x={i * barWidth + 1} y={height - barHeight} width={Math.max(1, barWidth - 2)} height={barHeight} className="fill-indigo-500" />
            </g>
          );
        })}
      </svg>
      <p className="flex justify-between text-xs text-zinc-500">
        <span>{first ? first.slice(0, 16).replace("T", " ") : ""}</span>
        <span>now</span>
      </p>
    </section>
  );
}

/** Failed requests by error code; they add up to the Errors and Rate limited counters. */
export function ErrorCodeChart({ rows, errors, rateLimited }: { rows: ErrorCodeRow[]; errors: number; rateLimited: number }) {
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  const max = Math.max(1, ...rows.map((row) => row.requests));
  return (
    <section aria-labelledby="error-codes-heading" className={`${ui.card} space-y-3`} data-testid="error-codes-chart">
      <h3 id="error-codes-heading" className={ui.h3}>
        Errors by code
      </h3>
      <p className="text-sm">
        <strong className="tabular-nums" data-testid="error-codes-total">
          {total.toLocaleString("en")}
        </strong>{" "}
        failed requests: Errors ({errors.toLocaleString("en")}) and Rate limited ({rateLimited.toLocaleString("en")}). Honestly empty answers are not errors.
      </p>
      {rows.length === 0 ? (
        <p className={ui.muted}>No errors in this window.</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row) => (
            <li key={row.code} className="grid grid-cols-[minmax(0,10rem)_1fr_3rem] items-center gap-2 text-sm" data-testid="error-code-row">
              <code className="truncate font-mono text-xs" title={row.code}>
                {row.code}
              </code>
              <span className="h-3 rounded bg-zinc-100 dark:bg-zinc-800" aria-hidden="true">
                <span className="block h-3 rounded bg-amber-500" style={{ width: `${((row.requests / max) * 100).toFixed(1)}%` }} />
              </span>
              <span className="text-right tabular-nums">{row.requests.toLocaleString("en")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
