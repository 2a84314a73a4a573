// intel/liquidity on the demo chains (chain ids 1, 8453, 56): token identity, the market
// snapshot with exact reserves and prices, LP custody of the healthy (burned), rug (pulled) and
// locked-liquidity (unlock time) tokens, the request booleans, an honest empty answer for a
// token with no pool, provenance for every field, and at most three rounds of RPC.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { formatUnits, zeroAddress, type Address } from "viem";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, LP_UNLOCK_TIME, type AddressBook } from "@/demo-chain";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import type { LiquidityFlags } from "@/lib/intel/endpoints/intel/liquidity/read-plan";

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];

type Result = Awaited<ReturnType<typeof analyzeLiquidity>>;

/** Every data field has a label, every label is one of the four, every "unavailable" has its reason. */
function expectProvenanceForEveryField(result: Result) {
  const { data, provenance } = result;
  for (const field of Object.keys(data)) {
    if (field === "unavailable") continue;
    expect(Object.keys(provenance).some((key) => key === field || key.startsWith(`${field}.`)), `provenance for ${field}`).toBe(true);
  }
  for (const [field, label] of Object.entries(provenance)) {
    expect(labels).toContain(label);
    if (label === "unavailable") expect(data.unavailable[field], `reason for ${field}`).toBeTruthy();
  }
}

const lp = (raw: string | bigint) => ({ raw: raw.toString(), formatted: formatUnits(BigInt(raw), 18) });
const bps = (part: bigint, whole: bigint) => Number((part * 10_000n) / whole);

const demo = useDemoChains();

// 14 days (140 with full) at each network's nominal interval: a demo chain's scripted clock is no block producer's, so it is never measured.
const custodyWindowBlocks: Record<ChainId, { standard: number; full: number }> = {
  eth: { standard: 100_800, full: 1_008_000 },
  base: { standard: 604_800, full: 6_048_000 },
  bsc: { standard: 2_688_000, full: 26_880_000 },
};

