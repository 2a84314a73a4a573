// One usage record per request that reached a key, failures included — written
// with the key's last-used time in the same statement, so recording costs one
// round trip.
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { RequestOutcome } from "@/lib/errors/error-codes";
import { isDatabaseUnavailable } from "@/lib/db/faults";
import { countDependencyError } from "@/lib/metrics";
import { serverLog } from "@/lib/log";
import { UsageStream } from "./stream";
import { processWide } from "@/lib/process-wide";
import { GroupCommit } from "@/lib/group-commit";

export type RequestVia = "api" | "mcp";


export type UsageRecord = {
  requestId: string;
  keyId: string;
  projectId: string;
  endpoint: string;
  method: string;
  httpStatus: number;
  errorCode: string | null;
  /** The failure's message exactly as the caller received it. */
  errorMessage?: string | null;
  outcome: RequestOutcome;
  quoted: number;
  charged: number;
  /**
   * Credits a trial key's allowance paid (the account was charged nothing). The allowance is
   * spent only inside the charge transaction (lib/billing/settle.ts), which writes the record.
   */
  allowanceUsed?: number;
  chain: string | null;
  latencyMs: number;
  /** On an idempotent replay: the request whose stored answer was returned. */
  replayOf?: string | null;
  /** How the call came in: its HTTP route, or a tool call through the MCP endpoint (default api). */
  via?: RequestVia;
  createdAt: Date;
};

const lastUsedWrites = new Map<string, number>();
const lastUsedThrottleMs = 60_000;

/** Last-used is kept current to the minute: most calls need no write to the key. */
function lastUsedIsStale(keyId: string, now: Date): boolean {
  const previous = lastUsedWrites.get(keyId);
  if (previous !== undefined && now.getTime() - previous < lastUsedThrottleMs) return false;
  lastUsedWrites.set(keyId, now.getTime());
  if (lastUsedWrites.size > 100_000) lastUsedWrites.clear();
  return true;
}

/**
 * Usage records of concurrent requests are written together: while one batch is
 * being written the next one gathers, and each request waits until the statement
 * holding its record has committed, so none is lost and none is answered before
 * it is recorded. Under load this turns hundreds of single-row commits into a few.
 */
const insertBatch = `
  WITH touched AS (
    UPDATE api_keys k SET last_used_at = t.at AT TIME ZONE 'UTC'
    FROM unnest($14::text[], $15::timestamptz[]) AS t(id, at) WHERE k.id = t.id
    RETURNING 1
  )
  INSERT INTO request_records (id, key_id, project_id, endpoint, method, http_status, error_code, outcome, quoted, charged, chain, latency_ms, created_at, error_message, replay_of, via, allowance_used)
  SELECT id, key_id, project_id, endpoint, method, http_status, error_code, CAST(outcome AS "RequestOutcome"), quoted, charged, chain, latency_ms, created_at AT TIME ZONE 'UTC', error_message, replay_of, CAST(via AS "RequestVia"), allowance_used
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::timestamptz[], $16::text[], $17::text[], $18::text[], $19::int[])
    AS r(id, key_id, project_id, endpoint, method, http_status, error_code, outcome, quoted, charged, chain, latency_ms, created_at, error_message, replay_of, via, allowance_used)
  ON CONFLICT (id) DO NOTHING`;

const maxBatch = 500;
/** Records kept in memory while the database is down; past this the oldest are dropped (and logged). */
const maxBacklog = 100_000;
const retryDelayMs = { first: 250, max: 10_000 };

/**
 * Writes usage records in batches. A request's own success record is written strictly: the
 * request waits for the commit and fails if it cannot happen. The record of a request that
 * failed is kept: if the database cannot take it now, it waits in a bounded in-process backlog
 * and is written once the database answers again, so an outage loses no record of what was
 * answered (a process that dies before then loses its backlog; docs/failures.md says so).
 */
