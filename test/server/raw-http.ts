// Raw HTTP/1.1 over a socket: the only way to send a `*` target, a lone `%` or TRACE as a
// client would, since fetch and node:http clients normalise or refuse them.
import net from "node:net";

export type RawResponse = { status: number; headers: Record<string, string>; body: string; raw: string };

export function parseRaw(raw: string): RawResponse {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = raw.slice(split + 4);
  const body = headers["transfer-encoding"] === "chunked" ? unchunk(rest) : rest;
  return { status: Number(head[0].split(" ")[1]), headers, body, raw };
}

function unchunk(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const lineEnd = text.indexOf("\r\n", at);
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (!size) return out;
    out += text.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** Sends one request with Connection: close and reads until the server closes. */
export function rawRequest(port: number, requestLine: string, extraHeaders: string[] = []): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => (data ? resolve(parseRaw(data)) : reject(new Error(`no answer to ${requestLine}`))));
    socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${extraHeaders.map((h) => `${h}\r\n`).join("")}\r\n`);
  });
}
