// Each key's traffic over the three Usage windows, counted exactly as the Usage tab
// counts the project (requests; errors = the Errors counter's outcomes; credits = what
// was charged), so a project's keys add up to the project. One grouped query.
import type { Db } from "@/lib/db/client";
import { counterOfOutcome, outcomes, usageWindows, windowStart, type UsageWindow } from "./usage";

export type KeyFigures = { requests: number; errors: number; credits: number };
export type KeyUsage = Record<UsageWindow, KeyFigures>;

const windows = Object.keys(usageWindows) as UsageWindow[];
const errorOutcomes = outcomes.filter((outcome) => counterOfOutcome[outcome] === "errors");
/** created_at is a UTC timestamp without zone: instants go in as text so no session time zone applies. */
const sqlTime = (date: Date) => date.toISOString().replace("Z", "");

export const emptyKeyUsage = (): KeyUsage => ({ "24h": { requests: 0, errors: 0, credits: 0 }, "7d": { requests: 0, errors: 0, credits: 0 }, "30d": { requests: 0, errors: 0, credits: 0 } });

/** Figures per key id of the project; a key without traffic in 30 days has no entry. */
export async function keyUsageFigures(db: Db, projectId: string, now: Date): Promise<Map<string, KeyUsage>> {
  const [day, week, month] = windows.map((window) => sqlTime(windowStart(window, now)));
  const rows = await db.$queryRaw<Array<{ key_id: string; r24h: number; e24h: number; c24h: number; r7d: number; e7d: number; c7d: number; r30d: number; e30d: number; c30d: number }>>`
    SELECT key_id,
      count(*) FILTER (WHERE created_at >= CAST(${day} AS timestamp))::int AS r24h,
      count(*) FILTER (WHERE created_at >= CAST(${day} AS timestamp) AND outcome::text = ANY(${errorOutcomes}))::int AS e24h,
      coalesce(sum(charged) FILTER (WHERE created_at >= CAST(${day} AS timestamp)), 0)::int AS c24h,
      count(*) FILTER (WHERE created_at >= CAST(${week} AS timestamp))::int AS r7d,
      count(*) FILTER (WHERE created_at >= CAST(${week} AS timestamp) AND outcome::text = ANY(${errorOutcomes}))::int AS e7d,
      coalesce(sum(charged) FILTER (WHERE created_at >= CAST(${week} AS timestamp)), 0)::int AS c7d,
      count(*)::int AS r30d,
      count(*) FILTER (WHERE outcome::text = ANY(${errorOutcomes}))::int AS e30d,
      coalesce(sum(charged), 0)::int AS c30d
    FROM request_records
    WHERE project_id = ${projectId} AND created_at >= CAST(${month} AS timestamp)
    GROUP BY key_id`;
  return new Map(
    rows.map((row) => [
      row.key_id,
      {
        "24h": { requests: row.r24h, errors: row.e24h, credits: row.c24h },
        "7d": { requests: row.r7d, errors: row.e7d, credits: row.c7d },
        "30d": { requests: row.r30d, errors: row.e30d, credits: row.c30d },
      },
    ]),
  );
}

export const unusedAfterMs = 30 * 86_400_000;

/**
 * A key still able to answer that has not been used for 30 days (or, never used, was made
 * that long ago): worth a hint, since an unused key is only risk.
 */
export function isUnusedKey(key: { state: string; lastUsedAt: string | null; createdAt: string }, now: Date): boolean {
  if (key.state === "revoked" || key.state === "rotated") return false;
  const last = Date.parse(key.lastUsedAt ?? key.createdAt);
  return now.getTime() - last >= unusedAfterMs;
}
