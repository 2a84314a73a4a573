// Who holds a V2-style pool's LP tokens, and on what terms. Two rounds:
//   1. the pool's LP Transfer and Burn logs over a bounded look-back (holders, burn
//      transactions, liquidity removals, the first provider) and, when lock proof is asked
//      for, the Locked events of lockers that hold this LP;
//   2. at the pinned block: total supply, every candidate's balance, the code of every
//      candidate (to tell wallets, recognised locker code and other contracts apart) and
//      the current state of each lock found.
// An LP holder that is a contract we do not recognise is "unverified custody", never
// "unlocked": a custom locker may well hold it on terms we cannot read.
import { getAddress, keccak256, zeroAddress, type Address, type Hash, type Hex } from "viem";
import { scanLogs, type ScanEnd } from "@/lib/chain/log-scanner";
import { findLocker, findLockerCode, isBurnAddress, type LockPattern } from "@/lib/chain/networks";
import { liquidityTimelockAbi, lpTransfer, pairBurn, solidlyBurn, timelockLocked, v2PairAbi } from "./abis";
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

export type Holding = { address: Address; amount: bigint };

export type BurnTransfer = { transaction: Hash; block: bigint; from: Address; to: Address; amount: bigint; kind: "transfer" | "minimum_liquidity" };

export type LiquidityRemoval = { transaction: Hash; block: bigint; by: Address | null; lpAmount: bigint | null; amount0: bigint; amount1: bigint };

export type LockProof = { lockId: bigint; owner: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean; lockedAtRead: boolean | null; transaction: Hash };

export type LockerHolding = Holding & {
  key: string;
  name: string;
  recognisedBy: "registry_address" | "code_hash";
  pattern: LockPattern | null;
  /** Decoded locks of this LP (when asked and the pattern is known); null when not read. */
  locks: LockProof[] | null;
  locksReason: string | null;
};

export type LpCustody = {
  pool: Address;
  block: bigint;
  lpTotalSupply: bigint | null;
  burned: { amount: bigint; holders: Holding[]; transactions: BurnTransfer[] };
  locked: { amount: bigint; lockers: LockerHolding[] };
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

export async function readLpCustody(ctx: MarketContext, pool: Pick<PoolCandidate, "address">, options: CustodyOptions = {}): Promise<LpCustody> {
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
  const [results, codes] = await Promise.all([
    aggregate(ctx, [{ address: poolAddress, abi: v2PairAbi, functionName: "totalSupply" }, ...balanceCalls, ...lockCalls]),
    Promise.all(needsCode.map((address) => ctx.client.getCode({ address, blockNumber: ctx.block }))),
  ]);
  const lpTotalSupply = valueOrNull<bigint>(results[0]);
  const balances = new Map<string, bigint>();
  candidates.forEach((address, index) => {
    const value = valueOrNull<bigint>(results[1 + index]);
    if (value !== null && value > 0n) balances.set(address.toLowerCase(), value);
  });
  const lockStates = locked.map((log, index) => ({ log, state: valueOrNull(results[1 + candidates.length + index]) as { token: Address; owner: Address; amount: bigint; unlockTime: bigint; withdrawn: boolean } | null }));
  const codeOf = new Map<string, Hex>();
  needsCode.forEach((address, index) => codeOf.set(address.toLowerCase(), codes[index] ?? "0x"));

  const custody: LpCustody = {
    pool: poolAddress,
    block: ctx.block,
    lpTotalSupply,
    burned: { amount: 0n, holders: [], transactions: [] },
    locked: { amount: 0n, lockers: [] },
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
      const proofs = pattern === "liquidity-timelock" && options.locks ? lockProofs(ctx, address, lockStates) : null;
      custody.locked.amount += amount;
      custody.locked.lockers.push({
        address,
        amount,
        key: recognised.key,
        name: recognised.name,
        recognisedBy: registryLocker ? "registry_address" : "code_hash",
        pattern,
        locks: proofs,
        locksReason: proofs ? null : !options.locks ? "Lock proof not requested (set locks or full)." : "This locker's lock schedule is not decoded in this version; its LP is counted as locked, with no unlock time.",
      });
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
    const counted = custody.burned.amount + custody.locked.amount + custody.team.amount + custody.unverifiedCustody.amount + custody.otherHolders.amount;
    custody.otherHolders.unidentifiedAmount = lpTotalSupply > counted ? lpTotalSupply - counted : 0n;
    custody.otherHolders.amount += custody.otherHolders.unidentifiedAmount;
  }
  for (const list of [custody.burned.holders, custody.locked.lockers, custody.team.holders, custody.unverifiedCustody.holders, custody.otherHolders.identified]) sortByAmount(list as { amount: bigint }[]);
  custody.team.holders = custody.team.holders.slice(0, listLimit);
  custody.unverifiedCustody.holders = custody.unverifiedCustody.holders.slice(0, listLimit);
  custody.otherHolders.identified = custody.otherHolders.identified.slice(0, listLimit);
  return custody;
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
