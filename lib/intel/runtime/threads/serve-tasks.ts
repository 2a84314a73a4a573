// The intelligence thread's side: runs each task's read, assessment and presentation at the block
// the request thread learned, under its own RPC meter (so a cancel aborts its node requests), and
// sends back the kept-answer form the request thread shares and keeps.
import { parentPort } from "node:worker_threads";
import { knownApiError } from "@/lib/api-contract/known-errors";
import { inNodeScope, readingAt } from "@/lib/chain/node-scope";
import type { RpcMeter, RpcUsage } from "@/lib/chain/rpc-meter";
import type { ChainId } from "@/lib/chain/networks";
import { withChainScope, type ChainScope } from "@/lib/intel/runtime/chain-scope";
import { chainAnswer, type PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { forwardMetricsFromThisThread, observeNodeRounds, takeForwardedMetrics } from "@/lib/metrics";
import type { SentError, TaskMessage, WorkerMessage } from "./protocol";

export type AnswerFunctions = Record<string, (input: never, scope: ChainScope) => Promise<PresentedAnswer>>;

export const beatIntervalMs = 1_000;

const noUsage: RpcUsage = { roundTrips: 0, calls: 0, rounds: 0 };

function sendable(error: unknown): SentError {
  // A chain fault crosses as the 503 it is, with its Retry-After; only an internal error crosses bare.
  const known = knownApiError(error);
  if (known) return { api: true, code: known.code, message: known.message, headers: known.headers };
  return { api: false, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Node answers reach viem as web Responses with Headers, whose implementation (undici's) loads on
 * first use, about 40 ms here: a data: URL fetched and read loads it before the thread counts as
 * ready, without a request leaving the thread.
 */
async function warmHttpClient(): Promise<void> {
  await fetch("data:application/json,{}")
    .then((response) => response.json())
    .catch(() => undefined);
}

export function serveIntelTasks(answers: AnswerFunctions): void {
  const port = parentPort;
  if (!port) throw new Error("serveIntelTasks runs in a worker thread");
  const send = (message: WorkerMessage) => port.postMessage(message);
  // Sent ahead of an answer, so the process has counted a read's node calls by the time it answers.
  const sendMetrics = () => {
    const counted = takeForwardedMetrics();
    if (counted.length > 0) send({ kind: "metrics", counted });
  };
  forwardMetricsFromThisThread();
  const running = new Map<number, AbortController>();
  // The first beat says the thread has loaded and is warm; from then on, silence means a stuck loop.
  void warmHttpClient().finally(() => {
    send({ kind: "beat" });
    setInterval(() => {
      sendMetrics();
      send({ kind: "beat" });
    }, beatIntervalMs).unref();
  });

  port.on("message", (message: TaskMessage) => {
    if (message.kind === "cancel") return running.get(message.id)?.abort();
    const { id, endpoint, input, head } = message;
    // The task's input is what the endpoint's own schema parsed on the request thread: the message carries it untyped.
    const answer = answers[endpoint] as ((input: Record<string, unknown>, scope: ChainScope) => Promise<PresentedAnswer>) | undefined;
    if (!answer) return send({ kind: "failed", id, error: { api: false, message: `no intelligence endpoint ${endpoint} in this thread` }, usage: noUsage });
    const controller = new AbortController();
    running.set(id, controller);
    const chain = input.chain as ChainId;
    let meter: RpcMeter | undefined;
    inNodeScope({ signal: controller.signal }, (scope) => {
      meter = scope.meter;
      return withChainScope({ chain }, (chainScope) => readingAt(head, () => answer(input, chainScope)));
    })
      .finally(() => {
        running.delete(id);
        if (meter) observeNodeRounds(chain, meter.usage().rounds);
        sendMetrics();
      })
      .then(
        (presented) => send({ kind: "done", id, answer: { block: presented.block.toString(), result: chainAnswer(presented) }, usage: meter!.usage() }),
        (error: unknown) => send({ kind: "failed", id, error: sendable(error), usage: meter?.usage() ?? noUsage }),
      );
  });
}
