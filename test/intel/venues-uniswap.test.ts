// The venue reads on the real Uniswap V3, Uniswap V4 (native ETH/BNB, and a hooked pool) and
// PancakeSwap V3 contracts of the demo chains, asserted against what the demo recorded when it
// played them: every endpoint finds the pool on its venue and reads its own events.
import { describe, expect, it } from "vitest";
import { zeroAddress } from "viem";
import { getChainClient } from "@/lib/chain/clients";
import { getNetwork } from "@/lib/chain/networks";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { analyzeRisk } from "@/lib/intel/endpoints/intel/risk";
import { readWhyDown } from "@/lib/intel/endpoints/intel/why-down";
import { readPnl } from "@/lib/intel/endpoints/wallet/pnl";
import { amountsForLiquidity, sqrtPriceAtTick } from "@/lib/intel/reads/market/liquidity-math";
import { clippedBandAmounts, closeTo } from "../support/band-depth";
import { useDemoNetworks } from "../support/demo-chains";
import { startProviderProxy } from "../support/provider-proxy";

const demo = useDemoNetworks();

/** A removal's principal against what was paid out with the position's fees: no more than it, and within 1 % of it. */
function expectPrincipalOf(principal: bigint, paidOut: bigint) {
  expect(principal <= paidOut, `${principal} ≤ ${paidOut}`).toBe(true);
  expect(principal * 100n >= paidOut * 99n, `${principal} within 1 % of ${paidOut}`).toBe(true);
}

