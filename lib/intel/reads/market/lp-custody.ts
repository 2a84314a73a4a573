// Who holds a V2-style pool's LP tokens, and on what terms (burned, locked, withdrawable,
// team-held, unverified custody), in two rounds.
import { getAddress, keccak256, zeroAddress, type AbiEvent, type Address, type Hash, type Hex } from "viem";
import { scanLogs, type ScanEnd, type ScannedLog } from "@/lib/chain/log-scanner";
import type { z } from "zod";
import type { teamRelationOut } from "@/lib/schemas/responses/onchain-parts";
import { findLocker, findLockerCode, isBurnAddress, type LockPattern } from "@/lib/chain/networks";
import { describeHolders, holderProbes } from "@/lib/chain/account-kind";
import { liquidityTimelockAbi, timelockLocked, v2PairAbi } from "./abis";
import { transferEvent, type TransferLog } from "@/lib/chain/events";
import { aggregateGroups, call, sameAddress, valueOrNull, type MarketContext } from "./context";
import {
  lockTerms,
  maxLocksRead,
  pinkLockSchedule,
  pinkLockV1Schedule,
  readTeamFinanceByIds,
  readTeamFinanceByLens,
  readUncxLocksByIds,
  readUncxLocksByLens,
  scheduleCalls,
  scheduleLockers,
  stateSchedulePatterns,
  teamFinanceIds,
  teamFinanceSchedule,
  uncxLockCount,
  uncxLockIdsSchedule,
  uncxSchedule,
  type LockProof,
  type Schedule,
} from "./locker-schedules";
import type { PoolCandidate } from "./pool-types";
import { venueKinds } from "./venues";

/** How a wallet is linked to the team: the answers' vocabulary (lib/schemas); initial_liquidity_provider only ever beside a team link. */
export type TeamRelation = z.output<typeof teamRelationOut>;

export type CustodyOptions = {
  /**
   * The team's wallets (deployment, ownership, control; team-links' isTeam), with how each is
   * linked: a wallet linked only by context (the launch mint, a transfer from the team) is no team
   * wallet and is left out by the caller. A promise is awaited after the log round, so links
   * learned beside it cost no round.
   */
  team?: readonly { address: Address; relation: TeamRelation }[] | Promise<readonly { address: Address; relation: TeamRelation }[]>;
  /** How far back LP transfers are read for holders and evidence. */
  lookbackBlocks?: bigint;
  /** List each lock's proof (unlock time, owner, amount) in recognised lockers; the locks are read and counted either way. */
  locks?: boolean;
  /** Most entries per list (holders, burn transactions, removals); totals always cover everyone. */
  listLimit?: number;
  /** Most addresses whose balance is read (the most recently active first). */
  maxCandidates?: number;
};

export const custodyDefaults = { lookbackBlocks: 100_000n, listLimit: 10, maxCandidates: 100 } as const;

export { maxLocksRead, type LockProof };

export type Holding = { address: Address; amount: bigint };

export type BurnTransfer = { transaction: Hash; block: bigint; from: Address; to: Address; amount: bigint; kind: "transfer" | "minimum_liquidity" };

export type LiquidityRemoval = { transaction: Hash; block: bigint; by: Address | null; lpAmount: bigint | null; amount0: bigint; amount1: bigint };

export type LockerHolding = Holding & {
  key: string;
  name: string;
  recognisedBy: "registry_address" | "code_hash";
  pattern: LockPattern | null;
  /** Decoded locks of this LP (when asked and the pattern is known); null when not read. */
  locks: LockProof[] | null;
  locksReason: string | null;
  /** Of `amount`: what is still locked (undecoded LP counts here), and what its owners can withdraw now. */
  stillLocked: bigint;
  withdrawable: bigint;
  /** The earliest unlock time still ahead; null when none is known. */
  earliestUnlock: bigint | null;
  /** Since when the withdrawable LP could be taken out (the earliest passed unlock time); null when none. */
  withdrawableSince: bigint | null;
};

