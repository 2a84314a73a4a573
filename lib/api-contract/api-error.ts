import { errorCodes, type ErrorCode } from "./error-codes";

// The server holds more than one copy of this module (the server script's, Next's bundle, each
// intelligence thread's), and an error made by one copy is thrown through code loaded from
// another: it is known by this mark, which every copy shares, never by `instanceof` of one class.
const apiErrorMark = Symbol.for("developer-intelligence-api.ApiError");

/** Every 503 says when to try again; a fault that knows better (a node's, a stopping server's) says its own. */
const defaultRetryAfterSeconds = 5;

/** The one error type the API throws on purpose; everything else becomes internal_error. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, such as Retry-After on rate_limited. */
  readonly headers: Record<string, string>;
  readonly [apiErrorMark] = true;

  constructor(code: ErrorCode, message?: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message ?? errorCodes[code].message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.headers = this.status === 503 && !options.headers?.["retry-after"] ? { ...options.headers, "retry-after": String(defaultRetryAfterSeconds) } : (options.headers ?? {});
  }
}

/** An ApiError made by any copy of this module: it carries the mark and a code of the table. */
export function isApiError(error: unknown): error is ApiError {
  if (typeof error !== "object" || error === null || (error as { [apiErrorMark]?: unknown })[apiErrorMark] !== true) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(errorCodes, code);
}
