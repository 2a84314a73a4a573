// Every API request runs against a deadline, and stops when its client leaves: the request's
// signal aborts the chain reads in flight (through the request's node scope), the pipeline
// answers at once instead of waiting for them, and nothing is charged.
import { inNodeScope } from "@/lib/chain/node-scope";
import { ApiError, isApiError } from "@/lib/api-contract/api-error";

export const defaultRequestDeadlineMs = 15_000;

/** REQUEST_DEADLINE_MS, default 15 s: well under the 30 s a client usually waits. */
export function requestDeadlineMs(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = Number(env.REQUEST_DEADLINE_MS);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : defaultRequestDeadlineMs;
}

export type RequestScope = {
  signal: AbortSignal;
  /** Throws why the request was stopped, if it was. */
  throwIfStopped(): void;
  /** Runs `work` inside the request's node scope (its own meter, clients and signal); settles as soon as the request is stopped. */
  run<T>(work: () => Promise<T>): Promise<T>;
  dispose(): void;
};

export function deadlineError(deadlineMs: number): ApiError {
  return new ApiError("unavailable", `The answer was not ready within the request deadline of ${deadlineMs / 1000} s; nothing was charged. Retry.`);
}

export function openRequestScope(request: Request, deadlineMs = requestDeadlineMs()): RequestScope {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(deadlineError(deadlineMs)), deadlineMs);
  timer.unref();
  // A request stopped by its caller for a reason of its own (an MCP request's deadline, a cancelled
  // tool call) keeps that reason; any other end of its signal is the client leaving.
  const onClientGone = () => controller.abort(isApiError(request.signal.reason) ? request.signal.reason : new ApiError("client_closed"));
  if (request.signal.aborted) onClientGone();
  else request.signal.addEventListener("abort", onClientGone, { once: true });
  const { signal } = controller;

  const stopped = () => signal.reason as ApiError;
  return {
    signal,
    throwIfStopped() {
      if (signal.aborted) throw stopped();
    },
    run(work) {
      if (signal.aborted) return Promise.reject(stopped());
      const running = inNodeScope({ signal }, work);
      return new Promise((resolve, reject) => {
        const onAbort = () => reject(stopped());
        signal.addEventListener("abort", onAbort, { once: true });
        running.then(
          (value) => {
            signal.removeEventListener("abort", onAbort);
            resolve(value);
          },
          (error) => {
            signal.removeEventListener("abort", onAbort);
            // Work abandoned by a stopped request fails as its reads are cancelled; that is expected.
            reject(signal.aborted ? stopped() : error);
          },
        );
      });
    },
    dispose() {
      clearTimeout(timer);
      request.signal.removeEventListener("abort", onClientGone);
    },
  };
}
