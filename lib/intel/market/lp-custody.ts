// Who holds a V2-style pool's LP tokens, and on what terms. Two rounds:
//   1. the pool's LP Transfer and Burn logs over a bounded look-back (holders, burn
//      transactions, liquidity removals, the first provider) and, when lock proof is asked
//      for, the Locked events of lockers that hold this LP;
//   2. at the pinned block: total supply, every candidate's balance, the code of every
//      candidate (to tell wallets, recognised locker code and other contracts apart), the
//      current state of each lock found, and the schedule of every registry locker whose
//      schedule is state (UNCX's tokenLocks), read whether or not lock proof was asked for.
// A lock whose unlock time has passed is withdrawable, not locked: its owner can take the LP
// out today, and it is counted apart, with the time since when.
// An LP holder that is a contract we do not recognise is "unverified custody", never
// "unlocked": a custom locker may well hold it on terms we cannot read.
import { getAddress, keccak256, zeroAddress, type Address, type Hash, type Hex } from "viem";
import { scanLogs, type ScanEnd } from "@/lib/chain/log-scanner";
import { findLocker, findLockerCode, isBurnAddress, type LockPattern } from "@/lib/chain/networks";
import { liquidityTimelockAbi, lpTransfer, pairBurn, solidlyBurn, timelockLocked, uncxTokenLocksAbi, v2PairAbi } from "./abis";
import { aggregate, sameAddress, valueOrNull, type ContractCall, type MarketContext } from "./context";
import type { PoolCandidate } from "./pools";

export type TeamRelation = "deployer" | "owner" | "initial_liquidity_provider";

export type CustodyOptions = {
  /** Wallets linked to the token's team (deployer, owner), with how each is linked. */
  team?: readonly { address: Address; relation: TeamRelation }[];
  /** How far back LP transfers are read for holders and evidence. */
  lookbackBlocks?: bigint;
  /** Read and prove each lock (unlock time, owner, amount) in recognised lockers. */
  locks?: boolean;
  /** Most entries per list (holders, burn transactions, removals); totals always cover everyone. */
  listLimit?: number;
  /** Most addresses whose balance is read (the most recently active first). */
  maxCandidates?: number;
};

export const custodyDefaults = { lookbackBlocks: 100_000n, listLimit: 10, maxCandidates: 100 } as const;

/** Locks of one LP token read from a state-schedule locker (UNCX's tokenLocks) in one round. */
export const maxLocksRead = 20;

export type Holding = { address: Address; amount: bigint };

export type BurnTransfer = { transaction: Hash; block: bigint; from: Address; to: Address; amount: bigint; kind: "transfer" | "minimum_liquidity" };

export type LiquidityRemoval = { transaction: Hash; block: bigint; by: Address | null; lpAmount: bigint | null; amount0: bigint; amount1: bigint };

/** One lock; `transaction` is the Locked event's where the locker emits one, null for a schedule read from state. */
export type LockProof = { lockId: bigint; owner: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean; lockedAtRead: boolean | null; transaction: Hash | null };

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

type TransferLog = { eventName: "Transfer"; args: { from: Address; to: Address; value: bigint }; transactionHash: Hash; blockNumber: bigint; logIndex: number; address: Address };
type BurnLog = { eventName: "Burn"; args: { sender: Address; amount0: bigint; amount1: bigint; to: Address }; transactionHash: Hash; blockNumber: bigint; logIndex: number };
type LockedLog = { args: { lockId: bigint; token: Address; owner: Address; amount: bigint; unlockTime: bigint }; address: Address; transactionHash: Hash };

// Solidly pools (Aerodrome classic) mint their MINIMUM_LIQUIDITY to address(1), Uniswap V2 pairs to
// the zero address: no one controls either, so LP there is out of reach for good.
const MINIMUM_LIQUIDITY_HOLDER = getAddress("0x0000000000000000000000000000000000000001");
const isMinimumLiquidityHolder = (address: Address) => sameAddress(address, zeroAddress) || sameAddress(address, MINIMUM_LIQUIDITY_HOLDER);

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

