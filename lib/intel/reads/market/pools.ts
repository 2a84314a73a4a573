// Pool discovery and pool state across every venue the registry names, in two rounds, with the
// reference pools that price the quote assets.
import { getAddress, zeroAddress, type Address } from "viem";
import type { DexKind } from "@/lib/chain/networks";
import { aggregate, sameAddress, valueOrNull, type LatestContext, type MarketContext } from "./context";
import type { Pool, PoolCandidate, QuoteAsset } from "./pool-types";
import { venueKinds, venueModule } from "./venues";
import type { PoolProbe } from "./venues/venue-module";

export type { Pool, PoolCandidate, QuoteAsset, V4PoolKey } from "./pool-types";
export { stableMidPrice } from "./venues/solidly-v2";
export { hasDynamicFee, v4Discovery, v4PoolId } from "./venues/uniswap-v4";

export type PoolDiscovery = {
  candidates: PoolCandidate[];
  /** Pools that give the native coin (and the further quote assets) a dollar price. */
  reference: PoolCandidate[];
  /** Where the V4 Initialize scan started, per PoolManager (it runs to the read block); empty where the network has no V4. */
  v4Scan: { poolManager: Address; fromBlock: bigint; truncated: boolean }[];
};

/** The pools' LP is an ERC-20 held by wallets, lockers and burn addresses. */
export function hasFungibleLp(pool: Pick<PoolCandidate, "dex">): boolean {
  return venueModule(pool.dex).lpToken;
}

/** Pool identity across venues: the contract, and for V4 the pool id inside the PoolManager. */
export function samePool(a: Pick<PoolCandidate, "address" | "v4">, b: Pick<PoolCandidate, "address" | "v4">): boolean {
  return sameAddress(a.address, b.address) && (a.v4?.id ?? null) === (b.v4?.id ?? null);
}

/** The quote assets pools are read against (ERC-20s; the native coin joins for V4 only). */
export function quoteAssets(ctx: Pick<LatestContext, "network">, token: Address): QuoteAsset[] {
  const { wrappedNative, stablecoins, otherQuotes } = ctx.network;
  return [
    { address: wrappedNative.address, symbol: wrappedNative.symbol, decimals: wrappedNative.decimals, kind: "wrapped_native" as const },
    ...stablecoins.map((coin) => ({ address: coin.address, symbol: coin.symbol, decimals: coin.decimals, kind: "stablecoin" as const })),
    ...otherQuotes.map((coin) => ({ address: coin.address, symbol: coin.symbol, decimals: coin.decimals, kind: "other" as const })),
  ].filter((quote) => !sameAddress(quote.address, token));
}

/** Every venue's discovery calls for the token (`where` picks the venues by their module). */
function probesFor(ctx: LatestContext, token: Address, quotes: readonly QuoteAsset[], where?: (kind: DexKind) => boolean): PoolProbe[] {
  return ctx.network.dexes.flatMap((dex) => (where && !where(dex.kind) ? [] : venueModule(dex).probes(ctx, dex, token, quotes)));
}

/**
 * The pools that price the native coin in dollars (V2-style volatile pools of the wrapped native
 * coin against each stablecoin) and each further quote asset (against the wrapped native coin);
 * `except`, the token being read, is not priced through itself.
 */
function referenceProbesFor(ctx: LatestContext, except?: Address): PoolProbe[] {
  const wrapped = ctx.network.wrappedNative.address;
  if (except && sameAddress(except, wrapped)) return [];
  const pricing = (part: "nativeUsd" | "quoteAssets") => (kind: DexKind) => venueKinds[kind].reference[part];
  const stables = quoteAssets(ctx, wrapped).filter((quote) => quote.kind === "stablecoin");
  const wrappedQuote = quoteAssets(ctx, zeroAddress).filter((quote) => quote.kind === "wrapped_native");
  return [
    ...probesFor(ctx, wrapped, stables, pricing("nativeUsd")).filter((probe) => probe.candidate.stable !== true),
    ...ctx.network.otherQuotes
      .filter((coin) => !except || !sameAddress(coin.address, except))
      .flatMap((coin) => probesFor(ctx, coin.address, wrappedQuote, pricing("quoteAssets")).filter((probe) => probe.candidate.stable !== true)),
  ];
}

/**
 * The token's pools against the wrapped native coin and each stablecoin on every registry venue
 * whose pool addresses are known without a call (V2-style pairs: CREATE2 from the init code hash),
 * so they are read in the round that learns the token. A pair never created has no code and reads
 * as no pool.
 */