class UsageWriter {
  /** Records whose requests wait for their commit. */
  private readonly batches: GroupCommit<UsageRecord>;
  private backlog: UsageRecord[] = [];
  /** Kept records being written right now. */
  private retrying = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = retryDelayMs.first;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly sql: SqlExecutor) {
    const commit = async (records: UsageRecord[]) => void (await sql.query(insertBatch, batchParameters(records)));
    this.batches = new GroupCommit(commit, { maxBatch, onIdle: () => this.settle() });
  }

  get pending(): number {
    return this.batches.pending + this.backlog.length + this.retrying;
  }

  /** Resolves once nothing is queued, being written or waiting for the database. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Resolves once the record has committed; rejects if it could not be. */
  write(record: UsageRecord): Promise<void> {
    return this.batches.add(record);
  }

  /**
   * Resolves once the record has committed or, when the database is unavailable, has been
   * kept for a later write. `databaseDown` skips the attempt when the caller already knows.
   */
  async keep(record: UsageRecord, databaseDown: boolean): Promise<void> {
    if (!databaseDown) {
      try {
        return await this.write(record);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
      }
    }
    this.backlog.push(record);
    if (this.backlog.length > maxBacklog) {
      const dropped = this.backlog.splice(0, this.backlog.length - maxBacklog);
      serverLog().error({ dropped: dropped.length, oldest_request_id: dropped[0].requestId }, "usage: backlog full; usage records dropped");
    }
    this.scheduleRetry();
  }

  /** Tries the backlog now (a stopping server's last chance). */
  retryNow() {
    if (this.backlog.length === 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.retryBacklog();
  }

  private scheduleRetry() {
    if (this.retryTimer || this.backlog.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.retryBacklog();
    }, this.retryDelay);
    this.retryTimer.unref();
  }

  private async retryBacklog() {
    if (this.retrying > 0) return;
    while (this.backlog.length > 0) {
      const batch = this.backlog.splice(0, maxBatch);
      this.retrying = batch.length;
      try {
        await this.sql.query(insertBatch, batchParameters(batch));
        this.retryDelay = retryDelayMs.first;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) {
          // The database answered and refused the batch: retrying it as a whole would refuse it
          // forever. Each record goes in alone, and only one the database refuses is dropped.
          await this.writeOneByOne(batch);
          continue;
        }
        countDependencyError("database");
        this.backlog.unshift(...batch);
        this.retryDelay = Math.min(this.retryDelay * 2, retryDelayMs.max);
        this.scheduleRetry();
        return;
      } finally {
        this.retrying = 0;
      }
    }
    serverLog().info("usage: kept usage records written after the database came back");
    this.settle();
  }

  private async writeOneByOne(records: UsageRecord[]) {
    for (const [index, record] of records.entries()) {
      try {
        await this.sql.query(insertBatch, batchParameters([record]));
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          this.backlog.unshift(...records.slice(index));
          return;
        }
        serverLog().error({ request_id: record.requestId, err: error }, "usage: the database refused a usage record; dropped");
      }
    }
  }

  private settle() {
    if (this.pending === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

function batchParameters(records: UsageRecord[]) {
  const column = <T>(pick: (r: UsageRecord) => T) => records.map(pick);
  const touches = new Map<string, string>();
  for (const r of records) if (lastUsedIsStale(r.keyId, r.createdAt)) touches.set(r.keyId, r.createdAt.toISOString());
  return [
    column((r) => r.requestId), column((r) => r.keyId), column((r) => r.projectId), column((r) => r.endpoint), column((r) => r.method),
    column((r) => r.httpStatus), column((r) => r.errorCode), column((r) => r.outcome), column((r) => r.quoted), column((r) => r.charged),
    column((r) => r.chain), column((r) => r.latencyMs), column((r) => r.createdAt.toISOString()), [...touches.keys()], [...touches.values()],
    column((r) => r.errorMessage ?? null), column((r) => r.replayOf ?? null), column((r) => r.via ?? "api"), column((r) => r.allowanceUsed ?? 0),
  ];
}

/**
 * Writes records in one statement on the executor given (a transaction's, for the settlement of
 * paid calls): a record already written (the same request id) is left as it is.
 */
export async function insertUsageRecords(sql: SqlExecutor, records: UsageRecord[]) {
  if (records.length > 0) await sql.query(insertBatch, batchParameters(records));
}

// Process-wide: the server script and the app's bundled copy of this module must share the
// writers, or a stopping server would drain an empty map.
const holder = processWide<{ usageWriters: Map<SqlExecutor, UsageWriter>; usageStreams: Map<SqlExecutor, UsageStream<UsageRecord>> }>("lib/usage/record");
const writers = (holder.usageWriters ??= new Map<SqlExecutor, UsageWriter>());
const streams = (holder.usageStreams ??= new Map<SqlExecutor, UsageStream<UsageRecord>>());

/**
 * Sends this database's usage records through a Redis stream (lib/usage/stream.ts) from now on:
 * requests are answered once their record is in the stream, and this process drains the stream
 * into the database. Idempotent per database.
 */
export function streamUsageRecords(sql: SqlExecutor, options: { redisUrl: string; drain?: boolean }): UsageStream<UsageRecord> {
  let stream = streams.get(sql);
  if (!stream) {
    stream = new UsageStream<UsageRecord>(sql, { ...options, insert: (records) => insertUsageRecords(sql, records) });
    streams.set(sql, stream);
  }
  return stream;
}

/** Stops streaming this database's records (tests): what is appended later is written directly. */
export function stopStreamingUsageRecords(sql: SqlExecutor) {
  streams.get(sql)?.close();
  streams.delete(sql);
}

function writerFor(sql: SqlExecutor): UsageWriter {
  let writer = writers.get(sql);
  if (!writer) {
    writer = new UsageWriter(sql);
    writers.set(sql, writer);
  }
  return writer;
}

/**
 * Waits until every usage record handed over so far has been written (or has failed), at
 * most `timeoutMs`; a stopping server calls it after its last request. Returns how many
 * records were still pending when it returned.
 */
export async function drainUsageWrites(timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  // The streams first: what they hold goes to the database, then the direct writers settle.
  const streamed = await Promise.all([...streams.values()].map((stream) => stream.drainNow(timeoutMs)));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  for (const writer of writers.values()) writer.retryNow();
  await Promise.race([Promise.all([...writers.values()].map((writer) => writer.idle())), timeout]);
  clearTimeout(timer);
  for (const stream of streams.values()) stream.close();
  return pendingUsageRecords() + streamed.filter((done) => !done).length;
}

/** Usage records handed over and not yet written: queued, being written, or kept for when the database is back. */
export function pendingUsageRecords(): number {
  return [...writers.values()].reduce((sum, writer) => sum + writer.pending, 0) + [...streams.values()].reduce((sum, stream) => sum + stream.pending, 0);
}

/**
 * Records a request that charges nothing; resolves once its record has committed, or, where the
 * records go through a Redis stream, once the stream holds it (written to the database in the
 * background). If Redis does not take it, it is written directly, as without the stream.
 */
export async function recordUsage(sql: SqlExecutor, r: UsageRecord) {
  const stream = streams.get(sql);
  if (stream) {
    try {
      return await stream.append(r);
    } catch {
      // Redis did not answer: the record goes to the database on the request path instead.
    }
  }
  await writerFor(sql).write(r);
}

/**
 * Records a failed request: written now, or kept and written once the database is back.
 * Pass `databaseDown` when the failure itself was the database, so the answer is not held
 * up by a second attempt against it.
 */
export async function recordFailedUsage(sql: SqlExecutor, r: UsageRecord, options: { databaseDown: boolean }) {
  const stream = streams.get(sql);
  if (stream) {
    try {
      return await stream.append(r);
    } catch {
      // Kept in this process instead, as without the stream.
    }
  }
  await writerFor(sql).keep(r, options.databaseDown);
}

