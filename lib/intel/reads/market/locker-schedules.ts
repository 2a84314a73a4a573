// Lock schedules read from lockers' state (UNCX, PinkLock, Team.Finance), in the round that reads
// the LP balances.
import { getAddress, zeroAddress, type Address, type Hash } from "viem";
import { decodeCallResult, encodeCallData } from "@/lib/chain/multicall";
import type { LockerInfo, LockPattern } from "@/lib/chain/networks";
import { classifyChainError } from "@/lib/chain/upstream";
import { pinkLockV1Abi, pinkLockV2Abi, teamFinanceLockAbi, uncxLockIdsAbi, uncxTokenLocksAbi, uncxV3LockerAbi } from "./abis";
import { aggregate, call, valueOrNull, type CallResult, type ContractCall, type MarketContext } from "./context";
import { lockerLensAbi, lockerLensRuntime } from "@/lib/intel/reads/placed/locker-lens.generated";

/** Locks of one LP token read from a state-schedule locker in one round. */
export const maxLocksRead = 20;

/** Where the locker lens is placed: an address derived from its name, with no code or keys on any network. */
export const lockerLensAddress: Address = getAddress("0x6c6f636b65724c656e7300000000000000000001");

/** A vesting lock's terms (PinkLock V2): tgeBps of the whole at tgeTime, then cycleBps every cycleSeconds. */
export type VestingTerms = { total: bigint; tgeTime: bigint; tgeBps: bigint; cycleSeconds: bigint; cycleBps: bigint; unlockedAmount: bigint };

/**
 * One lock; `transaction` is the Locked event's where the locker emits one, null for a schedule
 * read from state. `amount` is what the locker still holds for it; a vesting lock's unlockTime is
 * when its last part unlocks.
 */
export type LockProof = {
  lockId: bigint;
  owner: Address;
  amount: bigint;
  unlockTime: bigint;
  withdrawn: boolean;
  lockedAtRead: boolean | null;
  transaction: Hash | null;
  vesting?: VestingTerms;
};

/** A locker's schedule for one LP token: how many locks it lists (null when it did not answer) and those read. */
export type Schedule = { count: bigint | null; locks: LockProof[]; read: "first" | "newest" };

export const stateSchedulePatterns: readonly LockPattern[] = ["uncx-token-locks", "team-finance-deposits", "pinklock-v2", "uncx-token-lock-ids", "pinklock-v1"];

/** The registry lockers asked for a schedule of this LP: state-schedule lockers that may hold this DEX's LP. */
export function scheduleLockers(lockers: readonly LockerInfo[], dexKey: string | undefined): LockerInfo[] {
  return lockers.filter((locker) => locker.pattern && stateSchedulePatterns.includes(locker.pattern) && (!dexKey || locker.dex === null || locker.dex === dexKey));
}

/**
 * Lock schedules read from lockers' state, in the round that reads the LP balances: UNCX's V1.0
 * tokenLocks, PinkLock V2's and the first PinkLock's getLocksForToken (V2's normal and vesting
 * locks) in the same multicall, and
 * Team.Finance's deposits and UNCX 2024 (V2) locks through the locker lens placed by state override
 * beside it (their ids come before their locks, which the lens reads in one call). A node that
 * refuses overrides costs one more round for Team.Finance (its multicall read lists the ids) and two
 * for UNCX 2024 (its ids, then its locks), and only where such a locker holds the pool's LP.
 *
 * The multicall calls of one locker's schedule; Team.Finance's id list is read here for a node that refuses the lens.
 */
export function scheduleCalls(locker: LockerInfo, lp: Address): ContractCall[] {
  switch (locker.pattern) {
    case "uncx-token-locks":
      return [
        { address: locker.address, abi: uncxTokenLocksAbi, functionName: "getNumLocksForToken", args: [lp] },
        ...Array.from({ length: maxLocksRead }, (_, index) => ({ address: locker.address, abi: uncxTokenLocksAbi, functionName: "tokenLocks", args: [lp, BigInt(index)] })),
      ];
    case "pinklock-v2":
    case "pinklock-v1": {
      // getLocksForToken clamps end to the last lock, and reverts when there is none.
      const abi = locker.pattern === "pinklock-v2" ? pinkLockV2Abi : pinkLockV1Abi;
      return [
        { address: locker.address, abi, functionName: "totalLockCountForToken", args: [lp] },
        { address: locker.address, abi, functionName: "getLocksForToken", args: [lp, 0n, BigInt(maxLocksRead - 1)] },
      ];
    }
    case "team-finance-deposits":
      return [{ address: locker.address, abi: teamFinanceLockAbi, functionName: "getDepositsByTokenAddress", args: [lp] }];
    case "uncx-token-lock-ids":
      // The count alone: the lens reads ids and locks; a node that refuses it reads them by index.
      return [{ address: locker.address, abi: uncxLockIdsAbi, functionName: "getNumLocksForToken", args: [lp] }];
    default:
      return [];
  }
}

