// The API's route handlers behind the production node:http server (createAppServer: its timeouts,
// guard and drain), on a loopback port: what a client library or a sample program calls over HTTP.
import type { AddressInfo } from "node:net";
import { once } from "node:events";
import { createAppServer } from "@/lib/server/app-server";
import { routeFor } from "./routes";

export async function startApiHttpServer() {
  /** Each request's Idempotency-Key as it arrived (empty when it carried none), in order. */
  const idempotencyKeys: string[] = [];
  const app = createAppServer(
    async (req, res) => {
      idempotencyKeys.push(String(req.headers["idempotency-key"] ?? ""));
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const request = new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body: chunks.length ? Buffer.concat(chunks) : undefined });
      const response = await routeFor(req.method ?? "GET", url.pathname.replace(/^\/v1\/api\/?/, "") + url.search)(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
    { env: {}, log: () => undefined },
  );
  app.server.listen(0, "127.0.0.1");
  await once(app.server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    idempotencyKeys,
    close: () => app.drain(1_000),
  };
}