/** `pool.dex`, when given, narrows the lockers asked for a schedule to those that hold that DEX's LP. */
export async function readLpCustody(ctx: MarketContext, pool: Pick<PoolCandidate, "address"> & { dex?: { key: string } }, options: CustodyOptions = {}): Promise<LpCustody> {
  const lookback = options.lookbackBlocks ?? custodyDefaults.lookbackBlocks;
  const listLimit = options.listLimit ?? custodyDefaults.listLimit;
  const maxCandidates = options.maxCandidates ?? custodyDefaults.maxCandidates;
  const poolAddress = getAddress(pool.address);
  const scanWindow = { fromBlock: 0n, toBlock: ctx.block, maxLookbackBlocks: lookback, chunkSize: 50_000n, concurrency: 8 };

  // Round 1: logs.
  const [lpLogs, lockedLogs] = await Promise.all([
    scanLogs({ client: ctx.client, address: poolAddress, events: [lpTransfer, pairBurn, solidlyBurn] as const, maxLogs: 20_000, ...scanWindow }),
    options.locks ? scanLogs({ client: ctx.client, events: [timelockLocked] as const, args: { token: poolAddress }, ...scanWindow }) : null,
  ]);
  const transfers = lpLogs.logs.filter((log) => log.eventName === "Transfer") as unknown as TransferLog[];
  const burns = lpLogs.logs.filter((log) => log.eventName === "Burn") as unknown as BurnLog[];
  const locked = (lockedLogs?.logs ?? []) as unknown as LockedLog[];

  const team = new Map<string, { address: Address; relations: TeamRelation[] }>();
  const addTeam = (address: Address, relation: TeamRelation) => {
    if (sameAddress(address, zeroAddress) || isBurnAddress(ctx.chain, address)) return;
    const entry = team.get(address.toLowerCase()) ?? { address: getAddress(address), relations: [] };
    if (!entry.relations.includes(relation)) entry.relations.push(relation);
    team.set(address.toLowerCase(), entry);
  };
  for (const wallet of options.team ?? []) addTeam(wallet.address, wallet.relation);
  const firstProvider = initialProvider(transfers);
  if (firstProvider) addTeam(firstProvider, "initial_liquidity_provider");

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
  const balanceCalls: ContractCall[] = candidates.map((address) => ({ address: poolAddress, abi: v2PairAbi, functionName: "balanceOf", args: [address] }));
  const lockCalls: ContractCall[] = locked.map((log) => ({ address: getAddress(log.address), abi: liquidityTimelockAbi, functionName: "getLock", args: [log.args.lockId] }));
  const scheduleLockers = ctx.network.lockers.filter((locker) => locker.pattern === "uncx-token-locks" && (!pool.dex || locker.dex === null || locker.dex === pool.dex.key));
  const scheduleCalls: ContractCall[] = scheduleLockers.flatMap((locker) => [
    { address: locker.address, abi: uncxTokenLocksAbi, functionName: "getNumLocksForToken", args: [poolAddress] },
    ...Array.from({ length: maxLocksRead }, (_, index) => ({ address: locker.address, abi: uncxTokenLocksAbi, functionName: "tokenLocks", args: [poolAddress, BigInt(index)] })),
  ]);
  const [results, codes] = await Promise.all([
    aggregate(ctx, [{ address: poolAddress, abi: v2PairAbi, functionName: "totalSupply" }, ...balanceCalls, ...lockCalls, ...scheduleCalls]),
    Promise.all(needsCode.map((address) => ctx.client.getCode({ address, blockNumber: ctx.block }))),
  ]);
  const lpTotalSupply = valueOrNull<bigint>(results[0]);
  const balances = new Map<string, bigint>();
  candidates.forEach((address, index) => {
    const value = valueOrNull<bigint>(results[1 + index]);
    if (value !== null && value > 0n) balances.set(address.toLowerCase(), value);
  });
  const lockStates = locked.map((log, index) => ({ log, state: valueOrNull(results[1 + candidates.length + index]) as { token: Address; owner: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean } | null }));
  const schedulesFrom = 1 + candidates.length + locked.length;
  const schedules = new Map(
    scheduleLockers.map((locker, at) => {
      const base = schedulesFrom + at * (maxLocksRead + 1);
      const count = valueOrNull<bigint>(results[base]);
      const locks: LockProof[] = [];
      for (let index = 0; index < maxLocksRead && count !== null && BigInt(index) < count; index++) {
        const entry = valueOrNull<readonly [bigint, bigint, bigint, bigint, bigint, Address]>(results[base + 1 + index]);
        if (!entry) continue;
        const [, amount, , unlockDate, lockId, owner] = entry;
        locks.push({ lockId, owner: getAddress(owner), amount, unlockTime: unlockDate, withdrawn: amount === 0n, lockedAtRead: ctx.blockTimestamp === null ? null : amount > 0n && unlockDate > ctx.blockTimestamp, transaction: null });
      }
      return [locker.address.toLowerCase(), { count, locks }] as const;
    }),
  );
  const codeOf = new Map<string, Hex>();
  needsCode.forEach((address, index) => codeOf.set(address.toLowerCase(), codes[index] ?? "0x"));

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
      const schedule = pattern === "uncx-token-locks" ? schedules.get(key) : undefined;
      const proofs = schedule ? schedule.locks : pattern === "liquidity-timelock" && options.locks ? lockProofs(ctx, address, lockStates) : null;
      const terms = splitByUnlock(amount, proofs, ctx.blockTimestamp);
      const holding: LockerHolding = {
        address,
        amount,
        key: recognised.key,
        name: recognised.name,
        recognisedBy: registryLocker ? "registry_address" : "code_hash",
        pattern,
        locks: proofs && (options.locks || schedule) ? proofs : null,
        locksReason: lockNote(pattern, proofs, schedule?.count ?? null, options.locks ?? false, ctx.blockTimestamp, amount),
        ...terms,
      };
      custody.locked.amount += terms.stillLocked;
      custody.withdrawable.amount += terms.withdrawable;
      if (terms.stillLocked > 0n || terms.withdrawable === 0n) custody.locked.lockers.push(holding);
      if (terms.withdrawable > 0n) custody.withdrawable.lockers.push(holding);
    } else if (team.has(key)) {
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
  const live = locks.filter((lock) => !lock.withdrawn && lock.amount > 0n);
  const expired = live.filter((lock) => lock.unlockTime <= now);
  const running = live.filter((lock) => lock.unlockTime > now);
  const sum = (list: readonly LockProof[]) => list.reduce((total, lock) => total + lock.amount, 0n);
  const withdrawable = sum(expired) < balance ? sum(expired) : balance;
  const earliest = (list: readonly LockProof[]) => (list.length === 0 ? null : list.reduce((low, lock) => (lock.unlockTime < low ? lock.unlockTime : low), list[0].unlockTime));
  return { stillLocked: balance - withdrawable, withdrawable, earliestUnlock: earliest(running), withdrawableSince: earliest(expired) };
}

function lockNote(pattern: LockPattern | null, proofs: readonly LockProof[] | null, count: bigint | null, asked: boolean, now: bigint | null, balance: bigint): string | null {
  if (pattern === "uncx-token-locks") {
    if (count === null) return "The locker did not answer getNumLocksForToken; its LP is counted as locked, with no unlock time.";
    if (count > BigInt(maxLocksRead)) return `The first ${maxLocksRead} of ${count} locks were read; LP the others hold is counted as locked, with no unlock time.`;
    if (now === null) return "The block's time is not known, so expired locks could not be told from running ones; all is counted as locked.";
    const accounted = (proofs ?? []).filter((lock) => !lock.withdrawn).reduce((total, lock) => total + lock.amount, 0n);
    return accounted < balance ? "The locker holds LP no lock accounts for (sent to it directly); that LP is counted as locked, with no unlock time." : null;
  }
  if (proofs) return null;
  return !asked ? "Lock proof not requested (set locks or full)." : "This locker's lock schedule is not decoded in this version; its LP is counted as locked, with no unlock time.";
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
