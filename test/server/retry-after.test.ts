// Every 503 says when to try again. Each way the server answers 503 — the failure envelope of
// every 503 code, on a route and written by the server itself, a rate-limit store or a database
// that refuses, readiness with its parts down, a plain answer outside the API, the metrics port
// that could not gather its registries — carries exactly one Retry-After.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, withRetryAfter } from "@/lib/errors/api-error";
import { errorCodes, type ErrorCode } from "@/lib/errors/error-codes";
import { setApiDeps } from "@/lib/api/deps";
import { failureResponse } from "@/lib/api-contract/respond";
import { createDatabase, type Database } from "@/lib/db/client";
import { createRateLimiter } from "@/lib/rate-limit";
import { writeFailure, writePlain, writeRawFailure } from "@/lib/server/failure-reply";
import { startMetricsServer } from "@/lib/server/metrics";
import { createHarness, expectFailure, type Harness } from "../support/harness";
import { parseRaw } from "./raw-http";

const unavailableCodes = (Object.keys(errorCodes) as ErrorCode[]).filter((code) => errorCodes[code].status === 503);

async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A raw exchange with a node:http server whose handler writes the answer under test. */
async function answerOf(handler: http.RequestListener, path = "/"): Promise<ReturnType<typeof parseRaw>> {
  const server = http.createServer(handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
    let raw = "";
    socket.on("data", (chunk) => (raw += chunk.toString()));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await new Promise((resolve) => socket.once("close", resolve));
    return parseRaw(raw);
  } finally {
    server.close();
  }
}

/** Exactly one Retry-After, a whole number of seconds. */
function retryAfterOf(headers: Headers | Record<string, string | string[] | undefined>): string {
  const value = headers instanceof Headers ? headers.get("retry-after") : headers["retry-after"];
  expect(value, "Retry-After").toMatch(/^\d+$/);
  return value as string;
}

describe("the 503 codes of the error table", () => {
  it("carry Retry-After in a route's envelope and in the server's own, and one only when the fault names its own", async () => {
    expect(unavailableCodes.length).toBeGreaterThanOrEqual(4);
    for (const code of unavailableCodes) {
      expect(retryAfterOf(failureResponse("req_test", new ApiError(code)).headers), code).toBe("5");
      expect(retryAfterOf((await answerOf((_req, res) => writeFailure(res, "req_test", new ApiError(code)))).headers), code).toBe("5");
      const raw = await new Promise<string>((resolve) => {
        const server = net.createServer((socket) => writeRawFailure(socket, "req_test", new ApiError(code))).listen(0, "127.0.0.1", () => {
          let text = "";
          net.connect((server.address() as AddressInfo).port, "127.0.0.1").on("data", (chunk) => (text += chunk.toString())).on("close", () => (server.close(), resolve(text)));
        });
      });
      expect(retryAfterOf(parseRaw(raw).headers), code).toBe("5");
    }
    // A fault that says its own wait, in either spelling, keeps it and gets no second one.
    const own = failureResponse("req_test", new ApiError("unavailable", "stopping", { headers: { "Retry-After": "1" } }));
    expect(own.headers.get("retry-after")).toBe("1");
    // Other statuses are left alone.
    expect(withRetryAfter(500, { a: "b" })).toEqual({ a: "b" });
  });
});

describe("503s met on real parts", () => {
  let h: Harness;
  let down: Database;

  beforeAll(async () => {
    h = await createHarness("postgres+redis");
    down = await createDatabase({ ...process.env, DATABASE_URL: `postgresql://postgres@127.0.0.1:${await closedPort()}/postgres`, DATABASE_CONNECT_TIMEOUT_MS: "500" });
  });
  afterAll(async () => {
    await down?.close().catch(() => undefined);
    await h?.close();
  });

  it("a rate-limit store that refuses: the keyed call is 503 with Retry-After", async () => {
    const { key } = await h.key();
    const limiter = createRateLimiter({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }, prefix: `retry-after-${Date.now()}` });
    setApiDeps({ limiter: () => limiter });
    try {
      const answer = await h.call("GET", "me", { key });
      const refusal = expectFailure(answer, "unavailable");
      expect([answer.status, refusal.message]).toEqual([503, "The rate-limit store did not answer; nothing was charged. Retry."]);
      expect(retryAfterOf(answer.headers)).toBe("5");
    } finally {
      setApiDeps({ limiter: () => h.limiter });
      await limiter.close?.();
    }
  });

  it("a database that refuses: health and a keyed call are 503 with Retry-After", async () => {
    const { key } = await h.key();
    // Last of the calls on this harness: its database is not handed back.
    setApiDeps({ db: async () => down.prisma, sql: async () => down.sql });
    for (const path of ["health", "me"] as const) {
      const answer = await h.call("GET", path, { key });
      expect([path, answer.status]).toEqual([path, 503]);
      expectFailure(answer, "unavailable");
      expect(retryAfterOf(answer.headers)).toBe("5");
    }
  });

  it("readiness with its database and rate-limit store down is 503 with Retry-After", async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, DATABASE_CONNECT_TIMEOUT_MS: process.env.DATABASE_CONNECT_TIMEOUT_MS };
    // The route reads the process's own parts, as a server's would: here, ones that refuse.
    process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${await closedPort()}/postgres`;
    process.env.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    process.env.DATABASE_CONNECT_TIMEOUT_MS = "500";
    try {
      const { GET } = await import("@/app/readyz/route");
      const response = await GET();
      expect(response.status).toBe(503);
      expect(((await response.json()) as { ready: boolean }).ready).toBe(false);
      expect(retryAfterOf(response.headers)).toBe("5");
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("a plain 503 outside the API, and the metrics port that could not gather its registries, carry Retry-After", async () => {
    expect(retryAfterOf((await answerOf((_req, res) => writePlain(res, 503))).headers)).toBe("5");
    const metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", token: null }, { contentType: "text/plain", metrics: () => Promise.reject(new Error("a worker did not answer")) });
    try {
      const status = await new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) =>
        http.get(metrics.url, (res) => (res.resume(), resolve({ status: res.statusCode ?? 0, headers: res.headers }))).on("error", reject),
      );
      expect(status.status).toBe(503);
      expect(retryAfterOf(status.headers as Record<string, string>)).toBe("5");
    } finally {
      await metrics.close();
    }
  });
});
