// 24–28. LP in the other lockers users lock with (Team.Finance, PinkLock V2 and V1, UNCX's 2024 V2
// locker and V3 position locker), each a contract of our own placed at the locker's registry
// address. The scenarios in detail: playLockers below.
import { erc20Abi, parseAbi, zeroAddress, type Address } from "viem";
import { ref, type TxRef } from "../player";
import { type VenueContext, type V3PoolRecord } from "../venues/common";
import { DEMO_LOCKERS, type DemoLockPattern } from "../networks";
import { buyV3, mintV3Position } from "../venues/uniswap-v3";
import { deriveRoleWallets } from "../venues/wallets";
import { artifact, DAY, deployContract, finalizeTokenScenario, HOUR, MINUTE, native, STANDARD_SUPPLY, startScenario, wholeTokens, type ScenarioToken, type TokenScenario, tokenSummary } from "./common";

export type TeamFinanceLocksFacts = {
  /** Team.Finance's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { depositId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { depositId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then taken back by its owner: still listed, withdrawn. */
  withdrawn: { depositId: number; amount: string; unlockTime: number; tx: TxRef; withdrawTx: TxRef };
  keptByDeployer: string;
};

export type PinkLocksFacts = {
  /** PinkLock V2's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** A normal lock running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** A normal lock unlocked two days before the read: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** A vesting lock: tgeBps of total at tgeTime, then cycleBps every cycleSeconds; `claimed` (the TGE part) taken by its owner. */
  vesting: { lockId: number; total: string; tgeTime: number; tgeBps: number; cycleSeconds: number; cycleBps: number; tx: TxRef; tgeClaimTx: TxRef; claimed: string };
  keptByDeployer: string;
};

export type UncxV2LocksFacts = {
  /** UNCX's 2024 Uniswap V2 locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then taken out in full by its owner: still listed, holding nothing. */
  withdrawn: { lockId: number; amount: string; unlockTime: number; tx: TxRef; withdrawTx: TxRef };
  keptByDeployer: string;
};

/** A position NFT under a UNCX V3 lock: unlockTime null for an eternal lock. */
export type PositionLockRecord = { lockId: number; tokenId: string; liquidity: string; unlockTime: number | null; tx: TxRef };

export type UncxV3LocksScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  owner: Address;
  deployTx: TxRef;
  pool: V3PoolRecord;
  /** The UNCX V3 position locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: PositionLockRecord;
  /** Unlocked twenty minutes before the read: withdrawable. */
  expired: PositionLockRecord;
  /** UNCX's eternal lock (unlock date type(uint256).max): never withdrawable. */
  eternal: PositionLockRecord;
  /** A position the owner kept. */
  kept: { tokenId: string; liquidity: string };
  approvalTx: TxRef;
};

export type PinkLockV1LocksFacts = {
  /** The first PinkLock's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked before the read and not taken: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then unlocked by its owner: off the list, the LP back with the owner. */
  unlocked: { lockId: number; amount: string; unlockTime: number; tx: TxRef; unlockTx: TxRef };
  keptByDeployer: string;
};

export type LockerScenarios = {
  /** The scenarios' own wallets (from account 300 of the demo mnemonic). */
  wallets: Record<"teamFinanceLockOwner" | "pinkLockOwner" | "lockersBuyer" | "uncxV2LockOwner" | "uncxV3LockOwner" | "pinkLockV1Owner", Address>;
  /** Null where the registry has no Team.Finance locker (Base). */
  teamFinanceLocks: TokenScenario<TeamFinanceLocksFacts> | null;
  /** Null where the registry has no PinkLock V2 (Base). */
  pinkLocks: TokenScenario<PinkLocksFacts> | null;
  /** Null where the registry has no UNCX 2024 locker for the demo's DEX (BNB Chain). */
  uncxV2Locks: TokenScenario<UncxV2LocksFacts> | null;
  /** Null where the registry has no UNCX V3 position locker (Base). */
  uncxV3Locks: UncxV3LocksScenario | null;
  /** Null where the registry has no first PinkLock (Base). */
  pinkLockV1Locks: TokenScenario<PinkLockV1LocksFacts> | null;
};

