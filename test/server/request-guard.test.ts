// Stray requests are answered in the node:http layer, before Next's router: the real guard and
// the real server factory, a stand-in for Next that says what reached it, and raw sockets.
import { once } from "node:events";
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer, type AppServer } from "@/lib/server/app-server";
import { authBodyLimitBytes, guardRequest, inspectRequest, pageBodyLimitBytes } from "@/lib/server/request-guard";
import { settleForwardedHeaders } from "@/lib/server/client-address";
import { signInStartWarnings } from "@/lib/auth/email";
import { rawRequest, type RawResponse } from "./raw-http";

let app: AppServer;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  app = createAppServer(
    (req, res) => {
      if (guardRequest(req, res, (line) => logged.push(line))) return;
      res.writeHead(200, { "content-type": "text/plain" }).end(`reached next: ${req.method} ${req.url}`);
    },
    { log: (line) => logged.push(line) },
  );
  app.server.listen(0, "127.0.0.1");
  await once(app.server, "listening");
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  app.server.closeAllConnections();
  app.server.close();
});

function expectEnvelope(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers["cache-control"]).toBe("no-store");
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ ok: false, error: code });
  expect(body.request_id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  expect(response.headers["x-request-id"]).toBe(body.request_id);
  // The request id is in the one log line, so support can find what the client quotes.
  expect(logged.some((line) => line.includes(body.request_id) && !line.includes("\n"))).toBe(true);
  return body as { message: string; request_id: string };
}

describe("targets that are not a path", () => {
  it("answers a * target with a 400 envelope", async () => {
    expectEnvelope(await rawRequest(port, "GET * HTTP/1.1"), 400, "bad_request");
    expectEnvelope(await rawRequest(port, "OPTIONS * HTTP/1.1"), 400, "bad_request");
  });

  it("hands absolute-form on as the path it names, and refuses other forms", async () => {
    const absolute = await rawRequest(port, `GET http://127.0.0.1:${port}/v1/api/health?x=1 HTTP/1.1`);
    expect(absolute.body).toBe("reached next: GET /v1/api/health?x=1");
    expect(inspectRequest("GET", "http://example.test")).toEqual({ pass: true, url: "/" });
    expect(inspectRequest("GET", "example.test:443")).toMatchObject({ pass: false, error: { code: "bad_request" } });
  });
});

describe("malformed percent-encoding", () => {
  it("answers the API's envelope under /v1/api", async () => {
    for (const target of ["/v1/api/%", "/v1/api/me%zz", "/v1/api/%C0%AF"]) {
      const body = expectEnvelope(await rawRequest(port, `GET ${target} HTTP/1.1`), 400, "bad_request");
      expect(body.message).toContain("percent-encoding");
    }
  });

  it("answers a plain 400 elsewhere, never a page or a stack", async () => {
    const response = await rawRequest(port, "GET /developers/% HTTP/1.1");
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toBe("Bad Request\n");
  });

  it("lets a well-formed encoding through", async () => {
    expect((await rawRequest(port, "GET /v1/api/me%20x HTTP/1.1")).body).toBe("reached next: GET /v1/api/me%20x");
  });
});

describe("dot segments", () => {
  it("refuses raw and percent-encoded dot segments that touch /v1/api", async () => {
    for (const target of ["/v1/api/../v1/api/me", "/v1/api/./me", "/v1/api/%2e%2e/x", "/v1/api/%2E/me", "/v1/api/.%2e/me", "/developers/../v1/api/me", "/x/%2e%2e/v1/api/me", "/v1/api/..%2fme"]) {
      expectEnvelope(await rawRequest(port, `GET ${target} HTTP/1.1`), 400, "bad_request");
    }
  });

  it("leaves dot segments elsewhere to the app", async () => {
    expect((await rawRequest(port, "GET /developers/../sign-in HTTP/1.1")).body).toBe("reached next: GET /developers/../sign-in");
  });

  it("does not mistake dots inside a segment for one", async () => {
    expect((await rawRequest(port, "GET /v1/api/..me HTTP/1.1")).body).toBe("reached next: GET /v1/api/..me");
  });
});

