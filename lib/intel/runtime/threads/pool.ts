// Intelligence off the request thread: a pool of worker threads that read, assess and present
// answers, so decoding a busy token's logs never holds the thread that answers `me`.
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ApiError } from "@/lib/errors/api-error";
import { currentNodeScope } from "@/lib/chain/node-scope";
import type { RpcMeter } from "@/lib/chain/rpc-meter";
import type { KeptAnswer } from "@/lib/intel/runtime/hot-reads";
import { addForwardedMetrics } from "@/lib/metrics";
import { serverLog } from "@/lib/log";
import type { TaskMessage, WorkerMessage } from "./protocol";
import { processWide } from "@/lib/process-wide";

/** A task sent to a thread; `meter`: the asking request's, which counts the task's round trips. */
type Pending = { resolve: (answer: KeptAnswer) => void; reject: (error: unknown) => void; thread: Thread; meter: RpcMeter | undefined };
/** `lastBeat` 0: still loading its modules (seconds on a busy machine), which is not being stuck. */
type Thread = { worker: Worker; tasks: Set<number>; lastBeat: number; startedAt: number; gone: boolean; loaded: Promise<void>; markLoaded: () => void };

export type PoolOptions = {
  threads: number;
  /** The thread's entry module (TypeScript, loaded through tsx). */
  entry?: string;
  /** A thread silent this long while it holds tasks is stuck. */
  stuckAfterMs?: number;
  log?: (line: string) => void;
};

const defaultEntry = () => path.resolve(/*turbopackIgnore: true*/ "lib/intel/runtime/threads/entry.ts");
const bootstrap = () => path.resolve(/*turbopackIgnore: true*/ "lib/intel/runtime/threads/bootstrap.mjs");
/** A thread that has not finished loading by then will not. */
const loadingLimitMs = 120_000;

function stoppedError(why: string) {
  return new ApiError("unavailable", `The intelligence thread reading this answer ${why}; nothing was charged. Retry.`);
}

/**
 * Intelligence off the request thread: a pool of worker threads that read, assess and present
 * answers, so decoding a busy token's logs never holds the thread that answers `me`, checks keys
 * and charges credits. The request thread keeps the pipeline, the shared in-flight reads and the
 * kept answers (hot-reads.ts); a thread only computes.
 *
 * A thread takes many tasks at once (most of a read is waiting on the node); each task goes to the
 * thread with the fewest. A request that stops (deadline, client gone) cancels its task's node
 * requests. A thread that exits, or whose event loop stops turning for `stuckAfterMs`, fails the
 * tasks it held with 503 `unavailable` (nothing is charged for a failure) and is replaced.
 */
export class IntelThreadPool {
  readonly #threads: Thread[] = [];
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  readonly #watch: NodeJS.Timeout;
  readonly #options: Required<PoolOptions>;

  constructor(options: PoolOptions) {
    this.#options = { entry: defaultEntry(), stuckAfterMs: 10_000, log: (line) => serverLog().warn(line), ...options };
    for (let i = 0; i < options.threads; i++) this.#threads.push(this.#start());
    this.#watch = setInterval(() => this.#checkStuck(), 1_000);
    this.#watch.unref();
  }

  get size() {
    return this.#threads.length;
  }

