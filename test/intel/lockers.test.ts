// LP and positions in the other lockers (Team.Finance, PinkLock V2 and V1, UNCX 2024 and V3) on the
// demo chains: liquidity and risk read their schedules, expired and vested parts as withdrawable.
// The cases in detail: the describes below.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeFunctionData, getAddress, parseAbi, type Address, type Hex } from "viem";
import { getChainClient } from "@/lib/chain/clients";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { compileLockerLens } from "@/lib/intel/reads/placed/compile";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { lockerLensRuntime } from "@/lib/intel/reads/placed/locker-lens.generated";
import { lockTerms, readPositionLocksByLens } from "@/lib/intel/reads/market/locker-schedules";
import { marketContext } from "@/lib/intel/reads/market";
import { analyzeRisk } from "@/lib/intel/endpoints/intel/risk";
import { rpc } from "../chain/support/anvil";
import { useDemoChains } from "../support/demo-chains";
import { startProviderProxy } from "../support/provider-proxy";

const demo = useDemoChains();
const iso = (seconds: number | bigint) => new Date(Number(seconds) * 1000).toISOString();

// LP in Team.Finance's lock contract and PinkSale's PinkLock V2 on the demo chains (1 and 56; Base's
// registry has neither), in UNCX's 2024 Uniswap V2 locker (1 and 8453; BNB Chain's registry names
// none for its demo DEX), Uniswap V3 positions in UNCX's V3 locker and LP in the first PinkLock (1 and
// 56), each locker a contract of our own with the locker's public interface placed
// at its registry address: liquidity and risk read the schedules in the balances' round, a lock past
// its date is withdrawable with since when, a vesting lock's vested part not yet taken is
// withdrawable and the rest locked until its next cycle, and risk does not call the pool secured.
describe("the locker lens", () => {
  it("is the committed runtime code of lib/intel/reads/placed/LockerLens.sol", () => {
    expect(compileLockerLens().runtime).toBe(lockerLensRuntime);
  });
});

describe("a lock's terms at a time", () => {
  const vesting = { total: 1_000n, tgeTime: 1_000n, tgeBps: 2_000n, cycleSeconds: 100n, cycleBps: 1_000n, unlockedAmount: 0n };

  it("a plain lock is locked until its time, then all withdrawable since then", () => {
    expect(lockTerms({ amount: 5n, unlockTime: 10n, withdrawn: false }, 9n)).toEqual({ withdrawable: 0n, locked: 5n, nextUnlock: 10n, since: null });
    expect(lockTerms({ amount: 5n, unlockTime: 10n, withdrawn: false }, 10n)).toEqual({ withdrawable: 5n, locked: 0n, nextUnlock: null, since: 10n });
    expect(lockTerms({ amount: 5n, unlockTime: 10n, withdrawn: true }, 99n)).toEqual({ withdrawable: 0n, locked: 0n, nextUnlock: null, since: null });
  });

  it("a vesting lock: nothing before its TGE, then the TGE part and a part per full cycle, less what was taken", () => {
    expect(lockTerms({ amount: 1_000n, unlockTime: 1_800n, withdrawn: false, vesting }, 999n)).toEqual({ withdrawable: 0n, locked: 1_000n, nextUnlock: 1_000n, since: null });
    expect(lockTerms({ amount: 1_000n, unlockTime: 1_800n, withdrawn: false, vesting }, 1_250n)).toEqual({ withdrawable: 400n, locked: 600n, nextUnlock: 1_300n, since: 1_000n });
    const taken = { ...vesting, unlockedAmount: 300n };
    expect(lockTerms({ amount: 700n, unlockTime: 1_800n, withdrawn: false, vesting: taken }, 1_250n)).toEqual({ withdrawable: 100n, locked: 600n, nextUnlock: 1_300n, since: 1_200n });
    expect(lockTerms({ amount: 700n, unlockTime: 1_800n, withdrawn: false, vesting: taken }, 5_000n)).toEqual({ withdrawable: 700n, locked: 0n, nextUnlock: null, since: 1_200n });
  });
});