describe("methods route handlers do not serve", () => {
  it("answers TRACE on a known endpoint 405 with its real method in Allow", async () => {
    const me = await rawRequest(port, "TRACE /v1/api/me HTTP/1.1");
    expectEnvelope(me, 405, "method_not_allowed");
    expect(me.headers.allow).toBe("GET, HEAD, OPTIONS");
    const risk = await rawRequest(port, "TRACE /v1/api/intel/risk HTTP/1.1");
    expect(risk.headers.allow).toBe("POST, OPTIONS");
  });

  it("answers an unknown path 404 and a path v1 lacks not_available", async () => {
    expectEnvelope(await rawRequest(port, "TRACE /v1/api/nothing HTTP/1.1"), 404, "not_found");
    expectEnvelope(await rawRequest(port, "PROPFIND /v1/api/webhooks HTTP/1.1"), 404, "not_available");
  });

  it("answers CONNECT, which never becomes a request event", async () => {
    const response = await rawRequest(port, "CONNECT /v1/api/me HTTP/1.1");
    expectEnvelope(response, 405, "method_not_allowed");
    expect(response.headers.connection).toBe("close");
    expectEnvelope(await rawRequest(port, "CONNECT example.test:443 HTTP/1.1"), 400, "bad_request");
  });

  it("leaves the methods route handlers serve, and other paths, to the app", async () => {
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      expect((await rawRequest(port, `${method} /v1/api/me HTTP/1.1`, ["Content-Length: 0"])).body).toBe(`reached next: ${method} /v1/api/me`);
    }
    expect((await rawRequest(port, "TRACE /sign-in HTTP/1.1")).body).toBe("reached next: TRACE /sign-in");
  });
});

describe("percent-encoded paths under the API", () => {
  it("routes encoded unreserved characters as the characters (RFC 3986), so no answer contradicts its method", async () => {
    expect((await rawRequest(port, "GET /v1/api/m%65 HTTP/1.1")).body).toBe("reached next: GET /v1/api/me");
    expect((await rawRequest(port, "POST /v1/api/contract/analysi%73?x=%73 HTTP/1.1", ["Content-Length: 0"])).body).toBe("reached next: POST /v1/api/contract/analysis?x=%73");
    expect((await rawRequest(port, "GET /v1/api/%69ntel%2Drisk%7E HTTP/1.1")).body).toBe("reached next: GET /v1/api/intel-risk~");
    // Reserved and other characters keep their encoding.
    expect((await rawRequest(port, "GET /v1/api/me%20x%3F HTTP/1.1")).body).toBe("reached next: GET /v1/api/me%20x%3F");
  });

  it("answers 404 for an encoded / or \\ inside a segment, never 405 for the method used", async () => {
    for (const target of ["/v1/api/contract%2Fanalysis", "/v1/api/contract%2fanalysis", "/v1/api/intel%5Crisk"]) {
      const body = expectEnvelope(await rawRequest(port, `POST ${target} HTTP/1.1`, ["Content-Length: 0"]), 404, "not_found");
      expect(body.message).toContain("encoded");
    }
  });
});

