// The intelligence thread's side: runs each task's read, assessment and presentation at the block
// the request thread learned, under its own RPC meter (so a cancel aborts its node requests), and
// sends back the kept-answer form the request thread shares and keeps.
import { parentPort } from "node:worker_threads";
import { isApiError } from "@/lib/api-contract/api-error";
import { inNodeScope, readingAt } from "@/lib/chain/node-scope";
import type { ChainId } from "@/lib/chain/networks";
import { withChainScope, type ChainScope } from "@/lib/intel/chain-scope";
import { chainAnswer, type PresentedAnswer } from "@/lib/intel/endpoint-adapter";
import type { SentError, TaskMessage, WorkerMessage } from "./protocol";

export type AnswerFunctions = Record<string, (input: never, scope: ChainScope) => Promise<PresentedAnswer>>;

export const beatIntervalMs = 1_000;

function sendable(error: unknown): SentError {
  if (isApiError(error)) return { api: true, code: error.code, message: error.message, headers: error.headers };
  return { api: false, message: error instanceof Error ? error.message : String(error) };
}

export function serveIntelTasks(answers: AnswerFunctions): void {
  const port = parentPort;
  if (!port) throw new Error("serveIntelTasks runs in a worker thread");
  const send = (message: WorkerMessage) => port.postMessage(message);
  const running = new Map<number, AbortController>();
  // The first beat says the thread has loaded; from then on, silence means a stuck loop.
  send({ kind: "beat" });
  setInterval(() => send({ kind: "beat" }), beatIntervalMs).unref();

  port.on("message", (message: TaskMessage) => {
    if (message.kind === "cancel") return running.get(message.id)?.abort();
    const { id, endpoint, input, head } = message;
    const answer = answers[endpoint] as ((input: Record<string, unknown>, scope: ChainScope) => Promise<PresentedAnswer>) | undefined;
    if (!answer) return send({ kind: "failed", id, error: { api: false, message: `no intelligence endpoint ${endpoint} in this thread` } });
    const controller = new AbortController();
    running.set(id, controller);
    const chain = input.chain as ChainId;
    inNodeScope({ signal: controller.signal }, () => withChainScope({ chain }, (scope) => readingAt(head, () => answer(input, scope))))
      .then(
        (presented) => send({ kind: "done", id, answer: { block: presented.block.toString(), result: chainAnswer(presented) } }),
        (error: unknown) => send({ kind: "failed", id, error: sendable(error) }),
      )
      .finally(() => running.delete(id));
  });
}
