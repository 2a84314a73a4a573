// The server factory: load-balancer-friendly timeouts, and a drain that finishes in-flight
// requests, closes idle connections and answers late arrivals 503 — on a bare handler.
import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createAppServer, serverTimeouts, shutdownGraceMs, type AppServer } from "@/lib/server/app-server";
import { parseRaw } from "./raw-http";

describe("timeouts", () => {
  it("keeps idle connections longer than a load balancer's 60 s, headers timeout above that", () => {
    const { server } = createAppServer(() => undefined, { env: {} });
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(server.requestTimeout).toBe(120_000);
    // Node refuses a headers timeout above the request timeout; the order must hold for any setting.
    const longer = serverTimeouts({ KEEP_ALIVE_TIMEOUT_MS: "300000" });
    expect(longer).toEqual({ keepAliveTimeout: 300_000, headersTimeout: 301_000, requestTimeout: 302_000 });
    expect(serverTimeouts({ KEEP_ALIVE_TIMEOUT_MS: "soon" }).keepAliveTimeout).toBe(65_000);
  });

  it("reads the grace period, bounded", () => {
    expect(shutdownGraceMs({})).toBe(5_000);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: "2000" })).toBe(2_000);
    expect(shutdownGraceMs({ SHUTDOWN_GRACE_MS: "-1" })).toBe(5_000);
  });
});

describe("drain", () => {
  let app: AppServer | undefined;
  afterEach(() => {
    app?.server.closeAllConnections();
    app?.server.close();
  });

  /** A server whose /slow requests wait for release(); everything else answers at once. */
  async function start() {
    const waiting: Array<() => void> = [];
    app = createAppServer((req, res) => {
      const answer = () => res.writeHead(200, { "content-type": "text/plain" }).end(`done ${req.url}`);
      if (req.url?.startsWith("/slow")) waiting.push(answer);
      else answer();
    }, { env: {}, log: () => undefined });
    app.server.listen(0, "127.0.0.1");
    await once(app.server, "listening");
    const port = (app.server.address() as AddressInfo).port;
    return { app, port, release: () => waiting.splice(0).forEach((answer) => answer()), waiting: () => waiting.length };
  }

  function socketTo(port: number) {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    const closed = once(socket, "close");
    return { socket, closed, data: () => data };
  }

  it("finishes in-flight requests, closes idle connections and refuses new ones", async () => {
    const { app, port, release, waiting } = await start();
    const agent = new http.Agent({ keepAlive: true });
    // An idle kept-alive connection, and one with a request in flight.
    const idle = await fetchOn(agent, port, "/quick");
    expect(idle.body).toBe("done /quick");
    const idleSocket = [...Object.values(agent.freeSockets)].flat()[0]!;
    const idleClosed = once(idleSocket, "close");
    const inFlight = fetchOn(new http.Agent({ keepAlive: true }), port, "/slow");
    await until(() => waiting() === 1);

    const drained = app.drain(5_000);
    await idleClosed;
    await expect(fetchOn(new http.Agent(), port, "/after")).rejects.toThrow(/ECONNREFUSED/);
    expect(app.inFlight()).toBe(1);
    setTimeout(release, 200);
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.headers.connection).toBe("close");
    expect(await drained).toEqual({ finished: 1, cutOff: 0, refused: 0 });
  });

  it("answers a request arriving on an open connection during the drain with a 503 envelope", async () => {
    const { app, port, release, waiting } = await start();
    // Keeps the drain waiting, so the late request arrives while it is under way.
    const inFlight = fetchOn(new http.Agent(), port, "/slow");
    await until(() => waiting() === 1);
    // A connection already sending a request when the stop begins is not idle; its request completes after.
    const late = socketTo(port);
    late.socket.write("GET /v1/api/me HTTP/1.1\r\nHost: x\r\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const drained = app.drain(5_000);
    late.socket.write("\r\n");
    await late.closed;
    const response = parseRaw(late.data());
    expect(response.status).toBe(503);
    expect(response.headers.connection).toBe("close");
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = JSON.parse(response.body);
    expect(body).toMatchObject({ ok: false, error: "unavailable", message: "The server is stopping; retry the request." });
    expect(response.headers["retry-after"]).toBe("1");
    expect(response.headers["x-request-id"]).toBe(body.request_id);
    release();
    await inFlight;
    expect(await drained).toMatchObject({ finished: 1, cutOff: 0, refused: 1 });
  });

  it("cuts off what is still running when the grace period ends", async () => {
    const { app, port, waiting } = await start();
    const hanging = fetchOn(new http.Agent(), port, "/slow");
    hanging.catch(() => undefined);
    await until(() => waiting() === 1);
    const started = Date.now();
    expect(await app.drain(300)).toEqual({ finished: 0, cutOff: 1, refused: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1_500);
    await expect(hanging).rejects.toThrow();
  });
});

function fetchOn(agent: http.Agent, port: number, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}
