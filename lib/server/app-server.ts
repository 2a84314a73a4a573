// The node:http server the app is served from, with the timeouts a server behind a load
// balancer needs and a stop that drains: no new connections, idle ones closed, requests that
// arrive on kept-alive connections during the drain answered 503, in-flight ones finished up to
// a grace period. Free of Next imports so it is tested on a bare handler.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { ApiError } from "@/lib/errors/api-error";
import { newRequestId } from "@/lib/api-contract/respond";
import { writeFailure, writePlain } from "./failure-reply";
import { refuseConnect, refuseUnparsable, underApi } from "./request-guard";
import { serverLog } from "./log";

type Env = Record<string, string | undefined>;

export type ServerTimeouts = { keepAliveTimeout: number; headersTimeout: number; requestTimeout: number };

function positiveInteger(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * Load balancers close idle upstream connections after 60 s (AWS ALB, GCP's default 600 s is
 * longer still: raise the setting there). If the server closed first, a request the balancer
 * sends on a connection the server is closing is lost, so the server waits longer (65 s). The
 * headers timeout sits above it so a kept-alive connection is never cut by the wrong timer,
 * and requestTimeout (time to receive a whole request, not to answer it) above both.
 */
export function serverTimeouts(env: Env = process.env): ServerTimeouts {
  const keepAliveTimeout = positiveInteger(env.KEEP_ALIVE_TIMEOUT_MS, 65_000);
  const headersTimeout = keepAliveTimeout + 1_000;
  return { keepAliveTimeout, headersTimeout, requestTimeout: Math.max(120_000, headersTimeout + 1_000) };
}

/** How long a stopping server lets in-flight requests finish; the whole stop stays under 10 s. */
export function shutdownGraceMs(env: Env = process.env): number {
  return Math.min(positiveInteger(env.SHUTDOWN_GRACE_MS, 5_000), 60_000);
}

export type StopReport = { finished: number; cutOff: number; refused: number };

export type AppServer = {
  server: http.Server;
  /** Requests being answered now. */
  inFlight(): number;
  draining(): boolean;
  /** Stops accepting, refuses what arrives meanwhile, and waits for in-flight requests up to graceMs. */
  drain(graceMs: number): Promise<StopReport>;
};

const stoppingError = () => new ApiError("unavailable", "The server is stopping; retry the request.", { headers: { "retry-after": "1" } });

function refuseWhileStopping(req: IncomingMessage, res: ServerResponse) {
  if (underApi((req.url ?? "/").split("?", 1)[0])) {
    writeFailure(res, newRequestId(), stoppingError(), { connection: "close" });
  } else {
    writePlain(res, 503, { connection: "close", "retry-after": "1" });
  }
}

export function createAppServer(handler: RequestListener, options: { env?: Env; log?: (line: string) => void } = {}): AppServer {
  const log = options.log ?? ((line: string) => serverLog().warn(line));
  const open = new Set<ServerResponse>();
  let stopping = false;
  let refused = 0;
  let settled: (() => void) | null = null;

  const server = http.createServer(serverTimeouts(options.env), (req, res) => {
    if (stopping) {
      refused++;
      return refuseWhileStopping(req, res);
    }
    open.add(res);
    res.once("close", () => {
      open.delete(res);
      // A connection whose answer just went out is idle now: close it rather than keep it alive.
      if (stopping) setImmediate(() => server.closeIdleConnections());
      if (stopping && open.size === 0) settled?.();
    });
    handler(req, res);
  });
  server.on("connect", (req, socket) => refuseConnect(req, socket, log));
  server.on("clientError", (error, socket) => refuseUnparsable(error, socket, log));

  return {
    server,
    inFlight: () => open.size,
    draining: () => stopping,
    async drain(graceMs) {
      stopping = true;
      const atStart = open.size;
      server.close();
      server.closeIdleConnections();
      // Answers not yet started go out with Connection: close, so no client reuses the socket.
      for (const res of open) if (!res.headersSent) res.setHeader("connection", "close");
      if (open.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          settled = resolve;
          timer = setTimeout(resolve, graceMs);
        });
        clearTimeout(timer);
      }
      const cutOff = open.size;
      server.closeAllConnections();
      return { finished: atStart - cutOff, cutOff, refused };
    },
  };
}