describe.each(["eth", "base", "bsc"] as const)("Uniswap V3/V4 and PancakeSwap V3 on demo %s", (chain) => {
  // Base's deployer comes from an explorer, which the tests do not reach: there the deployer is also the owner, and reads as that.
  const teamRelation = chain === "base" ? "owner" : "deployer";
  const setup = () => {
    const { rpcUrl, addressBook } = demo.chains[chain];
    const client = () => getChainClient(chain, { env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } });
    return { scenarios: addressBook.venues.scenarios, client, network: getNetwork(chain) };
  };

  it("a V3-only token: liquidity, why-down, pnl (oldest trade first) and risk all read its Uniswap V3 pool", async () => {
    const { scenarios, client } = setup();
    const { v3Only } = scenarios;
    const token = v3Only.token.address;
    const liquidity = await analyzeLiquidity({ chain, address: token, client: client() });
    expect(liquidity.data.market.pools.map((pool) => [pool.address, pool.kind, pool.reserves?.source])).toEqual([[v3Only.pool.address, "uniswap-v3", "pool_balances"]]);
    expect(liquidity.data.market.price?.pool).toBe(v3Only.pool.address);
    // Its liquidity is a position NFT of the position manager: the deployer holds it, what is left of it after the removal.
    expect(liquidity.data.position_custody).toEqual([
      expect.objectContaining({
        pool: v3Only.pool.address,
        position_manager: v3Only.position.positionManager,
        liquidity: v3Only.liquidityRemoval.liquidityLeft,
        team: [expect.objectContaining({ token_id: v3Only.position.tokenId, owner: v3Only.position.owner, share_bps: 10_000, relations: expect.arrayContaining([teamRelation]) })],
        other_holders: [],
      }),
    ]);

    const why = await readWhyDown({ chain, address: token, client: client() });
    expect(why.data.pool).toMatchObject({ address: v3Only.pool.address, dex: "uniswap-v3", dex_name: "Uniswap V3" });
    const pulled = why.data.drivers.find((driver) => driver.driver === "liquidity_pulled")!;
    // Removed through the position manager's multicall: the position's owner pulled it. The pool's
    // Burn gives the principal; the recorded collect adds the position's fees on top (under 1 %).
    expect(pulled.observations).toEqual([expect.objectContaining({ wallet: v3Only.position.owner, transaction: v3Only.liquidityRemoval.tx.hash })]);
    expectPrincipalOf(BigInt(pulled.observations[0].amount.raw), BigInt(v3Only.liquidityRemoval.tokenOut));
    expectPrincipalOf(BigInt(pulled.observations[0].quote_amount!.raw), BigInt(v3Only.liquidityRemoval.nativeOut));

    const trader = v3Only.trades[0].wallet;
    const pnl = await readPnl({ chain, wallet: trader, token, client: client() });
    const traded = v3Only.trades.filter((trade) => trade.wallet === trader);
    expect(pnl.data.trades.map((trade) => [trade.kind, trade.swap?.dex_name, trade.transaction])).toEqual(
      traded.map((trade) => [trade.side, "Uniswap V3", trade.tx.hash]),
    );

    const risk = await analyzeRisk({ chain, address: token, client: client() });
    const setApart = (risk.data.signals.find((signal) => signal.id === "holder_concentration")!.evidence as { set_apart: { address: string; kind: string }[] }).set_apart;
    expect(setApart).toContainEqual(expect.objectContaining({ address: v3Only.pool.address, kind: "pool" }));
    // The buy and sell are simulated straight against the V3 pool (its swap callback), as a router would.
    expect(risk.data.fallback).toBe(false);
    expect(risk.data.simulation).toMatchObject({ pool: v3Only.pool.address, router: v3Only.pool.address, dex: "uniswap-v3", dex_name: "Uniswap V3", buy: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0 });
    // Custody from the main pool's position NFTs: the deployer holds the only position.
    expect(risk.data.signals.find((signal) => signal.id === "lp_custody")).toMatchObject({
      flag: true,
      severity: "high",
      evidence: { pool: v3Only.pool.address, dex: "uniswap-v3", dex_name: "Uniswap V3", basis: "position_value", burned_bps: 0, locked_bps: 0, team_held_bps: 10_000, team_holders: [expect.objectContaining({ address: v3Only.position.owner })] },
    });
  });

  it("a V4 pool against the native coin: found by its id through StateView, read by id in the PoolManager's events", async () => {
    const { scenarios, client, network } = setup();
    const { v4Native } = scenarios;
    const token = v4Native.token.address;
    const poolManager = network.dexes.find((dex) => dex.kind === "uniswap-v4")!;
    const liquidity = await analyzeLiquidity({ chain, address: token, client: client() });
    expect(liquidity.data.market.pools.map((pool) => [pool.kind, pool.v4?.pool_id, pool.quote.address, pool.quote.kind, pool.v4?.hooks])).toEqual([["uniswap-v4", v4Native.poolId, zeroAddress, "native", zeroAddress]]);
    expect(liquidity.data.market.pools[0].address).toBe("poolManager" in poolManager ? poolManager.poolManager : null);
    // The pool's liquidity is a PositionManager NFT, found by the ModifyLiquidity the manager sent (its salt is the token id).
    expect(liquidity.data.position_custody).toEqual([
      expect.objectContaining({
        pool_id: v4Native.poolId,
        position_manager: v4Native.position.positionManager,
        liquidity: v4Native.liquidityRemoval.liquidityLeft,
        team: [expect.objectContaining({ token_id: v4Native.position.tokenId, owner: v4Native.position.owner, relations: expect.arrayContaining([teamRelation]) })],
      }),
    ]);

    // A V4 pool's total is the sum of the ranges its ModifyLiquidity history shows: here the
    // full-range position, what is left of it after the removal, at the final price.
    const v4Pool = liquidity.data.market.pools[0];
    const { amount0, amount1 } = amountsForLiquidity(BigInt(v4Native.finalPool.sqrtPriceX96), sqrtPriceAtTick(v4Native.position.tickLower), sqrtPriceAtTick(v4Native.position.tickUpper), BigInt(v4Native.liquidityRemoval.liquidityLeft));
    // The native coin is currency0.
    expect(v4Pool.depth).toMatchObject({ tick: v4Native.finalPool.tick, active_liquidity: v4Native.finalPool.liquidity, total: { source: "positions", quote: { raw: amount0.toString() }, token: { raw: amount1.toString() } }, total_gap: null });
    const v4Band = clippedBandAmounts(BigInt(v4Native.finalPool.sqrtPriceX96), [{ tickLower: v4Native.position.tickLower, tickUpper: v4Native.position.tickUpper, liquidity: BigInt(v4Native.liquidityRemoval.liquidityLeft) }]);
    expect(closeTo(BigInt(v4Pool.depth!.in_range!.quote.raw), v4Band.amount0, 20n)).toBe(true);
    expect(closeTo(BigInt(v4Pool.depth!.in_range!.token.raw), v4Band.amount1, 20n)).toBe(true);

    const why = await readWhyDown({ chain, address: token, client: client() });
    expect(why.data.pool).toMatchObject({ dex: "uniswap-v4", dex_name: "Uniswap V4", v4_pool_id: v4Native.poolId });
    const pulled = why.data.drivers.find((driver) => driver.driver === "liquidity_pulled")!;
    expect(pulled.observations).toEqual([expect.objectContaining({ transaction: v4Native.liquidityRemoval.tx.hash, amount: expect.objectContaining({ raw: expect.any(String) }) })]);
    // The amounts come from the removed liquidity, its range and the price at the time; what the
    // PoolManager paid out also carries the position's fees, collected with any decrease in V4.
    expectPrincipalOf(BigInt(pulled.observations[0].amount.raw), BigInt(v4Native.liquidityRemoval.tokenOut));
    expectPrincipalOf(BigInt(pulled.observations[0].quote_amount!.raw), BigInt(v4Native.liquidityRemoval.nativeOut));

    // Simulated inside the PoolManager's unlock, paying and taking the native coin itself.
    const risk = await analyzeRisk({ chain, address: token, client: client() });
    expect(risk.data.simulation).toMatchObject({ router: liquidity.data.market.pools[0].address, v4_pool_id: v4Native.poolId, buy: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0 });

    const trader = v4Native.trades[0].wallet;
    const pnl = await readPnl({ chain, wallet: trader, token, client: client() });
    expect(pnl.data.trades.map((trade) => [trade.kind, trade.swap?.dex_name])).toEqual(v4Native.trades.filter((trade) => trade.wallet === trader).map((trade) => [trade.side, "Uniswap V4"]));
  });

  it("a hooked V4 pool is found from the PoolManager's Initialize event and names its hook", async () => {
    const { scenarios, client } = setup();
    const { v4Hooked } = scenarios;
    const liquidity = await analyzeLiquidity({ chain, address: v4Hooked.token.address, client: client() });
    expect(liquidity.data.market.pools.map((pool) => [pool.kind, pool.v4?.pool_id, pool.v4?.hooks])).toEqual([["uniswap-v4", v4Hooked.poolId, v4Hooked.poolKey.hooks]]);

    // The hook runs before swaps (its address says so) and sets the fee: a flag in risk.
    const risk = await analyzeRisk({ chain, address: v4Hooked.token.address, client: client() });
    const hook = risk.data.signals.find((signal) => signal.id === "v4_hook")!;
    expect(hook).toMatchObject({ flag: true, evidence: { pool_id: v4Hooked.poolId, hooks: v4Hooked.poolKey.hooks, can_block_or_reprice: true } });
    expect((hook.evidence as { permissions: string[] }).permissions).toContain("before_swap");
    expect(risk.data.flags).toContain("v4_hook");
    // The hook blocks swaps at the end of the demo: the simulated buy reverts in it.
    expect(risk.data.flags).toContain("buy_reverts");
    // A V4 pool without a hook gives no such signal.
    const plain = await analyzeRisk({ chain, address: scenarios.v4Native.token.address, client: client() });
    expect(plain.data.signals.some((signal) => signal.id === "v4_hook")).toBe(false);
    // Its custody is the V4 pool's PositionManager NFTs, by the pool id.
    expect(plain.data.signals.find((signal) => signal.id === "lp_custody")!.evidence).toMatchObject({ v4_pool_id: scenarios.v4Native.poolId, dex: "uniswap-v4", dex_name: "Uniswap V4", basis: "position_value", team_held_bps: 10_000 });
  });

  it("a dust V2 pool beside a deep V3 pool: the price and why-down's main pool are the deep V3 one", async () => {
    const { scenarios, client } = setup();
    const { dustV2DeepV3 } = scenarios;
    const token = dustV2DeepV3.token.address;
    const liquidity = await analyzeLiquidity({ chain, address: token, client: client() });
    expect(liquidity.data.market.pools.map((pool) => pool.kind).sort()).toEqual(["uniswap-v2", "uniswap-v3"]);
    const deep = liquidity.data.market.pools.find((pool) => pool.kind === "uniswap-v3")!;
    expect(liquidity.data.market.price?.pool).toBe(deep.address);

    // Depth: within ±2 % the deployer's full-range position and the trader's narrow one (its
    // ticks are crossed on the way up), against counting each position over its part of the band;
    // in total, the pool's balances.
    const final = dustV2DeepV3.finalV3Pool;
    const positions = [dustV2DeepV3.v3Position, dustV2DeepV3.narrowPosition].map((p) => ({ tickLower: p.tickLower, tickUpper: p.tickUpper, liquidity: BigInt(p.liquidity) }));
    expect(deep.depth).toMatchObject({ tick: final.tick, active_liquidity: final.liquidity, band_bps: 200, total: { source: "pool_balances", token: { raw: final.tokenBalance }, quote: { raw: final.nativeBalance } }, total_gap: null });
    const band = clippedBandAmounts(BigInt(final.sqrtPriceX96), positions);
    const tokenIsToken0 = BigInt(token) < BigInt(dustV2DeepV3.v3Pool.token0 === token ? dustV2DeepV3.v3Pool.token1 : dustV2DeepV3.v3Pool.token0);
    const [tokenSide, quoteSide] = tokenIsToken0 ? [band.amount0, band.amount1] : [band.amount1, band.amount0];
    expect(closeTo(BigInt(deep.depth!.in_range!.token.raw), tokenSide, 20n), `${deep.depth!.in_range!.token.raw} ≈ ${tokenSide}`).toBe(true);
    expect(closeTo(BigInt(deep.depth!.in_range!.quote.raw), quoteSide, 20n), `${deep.depth!.in_range!.quote.raw} ≈ ${quoteSide}`).toBe(true);
    // The narrow position is within the band, so the band holds more than the full-range position alone would.
    const fullRangeOnly = clippedBandAmounts(BigInt(final.sqrtPriceX96), positions.slice(0, 1));
    expect(BigInt(deep.depth!.in_range!.quote.raw) > (tokenIsToken0 ? fullRangeOnly.amount1 : fullRangeOnly.amount0)).toBe(true);
    // Position shares are by value at the price: the trader's narrow position is its own share.
    const custody = liquidity.data.position_custody.find((entry) => entry.pool === deep.address)!;
    expect(custody.other_holders).toEqual([expect.objectContaining({ token_id: dustV2DeepV3.narrowPosition.tokenId, owner: dustV2DeepV3.narrowPosition.owner, tick_lower: dustV2DeepV3.narrowPosition.tickLower, tick_upper: dustV2DeepV3.narrowPosition.tickUpper })]);
    expect(custody.team[0].share_bps! + custody.other_holders[0].share_bps!).toBeGreaterThanOrEqual(9_998);
    // Through a node that refuses state overrides the owners and their code take the longer way: the same custody.
    const noOverrides = await startProviderProxy(demo.chains[chain].rpcUrl, { name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    try {
      const viaProxy = await analyzeLiquidity({ chain, address: token, client: getChainClient(chain, { env: { ETH_RPC_URL: noOverrides.url, BASE_RPC_URL: noOverrides.url, BSC_RPC_URL: noOverrides.url } }) });
      expect(viaProxy.data.position_custody).toEqual(liquidity.data.position_custody);
      expect(noOverrides.stats.refused.stateOverrideOff).toBeGreaterThan(0);
    } finally {
      await noOverrides.close();
    }
    // A V2 pool has no concentrated depth.
    expect(liquidity.data.market.pools.find((pool) => pool.kind === "uniswap-v2")!.depth).toBeNull();
    const why = await readWhyDown({ chain, address: token, client: client() });
    expect(why.data.pool.address).toBe(deep.address);
    // Risk's custody signal reads the deep V3 pool, not the dust V2 pair: the deployer's
    // full-range position and the trader's narrow one, by what each holds at the price.
    const risk = await analyzeRisk({ chain, address: token, client: client() });
    const custodySignal = risk.data.signals.find((signal) => signal.id === "lp_custody")!;
    expect(custodySignal.evidence).toMatchObject({ pool: deep.address, basis: "position_value", burned_bps: 0, team_held_bps: custody.team[0].share_bps });
  });

  it("a fee-on-transfer token on Uniswap V3: the sell the pool refuses reads as the venue's refusal, not a honeypot", async () => {
    const { scenarios, client } = setup();
    const { taxedV3 } = scenarios;
    const risk = await analyzeRisk({ chain, address: taxedV3.token.address, client: client() });
    expect(risk.data.simulation).toMatchObject({ pool: taxedV3.pool.address, buy: { ok: true }, sell: { ok: false, revert: { reason: "IIA" } }, buy_tax_bps: taxedV3.buyTaxBps });
    const refused = risk.data.signals.find((signal) => signal.id === "sell_refused_by_venue")!;
    expect(refused).toMatchObject({ severity: "high", flag: true, evidence: { pool: taxedV3.pool.address, dex: "uniswap-v3", dex_name: "Uniswap V3", buy_tax_bps: taxedV3.buyTaxBps, sell_revert: { reason: "IIA" } } });
    expect(refused.title).toContain("fee on transfer");
    expect(risk.data.flags).not.toContain("honeypot");
    expect(risk.data.flags).toEqual(expect.arrayContaining(["sell_refused_by_venue", "buy_tax"]));
    // Real holders meet the same refusal: said per holder, not counted as holders who cannot sell.
    const holders = risk.data.signals.find((signal) => signal.id === "holder_sells")!;
    const evidence = holders.evidence as { failed: number; holders: { ok: boolean; refused_by_venue: boolean }[] };
    expect({ flag: holders.flag, failed: evidence.failed }).toEqual({ flag: false, failed: 0 });
    expect(evidence.holders.filter((holder) => !holder.ok).every((holder) => holder.refused_by_venue)).toBe(true);
    const refusedSells = evidence.holders.filter((holder) => holder.refused_by_venue).length;
    expect(refusedSells).toBeGreaterThan(0);
    expect(holders.title).toBe(`No sampled holder is singled out: the venue refuses ${refusedSells} of ${evidence.holders.length} holders' sells as it refuses everyone's`);
  });

  it.runIf(chain === "bsc")("PancakeSwap V3: its nine-field Swap read as trades in pnl and why-down", async () => {
    const { scenarios, client } = setup();
    const pancake = scenarios.pancakeV3Trader!;
    const token = pancake.token.address;
    const trader = pancake.trades[0].wallet;
    const pnl = await readPnl({ chain, wallet: trader, token, client: client() });
    expect(pnl.data.trades.map((trade) => [trade.kind, trade.swap?.dex_name])).toEqual(pancake.trades.filter((trade) => trade.wallet === trader).map((trade) => [trade.side, "PancakeSwap V3"]));
    const why = await readWhyDown({ chain, address: token, client: client() });
    expect(why.data.pool).toMatchObject({ dex: "pancakeswap-v3", dex_name: "PancakeSwap V3" });
  });
});
