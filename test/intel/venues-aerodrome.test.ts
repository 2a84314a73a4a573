// The venue reads on base's Aerodrome classic (volatile and stable) and Slipstream scenarios,
// asserted against the facts the demo chain recorded when it played them: pools found on their
// own venue, stable pools priced on their curve, why-down reading each venue's own events.
import { describe, expect, it } from "vitest";
import { formatUnits } from "viem";
import { getChainClient } from "@/lib/chain/clients";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { analyzeRisk } from "@/lib/intel/endpoints/intel/risk";
import { readWhyDown } from "@/lib/intel/endpoints/intel/why-down";
import { clippedBandAmounts, closeTo } from "../support/band-depth";
import { useDemoNetworks } from "../support/demo-chains";

const demo = useDemoNetworks();

function base() {
  const chain = demo.chains.base;
  const aerodrome = chain.addressBook.aerodrome!;
  return { aerodrome, client: () => getChainClient("base", { env: { BASE_RPC_URL: chain.rpcUrl } }) };
}

/** The marginal price on x³y + xy³ = k, quote per token (whole units), in floating point: an independent check. */
function stableCurvePrice(tokenReserve: number, quoteReserve: number): number {
  return (3 * tokenReserve ** 2 * quoteReserve + quoteReserve ** 3) / (tokenReserve ** 3 + 3 * tokenReserve * quoteReserve ** 2);
}

