// Pool discovery and pool state across every venue the registry names. Discovery is one round:
// each factory asked for the token's pool against every quote asset (V2: getPair; Solidly:
// getPool per curve; V3: getPool per fee tier; Slipstream: getPool per tick spacing), Uniswap V4's
// standard pools probed by id through StateView, and the V4 PoolManager's Initialize events for
// the token (hooked and custom-fee pools); a second round reads what each found pool holds. The
// reference pools that price the native coin and the other quote assets are found and read in the
// same two rounds.
import { encodeAbiParameters, encodePacked, getAddress, getContractAddress, keccak256, zeroAddress, type Address, type Hex } from "viem";
import type { DexInfo, UniswapV4Dex } from "@/lib/chain/networks";
import { profileOfClient } from "@/lib/chain/clients";
import { isRangeLimitError, scanLogs } from "@/lib/chain/log-scanner";
import { v2FactoryAbi, v2PairAbi, v3FactoryAbi, v3PoolAbi, solidlyFactoryAbi, solidlyPoolAbi, slipstreamFactoryAbi, balanceOfAbi, v4StateViewAbi, v4Initialize } from "./abis";
import { aggregate, sameAddress, valueOrNull, type ContractCall, type LatestContext, type MarketContext } from "./context";
import { ratio, type Ratio } from "./ratio";

export type QuoteAsset = {
  address: Address;
  symbol: string;
  decimals: number;
  /**
   * native: the network's coin itself (a Uniswap V4 currency, the zero address). wrapped_native:
   * its wrapped token. stablecoin: a registry stablecoin. other: a further registry quote asset
   * (BTC wrappers, bridged ETH), valued through its pool against the wrapped native coin.
   */
  kind: "native" | "wrapped_native" | "stablecoin" | "other";
};

/** A Uniswap V4 pool: its id in the PoolManager and the key it is the hash of. */
export type V4PoolKey = { id: Hex; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };

export type PoolCandidate = {
  /** The pool contract; for Uniswap V4, the PoolManager that holds the pool (its id is in `v4`). */
  address: Address;
  dex: DexInfo;
  /** The token the pool is read for. */
  token: Address;
  quote: QuoteAsset;
  /** Swap fee in hundredths of a basis point (3000 = 0.30%) where the pool's key fixes it; null for other kinds. */
  feeTier: number | null;
  /** Solidly curve; null for other kinds. */
  stable: boolean | null;
  /** Slipstream and V4 tick spacing; null for other kinds. */
  tickSpacing: number | null;
  v4: V4PoolKey | null;
  /** The block of a V4 pool's Initialize event, when the discovery scan saw it. */
  initializedBlock?: bigint;
};

export type Pool = PoolCandidate & {
  token0: Address | null;
  /**
   * V2 and Solidly: getReserves(). V3 and Slipstream: what the pool contract holds of each token,
   * across all ticks. V4: the amounts the in-range liquidity stands for at the current price
   * (the PoolManager holds every pool's tokens together, so a pool's own balance is not readable).
   */
  reserves: { token: bigint; quote: bigint } | null;
  reservesSource: "getReserves" | "pool_balances" | "in_range_liquidity";
  /** LP token supply of V2-style pools (V3 positions are NFTs); null otherwise or when unread. */
  lpTotalSupply: bigint | null;
  /** Concentrated-liquidity state (V3, Slipstream, V4). */
  v3: { sqrtPriceX96: bigint; liquidity: bigint; tick: number } | null;
  /** One whole unit of each side in base units, as a stable-curve pool states it (its price needs them); null otherwise. */
  stableUnits: { token: bigint; quote: bigint } | null;
  /** Mid price: quote base units per token base unit; null when the pool is empty or unread. */
  midPrice: Ratio | null;
};

export type PoolDiscovery = {
  candidates: PoolCandidate[];
  /** Pools that give the native coin (and the further quote assets) a dollar price. */
  reference: PoolCandidate[];
  /** Where the V4 Initialize scan started, per PoolManager (it runs to the read block); empty where the network has no V4. */
  v4Scan: { poolManager: Address; fromBlock: bigint; truncated: boolean }[];
};

