// A server says it is ready only once its first requests cost no more than its later ones: before
// it listens, it sends itself, on a private loopback port, one request to every API route (each
// route's code loads on its first request) and one to the app's warm-up (lib/api/warm-answer-path.ts).
// Without it the first callers after a start pay for loading and compiling on the request thread,
// and every other caller of that process waits behind them.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { apiBasePath, endpoints, endpointPath } from "@/lib/api-contract/endpoints";
import { peerSecret } from "./client-address";

export const warmUpHeader = "x-svc-warm-up";
export const warmUpPath = "/internal/warm-up";
const mcpPath = `${apiBasePath}/mcp`;

/** The process's own warm-up request: it carries the secret only this process knows. */
export function isWarmUpRequest(headers: Headers): boolean {
  return headers.get(warmUpHeader) === peerSecret();
}

/** A client never speaks for the warm-up. */
export function dropWarmUpClaim(req: IncomingMessage): void {
  delete req.headers[warmUpHeader];
}

type Answer = { status: number; text: string };

function send(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { "content-length": "0", ...headers } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * Serves `handler` (the app's, after `stamp` marks each request as the public server does) on a
 * private port long enough to load every API route and run the app's warm-up; says what it warmed.
 */
export async function warmUpApp(handler: RequestListener, stamp: (req: IncomingMessage) => void): Promise<{ routes: number; warmed: string[] }> {
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    stamp(req);
    handler(req, res);
  });
  // Exclusive: in a cluster worker a port is otherwise shared with the other workers, whose warm-up it is not.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
  const { port } = server.address() as AddressInfo;
  try {
    // A preflight without an origin loads the route's code and touches nothing: no request line, no count.
    const routes = await Promise.all([...endpoints.map(endpointPath), mcpPath].map((path) => send(port, "OPTIONS", path)));
    const app = await send(port, "POST", warmUpPath, { [warmUpHeader]: peerSecret() });
    return { routes: routes.filter((answer) => answer.status === 204).length, warmed: app.status === 200 ? (JSON.parse(app.text) as { warmed: string[] }).warmed : [] };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