export type LpCustody = {
  pool: Address;
  block: bigint;
  lpTotalSupply: bigint | null;
  burned: { amount: bigint; holders: Holding[]; transactions: BurnTransfer[] };
  /** LP in recognised lockers still locked at the read block (and LP whose schedule is not decoded). */
  locked: { amount: bigint; lockers: LockerHolding[] };
  /** LP in recognised lockers whose locks have expired: its owners can withdraw it now. */
  withdrawable: { amount: bigint; lockers: LockerHolding[] };
  team: { amount: bigint; holders: (Holding & { relations: TeamRelation[]; isContract: boolean })[] };
  unverifiedCustody: { amount: bigint; holders: Holding[] };
  otherHolders: { amount: bigint; identified: Holding[]; unidentifiedAmount: bigint };
  removals: LiquidityRemoval[];
  /** Who received the pool's first LP mint, when the window reaches back to it. */
  initialProvider: Address | null;
  scan: { fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd; candidatesCapped: boolean };
};

type BurnLog = { eventName: "Burn"; args: { sender: Address; amount0: bigint; amount1: bigint; to: Address }; transactionHash: Hash; blockNumber: bigint; logIndex: number };
type LockedLog = ScannedLog<readonly [typeof timelockLocked]>;

// Solidly pools (Aerodrome classic) mint their MINIMUM_LIQUIDITY to address(1), Uniswap V2 pairs to
// the zero address: no one controls either, so LP there is out of reach for good.
const MINIMUM_LIQUIDITY_HOLDER = getAddress("0x0000000000000000000000000000000000000001");
const isMinimumLiquidityHolder = (address: Address) => sameAddress(address, zeroAddress) || sameAddress(address, MINIMUM_LIQUIDITY_HOLDER);

// The Burn event of every LP-token venue, as its module encodes it (Uniswap V2 and Solidly order
// its fields differently): a removal is read from whichever the pool emits.
const lpBurns = Object.values(venueKinds)
  .filter((venue) => venue.lpToken)
  .flatMap((venue) => Object.values(venue.eventDecoders).flatMap((decoder) => (decoder?.abi ?? []).filter((item): item is AbiEvent => item.type === "event" && item.name === "Burn")));

const sortByAmount = <T extends { amount: bigint }>(list: T[]) => list.sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1));

function removalsFrom(pool: Address, transfers: TransferLog[], burns: BurnLog[]): LiquidityRemoval[] {
  return burns.map((burn) => {
    const sameTx = transfers.filter((log) => log.transactionHash === burn.transactionHash && log.logIndex < burn.logIndex);
    const burned = sameTx.filter((log) => sameAddress(log.args.from, pool) && sameAddress(log.args.to, zeroAddress)).at(-1);
    const sentIn = sameTx.filter((log) => sameAddress(log.args.to, pool) && !sameAddress(log.args.from, zeroAddress)).at(-1);
    return { transaction: burn.transactionHash, block: burn.blockNumber, by: sentIn ? getAddress(sentIn.args.from) : null, lpAmount: burned?.args.value ?? null, amount0: burn.args.amount0, amount1: burn.args.amount1 };
  });
}

/** The first provider: the other recipient of the mint in the transaction that minted MINIMUM_LIQUIDITY away (to zero, or to address(1) on Solidly pools). */
function initialProvider(transfers: TransferLog[]): Address | null {
  const creation = transfers.find((log) => sameAddress(log.args.from, zeroAddress) && isMinimumLiquidityHolder(log.args.to));
  if (!creation) return null;
  const mint = transfers.find((log) => log.transactionHash === creation.transactionHash && sameAddress(log.args.from, zeroAddress) && !isMinimumLiquidityHolder(log.args.to));
  return mint ? getAddress(mint.args.to) : null;
}

