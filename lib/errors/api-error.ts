import { errorCodes, type ErrorCode } from "./error-codes";

// The server holds more than one copy of this module (the server script's, Next's bundle, each
// intelligence thread's), and an error made by one copy is thrown through code loaded from
// another: it is known by this mark, which every copy shares, never by `instanceof` of one class.
const apiErrorMark = Symbol.for("developer-intelligence-api.ApiError");

/** Every 503 says when to try again; a fault that knows better (a node's, a stopping server's) says its own. */
const defaultRetryAfterSeconds = 5;

/**
 * The headers an answer with this status goes out with: a 503 that names no Retry-After of its own
 * gets the default. Every writer of a status (the envelope, the server's plain answers, readiness,
 * the metrics port) passes its headers through here, so no 503 leaves without one.
 */
export function withRetryAfter(status: number, headers: Record<string, string> = {}): Record<string, string> {
  if (status !== 503 || Object.keys(headers).some((name) => name.toLowerCase() === "retry-after")) return headers;
  return { ...headers, "retry-after": String(defaultRetryAfterSeconds) };
}

/** The one error type the API throws on purpose; everything else becomes internal_error. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, such as Retry-After on rate_limited. */
  readonly headers: Record<string, string>;
  /** Figures the failure envelope carries beside the message (402: the price and what is left). */
  readonly details?: Record<string, unknown>;
  readonly [apiErrorMark] = true;

  constructor(code: ErrorCode, message?: string, options: { headers?: Record<string, string>; cause?: unknown; details?: Record<string, unknown> } = {}) {
    super(message ?? errorCodes[code].message, { cause: options.cause });
    if (options.details) this.details = options.details;
    this.name = "ApiError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.headers = withRetryAfter(this.status, options.headers);
  }
}

/** An ApiError made by any copy of this module: it carries the mark and a code of the table. */
export function isApiError(error: unknown): error is ApiError {
  if (typeof error !== "object" || error === null || (error as { [apiErrorMark]?: unknown })[apiErrorMark] !== true) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(errorCodes, code);
}
