// A token paired with a registry stablecoin alone, on all three demo chains: intel/risk buys it
// through that pool as a holder with only the native coin would, and reads its taxes and a
// honeypot. The cases in detail: the describe below.
import { beforeAll, describe, expect, it } from "vitest";
import { encodeDeployData, encodeFunctionData, getAddress, parseAbi, parseEther, parseUnits, toHex, type Address, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { DEMO_CHAINS } from "@/demo-chain";
import { analyzeRisk, type Signal } from "@/lib/intel/endpoints/intel/risk";
import { riskResponse } from "@/lib/schemas/responses/risk";
import { useDemoChains } from "../support/demo-chains";
import { startProviderProxy } from "../support/provider-proxy";
import { compileFixtureFile, send, transferData } from "./support/solidity-fixtures";

const deployer = getAddress("0x5eed00000000000000000000000000000000a5d1");
const supply = parseEther("10000000");
/** Each pool holds a tenth of the supply against this many whole stablecoins. */
const stableSeed = 100_000n;

const abi = parseAbi([
  "function mint(address to, uint256 amount)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function approve(address spender, uint256 amount) returns (bool)",
  "function markPool(address pool)",
  "function freeze()",
  "function createPair(address tokenA, address tokenB) returns (address)",
  "function getPair(address tokenA, address tokenB) view returns (address)",
  "function createPool(address tokenA, address tokenB, uint24 fee) returns (address)",
  "function getPool(address tokenA, address tokenB, uint24 fee) view returns (address)",
  "function createPool(address tokenA, address tokenB, bool stable) returns (address)",
  "function getPool(address tokenA, address tokenB, bool stable) view returns (address)",
  "function initialize(uint160 sqrtPriceX96)",
  "function mint(address to) returns (uint256)",
  "function mint((address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint256 amount0Desired, uint256 amount1Desired, uint256 amount0Min, uint256 amount1Min, address recipient, uint256 deadline) params) returns (uint256, uint128, uint256, uint256)",
]);

type Venue = "v2" | "v3";
type Fixture = { token: Address; pool: Address };
const cases = {
  ordinaryV2: { venue: "v2", sellTaxBps: 0n, refusesSells: false },
  taxedV2: { venue: "v2", sellTaxBps: 500n, refusesSells: false },
  honeypotV2: { venue: "v2", sellTaxBps: 0n, refusesSells: true },
  ordinaryV3: { venue: "v3", sellTaxBps: 0n, refusesSells: false },
  honeypotV3: { venue: "v3", sellTaxBps: 0n, refusesSells: true },
} as const satisfies Record<string, { venue: Venue; sellTaxBps: bigint; refusesSells: boolean }>;

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + value / x) / 2n;
  }
  return x;
}

type Result = Awaited<ReturnType<typeof analyzeRisk>>;
const signal = (result: Result, id: string): Signal | undefined => result.data.signals.find((entry) => entry.id === id);

const demo = useDemoChains();
const tokenArtifact = () => compileFixtureFile("QuotedPoolFixtures.sol").QuotedPoolToken;