describe.each(DEMO_CHAINS)("locker scenarios on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const env = () => demo.env(chain);
  const risk = async (address: Address) => {
    const { result, usage } = await withRpcMeter(() => analyzeRisk({ chain, address, env: env() }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    return result.data;
  };
  const custodyOf = async (address: Address, pair: string) => {
    const liquidity = (await analyzeLiquidity({ chain, address, flags: { locks: true }, client: getChainClient(chain, { env: env() }) })).data as { lp_custody: LpCustodyView[] };
    return liquidity.lp_custody.find((entry) => entry.pool === pair)!;
  };
  const lpSignal = async (address: Address) => (await risk(address)).signals.find((entry) => entry.id === "lp_custody")!;
  const bps = (amount: bigint, total: bigint) => Number((amount * 10_000n) / total);

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("Team.Finance: the running deposit locked until 2030, the expired one withdrawable since its date, the withdrawn one counts for nothing; risk does not call the pool secured", async () => {
    const scenario = book.venues.lockers.teamFinanceLocks;
    if (chain === "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { facts, pool } = scenario!;
    const custody = await custodyOf(scenario!.token.address, pool.pair);
    expect(custody.locked.lockers).toEqual([expect.objectContaining({ address: facts.locker, key: "team-finance", earliest_unlock: "2030-01-01T00:00:00.000Z", locks_note: null })]);
    expect(custody.locked.lockers[0].amount.raw).toBe(facts.locked.amount);
    expect(custody.withdrawable!.lockers).toEqual([expect.objectContaining({ address: facts.locker, withdrawable_since: iso(facts.expired.unlockTime) })]);
    expect(custody.withdrawable!.amount.raw).toBe(facts.expired.amount);
    expect(custody.locked.lockers[0].locks!.map((lock) => [lock.lock_id, lock.owner, lock.amount.raw, lock.unlock_date, lock.withdrawn, lock.locked_at_read, lock.transaction])).toEqual([
      ["1", scenario!.deployer, facts.locked.amount, "2030-01-01T00:00:00.000Z", false, true, null],
      ["2", scenario!.deployer, facts.expired.amount, iso(facts.expired.unlockTime), false, false, null],
      ["3", scenario!.deployer, facts.withdrawn.amount, iso(facts.withdrawn.unlockTime), true, false, null],
    ]);
    expect(custody.team.amount.raw).toBe(facts.keptByDeployer);

    // Through a node that refuses state overrides the deposits are read by id, one round more: the same custody.
    const noOverrides = await startProviderProxy(demo.chains[chain].rpcUrl, { name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    try {
      const viaProxy = (await analyzeLiquidity({ chain, address: scenario!.token.address, flags: { locks: true }, client: getChainClient(chain, { env: { ETH_RPC_URL: noOverrides.url, BASE_RPC_URL: noOverrides.url, BSC_RPC_URL: noOverrides.url } }) })).data as { lp_custody: LpCustodyView[] };
      expect(viaProxy.lp_custody.find((entry) => entry.pool === pool.pair)).toEqual(custody);
      expect(noOverrides.stats.refused.stateOverrideOff).toBeGreaterThan(0);
    } finally {
      await noOverrides.close();
    }

    const total = BigInt(custody.lp_total_supply!.raw);
    expect(await lpSignal(scenario!.token.address)).toMatchObject({
      flag: true,
      // The deployer kept LP and took the withdrawn deposit back: the team's LP is named first.
      title: "Liquidity is not secured: the team holds LP and can pull it",
      evidence: {
        locked_bps: bps(BigInt(facts.locked.amount), total),
        withdrawable_bps: bps(BigInt(facts.expired.amount), total),
        earliest_unlock: "2030-01-01T00:00:00.000Z",
        withdrawable_lockers: [{ address: facts.locker, since: iso(facts.expired.unlockTime) }],
      },
    });
  });

  it("PinkLock V2: the normal lock locked until 2030, the expired one withdrawable, the vesting lock's two vested cycles withdrawable and the rest locked until its next cycle", async () => {
    const scenario = book.venues.lockers.pinkLocks;
    if (chain === "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { facts, pool } = scenario!;
    const { vesting } = facts;
    const total = BigInt(vesting.total);
    const perCycle = (total * BigInt(vesting.cycleBps)) / 10_000n;
    const atTge = (total * BigInt(vesting.tgeBps)) / 10_000n;
    // Read two days and an hour past the TGE: two full cycles vested beyond the TGE part, which was taken.
    const vestedNotTaken = atTge + 2n * perCycle - BigInt(vesting.claimed);
    const vestingLocked = total - atTge - 2n * perCycle;
    const nextCycle = vesting.tgeTime + 3 * vesting.cycleSeconds;

    const custody = await custodyOf(scenario!.token.address, pool.pair);
    expect(custody.locked.lockers).toEqual([expect.objectContaining({ address: facts.locker, key: "pinklock-v2", earliest_unlock: iso(nextCycle), locks_note: null })]);
    expect(custody.locked.lockers[0].amount.raw).toBe((BigInt(facts.locked.amount) + vestingLocked).toString());
    expect(custody.withdrawable!.lockers).toEqual([expect.objectContaining({ address: facts.locker, withdrawable_since: iso(facts.expired.unlockTime) })]);
    expect(custody.withdrawable!.amount.raw).toBe((BigInt(facts.expired.amount) + vestedNotTaken).toString());
    const locks = custody.locked.lockers[0].locks!;
    expect(locks.map((lock) => [lock.lock_id, lock.owner, lock.amount.raw, lock.withdrawn, lock.locked_at_read, lock.transaction])).toEqual([
      ["0", scenario!.deployer, facts.locked.amount, false, true, null],
      ["1", scenario!.deployer, facts.expired.amount, false, false, null],
      ["2", scenario!.deployer, (total - BigInt(vesting.claimed)).toString(), false, true, null],
    ]);
    expect(locks[2].vesting).toEqual({
      total: expect.objectContaining({ raw: vesting.total }),
      tge_date: iso(vesting.tgeTime),
      tge_bps: vesting.tgeBps,
      cycle_seconds: vesting.cycleSeconds,
      cycle_bps: vesting.cycleBps,
      unlocked: expect.objectContaining({ raw: vesting.claimed }),
    });
    // Its last part: the cycles it takes past the TGE part, rounded up (each cycle's part is rounded down).
    const cyclesToFull = (total - atTge + perCycle - 1n) / perCycle;
    expect(locks[2].unlock_date).toBe(iso(BigInt(vesting.tgeTime) + cyclesToFull * BigInt(vesting.cycleSeconds)));
    expect(locks[0].vesting).toBeUndefined();

    const supply = BigInt(custody.lp_total_supply!.raw);
    expect(await lpSignal(scenario!.token.address)).toMatchObject({
      flag: true,
      title: "Liquidity is not secured: locks have expired and their owners can withdraw the LP",
      evidence: {
        locked_bps: bps(BigInt(facts.locked.amount) + vestingLocked, supply),
        withdrawable_bps: bps(BigInt(facts.expired.amount) + vestedNotTaken, supply),
        earliest_unlock: iso(nextCycle),
        withdrawable_lockers: [{ address: facts.locker, since: iso(facts.expired.unlockTime) }],
      },
    });
  });
  it("UNCX 2024: the running lock locked until 2030, the expired one withdrawable since its date, the one taken out counts for nothing; the same through a node that refuses overrides", async () => {
    const scenario = book.venues.lockers.uncxV2Locks;
    if (chain === "bsc") {
      expect(scenario).toBeNull();
      return;
    }
    const { facts, pool } = scenario!;
    expect(facts.lockerKey).toBe("uncx-uniswap-v2-v2");
    const custody = await custodyOf(scenario!.token.address, pool.pair);
    expect(custody.locked.lockers).toEqual([expect.objectContaining({ address: facts.locker, key: "uncx-uniswap-v2-v2", earliest_unlock: "2030-01-01T00:00:00.000Z", locks_note: null })]);
    expect(custody.locked.lockers[0].amount.raw).toBe(facts.locked.amount);
    expect(custody.withdrawable!.lockers).toEqual([expect.objectContaining({ address: facts.locker, withdrawable_since: iso(facts.expired.unlockTime) })]);
    expect(custody.withdrawable!.amount.raw).toBe(facts.expired.amount);
    // `amount` is what each lock still holds: the lock taken out in full holds nothing and is withdrawn.
    expect(custody.locked.lockers[0].locks!.map((lock) => [lock.lock_id, lock.owner, lock.amount.raw, lock.unlock_date, lock.withdrawn, lock.locked_at_read, lock.transaction])).toEqual([
      ["0", scenario!.deployer, facts.locked.amount, "2030-01-01T00:00:00.000Z", false, true, null],
      ["1", scenario!.deployer, facts.expired.amount, iso(facts.expired.unlockTime), false, false, null],
      ["2", scenario!.deployer, "0", iso(facts.withdrawn.unlockTime), true, false, null],
    ]);
    expect(custody.team.amount.raw).toBe(facts.keptByDeployer);

    // Through a node that refuses state overrides the locks are read by index and id, two rounds more: the same custody.
    const noOverrides = await startProviderProxy(demo.chains[chain].rpcUrl, { name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    try {
      const viaProxy = (await analyzeLiquidity({ chain, address: scenario!.token.address, flags: { locks: true }, client: getChainClient(chain, { env: { ETH_RPC_URL: noOverrides.url, BASE_RPC_URL: noOverrides.url, BSC_RPC_URL: noOverrides.url } }) })).data as { lp_custody: LpCustodyView[] };
      expect(viaProxy.lp_custody.find((entry) => entry.pool === pool.pair)).toEqual(custody);
      expect(noOverrides.stats.refused.stateOverrideOff).toBeGreaterThan(0);
    } finally {
      await noOverrides.close();
    }

    const total = BigInt(custody.lp_total_supply!.raw);
    expect(await lpSignal(scenario!.token.address)).toMatchObject({
      flag: true,
      // The deployer kept LP and took the third lock back out: the team's LP is named first.
      title: "Liquidity is not secured: the team holds LP and can pull it",
      evidence: {
        locked_bps: bps(BigInt(facts.locked.amount), total),
        withdrawable_bps: bps(BigInt(facts.expired.amount), total),
        earliest_unlock: "2030-01-01T00:00:00.000Z",
        withdrawable_lockers: [{ address: facts.locker, since: iso(facts.expired.unlockTime) }],
      },
    });
  });
  it("the first PinkLock: the running lock locked until 2030, the expired one withdrawable since its date, the unlocked one off the list with its LP back with the owner", async () => {
    const scenario = book.venues.lockers.pinkLockV1Locks;
    if (chain === "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { facts, pool } = scenario!;
    expect(facts.lockerKey).toBe("pinklock-v1");
    const custody = await custodyOf(scenario!.token.address, pool.pair);
    expect(custody.locked.lockers).toEqual([expect.objectContaining({ address: facts.locker, key: "pinklock-v1", earliest_unlock: "2030-01-01T00:00:00.000Z", locks_note: null })]);
    expect(custody.locked.lockers[0].amount.raw).toBe(facts.locked.amount);
    expect(custody.withdrawable!.lockers).toEqual([expect.objectContaining({ address: facts.locker, withdrawable_since: iso(facts.expired.unlockTime) })]);
    expect(custody.withdrawable!.amount.raw).toBe(facts.expired.amount);
    expect(custody.locked.lockers[0].locks!.map((lock) => [lock.lock_id, lock.owner, lock.amount.raw, lock.unlock_date, lock.withdrawn, lock.locked_at_read])).toEqual([
      ["0", scenario!.deployer, facts.locked.amount, "2030-01-01T00:00:00.000Z", false, true],
      ["1", scenario!.deployer, facts.expired.amount, iso(facts.expired.unlockTime), false, false],
    ]);
    expect(custody.team.amount.raw).toBe(facts.keptByDeployer);
    const total = BigInt(custody.lp_total_supply!.raw);
    expect(await lpSignal(scenario!.token.address)).toMatchObject({
      flag: true,
      title: "Liquidity is not secured: the team holds LP and can pull it",
      evidence: { locked_bps: bps(BigInt(facts.locked.amount), total), withdrawable_bps: bps(BigInt(facts.expired.amount), total), earliest_unlock: "2030-01-01T00:00:00.000Z" },
    });
  });
  it("UNCX V3 positions: the running lock locked until 2030, the expired one withdrawable since its date, the eternal one locked with no end, the kept position the owner's; the same through a node that refuses overrides", async () => {
    const scenario = book.venues.lockers.uncxV3Locks;
    if (chain === "base") {
      expect(scenario).toBeNull();
      return;
    }
    const { locker, lockerKey, locked, expired, eternal, kept, pool } = scenario!;
    expect(lockerKey).toBe(chain === "eth" ? "uncx-uniswap-v3-v1" : "uncx-v3-v1");
    type PositionView = { token_id: string; owner: string; liquidity: string; locker: { key: string }; lock: { lock_id: string; owner: string; unlock_date: string | null; eternal: boolean } | null; lock_note: string | null };
    type PositionCustodyView = { pool: string; position_manager: string; locked: PositionView[]; withdrawable: PositionView[]; team: { token_id: string }[] };
    const read = async (client = getChainClient(chain, { env: env() })) =>
      ((await analyzeLiquidity({ chain, address: scenario!.token.address, client })).data as { position_custody: PositionCustodyView[] }).position_custody.find((entry) => entry.pool === pool.address)!;
    const custody = await read();
    const view = (record: typeof locked) => ({ token_id: record.tokenId, owner: locker, liquidity: record.liquidity, locker: expect.objectContaining({ key: lockerKey }), lock_note: null });
    expect(custody.locked).toEqual([
      expect.objectContaining({ ...view(locked), lock: { lock_id: "0", owner: scenario!.owner, unlock_date: "2030-01-01T00:00:00.000Z", eternal: false } }),
      expect.objectContaining({ ...view(eternal), lock: { lock_id: "2", owner: scenario!.owner, unlock_date: null, eternal: true } }),
    ]);
    expect(custody.withdrawable).toEqual([expect.objectContaining({ ...view(expired), lock: { lock_id: "1", owner: scenario!.owner, unlock_date: iso(expired.unlockTime!), eternal: false } })]);
    expect(custody.team.map((position) => position.token_id)).toEqual([kept.tokenId]);
    // The lens searches the locker's locks only when the locker holds one of the positions asked about.
    const client = getChainClient(chain, { env: env() });
    const ctx = marketContext({ client, chain, block: await client.getBlockNumber() });
    const manager = getAddress(custody.position_manager);
    expect(await readPositionLocksByLens(ctx, locker, pool.address, manager, [BigInt(kept.tokenId)])).toEqual({ count: 0n, scanned: 0n, locks: [] });
    expect(await readPositionLocksByLens(ctx, locker, pool.address, manager, [BigInt(kept.tokenId), BigInt(locked.tokenId)])).toMatchObject({ count: 3n, scanned: 3n, locks: [{ nftId: BigInt(eternal.tokenId) }, { nftId: BigInt(expired.tokenId) }, { nftId: BigInt(locked.tokenId) }] });

    // Through a node that refuses state overrides the locks are read by count and id, two rounds more: the same custody.
    const noOverrides = await startProviderProxy(demo.chains[chain].rpcUrl, { name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    try {
      expect(await read(getChainClient(chain, { env: { ETH_RPC_URL: noOverrides.url, BASE_RPC_URL: noOverrides.url, BSC_RPC_URL: noOverrides.url } }))).toEqual(custody);
      expect(noOverrides.stats.refused.stateOverrideOff).toBeGreaterThan(0);
    } finally {
      await noOverrides.close();
    }

    // Risk: a fourth of the value is the owner's, one locked position is past its date.
    expect(await lpSignal(scenario!.token.address)).toMatchObject({
      flag: true,
      evidence: {
        basis: "position_value",
        earliest_unlock: "2030-01-01T00:00:00.000Z",
        withdrawable_lockers: [{ address: locker, since: iso(expired.unlockTime!) }],
      },
    });
  });
  it("a V3 position NFT moved to UNCX's V3 locker (its registry address) is locked and names the locker, not the team", async () => {
    const locker = getNetwork(chain).lockers.find((entry) => entry.key.startsWith("uncx-") && entry.key.includes("v3"));
    if (chain === "base") {
      // No first-party source names UNCX's V3 locker on Base yet: none is registered there.
      expect(locker).toBeUndefined();
      return;
    }
    const { v3Only } = book.venues.scenarios;
    const { rpcUrl } = demo.chains[chain];
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      await rpc(rpcUrl, "anvil_impersonateAccount", [v3Only.position.owner]);
      const data = encodeFunctionData({ abi: parseAbi(["function transferFrom(address from, address to, uint256 tokenId)"]), functionName: "transferFrom", args: [v3Only.position.owner, locker!.address, BigInt(v3Only.position.tokenId)] });
      const hash = await rpc<Hex>(rpcUrl, "eth_sendTransaction", [{ from: v3Only.position.owner, to: v3Only.position.positionManager, data }]);
      while (!(await rpc(rpcUrl, "eth_getTransactionReceipt", [hash]))) await new Promise((resolve) => setTimeout(resolve, 5));
      const liquidity = (await analyzeLiquidity({ chain, address: v3Only.token.address, client: getChainClient(chain, { env: env() }) })).data as { position_custody: { pool: string; locked: { token_id: string; owner: string; locker: unknown }[]; team: unknown[] }[] };
      const custody = liquidity.position_custody.find((entry) => entry.pool === v3Only.pool.address)!;
      // Sent without a lock: no lock of it is found, so it counts as locked with no date, and says why.
      expect(custody.locked).toEqual([expect.objectContaining({ token_id: v3Only.position.tokenId, owner: locker!.address, locker: { key: locker!.key, name: locker!.name }, lock: null, lock_note: expect.stringMatching(/^No lock of this NFT was found among all \d+ of its locks/) })]);
      expect(custody.team).toEqual([]);
    } finally {
      await rpc(rpcUrl, "anvil_stopImpersonatingAccount", [v3Only.position.owner]);
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });
});

type LpAmountView = { raw: string };
type LockView = { lock_id: string; owner: string; amount: LpAmountView; unlock_date: string; withdrawn: boolean; locked_at_read: boolean | null; transaction: string | null; vesting?: unknown };
type LockerView = { address: string; amount: LpAmountView; locks: LockView[] | null };
type LpCustodyView = { pool: string; lp_total_supply: LpAmountView | null; team: { amount: LpAmountView }; locked: { lockers: LockerView[] }; withdrawable?: { amount: LpAmountView; lockers: LockerView[] } };