type LensDeposit = { id: bigint; withdrawalAddress: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean; answered: boolean };
type LensRead = { answered: boolean; count: bigint; deposits: readonly LensDeposit[] };

/**
 * One lens function at the pinned block, beside the multicall. Null when the node refuses the
 * override (then the locks are read by id afterwards).
 */
type LensCall =
  | { functionName: "teamFinanceDeposits" | "uncxLocks"; args: readonly [Address, Address, bigint] }
  | { functionName: "uncxV3PoolLocks"; args: readonly [Address, Address, Address, readonly bigint[], bigint] };

function callLockerLens<T>(ctx: MarketContext, { functionName, args }: LensCall): Promise<T | null> {
  return ctx.client
    .call({
      to: lockerLensAddress,
      data: encodeCallData(lockerLensAbi, functionName, args),
      blockNumber: ctx.block,
      stateOverride: [{ address: lockerLensAddress, code: lockerLensRuntime }],
      batch: false,
    })
    .then(({ data }) => decodeCallResult(lockerLensAbi, functionName, data!) as T)
    .catch((error: unknown) => {
      // A node that is down is an outage; one that refuses the override takes the longer way.
      if (classifyChainError(error) === "upstream") throw error;
      return null;
    });
}

/** Team.Finance deposits of the LP through the lens; null when the node refuses the override. */
export async function readTeamFinanceByLens(ctx: MarketContext, locker: Address, lp: Address): Promise<LensRead | null> {
  const read = await callLockerLens<readonly [boolean, bigint, readonly LensDeposit[]]>(ctx, { functionName: "teamFinanceDeposits", args: [locker, lp, BigInt(maxLocksRead)] });
  return read && { answered: read[0], count: read[1], deposits: read[2] };
}

/** The deposits by id, one more round: only for a node that refused the lens, and only where the locker holds the LP. */
export async function readTeamFinanceByIds(ctx: MarketContext, locker: Address, lp: Address, ids: readonly bigint[]): Promise<LensRead> {
  const newest = ids.slice(-maxLocksRead);
  const results = await aggregate(ctx, newest.map((id) => call({ address: locker, abi: teamFinanceLockAbi, functionName: "lockedToken", args: [id] })));
  const deposits = newest.map((id, index): LensDeposit => {
    const entry = valueOrNull(results[index]);
    if (!entry || entry[0].toLowerCase() !== lp.toLowerCase()) return { id, withdrawalAddress: zeroAddress, amount: 0n, unlockTime: 0n, withdrawn: false, answered: false };
    return { id, withdrawalAddress: entry[1], amount: entry[2], unlockTime: entry[3], withdrawn: entry[4], answered: true };
  });
  return { answered: true, count: BigInt(ids.length), deposits };
}

// The schedule readers below read the answers to scheduleCalls, whose calls differ by locker
// pattern and travel in one list: each value is cast to its call's return type, in that order.
export function teamFinanceIds(results: readonly CallResult[]): readonly bigint[] | null {
  return valueOrNull(results[0]) as readonly bigint[] | null;
}

export function teamFinanceSchedule(read: LensRead | null, now: bigint | null): Schedule {
  if (!read || !read.answered) return { count: null, locks: [], read: "newest" };
  const locks = read.deposits
    .filter((deposit) => deposit.answered)
    .map((deposit) => ({
      lockId: deposit.id,
      owner: getAddress(deposit.withdrawalAddress),
      amount: deposit.amount,
      unlockTime: deposit.unlockTime,
      withdrawn: deposit.withdrawn || deposit.amount === 0n,
      lockedAtRead: now === null ? null : !deposit.withdrawn && deposit.amount > 0n && deposit.unlockTime > now,
      transaction: null,
    }));
  return { count: read.count, locks, read: "newest" };
}