/** Role → account index LOCKER_WALLET_FIRST_INDEX + position, clear of the venue wallets (100 on). Append only. */
export const LOCKER_WALLET_ROLES = ["teamFinanceLockOwner", "pinkLockOwner", "lockersBuyer", "uncxV2LockOwner", "uncxV3LockOwner", "pinkLockV1Owner"] as const;
export const LOCKER_WALLET_FIRST_INDEX = 300;
const LOCKER_WALLET_BALANCE = 1_000n * 10n ** 18n;

/** 2030-01-01T00:00:00Z: the running locks' unlock time. */
const UNLOCK_2030 = 1_893_456_000;

/**
 * 24–28. LP in the other lockers users lock with, played after the signal scenarios so nothing built
 * before them moves: Team.Finance's lock contract, PinkSale's PinkLock V2, UNCX's 2024 Uniswap V2
 * locker, UNCX's V3 position locker and the first PinkLock, each a contract of our own with the
 * locker's public interface (contracts/TeamFinanceStyleLocker.sol, contracts/PinkLockStyleLocker.sol,
 * contracts/UncxV2StyleLocker.sol, contracts/UncxV3StyleLocker.sol,
 * contracts/PinkLockV1StyleLocker.sol) placed at the locker's registry address, with locks still
 * running, locks that expired, and (PinkLock V2) a vesting lock part of which has vested, (UNCX V3)
 * an eternal lock. A network whose registry has no such locker has no such scenario (Base for all
 * but UNCX 2024, BNB Chain for UNCX 2024).
 */
export async function playLockers(ctx: VenueContext): Promise<LockerScenarios> {
  const wallets = deriveRoleWallets(LOCKER_WALLET_ROLES, LOCKER_WALLET_FIRST_INDEX);
  for (const role of LOCKER_WALLET_ROLES) await ctx.player.rpc("anvil_setBalance", [wallets[role].address, `0x${LOCKER_WALLET_BALANCE.toString(16)}`]);
  return {
    wallets: Object.fromEntries(LOCKER_WALLET_ROLES.map((role) => [role, wallets[role].address])) as Record<(typeof LOCKER_WALLET_ROLES)[number], Address>,
    teamFinanceLocks: await playTeamFinanceLocks(ctx, wallets),
    pinkLocks: await playPinkLocks(ctx, wallets),
    uncxV2Locks: await playUncxV2Locks(ctx, wallets),
    uncxV3Locks: await playUncxV3Locks(ctx, wallets),
    pinkLockV1Locks: await playPinkLockV1Locks(ctx, wallets),
  };
}

type LockerWallets = ReturnType<typeof deriveRoleWallets<(typeof LOCKER_WALLET_ROLES)[number]>>;

/**
 * The registry locker of this pattern on the demo's network that can hold the demo DEX's LP, with our
 * contract's code placed at its address (its storage starts empty).
 */
async function placeLocker(ctx: VenueContext, pattern: DemoLockPattern, contract: string, from: LockerWallets[keyof LockerWallets]) {
  const locker = DEMO_LOCKERS[ctx.network.chain].find((entry) => entry.pattern === pattern && (entry.dex === null || entry.dex === ctx.canonical.dex.key));
  if (!locker) return null;
  const { address: template } = await deployContract(ctx, from, contract);
  await ctx.player.rpc("anvil_setCode", [locker.address, await ctx.player.client.getCode({ address: template })]);
  return locker;
}

/**
 * Team.Finance: four tenths of the deployer's LP locked until 2030, a quarter in a deposit that
 * expired two days before the read, a tenth in a deposit taken back after it expired (it stays
 * listed, withdrawn), the rest kept.
 */
