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
