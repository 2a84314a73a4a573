// A node that stops in the middle of a request: the first `afterRequests` round trips reach
// it, then it is stopped before the next one leaves. Shared by the route tests that prove an
// upstream fault is a 503 that charges nothing.
import type { DemoChain } from "@/demo-chain";

export async function withNodeStoppedMidRequest<T>(node: DemoChain, afterRequests: number, run: () => Promise<T>): Promise<{ result: T; nodeRequests: number }> {
  const realFetch = globalThis.fetch;
  let nodeRequests = 0;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(node.rpcUrl) && ++nodeRequests === afterRequests + 1) await node.stop();
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    return { result: await run(), nodeRequests };
  } finally {
    globalThis.fetch = realFetch;
    await node.stop();
  }
}