/** A lock read from a locker's state that unlocks all at once: `amount` is what it still holds, so none left is withdrawn. */
function plainLock(lockId: bigint, owner: Address, amount: bigint, unlockTime: bigint, now: bigint | null): LockProof {
  return { lockId, owner: getAddress(owner), amount, unlockTime, withdrawn: amount === 0n, lockedAtRead: now === null ? null : amount > 0n && unlockTime > now, transaction: null };
}

export function uncxSchedule(results: readonly CallResult[], now: bigint | null): Schedule {
  const count = valueOrNull(results[0]) as bigint | null;
  const locks: LockProof[] = [];
  for (let index = 0; index < maxLocksRead && count !== null && BigInt(index) < count; index++) {
    const entry = valueOrNull(results[1 + index]) as readonly [bigint, bigint, bigint, bigint, bigint, Address] | null;
    if (!entry) continue;
    const [, amount, , unlockDate, lockId, owner] = entry;
    locks.push(plainLock(lockId, owner, amount, unlockDate, now));
  }
  return { count, locks, read: "first" };
}

type PinkLock = { id: bigint; token: Address; owner: Address; amount: bigint; lockDate: bigint; tgeDate: bigint; tgeBps: bigint; cycle: bigint; cycleBps: bigint; unlockedAmount: bigint; description: string };

export function pinkLockSchedule(results: readonly CallResult[], now: bigint | null): Schedule {
  const count = valueOrNull(results[0]) as bigint | null;
  const listed = count !== null && count > 0n ? ((valueOrNull(results[1]) as readonly PinkLock[] | null) ?? []) : [];
  const locks = listed.map((lock): LockProof => {
    const held = lock.amount - lock.unlockedAmount;
    if (lock.cycle === 0n) return plainLock(lock.id, lock.owner, held, lock.tgeDate, now);
    const vesting: VestingTerms = { total: lock.amount, tgeTime: lock.tgeDate, tgeBps: lock.tgeBps, cycleSeconds: lock.cycle, cycleBps: lock.cycleBps, unlockedAmount: lock.unlockedAmount };
    const terms = now === null ? null : lockTerms({ amount: held, unlockTime: 0n, withdrawn: false, vesting }, now);
    return { lockId: lock.id, owner: getAddress(lock.owner), amount: held, unlockTime: fullyVestedAt(vesting), withdrawn: held === 0n, lockedAtRead: terms === null ? null : terms.locked > 0n, transaction: null, vesting };
  });
  return { count, locks, read: "first" };
}

type PinkLockV1 = { id: bigint; token: Address; owner: Address; amount: bigint; lockDate: bigint; unlockDate: bigint };

/** The first PinkLock: every listed lock still holds its amount (unlocking one takes it off the list). */
export function pinkLockV1Schedule(results: readonly CallResult[], now: bigint | null): Schedule {
  const count = valueOrNull(results[0]) as bigint | null;
  const listed = count !== null && count > 0n ? ((valueOrNull(results[1]) as readonly PinkLockV1[] | null) ?? []) : [];
  return { count, locks: listed.map((lock) => plainLock(lock.id, lock.owner, lock.amount, lock.unlockDate, now)), read: "first" };
}

/** PinkLock's vesting rule: tgeBps of the whole at the TGE, then cycleBps more every full cycle, never past the whole. */
function vestedAt(terms: VestingTerms, time: bigint): bigint {
  if (time < terms.tgeTime) return 0n;
  const vested = (terms.total * terms.tgeBps) / 10_000n + ((time - terms.tgeTime) / terms.cycleSeconds) * ((terms.total * terms.cycleBps) / 10_000n);
  return vested > terms.total ? terms.total : vested;
}

function fullyVestedAt(terms: VestingTerms): bigint {
  const atTge = (terms.total * terms.tgeBps) / 10_000n;
  const perCycle = (terms.total * terms.cycleBps) / 10_000n;
  if (atTge >= terms.total || perCycle === 0n) return terms.tgeTime;
  const cycles = (terms.total - atTge + perCycle - 1n) / perCycle;
  return terms.tgeTime + cycles * terms.cycleSeconds;
}

