// Counts HTTP round trips to chain nodes per API request, and how many of them had to follow one
// another: a request's sequential rounds. Requests sent side by side are one round; a request
// sent after another came back may depend on it, so it starts a round after that one's. These are
// what the "as few round trips as possible" rule is measured by, in tests and benchmarks.
import { AsyncLocalStorage } from "node:async_hooks";

export type RpcUsage = {
  roundTrips: number;
  calls: number;
  /** The longest chain of round trips each sent after the one before it came back. */
  rounds: number;
};

const storage = new AsyncLocalStorage<RpcMeter>();

export class RpcMeter {
  #roundTrips = 0;
  #calls = 0;
  /** The deepest round among the round trips that came back so far, and the deepest started. */
  #completedDepth = 0;
  #rounds = 0;
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

  /**
   * One HTTP round trip carrying `calls` JSON-RPC calls, starting now; enclosing meters see it too.
   * Call the returned function when its answer is back.
   */
  record(calls: number): () => void {
    const ends: (() => void)[] = [];
    for (let meter: RpcMeter | undefined = this; meter; meter = meter.#parent) {
      const current = meter;
      current.#roundTrips += 1;
      current.#calls += calls;
      const depth = current.#completedDepth + 1;
      current.#rounds = Math.max(current.#rounds, depth);
      ends.push(() => {
        current.#completedDepth = Math.max(current.#completedDepth, depth);
      });
    }
    return () => ends.forEach((end) => end());
  }

  usage(): RpcUsage {
    return { roundTrips: this.#roundTrips, calls: this.#calls, rounds: this.#rounds };
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