/** The pools' LP is an ERC-20 held by wallets, lockers and burn addresses. */
export function hasFungibleLp(pool: Pick<PoolCandidate, "dex">): boolean {
  return pool.dex.kind === "uniswap-v2" || pool.dex.kind === "solidly-v2";
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

function nativeQuote(ctx: Pick<LatestContext, "network">): QuoteAsset {
  return { address: zeroAddress, symbol: ctx.network.nativeSymbol, decimals: 18, kind: "native" };
}

// V4 pools opened with the V3 fee tiers' usual tick spacings and no hook; any other pool is
// found through its Initialize event.
const V4_STANDARD_POOLS = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10000, tickSpacing: 200 },
] as const;

/** A V4 key's fee with this flag set is dynamic: the pool's hook sets the fee of each swap. */
const V4_DYNAMIC_FEE_FLAG = 0x800000;

export function hasDynamicFee(key: Pick<V4PoolKey, "fee">): boolean {
  return key.fee === V4_DYNAMIC_FEE_FLAG;
}

/** The pool id of a V4 pool key: keccak256 of its ABI encoding. */
export function v4PoolId(key: Omit<V4PoolKey, "id">): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

function v4Key(a: Address, b: Address, fee: number, tickSpacing: number, hooks: Address): V4PoolKey {
  const [currency0, currency1] = BigInt(a) < BigInt(b) ? [getAddress(a), getAddress(b)] : [getAddress(b), getAddress(a)];
  const key = { currency0, currency1, fee, tickSpacing, hooks };
  return { id: v4PoolId(key), ...key };
}

type Probe = { candidate: Omit<PoolCandidate, "address">; call: ContractCall; found: (value: unknown) => Address | null };

const poolAddress = (value: unknown): Address | null => {
  const address = value as Address | null;
  return address && !sameAddress(address, zeroAddress) ? getAddress(address) : null;
};

function probesFor(ctx: LatestContext, token: Address, quotes: readonly QuoteAsset[], kinds?: ReadonlySet<DexInfo["kind"]>): Probe[] {
  const probes: Probe[] = [];
  for (const dex of ctx.network.dexes) {
    if (kinds && !kinds.has(dex.kind)) continue;
    const base = { dex, token, feeTier: null, stable: null, tickSpacing: null, v4: null };
    if (dex.kind === "uniswap-v4") {
      probes.push(...v4StandardProbes(dex, token, [...quotes, nativeQuote(ctx)].filter((quote) => !sameAddress(quote.address, token))));
      continue;
    }
    for (const quote of quotes) {
      const at = { ...base, quote };
      if (dex.kind === "uniswap-v2") {
        probes.push({ candidate: at, found: poolAddress, call: { address: dex.factory, abi: v2FactoryAbi, functionName: "getPair", args: [token, quote.address] } });
      } else if (dex.kind === "solidly-v2") {
        for (const stable of [false, true]) {
          probes.push({ candidate: { ...at, stable }, found: poolAddress, call: { address: dex.factory, abi: solidlyFactoryAbi, functionName: "getPool", args: [token, quote.address, stable] } });
        }
      } else if (dex.kind === "slipstream") {
        for (const { tickSpacing, fee } of dex.tickSpacings) {
          probes.push({ candidate: { ...at, tickSpacing, feeTier: fee }, found: poolAddress, call: { address: dex.factory, abi: slipstreamFactoryAbi, functionName: "getPool", args: [token, quote.address, tickSpacing] } });
        }
      } else {
        for (const fee of dex.feeTiers) {
          probes.push({ candidate: { ...at, feeTier: fee }, found: poolAddress, call: { address: dex.factory, abi: v3FactoryAbi, functionName: "getPool", args: [token, quote.address, fee] } });
        }
      }
    }
  }
  return probes;
}

/** A V4 pool exists when StateView gives its key's id a price. */
function v4StandardProbes(dex: UniswapV4Dex, token: Address, quotes: readonly QuoteAsset[]): Probe[] {
  return quotes.flatMap((quote) =>
    V4_STANDARD_POOLS.map(({ fee, tickSpacing }) => {
      const key = v4Key(token, quote.address, fee, tickSpacing, zeroAddress);
      return {
        candidate: { dex, token, quote, feeTier: fee, stable: null, tickSpacing, v4: key },
        call: { address: dex.stateView, abi: v4StateViewAbi, functionName: "getSlot0", args: [key.id] },
        found: (value: unknown) => ((value as readonly [bigint] | null)?.[0] ?? 0n) > 0n ? dex.poolManager : null,
      };
    }),
  );
}

