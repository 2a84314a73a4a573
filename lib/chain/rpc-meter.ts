// Counts HTTP round trips to chain nodes per API request, and how many of them had to follow one
// another: a request's sequential rounds. Requests sent side by side are one round; a request
// sent after another came back may depend on it, so it starts a round after that one's. These are
// what the "as few round trips as possible" rule is measured by, in tests and benchmarks.
export type RpcUsage = {
  roundTrips: number;
  calls: number;
  /** The longest chain of round trips each sent after the one before it came back. */
  rounds: number;
};

/** Counts only; the scope that owns a meter (./node-scope) carries the signal, clients and block. */
export class RpcMeter {
  #roundTrips = 0;
  #calls = 0;
  /** The deepest round among the round trips that came back so far, and the deepest started. */
  #completedDepth = 0;
  #rounds = 0;
  readonly #parent: RpcMeter | undefined;

  constructor(parent?: RpcMeter) {
    this.#parent = parent;
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

  /**
   * Round trips made elsewhere for this meter's request (an intelligence thread's, for the task the
   * request sent it), already back: its rounds follow the rounds this meter saw come back first.
   */
  add(elsewhere: RpcUsage): void {
    if (elsewhere.roundTrips === 0) return;
    for (let meter: RpcMeter | undefined = this; meter; meter = meter.#parent) {
      meter.#roundTrips += elsewhere.roundTrips;
      meter.#calls += elsewhere.calls;
      const depth = meter.#completedDepth + elsewhere.rounds;
      meter.#rounds = Math.max(meter.#rounds, depth);
      meter.#completedDepth = Math.max(meter.#completedDepth, depth);
    }
  }

  usage(): RpcUsage {
    return { roundTrips: this.#roundTrips, calls: this.#calls, rounds: this.#rounds };
  }
}
