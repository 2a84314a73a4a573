// A loopback JSON-RPC proxy in front of a real node that stalls chosen calls, as a node on a busy
// machine does; and a node that takes connections and never answers.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type Hiccup = {
  method: string;
  /** The nth call of `method` through the proxy, from 1 (a call asked again counts too). */
  nth: number;
  /**
   * "answer": the call reaches the node at once, and its answer is held until the client stops
   * waiting, then dropped (the call took effect; the client never heard).
   * "request": the call is held until the client asks the same again, then it reaches the node
   * just before the copy (the first one arrived late).
   */
  hold: "answer" | "request";
};

export type RpcProxy = {
  url: string;
  /** Every call that came in, in order. */
  calls: { method: string; params: unknown }[];
  /** The hiccups that happened. */
  fired: Hiccup[];
  close(): Promise<void>;
};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function startRpcProxy(target: string, hiccups: Hiccup[] = []): Promise<RpcProxy> {
  const calls: RpcProxy["calls"] = [];
  const fired: Hiccup[] = [];
  const counts = new Map<string, number>();
  // Held requests by method and params: forwarded when the same call comes again.
  const held = new Map<string, string>();
  const forward = async (body: string) => {
    const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body });
    return { status: response.status, text: await response.text() };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const call = JSON.parse(body) as { method: string; params?: unknown };
      const nth = (counts.get(call.method) ?? 0) + 1;
      counts.set(call.method, nth);
      calls.push({ method: call.method, params: call.params });
      const key = `${call.method} ${JSON.stringify(call.params ?? [])}`;
      const late = held.get(key);
      if (late !== undefined) {
        held.delete(key);
        await forward(late);
      }
      const hiccup = hiccups.find((each) => each.method === call.method && each.nth === nth);
      if (hiccup) fired.push(hiccup);
      if (hiccup?.hold === "request") {
        held.set(key, body);
        return;
      }
      const answer = await forward(body);
      if (hiccup?.hold === "answer") return;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.text);
    })().catch((error: unknown) => {
      res.writeHead(502).end(String(error));
    });
  });
  const url = await listen(server);
  return { url, calls, fired, close: () => close(server) };
}

/** A node that takes every connection and request, and answers none. */
export async function startSilentNode(): Promise<{ url: string; methods: string[]; close(): Promise<void> }> {
  const methods: string[] = [];
  const server = createServer((req) => {
    void bodyOf(req).then((body) => methods.push((JSON.parse(body) as { method: string }).method));
  });
  const url = await listen(server);
  return { url, methods, close: () => close(server) };
}

/**
 * An executable that stands in for anvil (ANVIL_BIN): it listens where anvil would, answers
 * eth_chainId (so it counts as started) and nothing else.
 */
export function silentAnvilScript(): string {
  return `#!${process.execPath}
const http = require("node:http");
const args = process.argv.slice(2);
const port = Number(args[args.indexOf("--port") + 1]);
const chainId = Number(args[args.indexOf("--chain-id") + 1]);
http
  .createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const call = JSON.parse(body);
      if (call.method !== "eth_chainId") return;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result: "0x" + chainId.toString(16) }));
    });
  })
  .listen(port, "127.0.0.1");
`;
}
