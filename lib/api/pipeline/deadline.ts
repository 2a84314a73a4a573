// Every API request runs against a deadline, and stops when its client leaves: the request's
// signal aborts the chain reads in flight (through the request's node scope), the pipeline
// answers at once instead of waiting for them, and nothing is charged.
import { performance } from "node:perf_hooks";
import { inNodeScope } from "@/lib/chain/node-scope";
import { ApiError, isApiError } from "@/lib/errors/api-error";

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
  const deadlineAt = performance.now() + deadlineMs;
  // A request stopped by its caller for a reason of its own (an MCP request's deadline, a cancelled
  // tool call) keeps that reason; any other end of its signal is the client leaving.
  const clientGoneReason = () => (isApiError(request.signal.reason) ? request.signal.reason : new ApiError("client_closed"));
  // The controller, its deadline timer and its listener on the request are made when the signal is
  // first wanted (a chain read, an MCP call): a call that reads nothing (me, discover) costs none of
  // them, and is judged stopped by the same rules from the request's own signal and the clock.
  let controller: AbortController | undefined;
  let timer: NodeJS.Timeout | undefined;
  let listening = false;
  const onClientGone = () => controller!.abort(clientGoneReason());
  const open = (): AbortSignal => {
    if (controller) return controller.signal;
    const made = new AbortController();
    controller = made;
    const left = deadlineAt - performance.now();
    if (left <= 0) made.abort(deadlineError(deadlineMs));
    else {
      timer = setTimeout(() => made.abort(deadlineError(deadlineMs)), left);
      timer.unref();
    }
    if (request.signal.aborted) onClientGone();
    else if (!made.signal.aborted) {
      request.signal.addEventListener("abort", onClientGone, { once: true });
      listening = true;
    }
    return made.signal;
  };
  const reasonStopped = (): ApiError | undefined => {
    if (controller) return controller.signal.aborted ? (controller.signal.reason as ApiError) : undefined;
    if (request.signal.aborted) return clientGoneReason();
    if (performance.now() >= deadlineAt) return deadlineError(deadlineMs);
    return undefined;
  };

  return {
    get signal() {
      return open();
    },
    throwIfStopped() {
      const reason = reasonStopped();
      if (reason) throw reason;
    },
    run(work) {
      const signal = open();
      const stopped = () => signal.reason as ApiError;
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
      if (listening) request.signal.removeEventListener("abort", onClientGone);
    },
  };
}
