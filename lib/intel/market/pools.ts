// Pool discovery and reserves across the registry's DEXes. Discovery asks each factory for the
// token's pool against the wrapped native coin and every registry stablecoin (V2: getPair;
// Solidly: getPool per curve; V3: getPool per fee tier) in one multicall; a second multicall
// reads what each found pool holds. The wrapped-native/stablecoin pools that price the native
// coin in dollars are found and read in the same two rounds.
import { getAddress, zeroAddress, type Address } from "viem";
import type { DexInfo } from "@/lib/chain/networks";
import { v2FactoryAbi, v2PairAbi, v3FactoryAbi, v3PoolAbi, solidlyFactoryAbi, balanceOfAbi } from "./abis";
import { aggregate, sameAddress, valueOrNull, type ContractCall, type LatestContext, type MarketContext } from "./context";
import { ratio, type Ratio } from "./ratio";

export type QuoteAsset = {
  address: Address;
  symbol: string;
  decimals: number;
  kind: "wrapped_native" | "stablecoin";
};

export type PoolCandidate = {
  address: Address;
  dex: DexInfo;
  /** The token the pool is read for. */
  token: Address;
  quote: QuoteAsset;
  /** V3 fee tier in hundredths of a basis point (3000 = 0.30%); null for other kinds. */
  feeTier: number | null;
  /** Solidly curve; null for other kinds. */
  stable: boolean | null;
};

export type Pool = PoolCandidate & {
  token0: Address | null;
  /**
   * V2 and Solidly: getReserves(). V3: what the pool contract holds of each token, across all
   * ticks (`reservesSource` says which).
   */
  reserves: { token: bigint; quote: bigint } | null;
  reservesSource: "getReserves" | "pool_balances";
  /** LP token supply of V2-style pools (V3 positions are NFTs); null otherwise or when unread. */
  lpTotalSupply: bigint | null;
  v3: { sqrtPriceX96: bigint; liquidity: bigint } | null;
  /** Mid price: quote base units per token base unit; null when the pool is empty or unread. */
  midPrice: Ratio | null;
};

export type PoolDiscovery = { candidates: PoolCandidate[]; reference: PoolCandidate[] };

/** The pools' LP is an ERC-20 held by wallets, lockers and burn addresses. */
export function hasFungibleLp(pool: Pick<PoolCandidate, "dex">): boolean {
  return pool.dex.kind === "uniswap-v2" || pool.dex.kind === "solidly-v2";
}

export function quoteAssets(ctx: Pick<LatestContext, "network">, token: Address): QuoteAsset[] {
  const { wrappedNative, stablecoins } = ctx.network;
  return [
    { address: wrappedNative.address, symbol: wrappedNative.symbol, decimals: wrappedNative.decimals, kind: "wrapped_native" as const },
    ...stablecoins.map((coin) => ({ address: coin.address, symbol: coin.symbol, decimals: coin.decimals, kind: "stablecoin" as const })),
  ].filter((quote) => !sameAddress(quote.address, token));
}

type Probe = { candidate: Omit<PoolCandidate, "address">; call: ContractCall };

function probesFor(ctx: LatestContext, token: Address, quotes: readonly QuoteAsset[], dexKinds?: ReadonlySet<DexInfo["kind"]>): Probe[] {
  const probes: Probe[] = [];
  for (const dex of ctx.network.dexes) {
    if (dexKinds && !dexKinds.has(dex.kind)) continue;
    for (const quote of quotes) {
      const base = { dex, token, quote, feeTier: null, stable: null };
      if (dex.kind === "uniswap-v2") {
        probes.push({ candidate: base, call: { address: dex.factory, abi: v2FactoryAbi, functionName: "getPair", args: [token, quote.address] } });
      } else if (dex.kind === "solidly-v2") {
        for (const stable of [false, true]) {
          probes.push({ candidate: { ...base, stable }, call: { address: dex.factory, abi: solidlyFactoryAbi, functionName: "getPool", args: [token, quote.address, stable] } });
        }
      } else {
        for (const fee of dex.feeTiers) {
          probes.push({ candidate: { ...base, feeTier: fee }, call: { address: dex.factory, abi: v3FactoryAbi, functionName: "getPool", args: [token, quote.address, fee] } });
        }
      }
    }
  }
  return probes;
}

/**
 * One round: every registry factory asked for the token's pools, plus the wrapped-native /
 * stablecoin pools of V2-style DEXes that price the native coin in dollars. Without
 * `ctx.block` it asks at the latest block, so it can share the round that learns the block.
 */
