// One request's record, as support reads it: what was called with which key, how it
// ended and why, what it cost, and whether it was an idempotent replay.
import Link from "next/link";
import { badge, ui } from "@/components/ui/styles";
import { chainLabels, type ChainCode } from "@/lib/portal/chain-labels";
import { formatTime } from "@/lib/portal/format";
import type { RequestDetail } from "@/lib/portal/request-lookup";
import { viaLabels } from "@/lib/portal/usage";

function statusTone(status: number) {
  return status < 300 ? "green" : status === 429 ? "violet" : status >= 500 ? "red" : "amber";
}

export function RequestDetailView({ request, requestHref, showProject }: { request: RequestDetail; requestHref: (id: string) => string; showProject?: boolean }) {
  const facts: Array<[label: string, value: React.ReactNode, testId: string]> = [
    ["Time", formatTime(request.createdAt), "time"],
    ...(showProject ? ([["Project", `${request.project.name} (${request.project.id})`, "project"]] as Array<[string, React.ReactNode, string]>) : []),
    ["Key", <span key="key" className="break-all font-mono text-xs">{`${request.key.name ? `${request.key.name} · ` : ""}${request.key.masked}`}</span>, "key"],
    ["Endpoint", <span key="endpoint" className="font-mono text-xs">{`${request.method} /v1/api/${request.endpoint}`}</span>, "endpoint"],
    ["Through", viaLabels[request.via], "via"],
    ["Network", request.chain ? `${chainLabels[request.chain as ChainCode] ?? request.chain} (${request.chain})` : "—", "network"],
    ["Status", <span key="status" className={badge(statusTone(request.httpStatus))}>{request.httpStatus}</span>, "status"],
    ["Outcome", `${request.outcomeLabel} (counted under ${request.counterLabel})`, "outcome"],
    ["Error code", request.errorCode ? <code key="code" className={ui.code}>{request.errorCode}</code> : "—", "error-code"],
    ["Error message", request.errorMessage ?? "—", "error-message"],
    ["Quoted", `${request.quoted} credits`, "quoted"],
    ["Charged", `${request.charged} credits${request.allowanceUsed ? ` (trial allowance paid ${request.allowanceUsed})` : ""}`, "charged"],
    ["Latency", `${request.latencyMs} ms`, "latency"],
    ["Idempotent replay", request.replayOf ? "Yes: answered with the stored response of an earlier request" : "No", "replay"],
  ];
  return (
    <section aria-labelledby="request-heading" className={`${ui.card} space-y-4`} data-testid="request-detail">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="request-heading" className={`${ui.h2} break-all font-mono`}>
          {request.id}
        </h2>
        {request.replayOf ? <span className={badge("blue")}>Idempotent replay</span> : null}
        {request.via === "mcp" ? <span className={badge("violet")}>MCP</span> : null}
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([label, value, testId]) => (
          <div key={testId}>
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="break-words" data-testid={`request-${testId}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {request.replayOf ? (
        <p className="text-sm">
          The caller received the stored answer of{" "}
          <Link href={requestHref(request.replayOf)} className={`${ui.link} font-mono text-xs`} data-testid="request-replay-of">
            {request.replayOf}
          </Link>
          , with that request&apos;s id; a replay is never charged.
        </p>
      ) : null}
      {request.replays.length > 0 ? (
        <div className="space-y-1 text-sm" data-testid="request-replays">
          <p>
            Replayed {request.replays.length === 1 ? "once" : `${request.replays.length} times`} with the same Idempotency-Key (each caller got this request&apos;s id and
            answer, and nothing was charged):
          </p>
          <ul className="list-inside list-disc">
            {request.replays.map((replay) => (
              <li key={replay.id}>
                <Link href={requestHref(replay.id)} className={`${ui.link} font-mono text-xs`}>
                  {replay.id}
                </Link>{" "}
                at {formatTime(replay.createdAt)} · {replay.httpStatus}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
