// A node that stops in the middle of a request: the first `afterRequests` round trips reach
// it, then it is stopped before the next one leaves. Shared by the route tests that prove an
// upstream fault is a 503 that charges nothing. The round trips are counted by a loopback HTTP
// proxy in front of the node, so they are seen wherever the read runs (an intelligence thread
// makes its own requests).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { DemoChain } from "@/demo-chain";

export async function withNodeStoppedMidRequest<T>(node: DemoChain, afterRequests: number, run: (url: string) => Promise<T>): Promise<{ result: T; nodeRequests: number }> {
  let nodeRequests = 0;
  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      if (++nodeRequests === afterRequests + 1) await node.stop();
      try {
        const answer = await fetch(node.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        // The stopped node refuses the connection: so does the proxy.
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    return { result: await run(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`), nodeRequests };
  } finally {
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
    await node.stop();
  }
}
