// One JSON-RPC exchange with a node over node:http(s), for provider-fetch.ts: what fetch would give
// a caller, at a fraction of its cost. The details: postToNode below.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import type { Readable } from "node:stream";

/** The answer's status line and headers, as fetch's Response carries them. */
export type NodeAnswerHead = { status: number; statusText: string; ok: boolean; headers: Headers };

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

function headersOf(message: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

function decoded(message: IncomingMessage): Readable {
  switch (message.headers["content-encoding"]?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return message.pipe(createGunzip());
    case "deflate":
      return message.pipe(createInflate());
    case "br":
      return message.pipe(createBrotliDecompress());
    default:
      return message;
  }
}

function fetchFailed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

/**
 * POSTs `body` to `url` and reads the whole answer. `headers` are the caller's (viem's content type,
 * and the authorization it takes from credentials in the URL); `signal` stops the exchange at any point.
 *
 * One JSON-RPC exchange with a node over node:http(s), for provider-fetch.ts. The global fetch
 * (undici) costs about a millisecond of the thread per exchange on its own — a Request, web streams,
 * body copies in and out — and a read's rounds each wait on one; a plain HTTP request on a kept-alive
 * socket costs a fraction of that. What a caller sees is what fetch gave it: the status, the headers,
 * the body as text (gzip, deflate or brotli undone), an abort rejecting with the signal's reason,
 * and a failure on the way as fetch's TypeError("fetch failed") with the socket's error as its cause
 * (upstream.ts reads the code there: ECONNREFUSED, ECONNRESET, …).
 */
export function postToNode(url: string, body: string, options: { headers?: HeadersInit; method?: string; signal?: AbortSignal | null }): Promise<NodeAnswerHead & { text: string }> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const target = new URL(url);
  const secure = target.protocol === "https:";
  if (!secure && target.protocol !== "http:") return Promise.reject(fetchFailed(new Error(`unsupported protocol ${target.protocol}`)));
  const headers: Record<string, string> = { accept: "*/*", "accept-encoding": "gzip, deflate, br" };
  new Headers(options.headers ?? undefined).forEach((value, name) => (headers[name] = value));
  headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      reject(error);
    };
    const onAbort = () => {
      fail(signal!.reason);
      sent.destroy();
    };
    const send = secure ? httpsRequest : httpRequest;
    const sent = send(target, { method: options.method ?? "POST", headers, agent: secure ? agents.https : agents.http }, (message) => {
      const stream = decoded(message);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (error) => fail(fetchFailed(error)));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        const status = message.statusCode ?? 0;
        resolve({ status, statusText: message.statusMessage ?? "", ok: status >= 200 && status < 300, headers: headersOf(message), text: Buffer.concat(chunks).toString("utf8") });
      });
      // A connection closed before the answer ended: the message's own error (ECONNRESET), whether or not it goes through zlib.
      if (stream !== message) message.on("error", (error) => fail(fetchFailed(error)));
      message.on("aborted", () => fail(fetchFailed(Object.assign(new Error("aborted"), { code: "ECONNRESET" }))));
    });
    sent.on("error", (error) => fail(signal?.aborted ? signal.reason : fetchFailed(error)));
    signal?.addEventListener("abort", onAbort, { once: true });
    sent.end(body);
  });
}
