// The credit facts a project page shows: the owner's balance, free credits left
// today, who adds credits, and whether charging is on at all.
import { ensureCreditAccount, freeCreditsLeft, freeCreditsPerDay, topUpGuidance } from "@/lib/billing/credits";
import type { Db } from "@/lib/db/client";
import { getSettings } from "@/lib/settings";

export type CreditSummary = { balance: number; freeLeft: number; freePerDay: number; chargingEnabled: boolean; topUp: string };

export async function creditSummary(db: Db, ownerId: string, now: Date): Promise<CreditSummary> {
  const [account, settings] = await Promise.all([ensureCreditAccount(db, ownerId), getSettings(db)]);
  return { balance: account.balance, freeLeft: freeCreditsLeft(account, now), freePerDay: freeCreditsPerDay, chargingEnabled: settings.chargingEnabled, topUp: topUpGuidance(settings.chargingEnabled) };
}
