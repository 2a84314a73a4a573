// Credits: every account gets 5 free credits per UTC day, spent first, then the
// balance. With charging off nothing is deducted, but each successful paid call
// still leaves a ledger entry that quotes its list price and deducts zero.
import { ApiError } from "@/lib/errors/api-error";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { announceKeyContextChange } from "@/lib/keys/change-notices";
import { creditGrantMessages, maxCreditBalance, maxCreditGrant } from "./grant-rules";

export const freeCreditsPerDay = 5;

/** Who adds credits, for `me`'s `top_up` and the portal: there is no payment flow, the operator's staff grant them. */
/** How to get credits, saying whether calls deduct any right now (it once said "off" while charging was on). */
export function topUpGuidance(chargingEnabled: boolean): string {
  return `There is no top-up page: credits are granted by the operator's staff. Ask them, quoting your project id. The portal's Usage tab shows the balance and today's free credits; ${
    chargingEnabled ? "charging is on: each successful paid call spends today's free credits first, then the balance." : "charging is switched off: calls deduct nothing."
  }`;
}

/** The 402 text with the caller's project id in it, so the request to staff can be pasted as is. */
export function paymentRequiredMessage(projectId: string): string {
  return `Your credits cannot cover this call; nothing was charged. There is no top-up page: ask the operator's staff to grant credits, quoting your project id ${projectId}.`;
}

/**
 * The refusal of a call the account cannot pay for: the price and what is left, in the message and
 * as numbers in `details`, so a caller can tell "top up by 1" from "this endpoint is beyond the
 * account" without a second call. `projectId` adds how to get credits, where the caller's project is known.
 */
export function paymentRequired(figures: { price: number; freeLeft: number; balance: number }, projectId: string | null): ApiError {
  const { price, freeLeft, balance } = figures;
  const available = freeLeft + balance;
  const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;
  const message = `This call costs ${credits(price)}; the account has ${credits(available)} left (${freeLeft} of today's free credits, a balance of ${balance}).`;
  return new ApiError("payment_required", projectId === null ? `${message} Nothing was charged.` : `${message} ${paymentRequiredMessage(projectId)}`, {
    details: { price, available, free_credits_left: freeLeft, balance },
  });
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];
type AccountRow = { id: string; balance: number; freeCreditsDay: string | null; freeCreditsUsed: number };

export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function freeCreditsLeft(account: Pick<AccountRow, "freeCreditsDay" | "freeCreditsUsed">, now: Date): number {
  if (account.freeCreditsDay !== utcDay(now)) return freeCreditsPerDay;
  return Math.max(0, freeCreditsPerDay - account.freeCreditsUsed);
}

export function canCover(account: AccountRow, price: number, now: Date): boolean {
  return freeCreditsLeft(account, now) + account.balance >= price;
}

export async function ensureCreditAccount(db: Db | Tx, userId: string) {
  return db.creditAccount.upsert({ where: { userId }, create: { id: newId("acct"), userId }, update: {} });
}

export async function grantCredits(db: Db, input: { userId: string; amount: number; note?: string }) {
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > maxCreditGrant) throw new ApiError("bad_request", creditGrantMessages.amount);
  const account = await ensureCreditAccount(db, input.userId);
  const granted = await db.$transaction(async (tx) => {
    // Conditional increment: a balance that would overflow its 32-bit column is refused in words, not by the database.
    const raised = await tx.creditAccount.updateMany({ where: { id: account.id, balance: { lte: maxCreditBalance - input.amount } }, data: { balance: { increment: input.amount } } });
    const updated = await tx.creditAccount.findUniqueOrThrow({ where: { id: account.id } });
    if (raised.count === 0) throw new ApiError("bad_request", creditGrantMessages.balance(updated.balance));
    await tx.creditLedger.create({
      data: { id: newId("led"), accountId: account.id, kind: "grant", quoted: input.amount, balanceDelta: input.amount, balanceAfter: updated.balance, note: input.note ?? null },
    });
    return updated;
  });
  // A 402 must stop at once after a grant, in every process (lib/keys/key-context.ts).
  await announceKeyContextChange({ scope: "owner", id: input.userId });
  return granted;
}
