// Hourly rollup of request records for the Usage views and the Keys tab's figures, read-side and
// incremental. How: rollUpUsage below.
import type { Db } from "@/lib/db/client";
import type { RequestOutcome } from "@/lib/errors/error-codes";

const hourMs = 3_600_000;

/** An hour rolls up once it has been over this long: no request record arrives later than that. */
export const rollupSettleMs = 5 * 60_000;

// Any fixed number: it names this job's lock among the database's advisory locks.
const rollupLockKey = 70_411_2026;

const rollupStepMs = 24 * hourMs;

const floorHour = (t: number) => Math.floor(t / hourMs) * hourMs;
const ceilHour = (t: number) => Math.ceil(t / hourMs) * hourMs;
/** created_at is a UTC timestamp without zone; pass instants as text so no session time zone applies. */
const sqlTime = (t: number) => new Date(t).toISOString().replace("Z", "");

/**
 * Rolls every settled hour up; returns the instant before which usage_hourly counts every request.
 *
 * Hourly rollup of request records for the Usage views (one key's, one project's, or staff's
 * across every project) and the Keys tab's figures, read-side and incremental: before a view is read, the hours that ended at least `settleMs` ago and are
 * not rolled up yet are summed into usage_hourly in one statement, under a transaction-scoped
 * advisory lock so two readers never roll the same hours. A view then sums whole hours from
 * usage_hourly and reads only the edges (the window's first partial hour and everything after
 * the rollup) from request_records. Records are written within seconds of their time and never
 * change, so an hour that is over stays right.
 */
