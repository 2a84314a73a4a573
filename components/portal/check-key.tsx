"use client";
// "Check my key": calls health and me (both free) from this browser with the key
// pasted here. The key stays in this form; it is sent only to this deployment.
import { useState } from "react";
import { useQuickstartKey } from "@/components/portal/quickstart-key";
import { ui } from "@/components/ui/styles";

type Check = { name: string; status: number; body: Record<string, unknown> | null; failed?: string };

async function call(path: string, key?: string): Promise<Check> {
  try {
    const response = await fetch(path, { headers: key ? { "X-API-Key": key } : {}, cache: "no-store" });
    const text = await response.text();
    return { name: path, status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  } catch (error) {
    return { name: path, status: 0, body: null, failed: (error as Error).message };
  }
}

/** Prefilled with the key the Quickstart's samples carry (the one just created, when its owner asked), so checking it is one click. */
export function CheckKey({ projectId }: { projectId: string }) {
  const kept = useQuickstartKey(projectId);
  const [results, setResults] = useState<Check[] | null>(null);
  const [pending, setPending] = useState(false);

  async function run(form: FormData) {
    const key = String(form.get("key") ?? "").trim();
    setPending(true);
    const health = await call("/v1/api/health");
    const me = key ? await call("/v1/api/me", key) : { name: "/v1/api/me", status: 0, body: null, failed: "Paste a key to check it." };
    setResults([health, me]);
    setPending(false);
  }

  return (
    <div className="space-y-3">
      <form action={run} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="check-key" className={ui.label}>
            API key
          </label>
          {/* Keyed by the kept key: the field takes it when it is filled in or forgotten after the page loaded. */}
          <input key={kept ?? ""} defaultValue={kept ?? ""} id="check-key" name="key" type="password" autoComplete="off" spellCheck={false} className={`${ui.input} font-mono`} placeholder="svc_test_…" />
        </div>
        <button type="submit" className={ui.button} disabled={pending}>
          {pending ? "Checking…" : "Check my key"}
        </button>
      </form>
      {results ? (
        <ul className="space-y-2" aria-live="polite" data-testid="check-results">
          {results.map((result) => (
            <li key={result.name} className={result.status >= 200 && result.status < 300 ? ui.success : ui.error}>
              <p className="font-mono text-xs">
                GET {result.name} → {result.status || "no answer"}
              </p>
              <p className="mt-1">{describe(result)}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function describe(result: Check): string {
  if (result.failed) return result.failed;
  const body = result.body ?? {};
  if (body.ok === false) return `${String(body.error)}: ${String(body.message ?? "")} (request ${String(body.request_id ?? "?")})`;
  if (result.name.endsWith("/health")) return `The API is up (${String(body.service)} ${String(body.version)}).`;
  const data = (body.data ?? {}) as Record<string, unknown>;
  const scopes = Array.isArray(data.scopes) ? data.scopes.join(", ") : "";
  return `Key ${String(data.key)} works: ${String(data.environment)}, ${String(data.access_mode)}, permissions ${scopes || "none"}, ${String(data.rate_limit_per_hour)}/hour, credit balance ${data.credits_balance === null ? "unknown right now" : String(data.credits_balance)}.`;
}
