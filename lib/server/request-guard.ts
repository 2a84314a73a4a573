// Requests that must be answered before Next.js sees them. Next's router throws on a malformed
// percent-encoding (a plain-text 500 nobody logs), stack-traces on a `*` target, resolves dot
// segments into other pages, and route handlers cannot serve TRACE or CONNECT. Under /v1/api
// every such request gets the API's failure envelope with a request id; elsewhere a plain 400.
// Kept free of Next imports so it is tested on a bare node:http server.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";
import { allowedMethods, apiBasePath, endpointPath, findEndpoint, notAvailableFeature } from "@/lib/api-contract/endpoints";
import { newRequestId } from "@/lib/api-contract/respond";
import { writeFailure, writePlain, writeRawFailure } from "./failure-reply";
import { serverLog } from "@/lib/log";

/** What route handlers can serve; anything else under the API is refused here. */
export const servedMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export type Verdict =
  | { pass: true; /** The target to hand on, when it had to be rewritten to origin-form. */ url?: string }
  | { pass: false; api: boolean; error: ApiError };

/** Whether a path (no query) is the API or under it. */
export const underApi = (p: string) => p === apiBasePath || p.startsWith(`${apiBasePath}/`);
const badTarget = (message: string): Verdict => ({ pass: false, api: true, error: new ApiError("bad_request", message) });

/** Absolute-form (`GET http://host/path`) is legal HTTP; keep its path exactly as sent. */
function originForm(target: string): string | null {
  if (target.startsWith("/")) return target;
  const absolute = /^https?:\/\/[^/?#]*(.*)$/i.exec(target);
  if (!absolute) return null;
  const rest = absolute[1];
  return rest.startsWith("/") ? rest : `/${rest}`;
}

function decoded(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

function wrongMethod(method: string, apiPath: string): ApiError {
  const subpath = apiPath.slice(apiBasePath.length + 1).replace(/\/+$/, "");
  const endpoint = findEndpoint(subpath);
  if (endpoint) {
    return new ApiError("method_not_allowed", `${endpointPath(endpoint)} accepts ${endpoint.method} only.`, { headers: { allow: allowedMethods(endpoint) } });
  }
  const feature = notAvailableFeature(subpath);
  if (feature) return new ApiError("not_available", `${feature} is not available in v1.`);
  return new ApiError("not_found", `No endpoint at ${apiPath} (and ${method} is not served here).`);
}

/**
 * RFC 3986 §6.2.2.2: a percent-encoded unreserved character is the character itself, so
 * `/v1/api/m%65` is `/v1/api/me`. Next would route the encoded form to the catch-all, which
 * decodes it and answered "accepts GET only" to a GET. Reserved characters stay encoded.
 */
export function normaliseUnreserved(rawPath: string): string {
  return rawPath.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9\-._~]$/.test(char) ? char : encoded;
  });
}

export function inspectRequest(method: string, target: string): Verdict {
  if (target === "*") return badTarget("The request target must be a path; `*` is not served.");
  const url = originForm(target);
  if (url === null) return badTarget("The request target must be a path such as /v1/api/health.");
  const rewritten = url === target ? undefined : url;

  const rawPath = url.split("?", 1)[0];
  const plainPath = decoded(rawPath);
  if (plainPath === null) {
    return { pass: false, api: underApi(rawPath), error: new ApiError("bad_request", "The request path has a malformed percent-encoding.") };
  }
  // Dot segments, raw or percent-encoded (`%2e%2e`), would reach another route once resolved.
  const resolved = path.posix.normalize(plainPath.replace(/\\/g, "/"));
  const api = underApi(rawPath) || underApi(plainPath) || underApi(resolved);
  const dotted = plainPath.split(/[\\/]/).some((segment) => segment === "." || segment === "..");
  if (dotted && api) return { pass: false, api, error: new ApiError("bad_request", "The request path must not contain . or .. segments.") };

  // An encoded / or \ makes one segment of two words; no endpoint is named that way.
  if (api && /%(2f|5c)/i.test(rawPath)) return { pass: false, api, error: new ApiError("not_found", `No endpoint at ${rawPath}: an encoded / or \\ is part of a segment, not a separator.`) };
  if (api && !servedMethods.has(method)) return { pass: false, api, error: wrongMethod(method, resolved) };
  const normalised = normaliseUnreserved(rawPath);
  if (normalised !== rawPath) return { pass: true, url: normalised + url.slice(rawPath.length) };
  return { pass: true, url: rewritten };
}

