// The one error a call throws when the API answers with its failure envelope (or with something
// that is not the API's answer at all, such as a proxy's HTML page).

export type FailureEnvelope = { ok: false; error: string; message?: string; request_id: string } & Record<string, unknown>;

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The stable machine-readable code (`rate_limited`, `invalid_chain`, …); `unexpected_response` when the answer was not the API's envelope. */
  readonly code: string;
  readonly status: number;
  /** Quote it to support; the same as the X-Request-Id header. Empty when the answer carried none. */
  readonly requestId: string;
  /** The envelope's other fields, if it carries any beyond ok, error, message and request_id. */
  readonly details: Record<string, unknown>;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { code: string; status: number; message: string; requestId: string; details?: Record<string, unknown>; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}
