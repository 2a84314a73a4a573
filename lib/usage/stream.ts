// Usage records off the request path where Redis is configured: appended to a Redis stream before
// the answer, drained into PostgreSQL by every server process. Why none is lost or written twice:
// UsageStream below.
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { isDatabaseUnavailable } from "@/lib/db/faults";
import { RespClient } from "@/lib/redis/resp-client";
import { sharedRedis } from "@/lib/redis/shared";
import { countDependencyError } from "@/lib/metrics";
import { serverLog } from "@/lib/log";
/** What the stream carries: a usage record (lib/usage/record.ts), kept by its request id. */
type UsageRecord = { requestId: string; createdAt: Date };

const group = "usage-writers";
/** An entry read by a process and not acknowledged for this long is taken over by another. */
export const claimIdleMs = 5_000;
const readCount = 500;
const blockMs = 200;
const claimEveryMs = 2_000;
/** How long the drain lets entries gather after a short read. */
const gatherMs = 100;
/** A stream no process has drained for this long (every process stopped) is let go by Redis. */
const idleStreamTtlMs = 30 * 24 * 60 * 60 * 1000;

type Appending<R> = { records: R[]; waiting: Array<{ resolve: () => void; reject: (error: unknown) => void }> };

export type StreamOptions<R extends UsageRecord> = {
  redisUrl: string;
  /** Writes records to the database (the drain; each batch in one statement). */
  insert: (records: R[]) => Promise<void>;
  /** Whether this process drains (default yes; a test may run appenders only). */
  drain?: boolean;
};

/**
 * Usage records off the request path, where Redis is configured: a request's record is appended to
 * a Redis stream before the request is answered (the records of one turn of the event loop share
 * one XADD, and the XADD shares the connection's one write with that turn's other commands), and
 * every server process drains the stream into PostgreSQL in batches through a consumer group,
 * `INSERT … ON CONFLICT (id) DO NOTHING`, acknowledging entries only after they committed. An
 * entry a process read and never acknowledged (it was killed) is claimed by another process, or by
 * the next one, once it has been idle for `claimIdleMs`; a stopping process drains before it exits.
 * So an answered request's record is lost neither by a crash of the server nor by a stop, and is
 * written once (the request id is the row's key). The stream's name carries the database's own
 * identity, so processes on different databases sharing one Redis never drain each other's records.
 */
export class UsageStream<R extends UsageRecord = UsageRecord> {
  readonly consumer = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  private name: Promise<string>;
  private appending: Appending<R> | null = null;
  private unappended = 0;
  private readonly reader: RespClient;
  private draining: Promise<void> | null = null;
  private stopped = false;
  private lastClaim = 0;
  private retryMs = 250;

  constructor(private readonly sql: SqlExecutor, private readonly options: StreamOptions<R>) {
    this.name = streamNameOf(sql);
    // The drain blocks on its reads: a connection of its own, so appends never wait behind it.
    this.reader = RespClient.fromUrl(options.redisUrl, { replyTimeoutMs: blockMs + 2_000 });
    if (options.drain !== false) this.startDrain();
    // A name that cannot be read now is asked again by the next append.
    this.name.catch(() => (this.name = streamNameOf(sql)));
  }

  /** Records handed over and not yet known to be in the stream. */
  get pending() {
    return this.unappended;
  }

  /** Resolves once the record is in the stream; rejects if Redis did not take it. */
  append(record: R): Promise<void> {
    return new Promise((resolve, reject) => {
      this.unappended++;
      if (!this.appending) {
        const batch: Appending<R> = { records: [], waiting: [] };
        this.appending = batch;
        // The records of this turn of the event loop share one entry.
        setImmediate(() => void this.flush(batch));
      }
      this.appending.records.push(record);
      this.appending.waiting.push({ resolve, reject });
    });
  }

  private async flush(batch: Appending<R>) {
    if (this.appending === batch) this.appending = null;
    try {
      const name = await this.name;
      await sharedRedis(this.options.redisUrl).call("XADD", name, "*", "r", JSON.stringify(batch.records));
      for (const waiting of batch.waiting) waiting.resolve();
    } catch (error) {
      countDependencyError("redis");
      for (const waiting of batch.waiting) waiting.reject(error);
    } finally {
      this.unappended -= batch.records.length;
    }
  }

  private startDrain() {
    this.draining = this.drainLoop().catch((error: unknown) => {
      serverLog().error({ err: error instanceof Error ? error.message : String(error) }, "usage: the stream's drain stopped");
    });
  }

  private async drainLoop() {
    const name = await this.ensureGroup();
    while (!this.stopped) {
      try {
        if (Date.now() - this.lastClaim >= claimEveryMs) await this.claimAbandoned(name);
        const read = (await this.reader.call("XREADGROUP", "GROUP", group, this.consumer, "COUNT", readCount, "BLOCK", blockMs, "STREAMS", name, ">")) as StreamReply;
        const entries = entriesOf(read);
        await this.write(name, entries);
        this.retryMs = 250;
        // A short read means the stream is keeping up: let entries gather, so each insert carries
        // hundreds of records rather than one turn's few (the same statement cost, shared).
        if (entries.length > 0 && entries.length < readCount && !this.stopped) await new Promise((resolve) => setTimeout(resolve, gatherMs).unref());
      } catch (error) {
        if (this.stopped) break;
        if (isDatabaseUnavailable(error)) countDependencyError("database");
        serverLog().warn({ err: error instanceof Error ? error.message : String(error) }, "usage: draining the stream failed; retrying (the entries stay in the stream)");
        await new Promise((resolve) => setTimeout(resolve, this.retryMs).unref());
        this.retryMs = Math.min(this.retryMs * 2, 5_000);
        if (/NOGROUP/.test(String(error))) await this.ensureGroup().catch(() => undefined);
      }
    }
  }