/**
 * One lock's LP at a time: what its owner can take out now and since when, and what is still
 * locked and when the next part of it unlocks. A plain lock is all one or the other; a vesting
 * lock's vested part not yet taken is withdrawable, the rest locked until its next cycle.
 */
export function lockTerms(lock: Pick<LockProof, "amount" | "unlockTime" | "withdrawn" | "vesting">, now: bigint): { withdrawable: bigint; locked: bigint; nextUnlock: bigint | null; since: bigint | null } {
  if (lock.withdrawn || lock.amount === 0n) return { withdrawable: 0n, locked: 0n, nextUnlock: null, since: null };
  const terms = lock.vesting;
  if (!terms) return lock.unlockTime <= now ? { withdrawable: lock.amount, locked: 0n, nextUnlock: null, since: lock.unlockTime } : { withdrawable: 0n, locked: lock.amount, nextUnlock: lock.unlockTime, since: null };
  const vested = vestedAt(terms, now);
  const withdrawable = vested > terms.unlockedAmount ? vested - terms.unlockedAmount : 0n;
  const locked = terms.total - (vested > terms.unlockedAmount ? vested : terms.unlockedAmount);
  const nextUnlock = locked === 0n ? null : now < terms.tgeTime ? terms.tgeTime : terms.tgeTime + ((now - terms.tgeTime) / terms.cycleSeconds + 1n) * terms.cycleSeconds;
  let since: bigint | null = null;
  if (withdrawable > 0n) {
    // The first step whose cumulative release passed what the owner already took.
    const atTge = (terms.total * terms.tgeBps) / 10_000n;
    const perCycle = (terms.total * terms.cycleBps) / 10_000n;
    since = atTge > terms.unlockedAmount || perCycle === 0n ? terms.tgeTime : terms.tgeTime + ((terms.unlockedAmount - atTge) / perCycle + 1n) * terms.cycleSeconds;
  }
  return { withdrawable, locked, nextUnlock, since };
}

type UncxLensLock = { id: bigint; owner: Address; amount: bigint; unlockDate: bigint; answered: boolean };
type UncxLocksRead = { answered: boolean; count: bigint; locks: readonly UncxLensLock[] };

/** UNCX 2024 locks of the LP through the lens (the newest maxLocksRead); null when the node refuses the override. */
export async function readUncxLocksByLens(ctx: MarketContext, locker: Address, lp: Address): Promise<UncxLocksRead | null> {
  const read = await callLockerLens<readonly [boolean, bigint, readonly UncxLensLock[]]>(ctx, { functionName: "uncxLocks", args: [locker, lp, BigInt(maxLocksRead)] });
  return read && { answered: read[0], count: read[1], locks: read[2] };
}

/**
 * The same locks for a node that refused the lens: the newest ids by index, then each lock by id,
 * two rounds more; only where the locker holds this LP.
 */
export async function readUncxLocksByIds(ctx: MarketContext, locker: Address, lp: Address, count: bigint): Promise<UncxLocksRead> {
  const first = count > BigInt(maxLocksRead) ? count - BigInt(maxLocksRead) : 0n;
  const indexes = Array.from({ length: Number(count - first) }, (_, offset) => first + BigInt(offset));
  const idResults = await aggregate(ctx, indexes.map((index) => call({ address: locker, abi: uncxLockIdsAbi, functionName: "TOKEN_LOCKS", args: [lp, index] })));
  const ids = idResults.map((result) => valueOrNull(result));
  const listed = ids.filter((id): id is bigint => id !== null);
  const lockResults = await aggregate(ctx, listed.map((id) => call({ address: locker, abi: uncxLockIdsAbi, functionName: "LOCKS", args: [id] })));
  const byId = new Map(listed.map((id, index) => [id, valueOrNull(lockResults[index])]));
  const locks = ids.map((id): UncxLensLock => {
    const entry = id === null ? null : byId.get(id);
    if (id === null || !entry || entry[0].toLowerCase() !== lp.toLowerCase()) return { id: id ?? 0n, owner: zeroAddress, amount: 0n, unlockDate: 0n, answered: false };
    return { id, owner: entry[6], amount: entry[2], unlockDate: entry[4], answered: true };
  });
  return { answered: true, count, locks };
}

