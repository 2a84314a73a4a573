// Each key's traffic over the three Usage windows, counted exactly as the Usage tab counts
// the project (requests; errors = the Errors counter's outcomes; credits = what was charged),
// from the same hourly rollup, so a project's keys add up to the project.
import type { Db } from "@/lib/db/client";
import { usageGroups, type UsageGroup } from "@/lib/usage/rollup";
import { countUsage, usageWindows, windowStart, type UsageWindow } from "./usage";

export type KeyFigures = { requests: number; errors: number; credits: number };
export type KeyUsage = Record<UsageWindow, KeyFigures>;

const windows = Object.keys(usageWindows) as UsageWindow[];

export const emptyKeyUsage = (): KeyUsage => ({ "24h": { requests: 0, errors: 0, credits: 0 }, "7d": { requests: 0, errors: 0, credits: 0 }, "30d": { requests: 0, errors: 0, credits: 0 } });

/** Figures per key id of the project; a key without traffic in 30 days has no entry. */
export async function keyUsageFigures(db: Db, projectId: string, now: Date): Promise<Map<string, KeyUsage>> {
  const perWindow = await Promise.all(windows.map((window) => usageGroups(db, { projectId, since: windowStart(window, now), now, byKey: true })));
  const figures = new Map<string, KeyUsage>();
  windows.forEach((window, index) => {
    const byKey = new Map<string, UsageGroup[]>();
    for (const group of perWindow[index]) {
      const groups = byKey.get(group.keyId!) ?? [];
      groups.push(group);
      byKey.set(group.keyId!, groups);
    }
    for (const [keyId, groups] of byKey) {
      const usage = figures.get(keyId) ?? emptyKeyUsage();
      const counters = countUsage(groups);
      usage[window] = { requests: counters.requests, errors: counters.errors, credits: counters.creditsUsed };
      figures.set(keyId, usage);
    }
  });
  return figures;
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