describe.each(DEMO_CHAINS)("intel/liquidity on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const analyze = (address: Address, flags: LiquidityFlags = {}) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    return withRpcMeter(() => analyzeLiquidity({ chain, address, flags, env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } }));
  };
  const deployerOf = (scenario: { deployer: Address; deployTx: { hash: `0x${string}` } }) =>
    chain === "base" ? null : { address: scenario.deployer, transaction: scenario.deployTx.hash };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("healthy: identity, the pool with exact reserves and prices, every LP token burned with the burn transaction", async () => {
    const { healthy } = book.scenarios;
    const { result, usage } = await analyze(healthy.token.address);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(result.honestEmpty).toBe(false);
    const { data } = result;
    expect(data.token).toEqual({
      address: healthy.token.address,
      name: healthy.token.name,
      symbol: healthy.token.symbol,
      decimals: 18,
      total_supply: { raw: healthy.token.totalSupply, formatted: formatUnits(BigInt(healthy.token.totalSupply), 18) },
    });
    expect(data.team_wallets).toEqual({ owner: zeroAddress, owner_renounced: true, deployer: deployerOf(healthy), controllers: [] });

    const usdPerNative = BigInt(book.referencePool.nativePriceInStable);
    const reserveNative = BigInt(healthy.finalPool.reserveNative);
    const reserveToken = BigInt(healthy.finalPool.reserveToken);
    const usd = formatUnits((reserveNative * 10n ** 18n * usdPerNative) / reserveToken, 18);
    const liquidityUsd = formatUnits((2n * reserveNative * usdPerNative) / 10n ** 12n, 6);
    const wrapped = book.canonical.wrappedNative;
    expect(data.market.pools).toEqual([
      {
        address: healthy.pool.pair,
        dex: book.canonical.dex.key,
        dex_name: book.canonical.dex.name,
        kind: "uniswap-v2",
        quote: { address: wrapped.address, symbol: wrapped.symbol, decimals: 18, kind: "wrapped_native" },
        reserves: {
          token: { raw: healthy.finalPool.reserveToken, formatted: formatUnits(reserveToken, 18) },
          quote: { raw: healthy.finalPool.reserveNative, formatted: formatUnits(reserveNative, 18) },
          source: "getReserves",
        },
        price: { quote_per_token: formatUnits(BigInt(healthy.finalPool.priceNativePerToken), 18), quote_base_units_per_token: healthy.finalPool.priceNativePerToken, usd_per_token: usd },
        liquidity_usd: liquidityUsd,
        lp_total_supply: lp(healthy.facts.lpTotalSupply),
        tick_spacing: null,
        depth: null,
        v4: null,
      },
    ]);
    expect(data.market.price).toEqual({ pool: healthy.pool.pair, quote: { address: wrapped.address, symbol: wrapped.symbol }, quote_per_token: formatUnits(BigInt(healthy.finalPool.priceNativePerToken), 18), usd_per_token: usd });
    // The demo chain has one stablecoin with a reference pool: its peg is taken, not checked, and the answer says so.
    expect(data.market.native_usd).toEqual({
      pool: book.referencePool.pair,
      stablecoin: book.canonical.stablecoin.symbol,
      usd_per_native: book.referencePool.nativePriceInStable,
      stablecoins_checked: { status: "single_stablecoin", threshold_bps: 200, stablecoins: [{ symbol: book.canonical.stablecoin.symbol, address: book.canonical.stablecoin.address, pool: book.referencePool.pair, deviation_bps: null, depegged: null }] },
    });
    expect(data.market.liquidity_usd).toBe(liquidityUsd);

    expect(data.lp_custody).toHaveLength(1);
    const custody = data.lp_custody[0];
    const burned = BigInt(healthy.facts.lpBurnedToDead) + BigInt(healthy.facts.lpAtZeroAddress);
    expect(custody.burned.amount).toEqual(lp(burned));
    expect(custody.burned.share_bps).toBe(healthy.facts.lpBurnedShareBps);
    expect(custody.burned.burn_transactions).toContainEqual({ transaction: healthy.facts.lpBurnTx.hash, block: healthy.facts.lpBurnTx.block, from: healthy.deployer, to: DEAD, amount: lp(healthy.facts.lpBurnedToDead), kind: "transfer" });
    expect([custody.locked.share_bps, custody.team.share_bps, custody.unverified_custody.share_bps, custody.other_holders.share_bps]).toEqual([0, 0, 0, 0]);
    expect(custody.liquidity_removals).toEqual([]);

    expect(result.provenance).toEqual({
      token: "verified_onchain",
      "team_wallets.owner": "verified_onchain",
      "team_wallets.deployer": chain === "base" ? "unavailable" : "verified_onchain",
      "team_wallets.controllers": "verified_onchain",
      "market.pools": "verified_onchain",
      "market.price": "verified_onchain",
      "market.usd": "interpretation",
      lp_custody: "verified_onchain",
      "lp_custody.team": "interpretation",
      "lp_custody.unverified_custody": "interpretation",
      position_custody: "verified_onchain",
      limitations: "interpretation",
    });
    // The healthy token trades on a V2 pair only: no position to hold.
    expect(data.position_custody).toEqual([]);
    expect(Object.keys(data.unavailable)).toEqual(chain === "base" ? ["team_wallets.deployer"] : []);
    expect(data.limitations).toHaveLength(chain === "base" ? 6 : 5);
    expect(data.limitations).toContain(`Dollar figures take ${book.canonical.stablecoin.symbol} at one dollar: no other stablecoin has a reference pool to check its peg against.`);
    expect(data.limitations.some((line) => line.startsWith("Pools are found on every registry venue"))).toBe(true);
    expectProvenanceForEveryField(result);
  });

  it("behind a proxy the controllers are not read here: team_wallets.controllers is null with the reason, not an empty list", async () => {
    const circle = book.realTokens.scenarios.circleFiatToken;
    const { result } = await analyze(circle.token.address);
    expect(result.data.team_wallets.controllers).toBeNull();
    expect(result.provenance["team_wallets.controllers"]).toBe("unavailable");
    expect(result.data.unavailable["team_wallets.controllers"]).toMatch(/^The token is a proxy: its implementation's code is not read here/);
  });

  it("rug: the pool after the pull and the dump, the deployer's removal and the little LP it kept", async () => {
    const { rug } = book.scenarios;
    const { result, usage } = await analyze(rug.token.address);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    const pool = result.data.market.pools[0];
    expect(pool.reserves).toMatchObject({ token: { raw: rug.finalPool.reserveToken }, quote: { raw: rug.finalPool.reserveNative } });
    expect(pool.price!.quote_base_units_per_token).toBe(rug.finalPool.priceNativePerToken);
    expect(BigInt(rug.finalPool.priceNativePerToken)).toBeLessThan(BigInt(rug.facts.poolBeforePull.priceNativePerToken));

    const custody = result.data.lp_custody[0];
    const kept = BigInt(rug.pool.lpMinted) - BigInt(rug.facts.lpRemoved);
    const supply = kept + 1_000n;
    expect(custody.lp_total_supply).toEqual(lp(supply));
    expect(custody.team).toMatchObject({ amount: lp(kept), share_bps: bps(kept, supply) });
    expect(custody.team.holders).toEqual([{ address: rug.deployer, amount: lp(kept), share_bps: bps(kept, supply), relations: ["deployer", "owner", "initial_liquidity_provider"].filter((relation) => chain !== "base" || relation !== "deployer"), is_contract: false }]);
    expect(custody.liquidity_removals).toEqual([
      {
        transaction: rug.facts.removeLiquidityTx.hash,
        block: rug.facts.removeLiquidityTx.block,
        by: rug.facts.liquidityPuller,
        by_team: chain === "base" ? ["owner", "initial_liquidity_provider"] : ["deployer", "owner", "initial_liquidity_provider"],
        lp_amount: lp(rug.facts.lpRemoved),
        token_amount: lp(rug.facts.tokenReturned),
        quote_amount: lp(rug.facts.nativeReturned),
      },
    ]);
    expectProvenanceForEveryField(result);
  });

  it("locked liquidity: the locked share and its unlock date by default; with locks each lock's proof; with full the pool metadata too", async () => {
    const { lockedLiquidity: scenario } = book.scenarios;
    const facts = scenario.facts;
    const plain = (await analyze(scenario.token.address)).result;
    const plainCustody = plain.data.lp_custody[0];
    expect(plainCustody.locked).toMatchObject({ amount: lp(facts.lockedAmount), share_bps: facts.lockedShareBps });
    expect(plainCustody.locked.lockers).toEqual([
      { address: facts.locker, amount: lp(facts.lockedAmount), share_bps: facts.lockedShareBps, key: "liquidity-timelock", name: "LiquidityTimelock", recognised_by: "code_hash", locks: null, locks_note: "Lock proof not requested (set locks or " +
        "full): the locks were read and counted, and only their list is left out.", earliest_unlock: facts.unlockDate },
    ]);
    expect(plainCustody.team).toMatchObject({ amount: lp(facts.lpKeptByDeployer), share_bps: bps(BigInt(facts.lpKeptByDeployer), BigInt(facts.lpTotalSupply)) });
    expect(plain.provenance["lp_custody.locks"]).toBeUndefined();
    expect(plain.data.market.pools[0]).not.toHaveProperty("metadata");

    const { result: withLocks, usage } = await analyze(scenario.token.address, { locks: true });
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(withLocks.data.lp_custody[0].locked.lockers[0].locks).toEqual([
      { lock_id: String(facts.lockId), owner: facts.lockOwner, amount: lp(facts.lockedAmount), unlock_date: facts.unlockDate, withdrawn: false, locked_at_read: true, transaction: facts.lockTx.hash },
    ]);
    expect(withLocks.provenance["lp_custody.locks"]).toBe("verified_onchain");
    expect(withLocks.read).toMatchObject({ metadata: false, locks: true, full: false, lookback_blocks: custodyWindowBlocks[chain].standard, list_limit: 10 });
    expectProvenanceForEveryField(withLocks);

    const { result: full, usage: fullUsage } = await analyze(scenario.token.address, { full: true });
    expect(fullUsage.roundTrips).toBeLessThanOrEqual(3);
    expect(full.read).toEqual({ metadata: true, locks: true, full: true, lookback_blocks: custodyWindowBlocks[chain].full, list_limit: 100 });
    const dex = getNetwork(chain).dexes.find((entry) => "factory" in entry && entry.factory === book.canonical.dex.factory)!;
    expect(full.data.market.pools[0].metadata).toEqual({
      factory: book.canonical.dex.factory,
      router: book.canonical.dex.router,
      token0: scenario.pool.token0,
      fee: { tier: null, bps: dex.kind === "uniswap-v2" ? dex.swapFeeBps : null, source: "registry" },
      creation: { block: scenario.pool.addLiquidityTx.block, transaction: scenario.pool.addLiquidityTx.hash },
      creation_searched: { from_block: 0, to_block: book.latestBlock },
    });
    expect(full.data.lp_custody[0].locked.lockers[0].locks![0].unlock_date).toBe(new Date(LP_UNLOCK_TIME * 1000).toISOString());
    expect(full.provenance["market.pools.metadata"]).toBe("verified_onchain");
    expectProvenanceForEveryField(full);
  });

  it("a token with no pool is an honest empty answer: identity read, no pools, no price, no custody, each said why", async () => {
    const notAToken = book.scenarios.lockedLiquidity.facts.locker;
    const { result, usage } = await analyze(notAToken);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(result.honestEmpty).toBe(true);
    expect(result.data.market).toEqual({
      pools: [],
      price: null,
      native_usd: {
        pool: book.referencePool.pair,
        stablecoin: book.canonical.stablecoin.symbol,
        usd_per_native: book.referencePool.nativePriceInStable,
        stablecoins_checked: { status: "single_stablecoin", threshold_bps: 200, stablecoins: [{ symbol: book.canonical.stablecoin.symbol, address: book.canonical.stablecoin.address, pool: book.referencePool.pair, deviation_bps: null, depegged: null }] },
      },
      liquidity_usd: null,
    });
    expect(result.data.lp_custody).toEqual([]);
    expect(result.provenance).toMatchObject({ "market.price": "unavailable", "market.usd": "unavailable", lp_custody: "unavailable" });
    expect(result.data.unavailable["market.pools"]).toMatch(/^No pool of this token on /);
    expect(result.data.token).toMatchObject({ address: notAToken, name: null, symbol: null, decimals: null, total_supply: null });
    expectProvenanceForEveryField(result);
  });
});