async function playTeamFinanceLocks(ctx: VenueContext, wallets: LockerWallets) {
  startScenario(ctx);
  const owner = wallets.teamFinanceLockOwner;
  const locker = await placeLocker(ctx, "team-finance-deposits", "TeamFinanceStyleLocker", owner);
  if (!locker) return null;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["Team Finance Locked Demo", "TFLOCK", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lpMinted = BigInt(pool.lpMinted);
  const lockerAbi = artifact(ctx, "TeamFinanceStyleLocker").abi;
  const running = (lpMinted * 4n) / 10n;
  const expired = lpMinted / 4n;
  const taken = lpMinted / 10n;
  await ctx.player.write(owner, pool.pair, erc20Abi, "approve", [locker.address, running + expired + taken]);
  const runningTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockToken", [pool.pair, owner.address, running, BigInt(UNLOCK_2030), false, owner.address]);
  const shortUnlock = ctx.player.clock.peekNext() + HOUR;
  const expiredTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockToken", [pool.pair, owner.address, expired, BigInt(shortUnlock), false, owner.address]);
  const takenTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockToken", [pool.pair, owner.address, taken, BigInt(shortUnlock), false, owner.address]);
  ctx.player.clock.wait(2 * HOUR);
  // Deposit ids count from 1: the third deposit is taken back once its time has passed.
  const withdrawTx = await ctx.player.write(owner, locker.address, lockerAbi, "withdrawTokens", [3n]);
  // Two days on, a buy: the head's time is past the expired deposit's unlock time.
  ctx.player.clock.wait(2 * DAY);
  await ctx.market.buy({ from: wallets.lockersBuyer, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "LP in Team.Finance's lock contract: one deposit running, one expired, one taken back",
      proves: "Team.Finance's deposits are read from its state (through the locker lens, in the balances' round): the running deposit is locked with its unlock time, the expired one withdrawable since its date, the withdrawn one counts for nothing, and risk does not call the pool secured.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker: locker.address,
        lockerKey: locker.key,
        locked: { depositId: 1, amount: running.toString(), unlockTime: UNLOCK_2030, tx: ref(runningTx) },
        expired: { depositId: 2, amount: expired.toString(), unlockTime: shortUnlock, tx: ref(expiredTx) },
        withdrawn: { depositId: 3, amount: taken.toString(), unlockTime: shortUnlock, tx: ref(takenTx), withdrawTx: ref(withdrawTx) },
        keptByDeployer: (lpMinted - running - expired).toString(),
      },
    },
    token,
  );
}

/** The vesting lock's terms: a fifth at the TGE, then a tenth a day. */
const VESTING = { tgeBps: 2_000, cycleSeconds: DAY, cycleBps: 1_000 } as const;

/**
 * PinkLock V2: three tenths of the deployer's LP in a normal lock until 2030, a fifth in a normal
 * lock that expired two days before the read, three tenths in a vesting lock (a fifth at its TGE,
 * then a tenth a day) whose TGE part the owner took; two days on, two more cycles have vested and
 * are not taken. The rest kept.
 */