  /** Settles when every thread has loaded its modules: a server starts its threads before it says it is ready. */
  async ready(): Promise<void> {
    await Promise.all(this.#threads.map((thread) => thread.loaded));
  }

  /** Tasks each thread holds now (for metrics and tests). */
  load(): number[] {
    return this.#threads.map((thread) => thread.tasks.size);
  }

  run(endpoint: string, input: Record<string, unknown>, head: bigint, signal?: AbortSignal): Promise<KeptAnswer> {
    if (this.#closed) return Promise.reject(stoppedError("pool is closed"));
    const thread = this.#threads.reduce((best, next) => (next.tasks.size < best.tasks.size ? next : best));
    const id = this.#nextId++;
    // The task's round trips are the request's: its meter counts them when the answer comes back.
    const meter = currentNodeScope()?.meter;
    return new Promise<KeptAnswer>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, thread, meter });
      thread.tasks.add(id);
      thread.worker.postMessage({ kind: "run", id, endpoint, input, head } satisfies TaskMessage);
      signal?.addEventListener("abort", () => thread.gone || thread.worker.postMessage({ kind: "cancel", id } satisfies TaskMessage), { once: true });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#watch);
    await Promise.all(this.#threads.map((thread) => this.#retire(thread, "stopped with the server")));
  }

  #start(): Thread {
    const worker = new Worker(bootstrap(), { workerData: { entry: this.#options.entry } });
    let markLoaded = () => {};
    const loaded = new Promise<void>((resolve) => (markLoaded = resolve));
    const thread: Thread = { worker, tasks: new Set(), lastBeat: 0, startedAt: Date.now(), gone: false, loaded, markLoaded };
    worker.unref();
    worker.on("message", (message: WorkerMessage) => {
      thread.lastBeat = Date.now();
      thread.markLoaded();
      if (message.kind === "beat") return;
      if (message.kind === "metrics") return addForwardedMetrics(message.counted);
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      thread.tasks.delete(message.id);
      pending.meter?.add(message.usage);
      if (message.kind === "done") pending.resolve(message.answer);
      else pending.reject(message.error.api ? new ApiError(message.error.code, message.error.message, { headers: message.error.headers }) : new Error(message.error.message));
    });
    worker.on("error", (error) => this.#log(`intel threads: a thread failed (${error.message}); starting another`));
    worker.on("exit", (code) => {
      if (thread.gone) return;
      this.#log(`intel threads: a thread exited (code ${code}) holding ${thread.tasks.size} task(s); starting another`);
      void this.#replace(thread, "stopped");
    });
    return thread;
  }

  #checkStuck() {
    const now = Date.now();
    for (const thread of this.#threads) {
      const silentFor = now - (thread.lastBeat || thread.startedAt);
      const stuck = thread.lastBeat ? thread.tasks.size > 0 && silentFor > this.#options.stuckAfterMs : silentFor > loadingLimitMs;
      if (!stuck) continue;
      this.#log(`intel threads: a thread has not answered for ${silentFor} ms ${thread.lastBeat ? `holding ${thread.tasks.size} task(s)` : "while loading"}; replacing it`);
      void this.#replace(thread, "stopped answering");
    }
  }

  async #replace(thread: Thread, why: string) {
    const index = this.#threads.indexOf(thread);
    if (index < 0) return;
    if (!this.#closed) this.#threads[index] = this.#start();
    else this.#threads.splice(index, 1);
    await this.#retire(thread, why);
  }

  /** Fails the thread's own tasks and ends it. */
  async #retire(thread: Thread, why: string) {
    thread.gone = true;
    thread.markLoaded();
    for (const id of thread.tasks) {
      this.#pending.get(id)?.reject(stoppedError(why));
      this.#pending.delete(id);
    }
    thread.tasks.clear();
    await thread.worker.terminate().catch(() => undefined);
  }

  #log(line: string) {
    this.#options.log(line);
  }
}

/**
 * INTEL_THREADS: how many threads read intelligence in each server process; 0 (the default outside
 * the server: tests, scripts) reads on the request thread. `auto` (the server's default) shares the
 * cores among the server processes (SERVER_PROCESSES), at least two threads each, so one busy read
 * never holds every read of a process.
 */
export function intelThreadCount(env: Record<string, string | undefined> = process.env): number {
  const value = env.INTEL_THREADS?.trim();
  if (!value) return 0;
  if (value === "auto") return Math.max(2, Math.ceil(os.availableParallelism() / Math.max(1, Number(env.SERVER_PROCESSES) || 1)));
  const count = Number(value);
  return Number.isInteger(count) && count >= 0 && count <= 256 ? count : 0;
}

const holder = processWide<{ intelPool: IntelThreadPool | null }>("lib/intel/runtime/threads/pool");

/** The process's pool, started on first use; null when intelligence runs on the request thread. */
export function intelThreadPool(): IntelThreadPool | null {
  if (holder.intelPool === undefined) {
    const threads = intelThreadCount();
    holder.intelPool = threads > 0 ? new IntelThreadPool({ threads }) : null;
  }
  return holder.intelPool;
}

/** Closes and forgets the process's pool, so the next use reads INTEL_THREADS again (tests). */
export async function resetIntelThreadPool(): Promise<void> {
  const pool = holder.intelPool;
  holder.intelPool = undefined;
  await pool?.close();
}