export async function discoverPools(ctx: LatestContext, token: Address): Promise<PoolDiscovery> {
  const tokenProbes = probesFor(ctx, getAddress(token), quoteAssets(ctx, token));
  const wrapped = ctx.network.wrappedNative.address;
  const stables = quoteAssets(ctx, wrapped).filter((quote) => quote.kind === "stablecoin");
  const referenceProbes = sameAddress(token, wrapped) ? [] : probesFor(ctx, wrapped, stables, new Set(["uniswap-v2", "solidly-v2"] as const)).filter((probe) => probe.candidate.stable !== true);
  const probes = [...tokenProbes, ...referenceProbes];
  const results = await aggregate(ctx, probes.map((probe) => probe.call));
  const found = probes.map((probe, index) => {
    const address = valueOrNull<Address>(results[index]);
    return address && !sameAddress(address, zeroAddress) ? { ...probe.candidate, address: getAddress(address) } : null;
  });
  return {
    candidates: found.slice(0, tokenProbes.length).filter((pool) => pool !== null),
    reference: found.slice(tokenProbes.length).filter((pool) => pool !== null),
  };
}

function callsFor(pool: PoolCandidate): ContractCall[] {
  if (hasFungibleLp(pool)) {
    return [
      { address: pool.address, abi: v2PairAbi, functionName: "getReserves" },
      { address: pool.address, abi: v2PairAbi, functionName: "token0" },
      { address: pool.address, abi: v2PairAbi, functionName: "totalSupply" },
    ];
  }
  return [
    { address: pool.address, abi: v3PoolAbi, functionName: "slot0" },
    { address: pool.address, abi: v3PoolAbi, functionName: "liquidity" },
    { address: pool.address, abi: v3PoolAbi, functionName: "token0" },
    { address: pool.token, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
    { address: pool.quote.address, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
  ];
}

const Q192 = 2n ** 192n;

function decodePool(candidate: PoolCandidate, values: unknown[]): Pool {
  if (hasFungibleLp(candidate)) {
    const [reserves, token0Raw, totalSupply] = values as [readonly [bigint, bigint, number] | null, Address | null, bigint | null];
    const token0 = token0Raw ? getAddress(token0Raw) : null;
    const tokenIsToken0 = token0 ? sameAddress(token0, candidate.token) : null;
    const held = reserves && tokenIsToken0 !== null ? (tokenIsToken0 ? { token: reserves[0], quote: reserves[1] } : { token: reserves[1], quote: reserves[0] }) : null;
    return {
      ...candidate,
      token0,
      reserves: held,
      reservesSource: "getReserves",
      lpTotalSupply: totalSupply,
      v3: null,
      midPrice: held && held.token > 0n ? ratio(held.quote, held.token) : null,
    };
  }
  const [slot0, liquidity, token0Raw, tokenBalance, quoteBalance] = values as [readonly [bigint, number] | null, bigint | null, Address | null, bigint | null, bigint | null];
  const token0 = token0Raw ? getAddress(token0Raw) : null;
  const sqrt = slot0?.[0] ?? null;
  let midPrice: Ratio | null = null;
  if (sqrt !== null && sqrt > 0n && token0) {
    // sqrtPriceX96² / 2^192 is token1 base units per token0 base unit.
    const token1PerToken0 = { num: sqrt * sqrt, den: Q192 };
    midPrice = sameAddress(token0, candidate.token) ? token1PerToken0 : ratio(token1PerToken0.den, token1PerToken0.num);
  }
  return {
    ...candidate,
    token0,
    reserves: tokenBalance !== null && quoteBalance !== null ? { token: tokenBalance, quote: quoteBalance } : null,
    reservesSource: "pool_balances",
    lpTotalSupply: null,
    v3: sqrt !== null && liquidity !== null ? { sqrtPriceX96: sqrt, liquidity } : null,
    midPrice,
  };
}

/** One round: reserves (or V3 price and balances), token0 and LP supply of every candidate. */
export async function readPools(ctx: MarketContext, candidates: readonly PoolCandidate[]): Promise<Pool[]> {
  if (candidates.length === 0) return [];
  const perPool = candidates.map(callsFor);
  const results = await aggregate(ctx, perPool.flat());
  let offset = 0;
  return candidates.map((candidate, index) => {
    const values = results.slice(offset, offset + perPool[index].length).map((result) => valueOrNull(result));
    offset += perPool[index].length;
    return decodePool(candidate, values);
  });
}

export type MarketPools = { pools: Pool[]; referencePools: Pool[] };

/**
 * The token's pools across the registry's DEXes with reserves and quote asset, and the
 * reference pools that price the native coin; two rounds (discovery, then reserves).
 */
export async function findPools(ctx: MarketContext, token: Address): Promise<MarketPools> {
  const { candidates, reference } = await discoverPools(ctx, token);
  const read = await readPools(ctx, [...candidates, ...reference]);
  return { pools: read.slice(0, candidates.length), referencePools: read.slice(candidates.length) };
}

/** The pool holding the most of its quote asset among the read pools `where` accepts; null when none has reserves. */
export function deepestPool(pools: readonly Pool[], where: (pool: Pool) => boolean = () => true): Pool | null {
  let deepest: Pool | null = null;
  for (const pool of pools) {
    if (!pool.reserves || !where(pool)) continue;
    if (!deepest || pool.reserves.quote > deepest.reserves!.quote) deepest = pool;
  }
  return deepest;
}
