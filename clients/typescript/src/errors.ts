// The one error a call throws when the API answers with its failure envelope (or with something
// that is not the API's answer at all, such as a proxy's HTML page).
import type { ResponseInfo } from "./response.js";
import type { components } from "./schema.js";

/**
 * The API's stable error codes, as its OpenAPI document lists them (the failure envelope's `error`),
 * and the client's own `unexpected_response`. A switch over them is checked for typos and, with a
 * `never` default, for codes left out.
 */
export type ErrorCode = components["schemas"]["Failure"]["error"] | "unexpected_response";

export type FailureEnvelope = { ok: false; error: string; message?: string; request_id: string } & Record<string, unknown>;

export class ApiError extends Error {
  override readonly name = "ApiError";
  /** The stable machine-readable code (`rate_limited`, `invalid_chain`, …); `unexpected_response` when the answer was not the API's envelope. */
  readonly code: ErrorCode;
  readonly status: number;
  /** Quote it to support; the same as the X-Request-Id header. Empty when the answer carried none. */
  readonly requestId: string;
  /** The envelope's other fields, if it carries any beyond ok, error, message and request_id. */
  readonly details: Record<string, unknown>;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /** The failed answer's headers: its RateLimit budget, the request id, every header. */
  readonly response: ResponseInfo;

  constructor(init: { code: ErrorCode; status: number; message: string; requestId: string; response: ResponseInfo; details?: Record<string, unknown>; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.response = init.response;
    this.details = init.details ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}
