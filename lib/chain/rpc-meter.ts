// Counts HTTP round trips to chain nodes per API request. The count is what the
// "as few round trips as possible" rule is measured by, in tests and benchmarks.
import { AsyncLocalStorage } from "node:async_hooks";

export type RpcUsage = { roundTrips: number; calls: number };

const storage = new AsyncLocalStorage<RpcMeter>();

export class RpcMeter {
  #roundTrips = 0;
  #calls = 0;
  readonly #parent: RpcMeter | undefined;
  /** Aborts every node request made in this scope: the API request's deadline or its client leaving. */
  readonly signal: AbortSignal | undefined;
  /**
   * Clients made inside this meter's scope. Each scope gets its own so that its JSON-RPC
   * and multicall batches never mix with another request's, and every round trip is
   * charged to the request that caused it.
   */
  readonly scopedClients = new Map<string, unknown>();

  constructor(parent?: RpcMeter, signal?: AbortSignal) {
    this.#parent = parent;
    this.signal = signal ?? parent?.signal;
  }

  /** One HTTP round trip carrying `calls` JSON-RPC calls; enclosing meters see it too. */
  record(calls: number): void {
    for (let meter: RpcMeter | undefined = this; meter; meter = meter.#parent) {
      meter.#roundTrips += 1;
      meter.#calls += calls;
    }
  }

  usage(): RpcUsage {
    return { roundTrips: this.#roundTrips, calls: this.#calls };
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    return storage.run(this, fn);
  }
}

export function currentRpcMeter(): RpcMeter | undefined {
  return storage.getStore();
}

/** A meter scoped under the current one, if any; `signal` cancels the scope's node requests. */
export function createRpcMeter(signal?: AbortSignal): RpcMeter {
  return new RpcMeter(currentRpcMeter(), signal);
}

/**
 * Runs `fn` with its own meter and returns what it cost. When `fn` throws, the usage so
 * far is attached to the error as `rpcUsage`, so failed requests can be recorded too.
 */
export async function withRpcMeter<T>(fn: () => Promise<T>): Promise<{ result: T; usage: RpcUsage }> {
  const meter = createRpcMeter();
  try {
    const result = await meter.run(fn);
    return { result, usage: meter.usage() };
  } catch (error) {
    if (error !== null && typeof error === "object" && Object.isExtensible(error)) {
      Object.defineProperty(error, "rpcUsage", { value: meter.usage(), configurable: true });
    }
    throw error;
  }
}
