// A TCP proxy in front of a real dependency (PostgreSQL, Redis, a chain node) so a test can switch
// what the application meets while it runs: pass, refuse or freeze. The modes in detail:
// startFaultProxy below.
import net from "node:net";

export type FaultMode = "pass" | "refuse" | "freeze";

export type FaultProxy = {
  url(template: string): string;
  port: number;
  mode: FaultMode;
  set(mode: FaultMode): Promise<void>;
  close(): Promise<void>;
  /** Connections accepted so far. */
  accepted: number;
  /** Connections the application has closed so far. */
  closedByApplication: number;
  /** Bytes the application has sent towards the dependency so far (delivered or held). */
  bytesSent: number;
};

// A TCP proxy put in front of a real dependency (PostgreSQL, Redis, a chain node) so a test
// can switch what the application meets while it runs:
// - pass: bytes flow both ways;
// - refuse: new connections are refused and open ones are dropped (a crash or restart);
// - freeze: connections are accepted and open ones stay open, but nothing is delivered
//   either way (a frozen server or a network partition).
// Switching back to pass delivers what was held, in order, as a resumed server or a healed
// partition does: the application must cope with late answers to requests it gave up on.
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  type Pair = { client: net.Socket; upstream: net.Socket; frozen: boolean; held: Array<[net.Socket, Buffer]> };
  const pairs = new Set<Pair>();
  let mode: FaultMode = "pass";
  let accepted = 0;
  let bytesSent = 0;
  let closedByApplication = 0;

  const onConnection = (client: net.Socket) => {
    accepted += 1;
    const upstream = net.connect(target.port, target.host);
    const pair: Pair = { client, upstream, frozen: mode === "freeze", held: [] };
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("error", drop).on("close", () => {
      if (pairs.has(pair)) closedByApplication += 1;
      drop();
    });
    upstream.on("error", drop).on("close", drop);
    client.on("data", (chunk: Buffer) => {
      bytesSent += chunk.length;
      if (pair.frozen) pair.held.push([upstream, chunk]);
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (pair.frozen) pair.held.push([client, chunk]);
      else client.write(chunk);
    });
  };

  let server = net.createServer(onConnection);
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));

  const proxy: FaultProxy = {
    port,
    get mode() {
      return mode;
    },
    get accepted() {
      return accepted;
    },
    get closedByApplication() {
      return closedByApplication;
    },
    get bytesSent() {
      return bytesSent;
    },
    url(template) {
      const url = new URL(template);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async set(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === "freeze") {
        for (const pair of pairs) pair.frozen = true;
        return;
      }
      if (previous === "freeze" && next === "pass") {
        for (const pair of pairs) {
          pair.frozen = false;
          for (const [socket, chunk] of pair.held.splice(0)) socket.write(chunk);
        }
      }
      if (next === "refuse") {
        for (const pair of [...pairs]) {
          pair.client.destroy();
          pair.upstream.destroy();
          pairs.delete(pair);
        }
      }
      if (next === "refuse") {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      } else if (previous === "refuse") {
        server = net.createServer(onConnection);
        await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", () => resolve()));
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream.destroy();
      }
      pairs.clear();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