async function playPinkLocks(ctx: VenueContext, wallets: LockerWallets) {
  startScenario(ctx);
  const owner = wallets.pinkLockOwner;
  const locker = await placeLocker(ctx, "pinklock-v2", "PinkLockStyleLocker", owner);
  if (!locker) return null;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["PinkLock Locked Demo", "PLOCK", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lpMinted = BigInt(pool.lpMinted);
  const lockerAbi = artifact(ctx, "PinkLockStyleLocker").abi;
  const running = (lpMinted * 3n) / 10n;
  const expired = lpMinted / 5n;
  const vestingTotal = (lpMinted * 3n) / 10n;
  await ctx.player.write(owner, pool.pair, erc20Abi, "approve", [locker.address, running + expired + vestingTotal]);
  const runningTx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [owner.address, pool.pair, true, running, BigInt(UNLOCK_2030), "team LP"]);
  const shortUnlock = ctx.player.clock.peekNext() + HOUR;
  const expiredTx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [owner.address, pool.pair, true, expired, BigInt(shortUnlock), "short LP lock"]);
  const tge = ctx.player.clock.peekNext() + HOUR;
  const vestingTx = await ctx.player.write(owner, locker.address, lockerAbi, "vestingLock", [
    owner.address,
    pool.pair,
    true,
    vestingTotal,
    BigInt(tge),
    BigInt(VESTING.tgeBps),
    BigInt(VESTING.cycleSeconds),
    BigInt(VESTING.cycleBps),
    "vested LP",
  ]);
  ctx.player.clock.wait(2 * HOUR);
  // Lock ids count from 0: the vesting lock is the third. Its owner takes the TGE part.
  const tgeClaimTx = await ctx.player.write(owner, locker.address, lockerAbi, "unlock", [2n]);
  const tgePart = (vestingTotal * BigInt(VESTING.tgeBps)) / 10_000n;
  // Two days on, a buy: the expired lock is past its date, two cycles have vested since the TGE.
  ctx.player.clock.wait(2 * DAY);
  await ctx.market.buy({ from: wallets.lockersBuyer, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "LP in PinkLock V2: a normal lock running, one expired, and a vesting lock part vested",
      proves: "PinkLock's locks are read from its state in the balances' round: the running lock is locked " +
        "with its unlock date, the expired one withdrawable since its date, and a vesting lock's vested " +
        "part not yet taken is withdrawable while the rest stays locked until its next cycle; risk does " +
        "not call the pool secured.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker: locker.address,
        lockerKey: locker.key,
        locked: { lockId: 0, amount: running.toString(), unlockTime: UNLOCK_2030, tx: ref(runningTx) },
        expired: { lockId: 1, amount: expired.toString(), unlockTime: shortUnlock, tx: ref(expiredTx) },
        vesting: { lockId: 2, total: vestingTotal.toString(), tgeTime: tge, ...VESTING, tx: ref(vestingTx), tgeClaimTx: ref(tgeClaimTx), claimed: tgePart.toString() },
        keptByDeployer: (lpMinted - running - expired - vestingTotal).toString(),
      },
    },
    token,
  );
}

/**
 * UNCX's 2024 Uniswap V2 locker: three tenths of the deployer's LP locked until 2030, a fifth in a
 * lock that expired three hours before the read, a tenth in a lock taken out in full after it expired
 * (it stays listed, holding nothing), the rest kept.
 */
async function playUncxV2Locks(ctx: VenueContext, wallets: LockerWallets) {
  startScenario(ctx);
  const owner = wallets.uncxV2LockOwner;
  const locker = await placeLocker(ctx, "uncx-token-lock-ids", "UncxV2StyleLocker", owner);
  if (!locker) return null;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["UNCX 2024 Locked Demo", "U2LOCK", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lpMinted = BigInt(pool.lpMinted);
  const lockerAbi = artifact(ctx, "UncxV2StyleLocker").abi;
  const running = (lpMinted * 3n) / 10n;
  const expired = lpMinted / 5n;
  const taken = lpMinted / 10n;
  // Country code 0, as the interface takes one; the demo keeps no country list.
  await ctx.player.write(owner, pool.pair, erc20Abi, "approve", [locker.address, running + expired + taken]);
  const runningTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockLPToken", [pool.pair, running, BigInt(UNLOCK_2030), zeroAddress, true, owner.address, 0]);
  const shortUnlock = ctx.player.clock.peekNext() + HOUR;
  const expiredTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockLPToken", [pool.pair, expired, BigInt(shortUnlock), zeroAddress, true, owner.address, 0]);
  const takenTx = await ctx.player.write(owner, locker.address, lockerAbi, "lockLPToken", [pool.pair, taken, BigInt(shortUnlock), zeroAddress, true, owner.address, 0]);
  ctx.player.clock.wait(2 * HOUR);
  // Lock ids count from 0 (the locker's nonce): the third lock is taken out in full once its time has passed.
  const withdrawTx = await ctx.player.write(owner, locker.address, lockerAbi, "withdraw", [2n, taken]);
  // Two hours on, a buy: the head's time is past the expired lock's unlock date. Hours, not days:
  // PinkLock's vesting lock, played before, is read at the head and keeps its two vested cycles.
  ctx.player.clock.wait(2 * HOUR);
  await ctx.market.buy({ from: wallets.lockersBuyer, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "LP in UNCX's 2024 Uniswap V2 locker: one lock running, one expired, one taken out",
      proves: "UNCX 2024's locks are read from its state (ids, then locks, through the locker lens in the balances' round): the running lock is locked with its unlock date, the expired one withdrawable since its date, the one taken out counts for nothing, and risk does not call the pool secured.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker: locker.address,
        lockerKey: locker.key,
        locked: { lockId: 0, amount: running.toString(), unlockTime: UNLOCK_2030, tx: ref(runningTx) },
        expired: { lockId: 1, amount: expired.toString(), unlockTime: shortUnlock, tx: ref(expiredTx) },
        withdrawn: { lockId: 2, amount: taken.toString(), unlockTime: shortUnlock, tx: ref(takenTx), withdrawTx: ref(withdrawTx) },
        keptByDeployer: (lpMinted - running - expired).toString(),
      },
    },
    token,
  );
}