export function predictedV2Pairs(ctx: Pick<LatestContext, "network">, token: Address): PoolCandidate[] {
  const checksummed = getAddress(token);
  const quotes = quoteAssets(ctx, checksummed).filter((quote) => quote.kind === "wrapped_native" || quote.kind === "stablecoin");
  return ctx.network.dexes.flatMap((dex) => venueModule(dex).predictPools?.(dex, checksummed, quotes) ?? []);
}

/** One round: the reference pools alone, for a read that prices the network's quote assets but reads no token's own pools. */
export async function discoverReferencePools(ctx: LatestContext): Promise<PoolCandidate[]> {
  const probes = referenceProbesFor(ctx);
  const results = await aggregate(ctx, probes.map((probe) => probe.call));
  return probes.flatMap((probe, index) => {
    const address = probe.found(valueOrNull(results[index]));
    return address ? [{ ...probe.candidate, address }] : [];
  });
}

/**
 * Pool discovery and pool state across every venue the registry names. Discovery is one round:
 * each venue asked for the token's pools against every quote asset (its module's probes: V2
 * getPair; Solidly getPool per curve; V3 getPool per fee tier; Slipstream getPool per tick spacing;
 * Uniswap V4's standard pools probed by id through StateView), beside the log scans a venue needs
 * (the V4 PoolManager's Initialize events for the token: hooked and custom-fee pools); a second
 * round reads what each found pool holds. The reference pools that price the native coin and the
 * other quote assets are found and read in the same two rounds.
 *
 * One round: every venue asked for the token's pools, plus the pools that price the native coin
 * in dollars (wrapped native against each stablecoin) and each further quote asset (against the
 * wrapped native coin). Without `ctx.block` it asks at the latest block, so it can share the round
 * that learns the block.
 */
export async function discoverPools(ctx: LatestContext, token: Address): Promise<PoolDiscovery> {
  const checksummed = getAddress(token);
  const quotes = quoteAssets(ctx, checksummed);
  const tokenProbes = probesFor(ctx, checksummed, quotes);
  const referenceProbes = referenceProbesFor(ctx, checksummed);
  const probes = [...tokenProbes, ...referenceProbes];
  const [results, scans] = await Promise.all([
    aggregate(ctx, probes.map((probe) => probe.call)),
    Promise.all(ctx.network.dexes.flatMap((dex) => {
      const scan = venueModule(dex).scanPools;
      return scan ? [scan(ctx, dex, checksummed, quotes)] : [];
    })),
  ]);
  const found = probes.map((probe, index) => {
    const address = probe.found(valueOrNull(results[index]));
    return address ? { ...probe.candidate, address } : null;
  });
  const initializes = scans.flatMap((scan) => scan.candidates);
  // A standard V4 pool is found by its key; its Initialize event, when the scan saw it, dates it.
  const standard = found
    .slice(0, tokenProbes.length)
    .filter((pool) => pool !== null)
    .map((pool) => {
      const initializedBlock = pool.v4 ? initializes.find((seen) => samePool(seen, pool))?.initializedBlock : undefined;
      return initializedBlock === undefined ? pool : { ...pool, initializedBlock };
    });
  const scanned = initializes.filter((pool) => !standard.some((known) => samePool(known, pool)));
  return {
    candidates: [...standard, ...scanned],
    reference: found.slice(tokenProbes.length).filter((pool) => pool !== null),
    v4Scan: scans.map((scan) => scan.covered),
  };
}

/** One round: reserves (or the concentrated-liquidity price and depth), token0 and LP supply of every candidate. */
export async function readPools(ctx: MarketContext, candidates: readonly PoolCandidate[]): Promise<Pool[]> {
  if (candidates.length === 0) return [];
  const perPool = candidates.map((candidate) => venueModule(candidate.dex).stateCalls(candidate));
  const results = await aggregate(ctx, perPool.flat());
  let offset = 0;
  return candidates.map((candidate, index) => {
    const values = results.slice(offset, offset + perPool[index].length).map((result) => valueOrNull(result));
    offset += perPool[index].length;
    return venueModule(candidate.dex).decodeState(candidate, values);
  });
}

export type MarketPools = { pools: Pool[]; referencePools: Pool[] };

/**
 * The token's pools across the registry's venues with reserves and quote asset, and the
 * reference pools that price the native coin and the further quote assets; two rounds.
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
