// A Redis subscriber on a connection of its own (a subscribed connection can send nothing but
// (un)subscribe and PING). It says how far its messages can be trusted: `trustedSince` is when
// the current subscription was confirmed (null while there is none), `lastHeard` when Redis last
// answered anything on it; it pings every half second, so a connection that died silently
// shows as a `lastHeard` falling behind, and a lost connection is dialled again.
import net from "node:net";
import { encodeCommand, handshakeFrames, openRespSocket, parseRedisUrl, RedisReplyError, type RespTarget } from "./resp-client";

export type SubscriberOptions = {
  channel: string;
  onMessage: (payload: string) => void;
  /** Called when the subscription is lost (messages may be missed from here until it is back). */
  onLost?: (error: Error) => void;
  pingEveryMs?: number;
  connectTimeoutMs?: number;
};

export class RespSubscriber {
  private readonly target: RespTarget;
  private socket: net.Socket | undefined;
  private pinger: NodeJS.Timeout | undefined;
  private redial: NodeJS.Timeout | undefined;
  private closed = false;
  private retryMs = 100;
  /** When the current subscription was confirmed; null while there is none. */
  trustedSince: number | null = null;
  /** When Redis last answered on the subscribed connection (a message, a pong). */
  lastHeard = 0;

  constructor(url: string, private readonly options: SubscriberOptions) {
    this.target = parseRedisUrl(url);
    this.connect();
  }

  /** Whether a message published before `at` (ms) would have been heard, and Redis answered within `withinMs`. */
  coveredSince(at: number, withinMs: number, now = Date.now()): boolean {
    return this.trustedSince !== null && this.trustedSince <= at && now - this.lastHeard < withinMs;
  }

  close() {
    this.closed = true;
    clearInterval(this.pinger);
    clearTimeout(this.redial);
    this.socket?.destroy();
    this.socket = undefined;
    this.trustedSince = null;
  }

  private connect() {
    if (this.closed) return;
    const pingEveryMs = this.options.pingEveryMs ?? 500;
    const socket = openRespSocket(this.target, {
      connectTimeoutMs: this.options.connectTimeoutMs ?? 2_000,
      onOpen: () => {
        socket.write([...handshakeFrames(this.target), encodeCommand(["SUBSCRIBE", this.options.channel])].join(""));
        clearInterval(this.pinger);
        this.pinger = setInterval(() => {
          if (this.socket !== socket) return;
          // Silence for two pings: the connection is gone even if no FIN arrived.
          if (this.trustedSince !== null && Date.now() - this.lastHeard > 2 * pingEveryMs + 250) {
            return this.lost(socket, new Error("Redis stopped answering the subscription's pings"));
          }
          socket.write(encodeCommand(["PING"]));
        }, pingEveryMs);
        this.pinger.unref();
      },
      onReply: (value) => this.heard(socket, value),
      onLost: (error) => this.lost(socket, error),
    });
    this.socket = socket;
    // It listens for as long as the process runs; it never keeps a process alive by itself.
    socket.unref();
  }

  private heard(socket: net.Socket, value: unknown) {
    if (this.socket !== socket) return;
    this.lastHeard = Date.now();
    if (value instanceof RedisReplyError) return this.lost(socket, value);
    if (!Array.isArray(value)) return; // +OK of AUTH or SELECT
    const [kind, , payload] = value as [string, string, unknown];
    if (kind === "subscribe") {
      this.trustedSince = Date.now();
      this.retryMs = 100;
    } else if (kind === "message" && typeof payload === "string") {
      this.options.onMessage(payload);
    }
  }

  private lost(socket: net.Socket, error: Error) {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.trustedSince = null;
    clearInterval(this.pinger);
    socket.destroy();
    this.options.onLost?.(error);
    if (this.closed) return;
    this.redial = setTimeout(() => this.connect(), this.retryMs);
    this.redial.unref();
    this.retryMs = Math.min(this.retryMs * 2, 2_000);
  }
}