/** Chunking for the V4 Initialize scan when a node refuses the whole history in one request. */
export const v4Discovery = { chunkSize: 2_000_000n, maxLookbackBlocks: 100_000_000n, maxLogs: 200 } as const;

type InitializeLog = { blockNumber: bigint; args: { id: Hex; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address } };

/**
 * The PoolManager's Initialize events with the token as currency0 or currency1. Filtered by an
 * indexed currency there are few, so the whole history is asked for in one request, which shares
 * the discovery round; a provider known to cap ranges (or to serve no logs) gets the scanner at
 * once, and one that refuses the wide request gets it after.
 */
async function initializeLogs(ctx: LatestContext, dex: UniswapV4Dex, args: { currency0: Address } | { currency1: Address }) {
  const scan = async () => {
    const result = await scanLogs({ client: ctx.client, address: dex.poolManager, events: [v4Initialize] as const, args, fromBlock: 0n, toBlock: ctx.block ?? "latest", ...v4Discovery });
    return { logs: result.logs as unknown as InitializeLog[], fromBlock: result.fromBlock, truncated: result.truncated };
  };
  const profile = profileOfClient(ctx.client);
  if (profile?.logsRefusal() || profile?.limits().maxBlockRange !== undefined) return scan();
  try {
    const logs = await ctx.client.getLogs({ address: dex.poolManager, event: v4Initialize, args, fromBlock: 0n, toBlock: ctx.block ?? "latest", strict: true });
    return { logs: logs as unknown as InitializeLog[], fromBlock: 0n, truncated: false };
  } catch (error) {
    if (!isRangeLimitError(error)) throw error;
    return scan();
  }
}

/** V4 pools opened for the token with any key (hooked, custom fee): its Initialize events, with the token as either currency. */
async function scanV4Pools(ctx: LatestContext, dex: UniswapV4Dex, token: Address, quotes: readonly QuoteAsset[]) {
  const [asCurrency0, asCurrency1] = await Promise.all([initializeLogs(ctx, dex, { currency0: token }), initializeLogs(ctx, dex, { currency1: token })]);
  const candidates: PoolCandidate[] = [];
  for (const log of [...asCurrency0.logs, ...asCurrency1.logs]) {
    const { id, currency0, currency1, fee, tickSpacing, hooks } = log.args;
    const other = sameAddress(currency0, token) ? currency1 : currency0;
    const quote = quotes.find((asset) => sameAddress(asset.address, other));
    // A pool against an asset with no route to a price tells nothing about the token's price.
    if (!quote) continue;
    candidates.push({ address: dex.poolManager, dex, token, quote, feeTier: Number(fee), stable: null, tickSpacing: Number(tickSpacing), v4: { id, currency0: getAddress(currency0), currency1: getAddress(currency1), fee: Number(fee), tickSpacing: Number(tickSpacing), hooks: getAddress(hooks) }, initializedBlock: log.blockNumber });
  }
  const fromBlock = asCurrency0.fromBlock > asCurrency1.fromBlock ? asCurrency0.fromBlock : asCurrency1.fromBlock;
  return { candidates, covered: { poolManager: dex.poolManager, fromBlock, truncated: asCurrency0.truncated || asCurrency1.truncated } };
}

/**
 * The pools that price the native coin in dollars (V2-style volatile pools of the wrapped native
 * coin against each stablecoin) and each further quote asset (against the wrapped native coin);
 * `except`, the token being read, is not priced through itself.
 */
function referenceProbesFor(ctx: LatestContext, except?: Address): Probe[] {
  const wrapped = ctx.network.wrappedNative.address;
  if (except && sameAddress(except, wrapped)) return [];
  const referenceKinds = new Set(["uniswap-v2", "solidly-v2", "uniswap-v3"] as const);
  const stables = quoteAssets(ctx, wrapped).filter((quote) => quote.kind === "stablecoin");
  const wrappedQuote = quoteAssets(ctx, zeroAddress).filter((quote) => quote.kind === "wrapped_native");
  return [
    ...probesFor(ctx, wrapped, stables, new Set(["uniswap-v2", "solidly-v2"] as const)).filter((probe) => probe.candidate.stable !== true),
    ...ctx.network.otherQuotes
      .filter((coin) => !except || !sameAddress(coin.address, except))
      .flatMap((coin) => probesFor(ctx, coin.address, wrappedQuote, referenceKinds).filter((probe) => probe.candidate.stable !== true)),
  ];
}

