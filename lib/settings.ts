// The operator's switches: public API on/off, charging on/off, discover daily cap.
// Read on every API request so a flip takes effect on the next call.
import type { Db } from "@/lib/db/client";

export type Settings = { publicApiEnabled: boolean; chargingEnabled: boolean; discoverDailyCap: number };

export const defaultSettings: Settings = { publicApiEnabled: true, chargingEnabled: false, discoverDailyCap: 100 };

export async function getSettings(db: Db): Promise<Settings> {
  const row = await db.setting.findUnique({ where: { id: 1 } });
  if (!row) return defaultSettings;
  return { publicApiEnabled: row.publicApiEnabled, chargingEnabled: row.chargingEnabled, discoverDailyCap: row.discoverDailyCap };
}

export async function updateSettings(db: Db, patch: Partial<Settings>): Promise<Settings> {
  const row = await db.setting.upsert({
    where: { id: 1 },
    create: { id: 1, ...defaultSettings, ...patch },
    update: patch,
  });
  return { publicApiEnabled: row.publicApiEnabled, chargingEnabled: row.chargingEnabled, discoverDailyCap: row.discoverDailyCap };
}

/**
 * INTEL_READS_IN_FLIGHT_PER_KEY, default 4: how many intelligence calls one key may have running at
 * once, over HTTP and MCP together and across every instance sharing the rate-limit store. A read
 * holds node connections and CPU for seconds; a few at once serve any honest caller, and one key
 * cannot take the whole server from the others. More wait for `429 rate_limited` with Retry-After.
 */
export const defaultIntelReadsInFlightPerKey = 4;

export function intelReadsInFlightPerKey(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = Number(env.INTEL_READS_IN_FLIGHT_PER_KEY);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : defaultIntelReadsInFlightPerKey;
}