export function uncxLockCount(results: readonly CallResult[]): bigint | null {
  return valueOrNull(results[0]) as bigint | null;
}

/** UNCX 2024 locks: `amount` is what the lock still holds, so a lock taken out in full is withdrawn. */
export function uncxLockIdsSchedule(read: UncxLocksRead | null, now: bigint | null): Schedule {
  if (!read || !read.answered) return { count: null, locks: [], read: "newest" };
  const locks = read.locks.filter((lock) => lock.answered).map((lock) => plainLock(lock.id, lock.owner, lock.amount, lock.unlockDate, now));
  return { count: read.count, locks, read: "newest" };
}

/**
 * Newest locks of a UNCX V3 position locker searched for a pool's locks through the lens: each
 * getLock costs some 26,000 gas, so 1,000 stay near half of the 50M gas an eth_call commonly gets.
 */
export const maxPositionLocksScanned = 1_000;
/** The same search by id for a node that refuses the lens (its multicall answers are larger). */
export const maxPositionLocksById = 100;

/** One lock of a position NFT; unlockTime is null for an eternal lock (UNCX's type(uint256).max). */
export type PositionLock = { lockId: bigint; positionManager: Address; nftId: bigint; owner: Address; unlockTime: bigint | null };

/** A position locker's locks of one pool among its newest `scanned` of `count` locks. */
export type PositionLockScan = { count: bigint; scanned: bigint; locks: PositionLock[] };

const eternal = (unlockDate: bigint) => (unlockDate === 2n ** 256n - 1n ? null : unlockDate);

type LensPositionLock = { id: bigint; positionManager: Address; nftId: bigint; owner: Address; unlockDate: bigint };

/**
 * A UNCX V3 position locker's locks of the pool among its newest locks, through the lens in the
 * round that reads the positions' owners; searched only when the locker holds one of the pool's
 * positions found (`tokenIds` of `manager`), else no lock and nothing scanned. "refused" when the
 * node refuses the override; null when the locker does not answer getLocksLength (not such a
 * locker).
 */
export async function readPositionLocksByLens(ctx: MarketContext, locker: Address, pool: Address, manager: Address, tokenIds: readonly bigint[]): Promise<PositionLockScan | null | "refused"> {
  const read = await callLockerLens<readonly [boolean, bigint, bigint, readonly LensPositionLock[]]>(ctx, { functionName: "uncxV3PoolLocks", args: [locker, pool, manager, tokenIds, BigInt(maxPositionLocksScanned)] });
  if (read === null) return "refused";
  const [answered, count, scanned, locks] = read;
  if (!answered) return null;
  return { count, scanned, locks: locks.map((lock) => ({ lockId: lock.id, positionManager: getAddress(lock.positionManager), nftId: lock.nftId, owner: getAddress(lock.owner), unlockTime: eternal(lock.unlockDate) })) };
}

/**
 * The same search for a node that refused the lens: the lock count, then the newest locks by id,
 * two rounds more; only where the locker holds a position of this pool.
 */
export async function readPositionLocksByIds(ctx: MarketContext, locker: Address, pool: Address): Promise<PositionLockScan | null> {
  const [countResult] = await aggregate(ctx, [{ address: locker, abi: uncxV3LockerAbi, functionName: "getLocksLength" }]);
  const count = valueOrNull(countResult);
  if (count === null) return null;
  const floor = count > BigInt(maxPositionLocksById) ? count - BigInt(maxPositionLocksById) : 0n;
  const ids = Array.from({ length: Number(count - floor) }, (_, offset) => count - 1n - BigInt(offset));
  const results = await aggregate(ctx, ids.map((id) => call({ address: locker, abi: uncxV3LockerAbi, functionName: "getLock", args: [id] })));
  const locks: PositionLock[] = [];
  for (const result of results) {
    const lock = valueOrNull(result);
    if (!lock || lock.pool.toLowerCase() !== pool.toLowerCase()) continue;
    locks.push({ lockId: lock.lock_id, positionManager: getAddress(lock.nftPositionManager), nftId: lock.nft_id, owner: getAddress(lock.owner), unlockTime: eternal(lock.unlockDate) });
  }
  return { count, scanned: BigInt(ids.length), locks };
}
