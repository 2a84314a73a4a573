// Who holds a concentrated-liquidity pool's positions (V3-style and V4 position NFTs), and on what
// terms, in two rounds.
import { getAddress, keccak256, parseAbi, parseAbiItem, zeroAddress, type Address, type Hash, type Hex } from "viem";
import { decodeCallResult, encodeCallData } from "@/lib/chain/multicall";
import { classifyChainError } from "@/lib/chain/upstream";
import { positionLensAbi, positionLensRuntime } from "@/lib/intel/reads/placed/position-lens.generated";
import { scanLogs, type ScanEnd } from "@/lib/chain/log-scanner";
import { findLocker, findLockerCode, isBurnAddress, type DexKind, type LockerInfo, type LockPattern } from "@/lib/chain/networks";
import { describeHolders, holderProbes } from "@/lib/chain/account-kind";
import { aggregate, aggregateGroups, call, sameAddress, valueOrNull, type ContractCall, type MarketContext } from "./context";
import { maxPositionLocksById, maxPositionLocksScanned, readPositionLocksByIds, readPositionLocksByLens, type PositionLockScan } from "./locker-schedules";
import type { TeamRelation } from "./lp-custody";
import type { PoolCandidate } from "./pool-types";
import { venueModule } from "./venues";
import type { LiquidityRange, PositionVenue, ScanWindow } from "./venues/venue-module";

const increaseLiquidity = parseAbiItem("event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)");
const positionManagerAbi = parseAbi([
  "function ownerOf(uint256 tokenId) view returns (address)",
  "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
  "function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)",
]);

/** Where the position lens is placed: an address derived from its name, with no code or keys on any network. */
export const positionLensAddress: Address = getAddress("0x706f736974696f6e4c656e730000000000000001");

/** Most logs each position scan keeps (the newest). */
export const positionScanMaxLogs = 20_000;

export type PositionHolding = { tokenId: bigint; owner: Address; liquidity: bigint; tickLower: number; tickUpper: number; opened: Hash };

export type { LiquidityRange } from "./venues/venue-module";

/** The lock a position locker holds a position under; unlockTime null is an eternal lock. */
export type PositionLockTerms = { lockId: bigint; owner: Address; unlockTime: bigint | null };

/** A position in a recognised locker: its lock when read, or why it was not. */
export type LockedPosition = PositionHolding & { locker: { key: string; name: string }; lock: PositionLockTerms | null; lockNote: string | null };

export type PositionCustody = {
  pool: Address;
  /** The V4 pool's id; null for a V3-style pool. */
  poolId: Hex | null;
  positionManager: Address;
  /** Liquidity of every position found, now: the whole the shares are of. */
  liquidity: bigint;
  burned: PositionHolding[];
  /** In recognised lockers, still locked at the read block (and positions whose lock was not read). */
  locked: LockedPosition[];
  /** In recognised lockers whose lock's date has passed: the lock's owner can take the NFT back now. */
  withdrawable: (LockedPosition & { lock: PositionLockTerms })[];
  team: (PositionHolding & { relations: TeamRelation[] })[];
  unverifiedCustody: PositionHolding[];
  otherHolders: PositionHolding[];
  scan: { fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd };
  /**
   * A V4 pool's liquidity by range from every ModifyLiquidity the scan saw (any sender, not only
   * the PositionManager), net of removals; null for a V3-style pool, whose token balances are
   * readable directly. Whole only when `scan` reached the pool's initialization.
   */
  v4Ranges: LiquidityRange[] | null;
};

export function hasPositionNfts(pool: Pick<PoolCandidate, "dex">): boolean {
  return venueModule(pool.dex).positions !== null;
}

type TeamWallets = readonly { address: Address; relation: TeamRelation }[];
/** `team` may be a promise: it is awaited once the positions are read, so links learned beside them cost no round. */
type CustodyOptions = { team?: TeamWallets | Promise<TeamWallets>; lookbackBlocks: bigint; maxPositions?: number };