describe("bodies outside the API", () => {
  it("refuses a sign-in body over the limit from its declared length, unread, at once", async () => {
    const started = Date.now();
    const response = await rawRequest(port, "POST /api/auth/signin/email HTTP/1.1", ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 104857600"]);
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await rawRequest(port, "POST /api/auth/callback/email HTTP/1.1", [`Content-Length: ${authBodyLimitBytes + 1}`])).status).toBe(413);
    expect((await rawRequest(port, "POST /developers/prj_x/keys HTTP/1.1", [`Content-Length: ${pageBodyLimitBytes + 1}`])).status).toBe(413);
    expect(logged.some((line) => line.includes("/api/auth/signin/email") && line.includes("413"))).toBe(true);
  });

  it("a client still sending its oversized body reads the 413, never a reset: the connection lingers half-closed, unread", async () => {
    // The server in a process of its own, as in production: in one process the race never shows.
    const server = spawn(process.execPath, ["--import", "tsx", path.join(__dirname, "fixtures/guarded-server.ts")], { stdio: ["ignore", "pipe", "inherit"] });
    const [firstLine] = (await once(server.stdout!, "data")) as [Buffer];
    const serverPort = Number(firstLine.toString().trim());
    // Each client writes as fast as it can until the answer comes; the server stops reading.
    const upload = () =>
      new Promise<{ status: number | null; sentMb: number }>((resolve) => {
        let sent = 0;
        let settled = false;
        const settle = (status: number | null) => {
          if (settled) return;
          settled = true;
          request.destroy();
          resolve({ status, sentMb: Math.round(sent / 2 ** 20) });
        };
        const request = http.request({ host: "127.0.0.1", port: serverPort, path: "/api/auth/signin/email", method: "POST", headers: { "content-length": String(100 * 2 ** 20) } });
        request.on("response", (response) => settle(response.statusCode ?? null));
        request.on("error", () => settle(null));
        const chunk = Buffer.alloc(64 * 1024, "a");
        const write = () => {
          while (!settled && sent < 100 * 2 ** 20) {
            sent += chunk.length;
            if (!request.write(chunk)) return void request.once("drain", write);
          }
        };
        write();
      });
    try {
      const results = [];
      for (let round = 0; round < 3; round++) results.push(...(await Promise.all(Array.from({ length: 6 }, upload))));
      expect(results.map((result) => result.status)).toEqual(Array(18).fill(413));
      // What reached the server before it answered sits in socket buffers, never the whole body.
      expect(Math.max(...results.map((result) => result.sentMb))).toBeLessThan(50);
    } finally {
      server.kill();
    }
  }, 60_000);

  it("refuses a body of unknown length outside the API with 411", async () => {
    expect((await rawRequest(port, "POST /api/auth/signin/email HTTP/1.1", ["Transfer-Encoding: chunked"])).status).toBe(411);
    expect((await rawRequest(port, "POST /sign-in HTTP/1.1", ["Transfer-Encoding: chunked"])).status).toBe(411);
  });

  it("lets forms within the limit through, and leaves API bodies to the API's own rule", async () => {
    expect((await rawRequest(port, "POST /api/auth/signin/email HTTP/1.1", [`Content-Length: ${authBodyLimitBytes}`])).status).not.toBe(413);
    expect((await rawRequest(port, "POST /sign-in HTTP/1.1", [`Content-Length: ${pageBodyLimitBytes}`])).status).not.toBe(413);
    expect((await rawRequest(port, "POST /v1/api/intel/risk HTTP/1.1", ["Content-Length: 104857600"])).status).not.toBe(413);
  });
});

const env = (values: Record<string, string>) => values as NodeJS.ProcessEnv;

describe("forwarded host and scheme", () => {
  it("drops a client's own X-Forwarded-Host and -Proto without TRUST_PROXY", () => {
    const headers: Record<string, string | undefined> = { host: "portal.test", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", "x-forwarded-port": "443", "x-forwarded-for": "203.0.113.1" };
    settleForwardedHeaders(headers, env({}));
    expect(headers).toEqual({ host: "portal.test", "x-forwarded-for": "203.0.113.1" });
  });

  it("keeps only the entry the trusted proxy wrote", () => {
    const headers: Record<string, string | undefined> = { "x-forwarded-host": "evil.example, portal.example", "x-forwarded-proto": "http, https" };
    settleForwardedHeaders(headers, env({ TRUST_PROXY: "1" }));
    expect(headers).toEqual({ "x-forwarded-host": "portal.example", "x-forwarded-proto": "https" });
    const overwritten: Record<string, string | undefined> = { "x-forwarded-proto": "https" };
    settleForwardedHeaders(overwritten, env({ TRUST_PROXY: "2" }));
    expect(overwritten).toEqual({ "x-forwarded-proto": "https" });
  });
});

it("warns at a production start that sign-in links go to the log, and who can read them", () => {
  const [mail, url] = signInStartWarnings(env({}));
  expect(mail).toMatch(/sign-in links for every account, staff included, are written to this log/);
  expect(mail).toMatch(/Anyone who can read this log/);
  expect(url).toMatch(/AUTH_URL is not set/);
  expect(signInStartWarnings(env({ AUTH_EMAIL_SERVER: "smtp://mail.test:587", AUTH_URL: "https://portal.example" }))).toEqual([]);
});

it("answers a request node:http cannot parse with a 400 envelope", async () => {
  expectEnvelope(await rawRequest(port, "GET /v1/api/me HTTP/1.1\r\nBad Header Line"), 400, "bad_request");
});
