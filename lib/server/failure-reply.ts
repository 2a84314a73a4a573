// The API's failure envelope written straight to node:http, for requests the server answers
// before Next.js sees them (stray targets, a stopping server). Same body and headers as
// failureResponse in lib/api-contract/respond.ts, which builds a web Response for route handlers.
import type { ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { STATUS_CODES } from "node:http";
import { withRetryAfter, type ApiError } from "@/lib/errors/api-error";
import { failureBody, jsonHeaders } from "@/lib/api-contract/respond";

function envelopeHeaders(requestId: string, error: ApiError, body: string, extra: Record<string, string>) {
  return jsonHeaders(requestId, { "content-length": String(Buffer.byteLength(body)), ...error.headers, ...extra });
}

export function writeFailure(res: ServerResponse, requestId: string, error: ApiError, extra: Record<string, string> = {}): void {
  const body = JSON.stringify(failureBody(requestId, error));
  res.writeHead(error.status, envelopeHeaders(requestId, error, body, extra));
  res.end(res.req.method === "HEAD" ? undefined : body);
}

/** For sockets node:http has not turned into a response (CONNECT, unparsable requests). */
export function writeRawFailure(socket: Duplex, requestId: string, error: ApiError): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify(failureBody(requestId, error));
  const headers = envelopeHeaders(requestId, error, body, { connection: "close" });
  const head = [`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ""}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}

/** Outside the API a stray request gets a short plain answer, never a page or a stack. */
export function writePlain(res: ServerResponse, status: number, extra: Record<string, string> = {}): void {
  const body = `${STATUS_CODES[status] ?? "Error"}\n`;
  res.writeHead(status, withRetryAfter(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "content-length": String(body.length), ...extra }));
  res.end(res.req.method === "HEAD" ? undefined : body);
}