/**
 * Who holds a concentrated-liquidity pool's positions (Uniswap V3 and PancakeSwap V3, Slipstream,
 * Uniswap V4), and on what terms: the liquidity is held as NFTs of the venue's position manager, so
 * custody is who owns each position NFT. Two rounds:
 *
 *   1. the positions opened in the look-back window: for a V3-style pool, its Mint events owned by
 *      the position manager matched by transaction with the manager's IncreaseLiquidity (which
 *      names the token id); for a V4 pool, the PoolManager's ModifyLiquidity events for the pool
 *      id sent by the PositionManager (whose salt is the token id);
 *   2. at the pinned block: each position's owner and its liquidity now, and the owners' code; and
 *      beside them, through the locker lens, the locks of this pool in every registry position
 *      locker that can hold its NFTs (UNCX V3: nothing lists a pool's locks, so its newest locks
 *      are searched, only when it holds one of the pool's positions). A node that refuses the lens
 *      costs two rounds more, only where such a locker holds a position of the pool.
 *
 * A position whose lock's date has passed is withdrawable, not locked: its owner can take the NFT
 * back today. An owner that is a contract we do not recognise is "unverified custody", never
 * "unlocked".
 *
 * Two rounds, for every pool whose liquidity is position NFTs (hasPositionNfts). A position
 * manager's IncreaseLiquidity events span all its pools, so each manager is scanned once however
 * many of the token's pools (fee tiers, quote assets) it serves.
 */
export async function readPositionCustodies(ctx: MarketContext, pools: readonly PoolCandidate[], options: CustodyOptions): Promise<PositionCustody[]> {
  const managerScans = new Map<string, ReturnType<typeof scanIncreases>>();
  const increasesOf = (manager: Address) => {
    const key = manager.toLowerCase();
    if (!managerScans.has(key)) managerScans.set(key, scanIncreases(ctx, manager, options.lookbackBlocks));
    return managerScans.get(key)!;
  };
  return Promise.all(pools.filter(hasPositionNfts).map((pool) => readPositionCustody(ctx, pool, options, increasesOf)));
}

type OwnerRead = { owner: Address | null; position: unknown; code: Hex | true | null };

/**
 * Each position's owner, its liquidity (positions() or getPositionLiquidity()) and the owner's code,
 * in one round: the position lens placed by state override answers owners with their code size in
 * the same batch as the positions' multicall. A node that refuses overrides gets two rounds: the
 * owners, then their code.
 */
async function readOwnersAndLiquidity(ctx: MarketContext, manager: Address, liquidityCall: PositionVenue<DexKind>["liquidityCall"], tokenIds: readonly bigint[]): Promise<OwnerRead[]> {
  if (tokenIds.length === 0) return [];
  const positionCalls: ContractCall[] = tokenIds.map((tokenId) => ({ address: manager, abi: positionManagerAbi, functionName: liquidityCall, args: [tokenId] }));
  const lens = ctx.client
    .call({
      to: positionLensAddress,
      data: encodeCallData(positionLensAbi, "ownersWithCode", [manager, [...tokenIds]]),
      blockNumber: ctx.block,
      stateOverride: [{ address: positionLensAddress, code: positionLensRuntime }],
      // Straight to the node beside the positions' multicall, not folded into a multicall of its own.
      batch: false,
    })
    .then(({ data }) => decodeCallResult(positionLensAbi, "ownersWithCode", data!))
    .catch((error: unknown) => {
      // A node that is down is an outage; one that refuses the override takes the longer way.
      if (classifyChainError(error) === "upstream") throw error;
      return null;
    });
  const [lensRead, positions] = await Promise.all([lens, aggregate(ctx, positionCalls)]);
  if (lensRead) {
    const [owners, codeSizes] = lensRead;
    return tokenIds.map((_, index) => {
      const owner = owners[index] === zeroAddress ? null : getAddress(owners[index]);
      return { owner, position: valueOrNull(positions[index]), code: owner === null ? null : codeSizes[index] > 0n ? true : "0x" };
    });
  }
  const ownerResults = await aggregate(ctx, tokenIds.map((tokenId) => call({ address: manager, abi: positionManagerAbi, functionName: "ownerOf", args: [tokenId] })));
  const owners = ownerResults.map((result) => {
    const owner = valueOrNull(result);
    return owner ? getAddress(owner) : null;
  });
  const codes = await Promise.all(owners.map((owner) => (owner ? ctx.client.getCode({ address: owner, blockNumber: ctx.block }).then((code) => code ?? "0x") : null)));
  return tokenIds.map((_, index) => ({ owner: owners[index], position: valueOrNull(positions[index]), code: codes[index] }));
}