// A token paired with a registry stablecoin alone, on all three demo chains: intel/risk buys it
// through that pool all the same, as a holder with only the native coin would (the native coin buys
// the stablecoin in its reference pool first, and gets it back after the sell), on a V2 pair and on
// a Uniswap V3 pool. An ordinary token trades at 0 tax, a 5 % sell tax reads 500 basis points, and
// a honeypot that refuses sells to its pool is caught; a node without eth_simulateV1 runs the same
// trade in one call. Our own fixture tokens (test/intel/support/QuotedPoolFixtures.sol), deployed
// and seeded here on each chain's anvil.
describe.each(DEMO_CHAINS)("intel/risk through a pool against a stablecoin alone on demo %s", (chain: ChainId) => {
  const fixtures = {} as Record<keyof typeof cases, Fixture>;
  const url = () => demo.chains[chain].rpcUrl;
  const book = () => demo.chains[chain].addressBook;
  const env = (rpcUrl = url()) => ({ ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl });
  const write = (to: Address, data: Hex) => send(url(), deployer, { to, data });
  const read = async (to: Address, data: Hex) => getAddress(`0x${(await rpc<Hex>(url(), "eth_call", [{ to, data }, "latest"])).slice(26)}`);

  /** A V2 pair of the registry's V2 venue, seeded by the deployer. */
  async function openV2(token: Address, quote: Address, tokenAmount: bigint, quoteAmount: bigint): Promise<Address> {
    const factory = book().canonical.dex.factory;
    await write(factory, encodeFunctionData({ abi, functionName: "createPair", args: [token, quote] }));
    const pair = await read(factory, encodeFunctionData({ abi, functionName: "getPair", args: [token, quote] }));
    await write(token, transferData(pair, tokenAmount));
    await write(quote, transferData(pair, quoteAmount));
    await write(pair, encodeFunctionData({ abi, functionName: "mint", args: [deployer] }));
    return pair;
  }

  /** A Uniswap V3 pool at the 0.3 % tier, priced at the two amounts and holding them over the whole range. */
  async function openV3(token: Address, quote: Address, tokenAmount: bigint, quoteAmount: bigint): Promise<Address> {
    const { factory, positionManager } = book().venues.contracts.uniswapV3;
    await write(factory, encodeFunctionData({ abi, functionName: "createPool", args: [token, quote, 3000] }));
    const pool = await read(factory, encodeFunctionData({ abi, functionName: "getPool", args: [token, quote, 3000] }));
    const tokenIsToken0 = BigInt(token) < BigInt(quote);
    const [token0, token1] = tokenIsToken0 ? [token, quote] : [quote, token];
    const [amount0, amount1] = tokenIsToken0 ? [tokenAmount, quoteAmount] : [quoteAmount, tokenAmount];
    await write(pool, encodeFunctionData({ abi, functionName: "initialize", args: [isqrt((amount1 << 192n) / amount0)] }));
    for (const asset of [token, quote]) await write(asset, encodeFunctionData({ abi, functionName: "approve", args: [positionManager, 2n ** 255n] }));
    // The whole range at the fee tier's spacing (60), so the pool holds both sides at every price.
    const params = { token0, token1, fee: 3000, tickLower: -887220, tickUpper: 887220, amount0Desired: amount0, amount1Desired: amount1, amount0Min: 0n, amount1Min: 0n, recipient: deployer, deadline: 2n ** 64n };
    await write(positionManager, encodeFunctionData({ abi, functionName: "mint", args: [params] }));
    return pool;
  }

  const deployToken = (name: string, sellTaxBps: bigint, refusesSells: boolean) =>
    send(url(), deployer, { data: encodeDeployData({ abi: tokenArtifact().abi, bytecode: tokenArtifact().bytecode, args: [name, supply, sellTaxBps, refusesSells] }) }) as Promise<Address>;

  beforeAll(async () => {
    await rpc(url(), "anvil_setBalance", [deployer, toHex(parseEther("10000"))]);
    await rpc(url(), "anvil_impersonateAccount", [deployer]);
    const stable = book().canonical.stablecoin;
    const stableAmount = parseUnits(stableSeed.toString(), stable.decimals);
    // The demo chain's fixture stablecoin mints to anyone (as a faucet would).
    await write(stable.address, encodeFunctionData({ abi, functionName: "mint", args: [deployer, stableAmount * BigInt(Object.keys(cases).length)] }));
    for (const [name, spec] of Object.entries(cases) as [keyof typeof cases, (typeof cases)[keyof typeof cases]][]) {
      const token = await deployToken(name, spec.sellTaxBps, spec.refusesSells);
      const pool = spec.venue === "v2" ? await openV2(token, stable.address, supply / 10n, stableAmount) : await openV3(token, stable.address, supply / 10n, stableAmount);
      await write(token, encodeFunctionData({ abi, functionName: "markPool", args: [pool] }));
      fixtures[name] = { token, pool };
    }
  }, 180_000);

  const analyze = async (name: keyof typeof cases | Address, rpcUrl?: string) => {
    const result = await analyzeRisk({ chain, address: name in fixtures ? fixtures[name as keyof typeof cases].token : (name as Address), env: env(rpcUrl) });
    riskResponse.data.parse(result.data);
    return result;
  };

  /** The stablecoin and the pool the native coin bought it in: the chain's reference pool, on its V2 venue. */
  const quoteThroughReference = () => {
    const { stablecoin, dex } = book().canonical;
    return { address: stablecoin.address, symbol: stablecoin.symbol, decimals: stablecoin.decimals, kind: "stablecoin", bought_in: { pool: book().referencePool.pair, router: dex.router, dex: dex.key } };
  };

  it("an ordinary token buys, moves wallet to wallet and sells at 0 tax through its V2 pair against the stablecoin, ETH in and ETH out", async () => {
    const result = await analyze("ordinaryV2");
    expect(result.data.fallback).toBe(false);
    const simulation = result.data.simulation!;
    expect(simulation).toMatchObject({ mode: "separate_blocks", pool: fixtures.ordinaryV2.pool, router: book().canonical.dex.router, quote: quoteThroughReference(), buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: 0 });
    // The stablecoin went into the pool and came back out of it; the native coin came back through the reference pool.
    expect(BigInt(simulation.quote!.paid.raw)).toBeGreaterThan(0n);
    expect(BigInt(simulation.quote!.received!.raw)).toBeGreaterThan(0n);
    expect(BigInt(simulation.sell!.native.raw)).toBeGreaterThan(0n);
    expect(BigInt(simulation.sell!.native.raw)).toBeLessThan(BigInt(simulation.native_in.raw));
    expect(signal(result, "sell_simulated")).toMatchObject({ flag: false, evidence: { pool: fixtures.ordinaryV2.pool } });
    expect(result.data.flags).not.toContain("honeypot");
    expect(result.data.headline).toMatchObject({ honeypot: false, buy_tax_bps: 0, sell_tax_bps: 0 });
    expect(result.data.limitations.join(" ")).toContain(`here against ${book().canonical.stablecoin.symbol}`);
  });

  it("a token that taxes sells 5 % reads sellTaxBps 500 through its stablecoin pair, its buy untaxed; the one-call mode (no eth_simulateV1) reads the same", async () => {
    const result = await analyze("taxedV2");
    expect(result.data.simulation).toMatchObject({ mode: "separate_blocks", pool: fixtures.taxedV2.pool, quote: quoteThroughReference(), buy: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 500 });
    expect(signal(result, "sell_tax")).toMatchObject({ flag: true, severity: "medium", evidence: { tax_bps: 500, pool: fixtures.taxedV2.pool } });
    expect(result.data.headline).toMatchObject({ honeypot: false, buy_tax_bps: 0, sell_tax_bps: 500 });

    const proxy = await startProviderProxy(url(), { name: "a node before eth_simulateV1", methodsOff: { methods: ["eth_simulateV1"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) } });
    try {
      forgetProviderProfiles();
      const oneCall = await analyze("taxedV2", proxy.url);
      expect(oneCall.data.simulation).toMatchObject({ mode: "same_call", pool: fixtures.taxedV2.pool, quote: quoteThroughReference(), buy: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 500 });
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });

  it("a honeypot that refuses sells to its stablecoin pair is caught", async () => {
    const result = await analyze("honeypotV2");
    expect(result.data.simulation).toMatchObject({ pool: fixtures.honeypotV2.pool, quote: quoteThroughReference(), buy: { ok: true }, transfer: { ok: true }, sell: { ok: false, revert: { reason: "TransferHelper: TRANSFER_FROM_FAILED" } }, buy_tax_bps: 0, sell_tax_bps: null });
    expect(signal(result, "honeypot")).toMatchObject({ flag: true, severity: "high", evidence: { pool: fixtures.honeypotV2.pool } });
    expect(result.data.headline).toMatchObject({ honeypot: true });
  });

  it("on a Uniswap V3 pool against the stablecoin: an ordinary token trades at 0 tax, a honeypot is caught (in one call too)", async () => {
    const ordinary = await analyze("ordinaryV3");
    expect(ordinary.data.simulation).toMatchObject({ pool: fixtures.ordinaryV3.pool, router: fixtures.ordinaryV3.pool, dex: "uniswap-v3", quote: quoteThroughReference(), buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: 0 });
    expect(BigInt(ordinary.data.simulation!.sell!.native.raw)).toBeGreaterThan(0n);
    expect(ordinary.data.flags).not.toContain("honeypot");

    const honeypot = await analyze("honeypotV3");
    expect(honeypot.data.simulation).toMatchObject({ pool: fixtures.honeypotV3.pool, quote: quoteThroughReference(), buy: { ok: true }, sell: { ok: false, revert: { reason: "sells are closed" } }, sell_tax_bps: null });
    expect(signal(honeypot, "honeypot")).toMatchObject({ flag: true, severity: "high", evidence: { pool: fixtures.honeypotV3.pool } });

    const proxy = await startProviderProxy(url(), { name: "a node before eth_simulateV1", methodsOff: { methods: ["eth_simulateV1"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) } });
    try {
      forgetProviderProfiles();
      const oneCall = await analyze("honeypotV3", proxy.url);
      expect(oneCall.data.simulation).toMatchObject({ mode: "same_call", pool: fixtures.honeypotV3.pool, buy: { ok: true }, sell: { ok: false } });
      expect(signal(oneCall, "honeypot")).toMatchObject({ flag: true });
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });

  it("on a Uniswap V4 pool against the stablecoin (inside the PoolManager): an ordinary token trades at 0 tax, a honeypot is caught", async () => {
    const stable = book().canonical.stablecoin;
    const { poolManager } = book().venues.contracts.uniswapV4;
    const opener = compileFixtureFile("QuotedPoolFixtures.sol").V4LiquidityFixture;
    const fixture = (await send(url(), deployer, { data: encodeDeployData({ abi: opener.abi, bytecode: opener.bytecode, args: [poolManager] }) }))!;
    const stableAmount = parseUnits(stableSeed.toString(), stable.decimals);
    await write(stable.address, encodeFunctionData({ abi, functionName: "mint", args: [fixture, 4n * stableAmount] }));
    for (const [name, refusesSells] of [["ordinaryV4", false], ["honeypotV4", true]] as const) {
      const token = await deployToken(name, 0n, refusesSells);
      await write(token, transferData(fixture, supply / 5n));
      const tokenIsToken0 = BigInt(token) < BigInt(stable.address);
      const [amount0, amount1] = tokenIsToken0 ? [supply / 10n, stableAmount] : [stableAmount, supply / 10n];
      const key = { currency0: tokenIsToken0 ? token : stable.address, currency1: tokenIsToken0 ? stable.address : token, fee: 3000, tickSpacing: 60, hooks: "0x0000000000000000000000000000000000000000" as Address };
      // About the two amounts over the whole range: liquidity is their geometric mean.
      await write(fixture, encodeFunctionData({ abi: opener.abi, functionName: "open", args: [key, isqrt((amount1 << 192n) / amount0), -887220, 887220, isqrt(amount0 * amount1)] }));
      await write(token, encodeFunctionData({ abi, functionName: "markPool", args: [poolManager] }));
      const result = await analyze(token);
      const simulation = result.data.simulation;
      expect(simulation, name).toMatchObject({ pool: poolManager, router: poolManager, dex: "uniswap-v4", v4_pool_id: expect.stringMatching(/^0x[0-9a-f]{64}$/), quote: quoteThroughReference(), buy: { ok: true }, transfer: { ok: true }, buy_tax_bps: 0 });
      if (refusesSells) {
        expect(simulation).toMatchObject({ sell: { ok: false }, sell_tax_bps: null });
        expect(signal(result, "honeypot"), name).toMatchObject({ flag: true, severity: "high" });
      } else {
        expect(simulation).toMatchObject({ sell: { ok: true }, sell_tax_bps: 0, transfer_tax_bps: 0 });
        expect(BigInt(simulation!.sell!.native.raw)).toBeGreaterThan(0n);
        expect(result.data.flags).not.toContain("honeypot");
      }
    }
  });

  it("the wrapped native coin itself, whose pools are the stablecoin's own reference pools, is not traded through them and says so as before", async () => {
    const wrapped = book().canonical.wrappedNative;
    const result = await analyze(wrapped.address);
    expect(result.data).toMatchObject({ simulation: null, fallback: true, unavailable: { simulation: `No pool against ${getNetwork(chain).nativeSymbol} or ${wrapped.symbol} with reserves to trade through.` } });
  });

  it("a token paired only with a further quote asset (the registry's BTC wrapper, our fixture placed at its address): the native coin buys the asset in its Uniswap V3 pool against the wrapped coin; 0 tax for an ordinary token, 500 for a 5 % sell tax", async () => {
    const network = getNetwork(chain);
    const btc = network.otherQuotes[0];
    const wrapped = network.wrappedNative.address;
    const quoteArtifact = compileFixtureFile("QuotedPoolFixtures.sol").QuoteAssetFixture;
    const made = (await send(url(), deployer, { data: encodeDeployData({ abi: quoteArtifact.abi, bytecode: quoteArtifact.bytecode, args: [btc.decimals] }) }))!;
    await rpc(url(), "anvil_setCode", [btc.address, await rpc<Hex>(url(), "eth_getCode", [made, "latest"])]);
    const unit = 10n ** BigInt(btc.decimals);
    await write(btc.address, encodeFunctionData({ abi, functionName: "mint", args: [deployer, 1_000n * unit] }));
    await send(url(), deployer, { to: wrapped, data: "0xd0e30db0", value: toHex(parseEther("1000")) });
    // 40 of the wrapped coin a BTC: the pool that prices the asset, and where the simulator buys it.
    const reference = await openV3(btc.address, wrapped, 10n * unit, parseEther("400"));
    const quote = { address: btc.address, symbol: btc.symbol, decimals: btc.decimals, kind: "other", bought_in: { pool: reference, router: reference } };
    const tokens = {} as Record<"ordinaryBtc" | "taxedBtc", Address>;
    for (const [name, taxBps] of [["ordinaryBtc", 0], ["taxedBtc", 500]] as const) {
      const token = (tokens[name] = await deployToken(name, BigInt(taxBps), false));
      const pair = await openV2(token, btc.address, supply / 10n, 5n * unit);
      await write(token, encodeFunctionData({ abi, functionName: "markPool", args: [pair] }));
      const result = await analyze(token);
      expect(result.data.simulation, name).toMatchObject({ mode: "separate_blocks", pool: pair, quote, buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: taxBps, transfer_tax_bps: 0 });
      // The asset bought for 0.1 % of the pair's BTC side: 0.005 BTC at 40 of the wrapped coin is about 0.2 of the native coin.
      expect(Number(result.data.simulation!.native_in.formatted)).toBeCloseTo(0.2, 1);
      expect(BigInt(result.data.simulation!.sell!.native.raw)).toBeGreaterThan(0n);
    }

    // Frozen, the asset cannot be bought: no leg of the token's ran, so the answer says why and reads no failed buy into the token, in either mode.
    await write(btc.address, encodeFunctionData({ abi, functionName: "freeze" }));
    // "TF": the V3 pool's own words when the asset refuses to leave it.
    const unbought = `The native coin could not buy ${btc.symbol} in its pool ${reference} against the wrapped native coin (TF), so the token's pool against ${btc.symbol} was not traded.`;
    const frozen = await analyze(tokens.ordinaryBtc);
    expect(frozen.data).toMatchObject({ simulation: null, fallback: true, unavailable: { simulation: unbought } });
    expect(frozen.data.flags).not.toContain("buy_reverts");
    const proxy = await startProviderProxy(url(), { name: "a node before eth_simulateV1", methodsOff: { methods: ["eth_simulateV1"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) } });
    try {
      forgetProviderProfiles();
      expect((await analyze(tokens.ordinaryBtc, proxy.url)).data).toMatchObject({ simulation: null, unavailable: { simulation: unbought } });
    } finally {
      await proxy.close();
      forgetProviderProfiles();
    }
  });

  it("Base's Aerodrome stable pool of a dollar token against USDC alone (the demo's own): bought and sold through that stable pool at 0 tax", async () => {
    const scenario = book().aerodrome?.scenarios.aerodromeStable;
    if (chain !== "base") {
      expect(scenario).toBeUndefined();
      return;
    }
    const result = await analyzeRisk({ chain, address: scenario!.token.address, env: env() });
    riskResponse.data.parse(result.data);
    expect(result.data.simulation).toMatchObject({ pool: scenario!.pool.address, router: scenario!.pool.address, dex: "aerodrome", quote: quoteThroughReference(), buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0, transfer_tax_bps: 0 });
    expect(result.data.flags).not.toContain("honeypot");
  });

  // Last: the deeper pool of the wrapped coin against the stablecoin it opens takes the native coin's price from then on.
  it("Base: where an Aerodrome volatile pool of the wrapped coin against the stablecoin is the deepest, the native coin buys the stablecoin there (pay in, then swap) and sells it back there", async () => {
    const classic = book().aerodrome?.canonical.classic;
    if (chain !== "base") {
      expect(classic).toBeUndefined();
      return;
    }
    const stable = book().canonical.stablecoin;
    const wrapped = book().canonical.wrappedNative.address;
    // Twice the reference pair's depth, at the same price.
    const wrappedAmount = 2n * BigInt(book().referencePool.nativeReserve);
    const stableAmount = 2n * BigInt(book().referencePool.stableReserve);
    await send(url(), deployer, { to: wrapped, data: "0xd0e30db0", value: toHex(wrappedAmount) });
    await write(stable.address, encodeFunctionData({ abi, functionName: "mint", args: [deployer, stableAmount] }));
    await write(classic!.factory, encodeFunctionData({ abi, functionName: "createPool", args: [wrapped, stable.address, false] }));
    const pool = await read(classic!.factory, encodeFunctionData({ abi, functionName: "getPool", args: [wrapped, stable.address, false] }));
    await write(wrapped, transferData(pool, wrappedAmount));
    await write(stable.address, transferData(pool, stableAmount));
    await write(pool, encodeFunctionData({ abi, functionName: "mint", args: [deployer] }));

    const quote = { address: stable.address, kind: "stablecoin", bought_in: { pool, router: pool, dex: "aerodrome" } };
    const ordinary = await analyze("ordinaryV2");
    expect(ordinary.data.simulation).toMatchObject({ pool: fixtures.ordinaryV2.pool, quote, buy: { ok: true }, transfer: { ok: true }, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 0 });
    expect(BigInt(ordinary.data.simulation!.sell!.native.raw)).toBeGreaterThan(0n);
    const taxed = await analyze("taxedV2");
    expect(taxed.data.simulation).toMatchObject({ pool: fixtures.taxedV2.pool, quote, sell: { ok: true }, buy_tax_bps: 0, sell_tax_bps: 500 });
  });
});
