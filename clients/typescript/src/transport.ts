// How every call travels: the key and base URL from the options, a timeout per attempt, an
// Idempotency-Key made once per call and sent again on each of its retries, and retries of 429 and
// 503 that wait what Retry-After says — bounded in attempts and in the longest wait.
import { ApiError, type ErrorCode, type FailureEnvelope } from "./errors.js";
import { apiResponse, responseInfo } from "./response.js";

export type RetryPolicy = {
  /** Attempts in all, the first included (default 3; 1 never retries). */
  maxAttempts?: number;
  /** The longest single wait, in seconds; a Retry-After beyond it is not waited out and the error is thrown (default 30). */
  maxWaitSeconds?: number;
  /** The wait when a 429 or 503 names none, in seconds, doubled on each retry (default 1). */
  fallbackWaitSeconds?: number;
};

export type ClientOptions = {
  /** Where the API is served, e.g. https://api.example.com (the /v1/api paths are added). */
  baseUrl: string;
  /** The API key, sent as X-API-Key. */
  apiKey?: string;
  /** Each attempt's time limit in ms (default 30,000). */
  timeoutMs?: number;
  retry?: RetryPolicy;
  /** A fetch of your own (default: the global fetch). */
  fetch?: typeof fetch;
  /** Told before each wait between attempts (logging, metrics). */
  onRetry?: (event: { attempt: number; waitSeconds: number; error: ApiError }) => void;
  /**
   * How a wait between attempts is made (default: a timer the call's signal cancels). Given the
   * seconds to wait and the call's signal; the next attempt starts when it resolves. For tests and
   * schedulers that keep their own clock.
   */
  sleep?: (seconds: number, signal?: AbortSignal) => Promise<void>;
};

export type CallOptions = {
  /** Your own key for this call (e.g. to repeat a call across restarts); one is generated otherwise. */
  idempotencyKey?: string;
  /** Cancels the call, its retries and their waits. */
  signal?: AbortSignal;
  timeoutMs?: number;
};

export type Route = { method: "GET" | "POST"; path: string; idempotent: boolean };

const retryableStatuses = new Set([429, 503]);

/** Retry-After in seconds, given as seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  // Only an HTTP date beyond seconds (it names its day and month); Date.parse would take "-1" as a year.
  if (!/[A-Za-z]/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function sleep(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, seconds * 1000);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

async function failureOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  const info = responseInfo(response);
  const requestId = info.requestId;
  let envelope: FailureEnvelope | null = null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === "object" && (parsed as FailureEnvelope).ok === false && typeof (parsed as FailureEnvelope).error === "string") envelope = parsed as FailureEnvelope;
  } catch {
    // Not JSON: said below as an unexpected response.
  }
  if (!envelope) {
    return new ApiError({ code: "unexpected_response", status: response.status, message: `HTTP ${response.status} without the API's failure envelope: ${text.slice(0, 200)}`, requestId, response: info, retryAfterSeconds: retryAfter });
  }
  const { ok: _ok, error, message, request_id, ...details } = envelope;
  // A code this client's document does not list (one the API added later) is passed on as sent.
  return new ApiError({ code: error as ErrorCode, status: response.status, message: message ?? error, requestId: request_id ?? requestId, response: info, details, retryAfterSeconds: retryAfter });
}

export class Transport {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly sleep: (seconds: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? sleep;
  }

  async call(route: Route, input: { body?: unknown; query?: Record<string, unknown> }, callOptions: CallOptions = {}): Promise<unknown> {
    const policy = { maxAttempts: 3, maxWaitSeconds: 30, fallbackWaitSeconds: 1, ...this.options.retry };
    const url = new URL(`${this.baseUrl}${route.path}`);
    for (const [name, value] of Object.entries(input.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.options.apiKey) headers["x-api-key"] = this.options.apiKey;
    if (input.body !== undefined) headers["content-type"] = "application/json";
    // One key for the logical call: a retry of a call the server did finish replays its answer instead of charging again.
    if (route.idempotent) headers["idempotency-key"] = callOptions.idempotencyKey ?? globalThis.crypto.randomUUID();
    const body = input.body === undefined ? undefined : JSON.stringify(input.body);
    const timeoutMs = callOptions.timeoutMs ?? this.options.timeoutMs ?? 30_000;

    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
      const response = await this.fetch(url, { method: route.method, headers, body, signal });
      if (response.ok) {
        const answer = (await response.json()) as unknown;
        const info = responseInfo(response);
        if (answer === null || typeof answer !== "object") {
          throw new ApiError({ code: "unexpected_response", status: response.status, message: `HTTP ${response.status} without the API's success envelope: ${JSON.stringify(answer).slice(0, 200)}`, requestId: info.requestId, response: info });
        }
        // Not enumerable: the answer still serialises and compares as the API's JSON.
        Object.defineProperty(answer, apiResponse, { value: info, enumerable: false });
        return answer;
      }
      const error = await failureOf(response);
      if (!retryableStatuses.has(response.status) || attempt >= policy.maxAttempts) throw error;
      const waitSeconds = error.retryAfterSeconds ?? policy.fallbackWaitSeconds * 2 ** (attempt - 1);
      if (waitSeconds > policy.maxWaitSeconds) throw error;
      this.options.onRetry?.({ attempt, waitSeconds, error });
      await this.sleep(waitSeconds, callOptions.signal);
    }
  }
}
