// A small Redis client (RESP2 over one TCP or TLS connection) for the rate limiter and the kept
// answers: every check sends one EVALSHA per window, on the hot path of every API call; a
// general client's per-command machinery cost more CPU than the rest of the check.
// The commands of one turn of the event loop go out in a single write, and replies are
// matched to commands in order, as Redis answers them.
import net from "node:net";
import tls from "node:tls";
import { countDependencyError } from "@/lib/metrics";

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; /** When it was written (ms). */ sentAt: number };
type Argument = string | number;

export class RedisReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RedisReplyError";
  }
}

/** Parsed from a redis:// or rediss:// URL: host, port, optional user and password, database. */
export type RespTarget = { host: string; port: number; tls: boolean; username?: string; password?: string; db: number };

export function parseRedisUrl(url: string): RespTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") throw new Error(`REDIS_URL must start with redis:// or rediss://, not ${parsed.protocol}`);
  const db = parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw new Error(`REDIS_URL names database "${parsed.pathname.slice(1)}"; it must be a number`);
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ""),
    port: parsed.port ? Number(parsed.port) : 6379,
    tls: parsed.protocol === "rediss:",
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db,
  };
}

export function encodeCommand(args: readonly Argument[]): string {
  let frame = `*${args.length}\r\n`;
  for (const arg of args) {
    const text = typeof arg === "string" ? arg : String(arg);
    frame += `$${Buffer.byteLength(text)}\r\n${text}\r\n`;
  }
  return frame;
}

export const incomplete = Symbol("incomplete");
type Parsed = { value: unknown; end: number } | typeof incomplete;

/** One reply starting at `start`, or `incomplete` when the buffer does not hold all of it yet. */
export function parseReply(buffer: Buffer, start: number): Parsed {
  const lineEnd = buffer.indexOf("\r\n", start);
  if (lineEnd === -1) return incomplete;
  const type = buffer[start];
  const line = buffer.toString("utf8", start + 1, lineEnd);
  const next = lineEnd + 2;
  switch (type) {
    case 0x2b: // + simple string
      return { value: line, end: next };
    case 0x2d: // - error
      return { value: new RedisReplyError(line), end: next };
    case 0x3a: // : integer
      return { value: Number(line), end: next };
    case 0x24: {
      // $ bulk string
      const length = Number(line);
      if (length < 0) return { value: null, end: next };
      if (buffer.length < next + length + 2) return incomplete;
      return { value: buffer.toString("utf8", next, next + length), end: next + length + 2 };
    }
    case 0x2a: {
      // * array
      const count = Number(line);
      if (count < 0) return { value: null, end: next };
      const items: unknown[] = [];
      let offset = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, offset);
        if (item === incomplete) return incomplete;
        items.push(item.value);
        offset = item.end;
      }
      return { value: items, end: offset };
    }
    default:
      throw new Error(`unexpected RESP reply type ${JSON.stringify(String.fromCharCode(type))}`);
  }
}

/** The frames that open a connection to `target`: AUTH when it names a password, SELECT when not database 0. */
export function handshakeFrames({ username, password, db }: RespTarget): string[] {
  const frames: string[] = [];
  if (password) frames.push(encodeCommand(username ? ["AUTH", username, password] : ["AUTH", password]));
  if (db !== 0) frames.push(encodeCommand(["SELECT", db]));
  return frames;
}

type SocketEvents = {
  connectTimeoutMs: number;
  /** The connection is up (TLS included). */
  onOpen: () => void;
  /** Each whole reply, in the order Redis sent them; none after the socket is destroyed. */
  onReply: (value: unknown) => void;
  /** Once, with why, when the connection fails, closes, or does not open in time. */
  onLost: (error: Error) => void;
};

/** One connection to `target`, wired the way both the client and the subscriber use it. */
export function openRespSocket(target: RespTarget, events: SocketEvents): net.Socket {
  const { host, port } = target;
  const socket = target.tls ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
  socket.setNoDelay(true);
  const timer = setTimeout(() => socket.destroy(new Error(`Redis at ${host}:${port} did not accept a connection within ${events.connectTimeoutMs} ms`)), events.connectTimeoutMs);
  let received: Buffer = Buffer.alloc(0);
  let lost = false;
  const lose = (error: Error) => {
    clearTimeout(timer);
    if (lost) return;
    lost = true;
    events.onLost(error);
  };
  socket.once(target.tls ? "secureConnect" : "connect", () => {
    clearTimeout(timer);
    events.onOpen();
  });
  socket.on("data", (chunk: Buffer) => {
    const buffer = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    let offset = 0;
    while (offset < buffer.length && !socket.destroyed) {
      const reply = parseReply(buffer, offset);
      if (reply === incomplete) break;
      offset = reply.end;
      events.onReply(reply.value);
    }
    received = offset === buffer.length ? Buffer.alloc(0) : buffer.subarray(offset);
  });
  socket.on("error", lose);
  socket.on("close", () => lose(new Error(`the connection to Redis at ${host}:${port} closed`)));
  return socket;
}

