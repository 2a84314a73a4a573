// What every call shares, before the per-endpoint reference: keys, limits and the RateLimit
// headers, Idempotency-Key, errors, and provenance. Every figure comes from the code that enforces
// it (the rate policies, the error table, the provenance labels), so the page cannot drift.
import { ui } from "@/components/ui/styles";
import { ErrorTable } from "./reference-table";
import { errorCodes, type ErrorCode } from "@/lib/errors/error-codes";
import { provenanceLabels } from "@/lib/schemas/provenance";
import { keyPrefixes } from "@/lib/keys/api-key";
import { defaultRequestDeadlineMs } from "@/lib/api/pipeline/deadline";
import { metadataWindows, sandboxWindows, tierHourlyLimits } from "@/lib/rate-limit/policies";
import { defaultSettings, intelReadsInFlightPerKey } from "@/lib/settings";

const windowText = (windows: Array<{ limit: number; name: string }>) => windows.map((w) => `${w.limit.toLocaleString("en-US")}/${w.name}`).join(", ");

/** Codes a caller can receive (a client that left receives nothing, so its code is only recorded). */
const answeredCodes = (Object.keys(errorCodes) as ErrorCode[]).filter((code) => code !== "client_closed");

export function ApiGuide() {
  return (
    <section aria-labelledby="guide-heading" className={`${ui.card} space-y-4 p-5`}>
      <h2 id="guide-heading" className={ui.h2}>
        Every call
      </h2>
      <div className="space-y-2">
        <h3 className={ui.h3}>Keys</h3>
        <p>
          Send the key in <code className={ui.code}>X-API-Key</code> (or <code className={ui.code}>Authorization: Bearer</code>), from your server, never from browser code.
          Live keys start with <code className={ui.code}>{keyPrefixes.live}</code>, sandbox keys with <code className={ui.code}>{keyPrefixes.test}</code>; a key can call only
          the endpoint groups granted when it was created.
        </p>
      </div>
      <div className="space-y-2">
        <h3 className={ui.h3}>Limits and RateLimit headers</h3>
        <p>
          Live keys: intelligence {tierHourlyLimits.basic.toLocaleString("en-US")}/hour on tier basic ({tierHourlyLimits.premium.toLocaleString("en-US")} premium,{" "}
          {tierHourlyLimits.pro.toLocaleString("en-US")} pro); me and discover {windowText(metadataWindows)}; discover also {defaultSettings.discoverDailyCap} a day by default.
          Sandbox keys: {windowText(sandboxWindows)} across every call. Each budgeted answer carries <code className={ui.code}>RateLimit-Policy</code>,{" "}
          <code className={ui.code}>RateLimit</code> and <code className={ui.code}>RateLimit-Limit</code>/<code className={ui.code}>-Remaining</code>/
          <code className={ui.code}>-Reset</code> for the most constraining window; a <code className={ui.code}>429 rate_limited</code> adds{" "}
          <code className={ui.code}>Retry-After</code> in seconds. A refused call uses no other window&apos;s budget. A key runs at most {intelReadsInFlightPerKey()}{" "}
          intelligence calls at once, over HTTP and MCP together and on every instance; the next is refused <code className={ui.code}>429 rate_limited</code> with{" "}
          <code className={ui.code}>Retry-After: 1</code> before it reads anything, and charged nothing.
        </p>
      </div>
      <div className="space-y-2">
        <h3 className={ui.h3}>Idempotency-Key</h3>
        <p>
          Send <code className={ui.code}>Idempotency-Key</code> (1 to 255 visible ASCII characters) on a POST to retry it safely: within 24 hours the same key with the same body
          replays the stored answer with <code className={ui.code}>Idempotent-Replayed: true</code> and charges nothing. The same key with another body answers{" "}
          <code className={ui.code}>422 idempotency_key_reused</code>; while the first is still running, <code className={ui.code}>409 idempotency_in_progress</code>. Only
          successes are stored, so a failed call can be retried with the same key.
        </p>
      </div>
      <div className="space-y-2">
        <h3 className={ui.h3}>Errors</h3>
        <p>
          A failure is <code className={ui.code}>{'{"ok": false, "error", "message", "request_id"}'}</code>; the request id is also in <code className={ui.code}>X-Request-Id</code>
          — quote it to support. Failed calls are never charged. A <code className={ui.code}>402 payment_required</code> says the price and what is left, also as figures in{" "}
          <code className={ui.code}>details</code> (<code className={ui.code}>price</code>, <code className={ui.code}>available</code>,{" "}
          <code className={ui.code}>free_credits_left</code>, <code className={ui.code}>balance</code>). A <code className={ui.code}>503</code> is a dependency that did not answer (a node, the database, the rate-limit
          store) or an answer not ready within {defaultRequestDeadlineMs / 1000} s: retry. Bodies are JSON objects of at most 16 KiB.
        </p>
        <details>
          <summary className="cursor-pointer text-sm font-medium">Every error code ({answeredCodes.length})</summary>
          <ErrorTable errors={answeredCodes.map((code) => ({ code, status: errorCodes[code].status, message: errorCodes[code].message }))} />
        </details>
      </div>
      <div className="space-y-2">
        <h3 className={ui.h3}>Provenance</h3>
        <p>Every field of an intelligence answer has exactly one label in <code className={ui.code}>meta.provenance</code>:</p>
        <ul className="list-disc space-y-1 pl-5">
          {Object.entries(provenanceLabels).map(([label, meaning]) => (
            <li key={label}>
              <code className={ui.code}>{label}</code> — {meaning}
            </li>
          ))}
        </ul>
        <p className={ui.muted}>An empty, missing or null value means it could not be verified, not that it is absent or zero. Results are signals, not financial advice.</p>
      </div>
    </section>
  );
}
