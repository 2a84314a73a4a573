import { errorCodes, type ErrorCode } from "./error-codes";

/** The one error type the API throws on purpose; everything else becomes internal_error. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, such as Retry-After on rate_limited. */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message ?? errorCodes[code].message, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = errorCodes[code].status;
    this.headers = options.headers ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