describe("Aerodrome and Slipstream on demo base", () => {
  it("liquidity finds each pool on its own venue: volatile and stable classic pools, and Slipstream by tick spacing", async () => {
    const { aerodrome, client } = base();
    const { aerodromeVolatile: volatile, aerodromeStable: stable, slipstream } = aerodrome.scenarios;
    const pools = async (token: `0x${string}`) => (await analyzeLiquidity({ chain: "base", address: token, client: client() })).data.market.pools;

    const [volatilePools, stablePools, slipstreamPools] = await Promise.all([pools(volatile.token.address), pools(stable.token.address), pools(slipstream.token.address)]);
    expect(volatilePools.map((pool) => [pool.address, pool.dex, pool.kind, pool.reserves?.source])).toEqual([[volatile.pool.address, "aerodrome", "solidly-v2", "getReserves"]]);
    expect(slipstreamPools.map((pool) => [pool.address, pool.dex, pool.kind, pool.tick_spacing, pool.reserves?.source])).toEqual([[slipstream.pool.address, "aerodrome-slipstream", "slipstream", slipstream.pool.tickSpacing, "pool_balances"]]);
    expect(slipstreamPools[0].reserves!.token.raw).toBe(slipstream.finalPool.balanceToken);
    // Slipstream's ticks(int24) are walked for the ±2 % band: its one full-range position, left after the decrease.
    const slipstreamBand = clippedBandAmounts(BigInt(slipstream.finalPool.sqrtPriceX96), [{ tickLower: slipstream.position.tickLower, tickUpper: slipstream.position.tickUpper, liquidity: BigInt(slipstream.position.finalLiquidity) }]);
    const slipTokenIs0 = slipstream.pool.token0 === slipstream.token.address;
    const depth = slipstreamPools[0].depth!;
    expect(depth).toMatchObject({ tick: slipstream.finalPool.tick, active_liquidity: slipstream.finalPool.liquidity, total: { source: "pool_balances", token: { raw: slipstream.finalPool.balanceToken }, quote: { raw: slipstream.finalPool.balanceNative } } });
    expect(closeTo(BigInt(depth.in_range!.token.raw), slipTokenIs0 ? slipstreamBand.amount0 : slipstreamBand.amount1, 20n)).toBe(true);
    expect(closeTo(BigInt(depth.in_range!.quote.raw), slipTokenIs0 ? slipstreamBand.amount1 : slipstreamBand.amount0, 20n)).toBe(true);
    expect(BigInt(depth.in_range!.quote.raw) > 0n).toBe(true);

    // The stable pool's price is its curve's slope at the final reserves, not their ratio.
    const [stablePool] = stablePools;
    expect([stablePool.address, stablePool.kind]).toEqual([stable.pool.address, "solidly-v2"]);
    const tokenIsToken0 = stable.token.address.toLowerCase() < stable.quote.toLowerCase();
    const [tokenRaw, quoteRaw] = tokenIsToken0 ? [stable.finalPool.reserve0, stable.finalPool.reserve1] : [stable.finalPool.reserve1, stable.finalPool.reserve0];
    const [tokenWhole, quoteWhole] = [Number(formatUnits(BigInt(tokenRaw), 18)), Number(formatUnits(BigInt(quoteRaw), 6))];
    const answered = Number(stablePool.price!.quote_per_token);
    expect(answered).toBeCloseTo(stableCurvePrice(tokenWhole, quoteWhole), 9);
    expect(Math.abs(answered - quoteWhole / tokenWhole)).toBeGreaterThan(0.05);
  });

  it("LP custody of an Aerodrome pool: its MINIMUM_LIQUIDITY at address(1) and the LP sent to 0x…dEaD burned, the first provider found, the removal read from Aerodrome's own Burn", async () => {
    const { aerodrome, client } = base();
    const volatile = aerodrome.scenarios.aerodromeVolatile;
    const { data } = await analyzeLiquidity({ chain: "base", address: volatile.token.address, client: client() });
    const [custody] = data.lp_custody;
    expect(custody.pool).toBe(volatile.pool.address);
    const burnedRaw = BigInt(volatile.lpBurn.amount) + BigInt(volatile.launch.lockedLiquidity.balance);
    expect(custody.burned.amount.raw).toBe(burnedRaw.toString());
    expect(custody.team.holders).toContainEqual(expect.objectContaining({ address: volatile.launch.provider, relations: expect.arrayContaining(["initial_liquidity_provider"]) }));
    expect(custody.liquidity_removals).toContainEqual(expect.objectContaining({ transaction: volatile.removal.tx.hash }));
  });

  it("risk sets the pools apart from holders on every venue", async () => {
    const { aerodrome, client } = base();
    const slipstream = aerodrome.scenarios.slipstream;
    const { data } = await analyzeRisk({ chain: "base", address: slipstream.token.address, client: client() });
    const concentration = data.signals.find((signal) => signal.id === "holder_concentration")!;
    const setApart = (concentration.evidence as { set_apart: { address: string; kind: string }[] }).set_apart;
    expect(setApart).toContainEqual(expect.objectContaining({ address: slipstream.pool.address, kind: "pool" }));
    // Simulated straight against the Slipstream pool (its V3-style callback).
    expect(data.simulation).toMatchObject({ pool: slipstream.pool.address, router: slipstream.pool.address, dex: "aerodrome-slipstream", dex_name: "Aerodrome Slipstream", buy: { ok: true }, sell: { ok: true } });
  });

  it("risk simulates a buy and a sell on an Aerodrome classic pool: paid in, then swapped on its curve", async () => {
    const { aerodrome, client } = base();
    const volatile = aerodrome.scenarios.aerodromeVolatile;
    const { data } = await analyzeRisk({ chain: "base", address: volatile.token.address, client: client() });
    expect(data.fallback).toBe(false);
    expect(data.simulation).toMatchObject({ pool: volatile.pool.address, router: volatile.pool.address, dex: "aerodrome", dex_name: "Aerodrome", buy: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0 });
    // The sell (of the nine tenths left after the wallet-to-wallet test) gave back less native coin
    // than those nine tenths cost: the pool's fee both ways, and nothing more.
    const simulation = data.simulation!;
    expect(simulation.transfer).toMatchObject({ ok: true, tokens_sent: { raw: (BigInt(simulation.buy!.tokens_arrived.raw) / 10n).toString() } });
    const soldShareOfBuy = (BigInt(simulation.native_in.raw) * BigInt(simulation.sell!.tokens_sent.raw)) / BigInt(simulation.buy!.tokens_arrived.raw);
    expect(BigInt(simulation.sell!.native.raw)).toBeLessThan(soldShareOfBuy);
    expect(BigInt(simulation.sell!.native.raw) * 1000n).toBeGreaterThan(soldShareOfBuy * 990n);
  });

  it("why-down reads a Slipstream pool's own events: the position's decrease as liquidity pulled, by its sender, with the amounts the pool gave", async () => {
    const { aerodrome, client } = base();
    const slipstream = aerodrome.scenarios.slipstream;
    const { data } = await readWhyDown({ chain: "base", address: slipstream.token.address, client: client() });
    expect(data.pool).toMatchObject({ address: slipstream.pool.address, dex: "aerodrome-slipstream", dex_name: "Aerodrome Slipstream" });
    const pulled = data.drivers.find((driver) => driver.driver === "liquidity_pulled")!;
    expect(pulled.observations).toEqual([
      expect.objectContaining({ what: "liquidity_removal", wallet: slipstream.position.owner, transaction: slipstream.decrease.tx.hash, amount: expect.objectContaining({ raw: slipstream.decrease.tokenAmount }), quote_amount: expect.objectContaining({ raw: slipstream.decrease.nativeAmount }) }),
    ]);
    const trades = data.drivers.find((driver) => driver.driver === "heavy_selling")!;
    expect((trades.measured as { sells: number; buys: number }).sells + (trades.measured as { buys: number }).buys).toBe(slipstream.trades.length);
  });

  it("why-down reads Aerodrome's own Swap and Burn: the deployer's removal with its LP, and the trades", async () => {
    const { aerodrome, client } = base();
    const volatile = aerodrome.scenarios.aerodromeVolatile;
    const { data } = await readWhyDown({ chain: "base", address: volatile.token.address, client: client() });
    expect(data.pool).toMatchObject({ address: volatile.pool.address, dex: "aerodrome", dex_name: "Aerodrome" });
    const pulled = data.drivers.find((driver) => driver.driver === "liquidity_pulled")!;
    expect(pulled.observations).toEqual([
      expect.objectContaining({
        wallet: volatile.removal.wallet,
        transaction: volatile.removal.tx.hash,
        amount: expect.objectContaining({ raw: volatile.removal.tokenOut }),
        quote_amount: expect.objectContaining({ raw: volatile.removal.nativeOut }),
        note: `${volatile.removal.lpAmount} LP redeemed`,
      }),
    ]);
    const selling = data.drivers.find((driver) => driver.driver === "heavy_selling")!.measured as { sells: number; buys: number };
    expect(selling.sells + selling.buys).toBe(volatile.trades.length);
  });
});