/**
 * Who holds a V2-style pool's LP tokens, and on what terms. Two rounds:
 *
 *   1. the pool's LP Transfer and Burn logs over a bounded look-back (holders, burn
 *      transactions, liquidity removals, the first provider) and the Locked events of
 *      lockers that hold this LP;
 *   2. at the pinned block: total supply, every candidate's balance, the code of every
 *      candidate (to tell wallets, recognised locker code and other contracts apart), the
 *      current state of each lock found, and the schedule of every registry locker whose
 *      schedule is state (UNCX's tokenLocks, PinkLock V2's and V1's locks, Team.Finance's deposits and UNCX
 *      2024's locks through the locker lens: locker-schedules.ts).
 *
 * Every lock is read whether or not its proof was asked for: what is locked, until when and what
 * is withdrawable is one answer for intel/risk (which never asks) and intel/liquidity (which lists
 * the proof only when asked); asking changes what is listed, never the shares or the dates.
 * A lock whose unlock time has passed is withdrawable, not locked: its owner can take the LP
 * out today, and it is counted apart, with the time since when.
 * An LP holder that is a contract we do not recognise is "unverified custody", never
 * "unlocked": a custom locker may well hold it on terms we cannot read. So is a contract linked to
 * the team that is no wallet (a staking or rewards contract the token lets mint, a factory that
 * deployed it): it holds LP for others on its own terms. A Safe or a timelock is the team's.
 *
 * `pool.dex`, when given, narrows the lockers asked for a schedule to those that hold that DEX's LP.
 */