const V3_LOCK_FEE = 3000;
const ETERNAL = 2n ** 256n - 1n;

/**
 * UNCX's V3 position locker: the owner opens four full-range positions in a Uniswap V3 pool and
 * locks three (one until 2030, one for ten minutes, one for ever), keeping the fourth; half an hour
 * on, a buy, so the short lock is past its date at the read.
 */
async function playUncxV3Locks(ctx: VenueContext, wallets: LockerWallets): Promise<UncxV3LocksScenario | null> {
  // Minutes, not hours, from here to the head: PinkLock's vesting lock, played before, is read at
  // the head and keeps its two vested cycles only within the day.
  startScenario(ctx, 10 * MINUTE);
  const owner = wallets.uncxV3LockOwner;
  const locker = DEMO_LOCKERS[ctx.network.chain].find((entry) => entry.pattern === "uncx-v3-positions" && (entry.dex === null || entry.dex === "uniswap-v3"));
  if (!locker) return null;
  const { address: template } = await deployContract(ctx, owner, "UncxV3StyleLocker");
  await ctx.player.rpc("anvil_setCode", [locker.address, await ctx.player.client.getCode({ address: template })]);
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["UNCX V3 Locked Demo", "U3LOCK", STANDARD_SUPPLY]);
  const open = () => mintV3Position(ctx, { from: owner, token, fee: V3_LOCK_FEE, tokenAmount: wholeTokens(100_000_000n), nativeAmount: native("2") });
  const { pool, position: first } = await open();
  const { position: second } = await open();
  const { position: third } = await open();
  const { position: kept } = await open();
  const manager = ctx.venues.uniswapV3.positionManager;
  const lockerAbi = artifact(ctx, "UncxV3StyleLocker").abi;
  const approvalTx = await ctx.player.write(owner, manager, parseAbi(["function setApprovalForAll(address operator, bool approved)"]), "setApprovalForAll", [locker.address, true]);
  const lock = async (position: typeof first, unlockDate: bigint, lockId: number): Promise<PositionLockRecord> => {
    const tx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [
      {
        nftPositionManager: manager,
        nft_id: BigInt(position.tokenId),
        dustRecipient: owner.address,
        owner: owner.address,
        additionalCollector: zeroAddress,
        collectAddress: owner.address,
        unlockDate,
        countryCode: 0,
        feeName: "DEFAULT",
        r: [],
      },
    ]);
    return { lockId, tokenId: position.tokenId, liquidity: position.liquidity, unlockTime: unlockDate === ETERNAL ? null : Number(unlockDate), tx: ref(tx) };
  };
  const locked = await lock(first, BigInt(UNLOCK_2030), 0);
  const expired = await lock(second, BigInt(ctx.player.clock.peekNext() + 10 * MINUTE), 1);
  const eternal = await lock(third, ETERNAL, 2);
  ctx.player.clock.wait(30 * MINUTE);
  // The buy is the head's block: its time is past the short lock's date.
  await buyV3(ctx, { from: wallets.lockersBuyer, token, pool: pool.address, fee: V3_LOCK_FEE, nativeIn: native("0.2") });
  return {
    title: "Uniswap V3 positions in UNCX's V3 locker: one lock running, one expired, one eternal",
    proves: "UNCX V3's locks are read from its state (its newest locks searched for the pool through the " +
      "locker lens, beside the positions' owners): the running lock is locked with its unlock date, the " +
      "expired one withdrawable since its date, the eternal one locked with no end, and the kept position " +
      "is the owner's.",
    token: await tokenSummary(ctx, token),
    owner: owner.address,
    deployTx: ref(deployTx),
    pool,
    locker: locker.address,
    lockerKey: locker.key,
    locked,
    expired,
    eternal,
    kept: { tokenId: kept.tokenId, liquidity: kept.liquidity },
    approvalTx: ref(approvalTx),
  };
}

