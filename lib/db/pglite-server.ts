// Serves one PGlite database to several PostgreSQL clients (the app's pool and the operator CLI)
// over loopback TCP. How sessions are shared: PGliteServer below.
import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

type Connection = { id: number; socket: net.Socket; holdsAfterFlush: boolean };

/**
 * Serves one PGlite database to several PostgreSQL clients (the app's pool and the
 * operator CLI) over loopback TCP.
 *
 * PGlite is a single session. A client's extended-protocol exchange (Parse, Bind,
 * Execute ... Sync) must reach it without another client's messages in between, or
 * the two overwrite each other's unnamed statement; and an open transaction belongs
 * to one client until it ends. So messages are grouped up to each Sync / Query /
 * Flush and a client keeps the session while it is inside a transaction or between a
 * Flush and its Sync.
 */
export class PGliteServer {
  private server?: net.Server;
  private owner: Connection | null = null;
  private waiters: Array<() => void> = [];
  private nextId = 1;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly db: PGlite) {}

  async listen(port = 0, host = "127.0.0.1"): Promise<{ host: string; port: number }> {
    this.server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, host, () => resolve());
    });
    const address = this.server.address() as net.AddressInfo;
    return { host, port: address.port };
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(socket: net.Socket) {
    socket.setNoDelay(true);
    this.sockets.add(socket);
    const connection: Connection = { id: this.nextId++, socket, holdsAfterFlush: false };
    let buffer = Buffer.alloc(0);
    let started = false;
    let pending: Uint8Array[] = [];
    let chain = Promise.resolve();

    const run = (unit: Uint8Array[], boundary: "sync" | "flush") => {
      chain = chain.then(() => this.runUnit(connection, unit, boundary)).catch(() => {
        socket.destroy();
      });
    };

    socket.on("data", (data) => {
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const message = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write("N");
            continue;
          }
          if (code === CANCEL_REQUEST) {
            socket.end();
            return;
          }
          started = true;
          run([new Uint8Array(message)], "sync");
          continue;
        }
        if (buffer.length < 5) return;
        const length = 1 + buffer.readInt32BE(1);
        if (buffer.length < length) return;
        const type = String.fromCharCode(buffer[0]);
        const message = new Uint8Array(buffer.subarray(0, length));
        buffer = buffer.subarray(length);
        if (type === "X") {
          socket.end();
          return;
        }
        pending.push(message);
        if (type === "S" || type === "Q" || type === "H") {
          run(pending, type === "H" ? "flush" : "sync");
          pending = [];
        }
      }
    });

    const release = () => {
      this.sockets.delete(socket);
      chain = chain.then(() => this.abandon(connection));
    };
    socket.on("close", release);
    socket.on("error", () => socket.destroy());
  }

  private async runUnit(connection: Connection, unit: Uint8Array[], boundary: "sync" | "flush") {
    await this.acquire(connection);
    try {
      for (const message of unit) {
        const reply = await this.db.execProtocolRaw(message);
        if (reply.length > 0 && connection.socket.writable) connection.socket.write(reply);
      }
    } finally {
      connection.holdsAfterFlush = boundary === "flush";
      if (!connection.holdsAfterFlush && !this.db.isInTransaction()) this.releaseOwner(connection);
    }
  }

  /** A client that disconnects mid-transaction must not leave the session locked. */
  private async abandon(connection: Connection) {
    if (this.owner !== connection) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK").catch(() => undefined);
    connection.holdsAfterFlush = false;
    this.releaseOwner(connection);
  }

  private acquire(connection: Connection): Promise<void> {
    if (this.owner === connection) return Promise.resolve();
    if (this.owner === null) {
      this.owner = connection;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiters.push(() => {
        this.owner = connection;
        resolve();
      }),
    );
  }

  private releaseOwner(connection: Connection) {
    if (this.owner !== connection) return;
    this.owner = null;
    const next = this.waiters.shift();
    if (next) next();
  }
}