export async function readLpCustody(ctx: MarketContext, pool: Pick<PoolCandidate, "address"> & { dex?: { key: string } }, options: CustodyOptions = {}): Promise<LpCustody> {
  const lookback = options.lookbackBlocks ?? custodyDefaults.lookbackBlocks;
  const listLimit = options.listLimit ?? custodyDefaults.listLimit;
  const maxCandidates = options.maxCandidates ?? custodyDefaults.maxCandidates;
  const poolAddress = getAddress(pool.address);
  const scanWindow = { fromBlock: 0n, toBlock: ctx.block, maxLookbackBlocks: lookback, chunkSize: 50_000n, concurrency: 8 };

  // Round 1: logs.
  const [lpLogs, lockedLogs] = await Promise.all([
    scanLogs({ client: ctx.client, address: poolAddress, events: [transferEvent, ...lpBurns], maxLogs: 20_000, ...scanWindow }),
    scanLogs({ client: ctx.client, events: [timelockLocked] as const, args: { token: poolAddress }, ...scanWindow }),
  ]);
  // The scan's Burn events are the venues' (found at run time, so typed as any event): its logs are told apart by name.
  const transfers = lpLogs.logs.filter((log) => log.eventName === "Transfer") as unknown as TransferLog[];
  const burns = lpLogs.logs.filter((log) => log.eventName === "Burn") as unknown as BurnLog[];
  const locked = lockedLogs.logs;

  const team = new Map<string, { address: Address; relations: TeamRelation[] }>();
  const addTeam = (address: Address, relation: TeamRelation) => {
    if (sameAddress(address, zeroAddress) || isBurnAddress(ctx.chain, address)) return;
    const entry = team.get(address.toLowerCase()) ?? { address: getAddress(address), relations: [] };
    if (!entry.relations.includes(relation)) entry.relations.push(relation);
    team.set(address.toLowerCase(), entry);
  };
  for (const wallet of (await options.team) ?? []) addTeam(wallet.address, wallet.relation);
  // Whoever seeded a pool first is anyone at all (a market maker, an aggregator's user, the
  // token's own team): it is the team's only when something else links it to the token.
  const firstProvider = initialProvider(transfers);
  if (firstProvider && team.has(firstProvider.toLowerCase())) addTeam(firstProvider, "initial_liquidity_provider");

  // Candidates: fixed parties first, then everyone the logs name, the most recent first.
  const fixed = [...ctx.network.burnAddresses, MINIMUM_LIQUIDITY_HOLDER, ...ctx.network.lockers.map((locker) => locker.address), ...[...team.values()].map((wallet) => wallet.address), ...locked.map((log) => getAddress(log.address))];
  const seen = new Set<string>();
  const candidates: Address[] = [];
  const add = (address: Address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push(getAddress(address));
  };
  fixed.forEach(add);
  let capped = false;
  for (const log of [...transfers].reverse()) {
    for (const address of [log.args.to, log.args.from]) {
      if (seen.has(address.toLowerCase())) continue;
      if (candidates.length >= fixed.length + maxCandidates) {
        capped = true;
        continue;
      }
      add(address);
    }
  }
  const needsCode = candidates.filter((address) => !isBurnAddress(ctx.chain, address) && !isMinimumLiquidityHolder(address) && !findLocker(ctx.chain, address) && !sameAddress(address, poolAddress));

  // Round 2: balances, supply, code and locks, all at the pinned block.
  const balanceCalls = candidates.map((address) => call({ address: poolAddress, abi: v2PairAbi, functionName: "balanceOf", args: [address] }));
  const lockCalls = locked.map((log) => call({ address: getAddress(log.address), abi: liquidityTimelockAbi, functionName: "getLock", args: [log.args.lockId] }));
  const askedLockers = scheduleLockers(ctx.network.lockers, pool.dex?.key);
  const perLocker = askedLockers.map((locker) => scheduleCalls(locker, poolAddress));
  const lensReads = askedLockers.map((locker) =>
    locker.pattern === "team-finance-deposits" ? readTeamFinanceByLens(ctx, locker.address, poolAddress) : locker.pattern === "uncx-token-lock-ids" ? readUncxLocksByLens(ctx, locker.address, poolAddress) : Promise.resolve(null),
  );
  // Each team address is asked whether it is a Safe or a timelock beside its balance: only the team's
  // wallets count as team LP, and a contract's kind is known only from those answers and its code.
  const teamAddresses = [...team.values()].map((wallet) => wallet.address);
  const [results, codes, lensed] = await Promise.all([
    aggregateGroups(ctx, { supply: [{ address: poolAddress, abi: v2PairAbi, functionName: "totalSupply" }], balances: balanceCalls, locks: lockCalls, schedules: perLocker, probes: teamAddresses.map(holderProbes) }),
    Promise.all(needsCode.map((address) => ctx.client.getCode({ address, blockNumber: ctx.block }))),
    Promise.all(lensReads),
  ]);
  const lpTotalSupply = valueOrNull(results.supply[0]);
  const balances = new Map<string, bigint>();
  candidates.forEach((address, index) => {
    const value = valueOrNull(results.balances[index]);
    if (value !== null && value > 0n) balances.set(address.toLowerCase(), value);
  });
  const lockStates = locked.map((log, index) => ({ log, state: valueOrNull(results.locks[index]) }));
  const schedules = new Map<string, Schedule>(
    await Promise.all(
      askedLockers.map(async (locker, at) => {
        const own = results.schedules[at];
        if (locker.pattern === "uncx-token-locks") return [locker.address.toLowerCase(), uncxSchedule(own, ctx.blockTimestamp)] as const;
        if (locker.pattern === "pinklock-v2") return [locker.address.toLowerCase(), pinkLockSchedule(own, ctx.blockTimestamp)] as const;
        if (locker.pattern === "pinklock-v1") return [locker.address.toLowerCase(), pinkLockV1Schedule(own, ctx.blockTimestamp)] as const;
        const holds = balances.has(locker.address.toLowerCase());
        if (locker.pattern === "uncx-token-lock-ids") {
          // The lens's read, or, from a node that refused it, the locks by index and id in two rounds
          // more, and only where the locker holds this LP.
          const count = uncxLockCount(own);
          const read = (lensed[at] as Awaited<ReturnType<typeof readUncxLocksByLens>>) ?? (count === null ? null : holds && count > 0n ? await readUncxLocksByIds(ctx, locker.address, poolAddress, count) : { answered: true, count, locks: [] });
          return [locker.address.toLowerCase(), uncxLockIdsSchedule(read, ctx.blockTimestamp)] as const;
        }
        // Team.Finance: the lens's read, or, from a node that refused it, the deposits by id in one
        // round more, and only where the locker holds this LP.
        const ids = teamFinanceIds(own);
        const read = (lensed[at] as Awaited<ReturnType<typeof readTeamFinanceByLens>>) ?? (ids === null ? null : holds && ids.length > 0 ? await readTeamFinanceByIds(ctx, locker.address, poolAddress, ids) : { answered: true, count: BigInt(ids.length), deposits: [] });
        return [locker.address.toLowerCase(), teamFinanceSchedule(read, ctx.blockTimestamp)] as const;
      }),
    ),
  );
  const codeOf = new Map<string, Hex>();
  needsCode.forEach((address, index) => codeOf.set(address.toLowerCase(), codes[index] ?? "0x"));
  const teamKinds = new Map(describeHolders(teamAddresses, (address) => codeOf.get(address.toLowerCase()), results.probes).map((holder) => [holder.address.toLowerCase(), holder.kind]));

  const custody: LpCustody = {
    pool: poolAddress,
    block: ctx.block,
    lpTotalSupply,
    burned: { amount: 0n, holders: [], transactions: [] },
    locked: { amount: 0n, lockers: [] },
    withdrawable: { amount: 0n, lockers: [] },
    team: { amount: 0n, holders: [] },
    unverifiedCustody: { amount: 0n, holders: [] },
    otherHolders: { amount: 0n, identified: [], unidentifiedAmount: 0n },
    removals: removalsFrom(poolAddress, transfers, burns).reverse().slice(0, listLimit),
    initialProvider: firstProvider,
    scan: { fromBlock: lpLogs.fromBlock, toBlock: lpLogs.toBlock, truncated: lpLogs.truncated, end: lpLogs.reason, candidatesCapped: capped },
  };

  for (const [key, amount] of balances) {
    const address = getAddress(key);
    const code = codeOf.get(key);
    const isContract = code !== undefined && code !== "0x";
    const registryLocker = findLocker(ctx.chain, address);
    const codeLocker = isContract ? findLockerCode(keccak256(code)) : undefined;
    if (isBurnAddress(ctx.chain, address) || isMinimumLiquidityHolder(address)) {
      custody.burned.amount += amount;
      custody.burned.holders.push({ address, amount });
    } else if (registryLocker || codeLocker) {
      const recognised = registryLocker ?? codeLocker!;
      const pattern = registryLocker ? (registryLocker.pattern ?? null) : codeLocker!.pattern;
      const schedule = pattern && stateSchedulePatterns.includes(pattern) ? schedules.get(key) : undefined;
      const proofs = schedule ? schedule.locks : pattern === "liquidity-timelock" ? lockProofs(ctx, address, lockStates) : null;
      const terms = splitByUnlock(amount, proofs, ctx.blockTimestamp);
      const holding: LockerHolding = {
        address,
        amount,
        key: recognised.key,
        name: recognised.name,
        recognisedBy: registryLocker ? "registry_address" : "code_hash",
        pattern,
        locks: proofs && (options.locks || schedule) ? proofs : null,
        locksReason: lockNote(pattern, proofs, schedule ?? null, options.locks ?? false, ctx.blockTimestamp, amount),
        ...terms,
      };
      custody.locked.amount += terms.stillLocked;
      custody.withdrawable.amount += terms.withdrawable;
      if (terms.stillLocked > 0n || terms.withdrawable === 0n) custody.locked.lockers.push(holding);
      if (terms.withdrawable > 0n) custody.withdrawable.lockers.push(holding);
    } else if (team.has(key) && teamKinds.get(key) !== "contract") {
      custody.team.amount += amount;
      custody.team.holders.push({ address, amount, relations: team.get(key)!.relations, isContract });
    } else if (isContract) {
      custody.unverifiedCustody.amount += amount;
      custody.unverifiedCustody.holders.push({ address, amount });
    } else {
      custody.otherHolders.amount += amount;
      custody.otherHolders.identified.push({ address, amount });
    }
  }

  // Oldest first: the original burn is the evidence that matters; removals below are newest first.
  custody.burned.transactions = transfers
    .filter((log) => (isBurnAddress(ctx.chain, log.args.to) || isMinimumLiquidityHolder(log.args.to)) && !sameAddress(log.args.from, poolAddress))
    .map((log) => ({ transaction: log.transactionHash, block: log.blockNumber, from: getAddress(log.args.from), to: getAddress(log.args.to), amount: log.args.value, kind: sameAddress(log.args.from, zeroAddress) ? ("minimum_liquidity" as const) : ("transfer" as const) }))
    .slice(0, listLimit);

  if (lpTotalSupply !== null) {
    const counted = custody.burned.amount + custody.locked.amount + custody.withdrawable.amount + custody.team.amount + custody.unverifiedCustody.amount + custody.otherHolders.amount;
    custody.otherHolders.unidentifiedAmount = lpTotalSupply > counted ? lpTotalSupply - counted : 0n;
    custody.otherHolders.amount += custody.otherHolders.unidentifiedAmount;
  }
  for (const list of [custody.burned.holders, custody.locked.lockers, custody.withdrawable.lockers, custody.team.holders, custody.unverifiedCustody.holders, custody.otherHolders.identified]) sortByAmount(list as { amount: bigint }[]);
  custody.team.holders = custody.team.holders.slice(0, listLimit);
  custody.unverifiedCustody.holders = custody.unverifiedCustody.holders.slice(0, listLimit);
  custody.otherHolders.identified = custody.otherHolders.identified.slice(0, listLimit);
  return custody;
}

