// Browsers and the API: a key whose origin allow list names a web app's origin is meant to be
// called from that app's pages, so those calls get CORS headers. A key with no origin list is a
// server key and gets none: a browser page cannot read its answers (nor should it hold the key).
// A preflight carries no key, so it is answered for any origin some usable key lists.
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { originAllowed } from "@/lib/keys/allow-lists";
import type { KeyContext } from "@/lib/keys/key-context";

/** The request headers a browser call may send: the key (either form), the body type, retries. */
const allowedRequestHeaders = "authorization, x-api-key, content-type, idempotency-key";
/** What a page may read from an answer besides the body. */
const exposedResponseHeaders = "x-request-id, idempotent-replayed, retry-after, ratelimit, ratelimit-policy, ratelimit-limit, ratelimit-remaining, ratelimit-reset";
/** How long a browser keeps a preflight's yes: a removed origin stops working within this time. */
const preflightMaxAgeSeconds = 600;
/** A preflight for an origin no cached list names asks the database again at most this often. */
const listedOriginsRefreshMs = 1_000;
/** A listed origin is believed from memory this long: a revoked key's origin is dropped within it. */
const listedOriginsMaxAgeMs = 60_000;

/** The headers on an answer to a key's call, when the key lists the caller's origin. */
export function corsHeadersFor(key: Pick<KeyContext, "allowedOrigins">, origin: string | null): Record<string, string> {
  if (!origin || key.allowedOrigins.length === 0 || !originAllowed(origin, key.allowedOrigins)) return {};
  return { "access-control-allow-origin": origin, "access-control-expose-headers": exposedResponseHeaders, vary: "Origin" };
}

type ListedOrigins = { entries: string[]; readAt: number };
const listedByDatabase = new WeakMap<SqlExecutor, ListedOrigins>();

async function readListedOrigins(sql: SqlExecutor): Promise<string[]> {
  const rows = await sql.query<{ entry: string }>(
    `SELECT DISTINCT unnest(allowed_origins) AS entry FROM api_keys
      WHERE status = 'active' AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
  );
  return rows.map((row) => row.entry);
}

/** Whether some usable key lists `origin`; a listed origin is found again from memory for a minute. */
export async function originListedByAnyKey(sql: SqlExecutor, origin: string, now = Date.now()): Promise<boolean> {
  const cached = listedByDatabase.get(sql);
  const age = cached ? now - cached.readAt : Infinity;
  if (cached && age < listedOriginsMaxAgeMs && cached.entries.length > 0 && originAllowed(origin, cached.entries)) return true;
  if (age < listedOriginsRefreshMs) return false;
  const fresh = { entries: await readListedOrigins(sql), readAt: now };
  listedByDatabase.set(sql, fresh);
  return fresh.entries.length > 0 && originAllowed(origin, fresh.entries);
}

/**
 * The answer to OPTIONS on an endpoint. Without an Origin it is the plain `Allow` answer; from a
 * browser it allows the endpoint's method and the key headers when some usable key lists the
 * origin (the call itself is then judged against its own key's list), and says nothing more
 * otherwise, which the browser reads as a refusal.
 */
export async function answerPreflight(
  request: Request,
  input: { allow: string; method: string; requestId: string; sql: () => Promise<SqlExecutor> },
): Promise<Response> {
  const headers: Record<string, string> = { allow: input.allow, "x-request-id": input.requestId, "cache-control": "no-store" };
  const origin = request.headers.get("origin");
  const asking = request.headers.get("access-control-request-method");
  if (origin && asking) {
    headers.vary = "Origin";
    const listed = URL.canParse(origin) && (await originListedByAnyKey(await input.sql(), origin).catch(() => false));
    if (listed) {
      Object.assign(headers, {
        "access-control-allow-origin": origin,
        "access-control-allow-methods": input.method,
        "access-control-allow-headers": allowedRequestHeaders,
        "access-control-max-age": String(preflightMaxAgeSeconds),
      });
    }
  }
  return new Response(null, { status: 204, headers });
}