/**
 * The token's V2-style pairs against the wrapped native coin and each stablecoin on every registry
 * DEX whose pair init code hash is known, at their CREATE2 addresses: no factory call, so they are
 * read in the round that learns the token. A pair never created has no code and reads as no pool.
 */
export function predictedV2Pairs(ctx: Pick<LatestContext, "network">, token: Address): PoolCandidate[] {
  const checksummed = getAddress(token);
  const quotes = quoteAssets(ctx, checksummed).filter((quote) => quote.kind === "wrapped_native" || quote.kind === "stablecoin");
  return ctx.network.dexes.flatMap((dex) =>
    dex.kind !== "uniswap-v2"
      ? []
      : quotes.map((quote) => {
          const [token0, token1] = checksummed.toLowerCase() < quote.address.toLowerCase() ? [checksummed, quote.address] : [quote.address, checksummed];
          const address = getContractAddress({ from: dex.factory, salt: keccak256(encodePacked(["address", "address"], [token0, token1])), bytecodeHash: dex.initCodeHash, opcode: "CREATE2" });
          return { address, dex, token: checksummed, quote, feeTier: null, stable: null, tickSpacing: null, v4: null };
        }),
  );
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
  const v4Venues = ctx.network.dexes.filter((dex): dex is UniswapV4Dex => dex.kind === "uniswap-v4");
  const [results, v4Scans] = await Promise.all([
    aggregate(ctx, probes.map((probe) => probe.call)),
    Promise.all(v4Venues.map((dex) => scanV4Pools(ctx, dex, checksummed, [...quotes, nativeQuote(ctx)]))),
  ]);
  const found = probes.map((probe, index) => {
    const address = probe.found(valueOrNull(results[index]));
    return address ? { ...probe.candidate, address } : null;
  });
  const initializes = v4Scans.flatMap((scan) => scan.candidates);
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
    v4Scan: v4Scans.map((scan) => scan.covered),
  };
}