export type GuardLog = (line: string) => void;

const warnInServerLog: GuardLog = (line) => serverLog().warn(line);

/**
 * The largest body a request outside the API may send. Auth.js's forms (a sign-in request, a
 * sign-out) are a few hundred bytes; the portal's forms (server actions) a few KiB. The API has
 * its own 16 KiB rule, answered with its envelope by the route (lib/api/pipeline/parse-input.ts).
 */
export const authBodyLimitBytes = 8 * 1024;
export const pageBodyLimitBytes = 64 * 1024;

export function bodyLimitFor(path: string): number | null {
  if (underApi(path)) return null;
  return path === "/api/auth" || path.startsWith("/api/auth/") ? authBodyLimitBytes : pageBodyLimitBytes;
}

/** 413 for a declared length over the limit, 411 for a body of unknown length: decided from the headers, the body never read. */
export function inspectBody(path: string, headers: IncomingMessage["headers"]): 411 | 413 | null {
  const limit = bodyLimitFor(path);
  if (limit === null) return null;
  const length = headers["content-length"];
  if (length !== undefined) return Number(length) > limit ? 413 : null;
  // Browsers declare the length of every form and fetch body; only a stream of unknown size lacks one.
  return headers["transfer-encoding"] !== undefined ? 411 : null;
}

function describe(method: string, target: string) {
  return `${method} ${JSON.stringify(target.length > 200 ? `${target.slice(0, 200)}…` : target)}`;
}

/** How long a refused upload's connection stays half-open so its client can read the refusal. */
export const refusalLingerMs = 2_000;

/**
 * A lingering close without reading: once the answer is written, send FIN and stop reading (the
 * client's writes stall, its answer is already on its side), then close after `refusalLingerMs`.
 * Node closes a connection whose request body was not read right after the answer, which resets
 * it under a client still writing; this replaces that step for this one socket.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = () => {
    socket.pause();
    socket.end();
    const timer = setTimeout(() => socket.destroy(), refusalLingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
}

/** Answers the request when it must not reach Next; returns true when it did. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, log: GuardLog = warnInServerLog): boolean {
  const method = req.method ?? "GET";
  const target = req.url ?? "/";
  const verdict = inspectRequest(method, target);
  if (verdict.pass) {
    if (verdict.url) req.url = verdict.url;
    const path = (req.url ?? "/").split("?", 1)[0];
    const refusal = inspectBody(decoded(path) ?? path, req.headers);
    if (refusal === null) return false;
    log(`refused before routing: ${describe(method, target)} with a body of ${req.headers["content-length"] ?? "unknown"} bytes → ${refusal}`);
    // Closing the connection is what leaves the body unread, but closing it at once while the
    // client is still sending resets the connection, and the client may lose the answer with it.
    lingerBeforeClosing(req.socket);
    writePlain(res, refusal, { connection: "close" });
    return true;
  }
  const { error } = verdict;
  if (verdict.api) {
    const requestId = newRequestId();
    log(`[${requestId}] refused before routing: ${describe(method, target)} → ${error.status} ${error.code}`);
    writeFailure(res, requestId, error);
  } else {
    log(`refused before routing: ${describe(method, target)} → ${error.status}`);
    writePlain(res, error.status);
  }
  return true;
}

/** CONNECT never becomes a request event; node:http hands over the socket instead. */
export function refuseConnect(req: IncomingMessage, socket: Duplex, log: GuardLog = warnInServerLog): void {
  const target = req.url ?? "";
  const verdict = inspectRequest("CONNECT", target);
  const error = verdict.pass ? new ApiError("bad_request", "CONNECT is not served.") : verdict.error;
  const requestId = newRequestId();
  log(`[${requestId}] refused before routing: ${describe("CONNECT", target)} → ${error.status} ${error.code}`);
  writeRawFailure(socket, requestId, error);
}

/** A request node:http cannot parse: a 400 envelope and one log line instead of a bare close. */
export function refuseUnparsable(error: Error & { code?: string }, socket: Duplex, log: GuardLog = warnInServerLog): void {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  // Node's own answers for these two say what happened better than a 400 would.
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return void socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
  if (error.code === "HPE_HEADER_OVERFLOW") return void socket.end("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n");
  const requestId = newRequestId();
  log(`[${requestId}] refused before routing: unparsable request (${error.code ?? error.message})`);
  writeRawFailure(socket, requestId, new ApiError("bad_request", "The request could not be parsed as HTTP/1.1."));
}
