// The request-lookup box: a plain GET form, so it works before any script loads and
// its result is a URL that can be shared with support.
import { ui } from "@/components/ui/styles";

export function RequestSearch({ action, defaultValue, error }: { action: string; defaultValue?: string; error?: string }) {
  return (
    <form method="get" action={action} role="search" aria-label="Find a request" className={`${ui.card} flex flex-wrap items-end gap-2`}>
      <div className="min-w-0 flex-1">
        <label htmlFor="request-id" className={ui.label}>
          Find a request by its id
        </label>
        <input
          id="request-id"
          name="id"
          defaultValue={defaultValue}
          placeholder="req_… (meta.request_id, request_id or the X-Request-Id header)"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "request-id-error" : undefined}
          className={`${ui.input} font-mono`}
        />
      </div>
      <button type="submit" className={ui.button}>
        Look up
      </button>
      {error ? (
        <p id="request-id-error" role="alert" className={`${ui.error} w-full`}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