function scanIncreases(ctx: MarketContext, manager: Address, lookbackBlocks: bigint) {
  return scanLogs({ ...scanWindow(ctx, lookbackBlocks), address: manager, events: [increaseLiquidity] as const });
}

function scanWindow(ctx: MarketContext, lookbackBlocks: bigint): ScanWindow {
  // A busy position manager opens thousands of positions a day across every pool: the scans keep
  // the newest logs up to a cap, and the window they covered says how far back that reached.
  return { client: ctx.client, fromBlock: 0n, toBlock: ctx.block, maxLookbackBlocks: lookbackBlocks, chunkSize: 50_000n, concurrency: 8, maxLogs: positionScanMaxLogs };
}

async function readPositionCustody(ctx: MarketContext, pool: PoolCandidate, options: CustodyOptions, increasesOf: (manager: Address) => ReturnType<typeof scanIncreases>): Promise<PositionCustody> {
  const dex = pool.dex;
  const venue = venueModule(dex).positions;
  if (!venue || !("positionManager" in dex)) throw new Error(`${dex.name} pools have no position NFTs`);
  const positionManager = dex.positionManager;
  const window = scanWindow(ctx, options.lookbackBlocks);
  const maxPositions = options.maxPositions ?? 200;

  // Round 1: the positions opened in the window, by token id.
  const { opened, ranges, scanned } = await venue.openedPositions({ ctx, pool, positionManager, window, increasesOf });
  const tokenIds = [...opened.keys()].slice(-maxPositions);

  // Round 2: owner and liquidity of each position now, whether each owner holds code, and the
  // pool's locks in the position lockers that can hold its NFTs.
  const lockers = tokenIds.length === 0 ? [] : positionLockers(ctx.network.lockers, dex, venue.lockPatterns);
  const [read, lensScans] = await Promise.all([
    readOwnersAndLiquidity(ctx, positionManager, venue.liquidityCall, tokenIds),
    Promise.all(lockers.map((locker) => readPositionLocksByLens(ctx, locker.address, pool.address, positionManager, tokenIds))),
  ]);
  // A node that refused the lens: the locks by id, only from a locker that holds one of these positions.
  const holdsOne = (locker: Address) => read.some((entry) => entry.owner !== null && sameAddress(entry.owner, locker));
  const scans = await Promise.all(
    lensScans.map(async (scan, index) => {
      if (scan !== "refused") return { scan, bound: maxPositionLocksScanned };
      const locker = lockers[index].address;
      return { scan: holdsOne(locker) ? await readPositionLocksByIds(ctx, locker, pool.address) : null, bound: maxPositionLocksById };
    }),
  );
  const scanOf = new Map(lockers.map((locker, index) => [locker.address.toLowerCase(), scans[index]]));
  const holdings: PositionHolding[] = [];
  tokenIds.forEach((tokenId, index) => {
    const { owner, position: raw } = read[index];
    const seen = opened.get(tokenId)!;
    const position = Array.isArray(raw) ? { liquidity: raw[7] as bigint, tickLower: Number(raw[5]), tickUpper: Number(raw[6]) } : typeof raw === "bigint" ? { liquidity: raw, tickLower: seen.tickLower, tickUpper: seen.tickUpper } : null;
    // A burned NFT has no owner: the position is gone, not held.
    if (owner && position && position.liquidity > 0n && position.tickLower !== null && position.tickUpper !== null) {
      holdings.push({ tokenId, owner: getAddress(owner), liquidity: position.liquidity, tickLower: position.tickLower, tickUpper: position.tickUpper, opened: seen.transaction });
    }
  });
  const codeOf = new Map(read.filter((entry) => entry.owner).map((entry) => [entry.owner!.toLowerCase(), entry.code]));

  const team = new Map<string, TeamRelation[]>();
  for (const member of (await options.team) ?? []) team.set(member.address.toLowerCase(), [...(team.get(member.address.toLowerCase()) ?? []), member.relation]);
  const custody: PositionCustody = {
    pool: pool.address,
    poolId: pool.v4?.id ?? null,
    positionManager,
    liquidity: holdings.reduce((sum, holding) => sum + holding.liquidity, 0n),
    burned: [],
    locked: [],
    withdrawable: [],
    team: [],
    unverifiedCustody: [],
    otherHolders: [],
    scan: scanned,
    v4Ranges: ranges ? ranges.filter((range) => range.liquidity > 0n) : null,
  };
  // Only the team's wallets, Safes and timelocks hold team positions: a plain contract linked to the
  // team (a staking contract the token lets mint) holds them on its own terms. Its kind is asked in
  // one more round, only when such a contract holds a position.
  const teamContracts = [...new Set(holdings.map((holding) => holding.owner).filter((owner) => team.has(owner.toLowerCase()) && isContractCode(codeOf.get(owner.toLowerCase()))))];
  const probed = teamContracts.length > 0 ? (await aggregateGroups(ctx, { probes: teamContracts.map(holderProbes) })).probes : [];
  const plainContracts = new Set(describeHolders(teamContracts, (owner) => codeOf.get(owner.toLowerCase()) ?? undefined, probed).filter((holder) => holder.kind === "contract").map((holder) => holder.address.toLowerCase()));
  for (const holding of holdings) {
    const key = holding.owner.toLowerCase();
    const code = codeOf.get(key);
    const isContract = code !== undefined && code !== null && code !== "0x";
    // The lens gives a code's size, not the code: a known locker is then found by its address alone.
    const locker = findLocker(ctx.chain, holding.owner) ?? (isContract && code !== true ? findLockerCode(keccak256(code)) : undefined);
    if (isBurnAddress(ctx.chain, holding.owner) || sameAddress(holding.owner, zeroAddress)) custody.burned.push(holding);
    else if (locker) {
      const found = scanOf.get(holding.owner.toLowerCase());
      const { lock, lockNote } = positionLock(holding, positionManager, locker, found?.scan ?? null, found?.bound ?? 0);
      const entry = { ...holding, locker: { key: locker.key, name: locker.name }, lock, lockNote };
      if (lock && lock.unlockTime !== null && ctx.blockTimestamp !== null && lock.unlockTime <= ctx.blockTimestamp) custody.withdrawable.push({ ...entry, lock });
      else custody.locked.push(entry);
    }
    else if (team.has(key) && !plainContracts.has(key)) custody.team.push({ ...holding, relations: team.get(key)! });
    else if (isContract) custody.unverifiedCustody.push(holding);
    else custody.otherHolders.push(holding);
  }
  return custody;
}