/**
 * The first PinkLock: three tenths of the deployer's LP locked until 2030, a fifth in a lock that
 * expired before the read, a tenth in a lock unlocked once its time had passed (it leaves the
 * token's list and the LP goes back to the owner), the rest kept. Minutes apart, as UNCX V3's.
 */
async function playPinkLockV1Locks(ctx: VenueContext, wallets: LockerWallets) {
  startScenario(ctx, 10 * MINUTE);
  const owner = wallets.pinkLockV1Owner;
  const locker = await placeLocker(ctx, "pinklock-v1", "PinkLockV1StyleLocker", owner);
  if (!locker) return null;
  const { address: token, tx: deployTx } = await deployContract(ctx, owner, "MintableToken", ["PinkLock V1 Locked Demo", "PL1LOCK", STANDARD_SUPPLY]);
  const pool = await ctx.market.launch({ from: owner, token, tokenAmount: wholeTokens(400_000_000n), nativeAmount: native("10") });
  const lpMinted = BigInt(pool.lpMinted);
  const lockerAbi = artifact(ctx, "PinkLockV1StyleLocker").abi;
  const running = (lpMinted * 3n) / 10n;
  const expired = lpMinted / 5n;
  const taken = lpMinted / 10n;
  await ctx.player.write(owner, pool.pair, erc20Abi, "approve", [locker.address, running + expired + taken]);
  const runningTx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [owner.address, pool.pair, true, running, BigInt(UNLOCK_2030)]);
  const shortUnlock = ctx.player.clock.peekNext() + 10 * MINUTE;
  const expiredTx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [owner.address, pool.pair, true, expired, BigInt(shortUnlock)]);
  const takenTx = await ctx.player.write(owner, locker.address, lockerAbi, "lock", [owner.address, pool.pair, true, taken, BigInt(shortUnlock)]);
  ctx.player.clock.wait(20 * MINUTE);
  // Lock ids count from 0: the third is unlocked once its time has passed.
  const unlockTx = await ctx.player.write(owner, locker.address, lockerAbi, "unlock", [2n]);
  ctx.player.clock.wait(10 * MINUTE);
  await ctx.market.buy({ from: wallets.lockersBuyer, token, nativeIn: native("0.2") });
  return finalizeTokenScenario(
    ctx,
    {
      title: "LP in the first PinkLock: one lock running, one expired, one unlocked",
      proves: "The first PinkLock's locks are read from its state in the balances' round " +
        "(totalLockCountForToken, getLocksForToken): the running lock is locked with its unlock date, the " +
        "expired one withdrawable since its date, and the unlocked one has left the list, its LP back with " +
        "the owner; risk does not call the pool secured.",
      deployer: owner.address,
      deployTx: ref(deployTx),
      ownershipModel: "ownable",
      pool,
      facts: {
        locker: locker.address,
        lockerKey: locker.key,
        locked: { lockId: 0, amount: running.toString(), unlockTime: UNLOCK_2030, tx: ref(runningTx) },
        expired: { lockId: 1, amount: expired.toString(), unlockTime: shortUnlock, tx: ref(expiredTx) },
        unlocked: { lockId: 2, amount: taken.toString(), unlockTime: shortUnlock, tx: ref(takenTx), unlockTx: ref(unlockTx) },
        keptByDeployer: (lpMinted - running - expired).toString(),
      },
    },
    token,
  );
}