export async function rollUpUsage(db: Db, now: Date): Promise<Date> {
  const target = floorHour(now.getTime() - rollupSettleMs);
  const current = await db.usageRollup.findUnique({ where: { id: 1 } });
  if (current && current.rolledUpTo.getTime() >= target) return current.rolledUpTo;
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${rollupLockKey})`;
      // Another reader may have rolled up while this one waited for the lock.
      const state = await tx.usageRollup.findUnique({ where: { id: 1 } });
      if (state && state.rolledUpTo.getTime() >= target) return state.rolledUpTo;
      let from = state?.rolledUpTo.getTime();
      if (from === undefined) {
        // As text, like the instants passed in: no session or driver time zone applies.
        const [first] = await tx.$queryRaw<Array<{ first: string | null }>>`SELECT to_char(min(created_at), 'YYYY-MM-DD"T"HH24:MI:SS') AS first FROM request_records`;
        from = first.first ? floorHour(Date.parse(`${first.first}Z`)) : target;
      }
      // A day per statement: each stays well inside the database's statement timeout however
      // long the history a first rollup meets.
      for (let start = from; start < target; start += rollupStepMs) {
        const end = Math.min(start + rollupStepMs, target);
        await tx.$executeRaw`
          INSERT INTO usage_hourly (hour, project_id, key_id, outcome, http_status, error_code, requests, quoted, charged, allowance_used)
          SELECT date_trunc('hour', created_at), project_id, key_id, outcome, http_status, coalesce(error_code, ''), count(*)::int, sum(quoted)::int, sum(charged)::int, sum(allowance_used)::int
          FROM request_records
          WHERE created_at >= CAST(${sqlTime(start)} AS timestamp) AND created_at < CAST(${sqlTime(end)} AS timestamp)
          GROUP BY 1, 2, 3, 4, 5, 6`;
      }
      const rolledUpTo = new Date(target);
      await tx.usageRollup.upsert({ where: { id: 1 }, create: { id: 1, rolledUpTo }, update: { rolledUpTo } });
      return rolledUpTo;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

export type UsageGroup = {
  bucket: number | null;
  /** Only when grouped by key. */
  keyId: string | null;
  outcome: RequestOutcome;
  httpStatus: number;
  /** Only when grouped by error code; null also for requests without one. */
  errorCode: string | null;
  requests: number;
  quoted: number;
  charged: number;
  allowanceUsed: number;
};

type GroupRow = { bucket: number | null; key_id: string | null; outcome: RequestOutcome; http_status: number; error_code: string | null; requests: number; quoted: number; charged: number; allowance_used: number };

export type UsageGroupsInput = {
  /** One project's requests, or every project's when null. */
  projectId: string | null;
  /** Only this key's requests (within the project). */
  keyId?: string | null;
  since: Date;
  now: Date;
  /** Also group by time bucket (its start, epoch ms): a whole number of hours. */
  bucketMs?: number;
  /** Also group by key. */
  byKey?: boolean;
  /** Also group by error code. */
  byErrorCode?: boolean;
};

/**
 * Requests since `since`, grouped by outcome and HTTP status and, as asked, by time bucket, key
 * and error code: whole hours from usage_hourly, and from request_records only the window's
 * partial first hour and the hours not rolled up yet.
 */
export async function usageGroups(db: Db, input: UsageGroupsInput): Promise<UsageGroup[]> {
  const rolledUpTo = (await rollUpUsage(db, input.now)).getTime();
  const since = input.since.getTime();
  const firstWholeHour = ceilHour(since);
  const useHours = rolledUpTo > firstWholeHour;
  const bucketSeconds = input.bucketMs ? input.bucketMs / 1000 : 0;
  const project = input.projectId ?? "";
  const anyProject = input.projectId === null;
  const key = input.keyId ?? "";
  const anyKey = !input.keyId;
  const byKey = input.byKey === true;
  const byErrorCode = input.byErrorCode === true;
  // Without whole hours to use, the edges cover the whole window.
  const [headEnd, tailStart] = useHours ? [firstWholeHour, rolledUpTo] : [since, since];
  const rows = await db.$queryRaw<GroupRow[]>`
    SELECT (floor(extract(epoch FROM t) / NULLIF(${bucketSeconds}::int, 0)) * ${bucketSeconds}::int)::float8 AS bucket,
           CASE WHEN ${byKey} THEN key_id END AS key_id,
           outcome, http_status,
           CASE WHEN ${byErrorCode} THEN NULLIF(error_code, '') END AS error_code,
           sum(requests)::int AS requests, sum(quoted)::int AS quoted, sum(charged)::int AS charged, sum(allowance_used)::int AS allowance_used
    FROM (
      SELECT created_at AS t, key_id, outcome, http_status, coalesce(error_code, '') AS error_code, 1 AS requests, quoted, charged, allowance_used FROM request_records
        WHERE (${anyProject} OR project_id = ${project}) AND (${anyKey} OR key_id = ${key})
          AND created_at >= CAST(${sqlTime(since)} AS timestamp) AND created_at < CAST(${sqlTime(headEnd)} AS timestamp)
      UNION ALL
      SELECT hour, key_id, outcome, http_status, error_code, requests, quoted, charged, allowance_used FROM usage_hourly
        WHERE ${useHours} AND (${anyProject} OR project_id = ${project}) AND (${anyKey} OR key_id = ${key})
          AND hour >= CAST(${sqlTime(firstWholeHour)} AS timestamp) AND hour < CAST(${sqlTime(rolledUpTo)} AS timestamp)
      UNION ALL
      SELECT created_at, key_id, outcome, http_status, coalesce(error_code, ''), 1, quoted, charged, allowance_used FROM request_records
        WHERE (${anyProject} OR project_id = ${project}) AND (${anyKey} OR key_id = ${key}) AND created_at >= CAST(${sqlTime(tailStart)} AS timestamp)
    ) AS usage
    GROUP BY 1, 2, 3, 4, 5`;
  return rows.map((row) => ({
    bucket: row.bucket === null ? null : Number(row.bucket) * 1000,
    keyId: row.key_id,
    outcome: row.outcome,
    httpStatus: row.http_status,
    errorCode: row.error_code,
    requests: row.requests,
    quoted: row.quoted,
    charged: row.charged,
    allowanceUsed: row.allowance_used,
  }));
}
