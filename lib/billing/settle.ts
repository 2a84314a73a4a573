// Settling a successful call: what it costs — from a trial key's allowance, from the account's
// credits, or nothing — its usage record and its stored replay commit together or not at all.
// Nothing here runs for a failed call: failures are never charged.
import { ApiError, isApiError } from "@/lib/api-contract/api-error";
import type { Db } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { KeyContext } from "@/lib/keys/key-context";
import { recordUsage, recordUsageInTransaction, type UsageRecord } from "@/lib/usage/record";
import { chargeCall } from "./credits";
import { completeIdempotencyKey } from "./idempotency";

// A burst of calls can queue for a pooled connection; Prisma's defaults (2 s to start,
// 5 s to finish) would turn that wait into a failed charge.
const settleTransactionLimits = { maxWait: 10_000, timeout: 15_000 };

export type Settlement = {
  key: Pick<KeyContext, "id" | "accessMode" | "trialAllowance">;
  /** The list price; charged only when `paid` (a paid endpoint's success that is not honestly empty). */
  price: number;
  paid: boolean;
  account: { id: string } | undefined;
  chargingEnabled: boolean;
  requestId: string;
  now: Date;
  /** The call's usage record, given what the account was charged and what the allowance paid. */
  usage: (charged: number, allowanceUsed: number) => UsageRecord;
  /** The Idempotency-Key claim to complete with this answer, if the call carried one. */
  replay?: { recordId: string; status: number; body: string };
};

export async function settleSuccess(db: Db, sql: SqlExecutor, settlement: Settlement): Promise<void> {
  const { key, price, paid, account, replay } = settlement;
  try {
    if (!paid && !replay) {
      await recordUsage(sql, settlement.usage(0, 0));
      return;
    }
    await db.$transaction(async (tx) => {
      let charged = 0;
      let allowanceUsed = 0;
      if (paid && key.accessMode === "trial") {
        const spent = await tx.apiKey.updateMany({
          where: { id: key.id, trialUsed: { lte: (key.trialAllowance ?? 0) - price } },
          data: { trialUsed: { increment: price } },
        });
        if (spent.count === 0) throw new ApiError("trial_exhausted");
        // The allowance paid, not the account: recorded apart from charged so usage shows it.
        allowanceUsed = price;
      } else if (paid && account) {
        charged = (await chargeCall(tx, { accountId: account.id, requestId: settlement.requestId, price, now: settlement.now, chargingEnabled: settlement.chargingEnabled })).charged;
      }
      await recordUsageInTransaction(tx, settlement.usage(charged, allowanceUsed));
      if (replay) await completeIdempotencyKey(tx, replay.recordId, replay.status, replay.body);
    }, settleTransactionLimits);
  } catch (error) {
    if (isApiError(error)) throw error;
    throw new ApiError("billing_commit_failed", undefined, { cause: error });
  }
}