/**
 * A locker's LP split by its locks' terms at the read time: locks past their unlock time are
 * withdrawable; what the decoded locks do not account for (an undecoded schedule, locks past
 * those read) stays counted as locked, as the locker's custody, with no unlock time.
 */
function splitByUnlock(balance: bigint, locks: readonly LockProof[] | null, now: bigint | null) {
  if (!locks || now === null) return { stillLocked: balance, withdrawable: 0n, earliestUnlock: null, withdrawableSince: null };
  let expired = 0n;
  let earliestUnlock: bigint | null = null;
  let withdrawableSince: bigint | null = null;
  const lower = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a < b ? a : b);
  for (const lock of locks) {
    // A vesting lock can be both: its vested part not yet taken is withdrawable, the rest still locked.
    const terms = lockTerms(lock, now);
    expired += terms.withdrawable;
    earliestUnlock = lower(earliestUnlock, terms.nextUnlock);
    withdrawableSince = lower(withdrawableSince, terms.since);
  }
  const withdrawable = expired < balance ? expired : balance;
  return { stillLocked: balance - withdrawable, withdrawable, earliestUnlock, withdrawableSince };
}

/** The call that counts a state-schedule locker's locks of one token, named when it did not answer. */
const scheduleCount: Partial<Record<LockPattern, string>> = {
  "uncx-token-locks": "getNumLocksForToken",
  "pinklock-v2": "totalLockCountForToken",
  "team-finance-deposits": "getDepositsByTokenAddress",
  "uncx-token-lock-ids": "getNumLocksForToken",
  "pinklock-v1": "totalLockCountForToken",
};