export type RespOptions = {
  /** How long to wait for a connection (default 2 s). */
  connectTimeoutMs?: number;
  /** How long a written command may wait for its reply before the connection is dropped (default 2 s). */
  replyTimeoutMs?: number;
};

const defaultTimeoutMs = 2_000;

export class RespClient {
  private socket: net.Socket | undefined;
  private connected = false;
  /** Frames waiting for this turn's write (or for the connection). */
  private outgoing: string[] = [];
  private flushScheduled = false;
  /** Commands written, oldest first; Redis answers in the same order. */
  private awaiting: Pending[] = [];
  /** Commands not yet written. */
  private queued: Pending[] = [];
  private closed = false;
  private replyDeadline: NodeJS.Timeout | undefined;

  constructor(private readonly target: RespTarget, private readonly options: RespOptions = {}) {}

  static fromUrl(url: string, options?: RespOptions) {
    return new RespClient(parseRedisUrl(url), options);
  }

  /** Sends one command; resolves with its reply, rejects on an error reply or a lost connection. */
  call(...args: Argument[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("Redis client is closed"));
    return new Promise((resolve, reject) => {
      this.queued.push({ resolve, reject, sentAt: 0 });
      this.outgoing.push(encodeCommand(args));
      if (!this.socket) this.connect();
      else if (this.connected) this.scheduleFlush();
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.replyDeadline);
    this.replyDeadline = undefined;
    this.fail(new Error("Redis client is closed"));
  }

  private scheduleFlush() {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    process.nextTick(() => this.flush());
  }

  private flush() {
    this.flushScheduled = false;
    if (!this.socket || !this.connected || this.outgoing.length === 0) return;
    const frames = this.outgoing.length === 1 ? this.outgoing[0] : this.outgoing.join("");
    this.outgoing = [];
    const sentAt = Date.now();
    for (const pending of this.queued) {
      pending.sentAt = sentAt;
      this.awaiting.push(pending);
    }
    this.queued = [];
    this.socket.write(frames);
    this.watchReplies();
  }

  /**
   * A Redis that accepts commands and never answers must not hold requests forever.
   * One timer watches the oldest unanswered command (not socket idleness: under load
   * new writes would keep an idle timer from ever firing).
   */
  private watchReplies() {
    if (this.replyDeadline || this.awaiting.length === 0) return;
    const timeoutMs = this.options.replyTimeoutMs ?? defaultTimeoutMs;
    const waitedMs = Date.now() - this.awaiting[0].sentAt;
    this.replyDeadline = setTimeout(() => {
      this.replyDeadline = undefined;
      const oldest = this.awaiting[0];
      if (oldest && Date.now() - oldest.sentAt >= timeoutMs && this.socket) {
        const { host, port } = this.target;
        this.drop(this.socket, new Error(`Redis at ${host}:${port} did not answer within ${timeoutMs} ms`));
      }
      this.watchReplies();
    }, Math.max(0, timeoutMs - waitedMs));
    this.replyDeadline.unref();
  }

  private connect() {
    const socket = openRespSocket(this.target, {
      connectTimeoutMs: this.options.connectTimeoutMs ?? defaultTimeoutMs,
      onOpen: () => {
        this.connected = true;
        this.handshake(socket);
        this.scheduleFlush();
      },
      onReply: (value) => {
        const pending = this.awaiting.shift();
        if (!pending) return;
        if (value instanceof RedisReplyError) pending.reject(value);
        else pending.resolve(value);
      },
      onLost: (error) => this.drop(socket, error),
    });
    this.socket = socket;
  }

  /** AUTH and SELECT go ahead of whatever was queued before the connection was up. */
  private handshake(socket: net.Socket) {
    const first = handshakeFrames(this.target);
    // A refused AUTH or SELECT ends the connection, failing what was queued behind it
    // with Redis's own message.
    const check: Pending = { resolve: () => undefined, reject: (error) => this.drop(socket, error), sentAt: 0 };
    this.outgoing = [...first, ...this.outgoing];
    this.queued = [...first.map(() => check), ...this.queued];
  }

  /** A lost connection fails every command in flight; the next call connects again. */
  private drop(socket: net.Socket, error: Error) {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.connected = false;
    socket.destroy();
    this.fail(error);
  }

  private fail(error: Error) {
    const failed = [...this.awaiting, ...this.queued];
    this.awaiting = [];
    this.queued = [];
    this.outgoing = [];
    if (failed.length > 0 && !this.closed) countDependencyError("redis", failed.length);
    for (const pending of failed) pending.reject(error);
    if (this.closed && this.socket) {
      this.socket.destroy();
      this.socket = undefined;
    }
  }
}