  private async ensureGroup(): Promise<string> {
    for (;;) {
      try {
        const name = await this.name;
        // From the stream's start: entries appended before any process made the group are drained too.
        await this.reader.call("XGROUP", "CREATE", name, group, "0", "MKSTREAM").catch((error: Error) => {
          if (!/BUSYGROUP/.test(error.message)) throw error;
        });
        return name;
      } catch (error) {
        if (this.stopped) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000).unref());
      }
    }
  }

  /** Entries another process read and never acknowledged (it died), taken over and written. */
  private async claimAbandoned(name: string) {
    this.lastClaim = Date.now();
    await this.reader.call("PEXPIRE", name, idleStreamTtlMs);
    let cursor = "0-0";
    for (let rounds = 0; rounds < 20; rounds++) {
      const reply = (await this.reader.call("XAUTOCLAIM", name, group, this.consumer, claimIdleMs, cursor, "COUNT", readCount)) as [string, RawEntry[] | null, ...unknown[]];
      const entries = (reply[1] ?? []).filter((entry): entry is RawEntry => Array.isArray(entry) && Array.isArray(entry[1]));
      if (entries.length > 0) {
        serverLog().info({ entries: entries.length }, "usage: took over stream entries another process read and did not write");
        await this.write(name, entries);
      }
      cursor = reply[0];
      if (cursor === "0-0") return;
    }
  }

  private async write(name: string, entries: RawEntry[]) {
    if (entries.length === 0) return;
    const records: R[] = [];
    for (const [, fields] of entries) {
      for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === "r") records.push(...parseRecords<R>(fields[i + 1]));
    }
    for (let start = 0; start < records.length; start += 1_000) await this.insert(records.slice(start, start + 1_000));
    const ids = entries.map(([id]) => id);
    // Acknowledged and deleted together, after the rows committed: the stream holds only what is not yet written.
    await Promise.all([this.reader.call("XACK", name, group, ...ids), this.reader.call("XDEL", name, ...ids)]);
  }

  /**
   * A batch the database refused (it answered, and said no) is written record by record, so only a
   * record it refuses on its own is dropped, and logged; an unavailable database is retried whole.
   */
  private async insert(records: R[]) {
    try {
      await this.options.insert(records);
    } catch (error) {
      if (isDatabaseUnavailable(error) || records.length === 1) {
        if (records.length === 1 && !isDatabaseUnavailable(error)) {
          serverLog().error({ request_id: records[0].requestId, err: error instanceof Error ? error.message : String(error) }, "usage: the database refused a usage record; dropped");
          return;
        }
        throw error;
      }
      for (const record of records) await this.insert([record]);
    }
  }

  /**
   * Writes what is in the stream now (a stopping process: its own appends and any left behind),
   * within `timeoutMs`; resolves true when the stream had nothing left for it.
   */
  async drainNow(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.unappended > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    this.stopped = true;
    await Promise.race([this.draining, new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())))]);
    try {
      const name = await this.name;
      await this.reader.call("XGROUP", "CREATE", name, group, "0", "MKSTREAM").catch((error: Error) => {
        if (!/BUSYGROUP/.test(error.message)) throw error;
      });
      for (;;) {
        if (Date.now() >= deadline) return false;
        // Whatever this process read and has not written yet, then what nobody has read.
        const own = entriesOf((await this.reader.call("XREADGROUP", "GROUP", group, this.consumer, "COUNT", readCount, "STREAMS", name, "0")) as StreamReply);
        const fresh = own.length > 0 ? [] : entriesOf((await this.reader.call("XREADGROUP", "GROUP", group, this.consumer, "COUNT", readCount, "STREAMS", name, ">")) as StreamReply);
        if (own.length === 0 && fresh.length === 0) return true;
        await this.write(name, [...own, ...fresh]);
      }
    } catch (error) {
      serverLog().error({ err: error instanceof Error ? error.message : String(error) }, "usage: the stream could not be drained before the stop; the next process writes what is left");
      return false;
    }
  }

  close() {
    this.stopped = true;
    this.reader.close();
  }
}

type RawEntry = [string, string[]];
type StreamReply = Array<[string, RawEntry[]]> | null;

function entriesOf(reply: StreamReply): RawEntry[] {
  if (!reply) return [];
  // Entries deleted after they were read come back with no fields: nothing to write.
  return reply.flatMap(([, entries]) => entries.filter((entry) => Array.isArray(entry[1])));
}

function parseRecords<R extends UsageRecord>(text: string): R[] {
  return (JSON.parse(text) as Array<Omit<R, "createdAt"> & { createdAt: string }>).map((record) => ({ ...record, createdAt: new Date(record.createdAt) }) as unknown as R);
}

/** usage:<the database's first migration id>: a name each database has once, whatever URL reaches it. */
async function streamNameOf(sql: SqlExecutor): Promise<string> {
  const [row] = await sql.query<{ id: string }>(`SELECT id FROM "_prisma_migrations" ORDER BY migration_name, started_at LIMIT 1`);
  if (!row) throw new Error("the database has no migrations applied; usage records cannot be streamed for it");
  return `usage:${row.id}`;
}
