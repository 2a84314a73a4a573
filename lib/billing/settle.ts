// Settling a successful call: its charge (trial allowance, credits or nothing), its usage record
// and its stored replay commit together or not at all; failures are never charged. How concurrent
// settlements are grouped: settleSuccess below.
import { ApiError, isApiError } from "@/lib/errors/api-error";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import { newId } from "@/lib/ids";
import { GroupCommit } from "@/lib/group-commit";
import type { KeyContext } from "@/lib/keys/key-context";
import { noteSettled } from "@/lib/keys/key-context";
import { tellOtherProcesses, type KeyContextChange } from "@/lib/keys/change-notices";
import { insertUsageRecords, recordUsage, type UsageRecord } from "@/lib/usage/record";
import { freeCreditsLeft, paymentRequired, utcDay } from "./credits";

/** Calls settled in one transaction at most. */
const maxGroup = 250;

export type Settlement = {
  key: Pick<KeyContext, "id" | "accessMode" | "trialAllowance" | "projectId"> & { project: Pick<KeyContext["project"], "ownerId"> };
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

/**
 * Settling a successful call: what it costs — from a trial key's allowance, from the account's
 * credits, or nothing — its usage record and its stored replay commit together or not at all.
 * Nothing here runs for a failed call: failures are never charged.
 *
 * Concurrent settlements of one account are committed together (group commit): while one
 * transaction runs, the next calls gather, and the whole group is settled in one transaction that
 * locks the account row once, charges each call in turn against what the row holds (a call the
 * credits no longer cover is refused 402 on its own, the others go through), and writes every
 * ledger entry, usage record and stored replay in one statement each. A hot key's hundred calls
 * cost a few transactions, not a hundred queued on one row lock. Every call is answered only
 * after the transaction holding its charge has committed.
 */
export async function settleSuccess(sql: SqlExecutor, settlement: Settlement): Promise<void> {
  const { paid, replay } = settlement;
  try {
    if (!paid && !replay) {
      await recordUsage(sql, settlement.usage(0, 0));
      return;
    }
    // Every database the server runs on (a pool, PGlite) runs transactions; the charge is taken in one, never without.
    if (!sql.transaction) throw new Error("settling a paid call needs a database that runs transactions");
    await groupFor(sql, settlement).add(settlement);
  } catch (error) {
    if (isApiError(error)) throw error;
    throw new ApiError("billing_commit_failed", undefined, { cause: error });
  }
}

const groups = new WeakMap<SqlExecutor, Map<string, GroupCommit<Settlement>>>();

/** Calls that lock the same account row (or, without one, the same key row) settle in one group, a transaction a batch. */
function groupFor(sql: SqlExecutor, settlement: Settlement): GroupCommit<Settlement> {
  let bySubject = groups.get(sql);
  if (!bySubject) {
    bySubject = new Map();
    groups.set(sql, bySubject);
  }
  const subject = settlement.account ? `account:${settlement.account.id}` : `key:${settlement.key.id}`;
  let group = bySubject.get(subject);
  if (!group) {
    const commit = async (batch: Settlement[]) => {
      const settled = await sql.transaction!((tx) => settleGroup(tx, batch));
      settled.committed();
      return settled.outcomes;
    };
    group = new GroupCommit(commit, { maxBatch: maxGroup, onIdle: () => bySubject.delete(subject) });
    bySubject.set(subject, group);
  }
  return group;
}

type AccountRow = { id: string; balance: number; free_credits_day: string | null; free_credits_used: number };
type TrialRow = { id: string; trial_used: number; trial_allowance: number | null };

/**
 * Settles a group in the caller's transaction; returns each call's refusal (null when it went
 * through), and what to tell the key-context copies once the transaction has committed. The rows
 * are locked in id order, so groups in other processes cannot deadlock with it.
 */
async function settleGroup(tx: SqlExecutor, group: Settlement[]): Promise<{ outcomes: Array<ApiError | null>; committed: () => void }> {
  const charging = group.filter((s) => s.paid && s.key.accessMode !== "trial" && s.account);
  const trials = group.filter((s) => s.paid && s.key.accessMode === "trial");
  const accounts = new Map<string, AccountRow>();
  if (charging.length > 0) {
    const rows = await tx.query<AccountRow>(
      `SELECT id, balance, free_credits_day, free_credits_used FROM credit_accounts WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [[...new Set(charging.map((s) => s.account!.id))]],
    );
    for (const row of rows) accounts.set(row.id, { ...row });
  }
  const trialKeys = new Map<string, TrialRow>();
  if (trials.length > 0) {
    const rows = await tx.query<TrialRow>(`SELECT id, trial_used, trial_allowance FROM api_keys WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [[...new Set(trials.map((s) => s.key.id))]]);
    for (const row of rows) trialKeys.set(row.id, { ...row });
  }

  const outcomes: Array<ApiError | null> = [];
  const records: UsageRecord[] = [];
  const ledger: Array<{ accountId: string; requestId: string; quoted: number; free: number; delta: number; after: number; note: string | null }> = [];
  const replays: NonNullable<Settlement["replay"]>[] = [];
  const changedAccounts = new Map<string, { row: AccountRow; ownerId: string }>();
  const spentTrials = new Map<string, { row: TrialRow; ownerId: string }>();
  for (const s of group) {
    let charged = 0;
    let allowanceUsed = 0;
    if (s.paid && s.key.accessMode === "trial") {
      const row = trialKeys.get(s.key.id);
      const allowance = row?.trial_allowance ?? 0;
      if (!row || row.trial_used + s.price > allowance) {
        outcomes.push(new ApiError("trial_exhausted"));
        continue;
      }
      row.trial_used += s.price;
      spentTrials.set(row.id, { row, ownerId: s.key.project.ownerId });
      allowanceUsed = s.price;
    } else if (s.paid && s.account) {
      const row = accounts.get(s.account.id);
      if (!row) {
        outcomes.push(new ApiError("billing_unavailable", "The credit account could not be read; nothing was charged."));
        continue;
      }
      if (!s.chargingEnabled) {
        ledger.push({ accountId: row.id, requestId: s.requestId, quoted: s.price, free: 0, delta: 0, after: row.balance, note: "charging off" });
      } else {
        const day = utcDay(s.now);
        const freeLeft = freeCreditsLeft({ freeCreditsDay: row.free_credits_day, freeCreditsUsed: row.free_credits_used }, s.now);
        const free = Math.min(freeLeft, s.price);
        const fromBalance = s.price - free;
        // Another call spent the credits between the check before the read and this charge.
        if (row.balance < fromBalance) {
          outcomes.push(paymentRequired({ price: s.price, freeLeft, balance: row.balance }, s.key.projectId));
          continue;
        }
        row.free_credits_used = (row.free_credits_day === day ? row.free_credits_used : 0) + free;
        row.free_credits_day = day;
        row.balance -= fromBalance;
        ledger.push({ accountId: row.id, requestId: s.requestId, quoted: s.price, free, delta: -fromBalance, after: row.balance, note: null });
        changedAccounts.set(row.id, { row, ownerId: s.key.project.ownerId });
        charged = s.price;
      }
    }
    records.push(s.usage(charged, allowanceUsed));
    if (s.replay) replays.push(s.replay);
    outcomes.push(null);
  }

  const now = new Date().toISOString();
  if (changedAccounts.size > 0) {
    const rows = [...changedAccounts.values()].map((c) => c.row);
    await tx.query(
      `UPDATE credit_accounts AS a SET balance = v.balance, free_credits_day = v.day, free_credits_used = v.used, updated_at = $5::timestamptz AT TIME ZONE 'UTC'
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[]) AS v(id, balance, day, used) WHERE a.id = v.id`,
      [rows.map((r) => r.id), rows.map((r) => r.balance), rows.map((r) => r.free_credits_day), rows.map((r) => r.free_credits_used), now],
    );
  }
  if (spentTrials.size > 0) {
    const rows = [...spentTrials.values()].map((t) => t.row);
    await tx.query(`UPDATE api_keys AS k SET trial_used = v.used FROM unnest($1::text[], $2::int[]) AS v(id, used) WHERE k.id = v.id`, [rows.map((r) => r.id), rows.map((r) => r.trial_used)]);
  }
  if (ledger.length > 0) {
    await tx.query(
      `INSERT INTO credit_ledger (id, account_id, kind, request_id, quoted, free_deducted, balance_delta, balance_after, note, created_at)
       SELECT id, account_id, 'charge', request_id, quoted, free_deducted, balance_delta, balance_after, note, $10::timestamptz AT TIME ZONE 'UTC'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::text[], $9::int[])
           AS e(id, account_id, request_id, quoted, free_deducted, balance_delta, balance_after, note, n)`,
      [
        ledger.map(() => newId("led")), ledger.map((e) => e.accountId), ledger.map((e) => e.requestId), ledger.map((e) => e.quoted), ledger.map((e) => e.free),
        ledger.map((e) => e.delta), ledger.map((e) => e.after), ledger.map((e) => e.note), ledger.map((_, n) => n), now,
      ],
    );
  }
  if (records.length > 0) await insertUsageRecords(tx, records);
  if (replays.length > 0) {
    await tx.query(
      `UPDATE idempotency_records AS r SET state = 'completed', response_status = v.status, response_body = v.body FROM unnest($1::text[], $2::int[], $3::text[]) AS v(id, status, body) WHERE r.id = v.id`,
      [replays.map((r) => r.recordId), replays.map((r) => r.status), replays.map((r) => r.body)],
    );
  }

  const settledAccounts = [...changedAccounts.values()];
  const settledTrials = [...spentTrials.values()];
  const committed = () => {
    const notices: KeyContextChange[] = [];
    for (const { row, ownerId } of settledAccounts) {
      noteSettled({ ownerId, account: { balance: row.balance, freeCreditsDay: row.free_credits_day, freeCreditsUsed: row.free_credits_used } });
      notices.push({ scope: "owner", id: ownerId });
    }
    for (const { row, ownerId } of settledTrials) {
      noteSettled({ ownerId, trial: { keyId: row.id, used: row.trial_used } });
      notices.push({ scope: "key", id: row.id });
    }
    // Other processes' copies show the old balance until they read it again; charging never trusts them.
    if (notices.length > 0) void tellOtherProcesses(...notices);
  };
  return { outcomes, committed };
}
