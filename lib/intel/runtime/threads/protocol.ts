// What the request thread and an intelligence thread say to each other. Answers and inputs cross
// by structured clone (bigints included); an ApiError crosses as its code, message and headers.
import type { KeptAnswer } from "@/lib/intel/runtime/hot-reads";
import type { ErrorCode } from "@/lib/errors/error-codes";
import type { ForwardedMetric } from "@/lib/metrics";
import type { RpcUsage } from "@/lib/chain/rpc-meter";

export type TaskMessage =
  | { kind: "run"; id: number; endpoint: string; input: Record<string, unknown>; head: bigint }
  /** The request stopped (deadline, client gone): the thread cancels the task's node requests. */
  | { kind: "cancel"; id: number };

export type SentError = { api: true; code: ErrorCode; message: string; headers: Record<string, string> } | { api: false; message: string };

export type WorkerMessage =
  /** `usage`: the task's node round trips, which the request's own meter counts as its own. */
  | { kind: "done"; id: number; answer: KeptAnswer; usage: RpcUsage }
  | { kind: "failed"; id: number; error: SentError; usage: RpcUsage }
  /** Sent every second while the thread's event loop turns: silence means it is stuck. */
  | { kind: "beat" }
  /** What the thread counted (node calls, refusals, rounds, cached facts), for its process's metrics; sent before each answer and with each beat. */
  | { kind: "metrics"; counted: ForwardedMetric[] };