function lockNote(pattern: LockPattern | null, proofs: readonly LockProof[] | null, schedule: Schedule | null, asked: boolean, now: bigint | null, balance: bigint): string | null {
  if (pattern && stateSchedulePatterns.includes(pattern)) {
    const count = schedule?.count ?? null;
    if (count === null) return `The locker did not answer ${scheduleCount[pattern]}; its LP is counted as locked, with no unlock time.`;
    if (count > BigInt(maxLocksRead)) return `The ${schedule!.read} ${maxLocksRead} of ${count} locks were read; LP the others hold is counted as locked, with no unlock time.`;
    if (now === null) return "The block's time is not known, so expired locks could not be told from running ones; all is counted as locked.";
    const accounted = (proofs ?? []).filter((lock) => !lock.withdrawn).reduce((total, lock) => total + lock.amount, 0n);
    return accounted < balance ? "The locker holds LP no lock accounts for (sent to it directly); that LP is counted as locked, with no unlock time." : null;
  }
  if (proofs) return asked ? null : "Lock proof not requested (set locks or full): the locks were read and counted, and only their list is left out.";
  // Its locks are of position NFTs: LP tokens sent to it are on no lock's terms, and it has no way to send them back.
  if (pattern === "uncx-v3-positions") return "This locker locks position NFTs; LP tokens sent to it directly are on no lock's terms. They are counted as locked, with no unlock time.";
  return "This locker's lock schedule is not decoded in this version; its LP is counted as locked, with no unlock time.";
}

function lockProofs(ctx: MarketContext, locker: Address, states: { log: LockedLog; state: { owner: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean; token: Address } | null }[]): LockProof[] {
  return states
    .filter(({ log, state }) => state !== null && sameAddress(log.address, locker))
    .map(({ log, state }) => ({
      lockId: log.args.lockId,
      owner: getAddress(state!.owner),
      amount: state!.amount,
      unlockTime: state!.unlockTime,
      withdrawn: state!.withdrawn,
      lockedAtRead: ctx.blockTimestamp === null ? null : !state!.withdrawn && state!.unlockTime > ctx.blockTimestamp,
      transaction: log.transactionHash,
    }));
}