/** Registry lockers whose locks of this venue's position NFTs are read (the venue module names their patterns: UNCX V3 for V3 pools). */
function positionLockers(lockers: readonly LockerInfo[], dex: { key: string }, patterns: readonly LockPattern[]): LockerInfo[] {
  return lockers.filter((locker) => locker.pattern !== undefined && patterns.includes(locker.pattern) && (locker.dex === null || locker.dex === dex.key));
}

/**
 * The lock a position locker holds this NFT under: the newest lock of it found (a position taken
 * out and locked again has an older lock too), or a note on why there is none.
 */
function positionLock(holding: PositionHolding, manager: Address, locker: Pick<LockerInfo, "pattern">, scan: PositionLockScan | null, bound: number): { lock: PositionLockTerms | null; lockNote: string | null } {
  if (locker.pattern !== "uncx-v3-positions") return { lock: null, lockNote: "This locker's lock schedule is not decoded in this version; the position is counted as locked, with no unlock date." };
  if (!scan) return { lock: null, lockNote: "The locker did not answer getLocksLength; the position is counted as locked, with no unlock date." };
  const found = scan.locks.find((lock) => lock.nftId === holding.tokenId && sameAddress(lock.positionManager, manager));
  if (found) return { lock: { lockId: found.lockId, owner: found.owner, unlockTime: found.unlockTime }, lockNote: null };
  const searched = scan.scanned < scan.count ? `its newest ${scan.scanned} of ${scan.count} locks` : `all ${scan.count} of its locks`;
  const cut = scan.scanned < scan.count && scan.scanned < BigInt(bound) ? " (the search stopped before its gas ran out)" : "";
  return { lock: null, lockNote: `No lock of this NFT was found among ${searched}${cut}; the position is counted as locked, with no unlock date.` };
}

/** Whether a read code (or the lens's "has code") is a contract's. */
function isContractCode(code: Hex | true | null | undefined): boolean {
  return code !== undefined && code !== null && code !== "0x";
}
