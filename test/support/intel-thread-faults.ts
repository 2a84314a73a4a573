// An intelligence thread whose answers misbehave on purpose, served by the real task loop: the
// pool's tests make one crash its thread, one hang it, one wait for its cancel, one meet a node that
// does not answer, one answer.
import { ApiError } from "@/lib/errors/api-error";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { currentNodeScope } from "@/lib/chain/node-scope";
import { serveIntelTasks } from "@/lib/intel/runtime/threads/serve-tasks";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";

const answered = (input: { chain: "eth"; wait?: number }): Promise<PresentedAnswer> =>
  new Promise((resolve) => setTimeout(() => resolve({ chain: input.chain, block: 7n, data: { thread: "answered" }, provenance: {} }), input.wait ?? 0));

serveIntelTasks({
  answer: answered,
  crash: async () => process.exit(3),
  hang: async () => {
    for (;;);
  },
  refuse: async () => {
    throw new ApiError("insufficient_data", "nothing to read here");
  },
  "node-down": async () => {
    throw new ChainUnavailableError("timed_out", "Ethereum", "Ethereum node did not answer: timed out");
  },
  "wait-for-cancel": () =>
    new Promise((_, reject) => currentNodeScope()!.signal!.addEventListener("abort", () => reject(new ApiError("client_closed")), { once: true })),
});