function callsFor(pool: PoolCandidate): ContractCall[] {
  if (hasFungibleLp(pool)) {
    return [
      { address: pool.address, abi: v2PairAbi, functionName: "getReserves" },
      { address: pool.address, abi: v2PairAbi, functionName: "token0" },
      { address: pool.address, abi: v2PairAbi, functionName: "totalSupply" },
      ...(pool.stable ? [{ address: pool.address, abi: solidlyPoolAbi, functionName: "metadata" }] : []),
    ];
  }
  if (pool.dex.kind === "uniswap-v4" && pool.v4) {
    return [
      { address: pool.dex.stateView, abi: v4StateViewAbi, functionName: "getSlot0", args: [pool.v4.id] },
      { address: pool.dex.stateView, abi: v4StateViewAbi, functionName: "getLiquidity", args: [pool.v4.id] },
    ];
  }
  return [
    { address: pool.address, abi: v3PoolAbi, functionName: "slot0" },
    { address: pool.address, abi: v3PoolAbi, functionName: "liquidity" },
    { address: pool.address, abi: v3PoolAbi, functionName: "token0" },
    { address: pool.token, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
    { address: pool.quote.address, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
    { address: pool.address, abi: v3PoolAbi, functionName: "tickSpacing" },
  ];
}

const Q96 = 2n ** 96n;
const Q192 = 2n ** 192n;

/** The token's mid price in the quote asset from a sqrt price, given which side token0 is. */
function midPriceFromSqrt(sqrt: bigint | null, token0: Address | null, token: Address): Ratio | null {
  if (sqrt === null || sqrt === 0n || !token0) return null;
  // sqrtPriceX96² / 2^192 is token1 base units per token0 base unit.
  const token1PerToken0 = { num: sqrt * sqrt, den: Q192 };
  return sameAddress(token0, token) ? token1PerToken0 : ratio(token1PerToken0.den, token1PerToken0.num);
}

/**
 * The marginal price on Solidly's stable curve x³y + xy³ = k, quote base units per token base
 * unit: dy/dx = (3x²y + y³) / (x³ + 3xy²) on reserves scaled to 18 decimals. The reserve ratio
 * is not the price on this curve (a pool at 1:1.4 still trades near 1:1).
 */
export function stableMidPrice(held: { token: bigint; quote: bigint }, unit: { token: bigint; quote: bigint }): Ratio | null {
  const scale = 10n ** 18n;
  const x = (held.token * scale) / unit.token;
  const y = (held.quote * scale) / unit.quote;
  const den = x * x * x + 3n * x * y * y;
  if (den === 0n) return null;
  return ratio((3n * x * x * y + y * y * y) * unit.quote, den * unit.token);
}

function decodePool(candidate: PoolCandidate, values: unknown[]): Pool {
  if (hasFungibleLp(candidate)) {
    const [reserves, token0Raw, totalSupply, metadata] = values as [readonly [bigint, bigint, number] | null, Address | null, bigint | null, readonly [bigint, bigint, ...unknown[]] | null | undefined];
    const token0 = token0Raw ? getAddress(token0Raw) : null;
    const tokenIsToken0 = token0 ? sameAddress(token0, candidate.token) : null;
    const held = reserves && tokenIsToken0 !== null ? (tokenIsToken0 ? { token: reserves[0], quote: reserves[1] } : { token: reserves[1], quote: reserves[0] }) : null;
    let midPrice = held && held.token > 0n ? ratio(held.quote, held.token) : null;
    const stableUnits = candidate.stable && metadata && tokenIsToken0 !== null ? (tokenIsToken0 ? { token: metadata[0], quote: metadata[1] } : { token: metadata[1], quote: metadata[0] }) : null;
    // Without the pool's decimals the stable curve cannot be priced; the reserve ratio would be a wrong price.
    if (candidate.stable) midPrice = held && stableUnits && held.token > 0n ? stableMidPrice(held, stableUnits) : null;
    return { ...candidate, token0, reserves: held, reservesSource: "getReserves", lpTotalSupply: totalSupply, v3: null, stableUnits, midPrice };
  }
  if (candidate.v4) {
    const [slot0, liquidity] = values as [readonly [bigint, number, number, number] | null, bigint | null];
    const sqrt = slot0?.[0] ?? null;
    const token0 = candidate.v4.currency0;
    let reserves: Pool["reserves"] = null;
    if (sqrt !== null && sqrt > 0n && liquidity !== null) {
      // The virtual amounts of the active liquidity: L / √P of currency0 and L · √P of currency1.
      const amount0 = (liquidity * Q96) / sqrt;
      const amount1 = (liquidity * sqrt) / Q96;
      reserves = sameAddress(token0, candidate.token) ? { token: amount0, quote: amount1 } : { token: amount1, quote: amount0 };
    }
    return {
      ...candidate,
      token0,
      reserves,
      reservesSource: "in_range_liquidity",
      lpTotalSupply: null,
      v3: sqrt !== null && liquidity !== null ? { sqrtPriceX96: sqrt, liquidity, tick: Number(slot0![1]) } : null,
      stableUnits: null,
      midPrice: midPriceFromSqrt(sqrt, token0, candidate.token),
    };
  }
  const [slot0, liquidity, token0Raw, tokenBalance, quoteBalance, tickSpacing] = values as [readonly [bigint, number] | null, bigint | null, Address | null, bigint | null, bigint | null, number | null];
  const token0 = token0Raw ? getAddress(token0Raw) : null;
  const sqrt = slot0?.[0] ?? null;
  return {
    ...candidate,
    token0,
    reserves: tokenBalance !== null && quoteBalance !== null ? { token: tokenBalance, quote: quoteBalance } : null,
    reservesSource: "pool_balances",
    lpTotalSupply: null,
    tickSpacing: candidate.tickSpacing ?? (tickSpacing === null ? null : Number(tickSpacing)),
    v3: sqrt !== null && liquidity !== null ? { sqrtPriceX96: sqrt, liquidity, tick: Number(slot0![1]) } : null,
    stableUnits: null,
    midPrice: midPriceFromSqrt(sqrt, token0, candidate.token),
  };
}

/** One round: reserves (or the concentrated-liquidity price and depth), token0 and LP supply of every candidate. */
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
