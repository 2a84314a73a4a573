// The node-request scope of one answer: what every node request made while answering shares. The
// meter its round trips are counted on, the signal that stops them (the API request's deadline, its
// client leaving, a thread's cancel), its own clients (so its JSON-RPC and multicall batches never
// mix with another request's, and every round trip is charged to the request that caused it), and
// the block its reads are pinned to. One AsyncLocalStorage carries the whole scope, so a read deep
// in a domain module finds all four in one place without each being passed through every call.
import { AsyncLocalStorage } from "node:async_hooks";
import { RpcMeter, type RpcUsage } from "./rpc-meter";

export type NodeScope = {
  readonly meter: RpcMeter;
  /** Aborts every node request (and outside-explorer fetch) made in this scope. */
  readonly signal: AbortSignal | undefined;
  /** Clients made inside this scope; undefined: the process's shared clients. */
  readonly clients: Map<string, unknown> | undefined;
  /** The block every read of the answer asks for; undefined: the latest (tests, scripts). */
  readonly block: bigint | undefined;
};

const storage = new AsyncLocalStorage<NodeScope>();

export function currentNodeScope(): NodeScope | undefined {
  return storage.getStore();
}

/**
 * A scope of its own for one request or task: a meter under the current one (an enclosing
 * measurement sees its round trips too), its own clients, and `signal` (else the enclosing one's).
 */
export function inNodeScope<T>(options: { signal?: AbortSignal }, work: (scope: NodeScope) => Promise<T>): Promise<T> {
  const outer = currentNodeScope();
  const scope: NodeScope = {
    meter: new RpcMeter(outer?.meter),
    signal: options.signal ?? outer?.signal,
    clients: new Map(),
    block: outer?.block,
  };
  return storage.run(scope, () => work(scope));
}

/**
 * Runs `read` with every read pinned to `block`. The answer's first step learns the node's head, and
 * every read of the answer asks for that block by number, so a load-balanced provider cannot answer
 * one round from one backend's head and the next from another's.
 */
export function readingAt<T>(block: bigint, read: () => Promise<T>): Promise<T> {
  const outer = currentNodeScope();
  const scope: NodeScope = outer ? { ...outer, block } : { meter: new RpcMeter(), signal: undefined, clients: undefined, block };
  return storage.run(scope, read);
}

/** The block the current answer is pinned to; undefined outside an answer (tests, scripts): then the latest. */
export function pinnedBlock(): bigint | undefined {
  return currentNodeScope()?.block;
}

/**
 * Runs `fn` in a scope of its own and returns what it cost on the nodes. When `fn` throws, the
 * usage so far is attached to the error as `rpcUsage`, so failed requests can be recorded too.
 */
export async function withRpcMeter<T>(fn: () => Promise<T>): Promise<{ result: T; usage: RpcUsage }> {
  let meter: RpcMeter | undefined;
  try {
    const result = await inNodeScope({}, (scope) => {
      meter = scope.meter;
      return fn();
    });
    return { result, usage: meter!.usage() };
  } catch (error) {
    if (meter && error !== null && typeof error === "object" && Object.isExtensible(error)) {
      Object.defineProperty(error, "rpcUsage", { value: meter.usage(), configurable: true });
    }
    throw error;
  }
}
