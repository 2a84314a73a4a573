// Prices from reserves: a pool's mid price in its quote asset, the native coin in dollars
// through the deepest wrapped-native/stablecoin pool, and the token in dollars through either.
// Taking a registry stablecoin as one dollar is the one assumption — checked against the other
// stablecoins through the native coin (checkPegs) — so dollar figures are an interpretation
// while quote-asset prices are arithmetic on on-chain reserves.
import type { Pool, MarketPools, QuoteAsset } from "./pools";
import { compareRatio, times, type Ratio } from "@/lib/intel/answers/ratio";

const pow10 = (digits: number) => 10n ** BigInt(digits);

/** Whole quote units per whole token at the pool's mid price. */
export function quotePerToken(pool: Pool, tokenDecimals: number): Ratio | null {
  if (!pool.midPrice) return null;
  return times(pool.midPrice, { num: pow10(tokenDecimals), den: pow10(pool.quote.decimals) });
}

/** A stablecoin more than this far from the others (in basis points of a dollar) is depegged. */
export const depegThresholdBps = 200;

/** One stablecoin's native price and how far it sits from the others'. */
export type StablecoinCheck = {
  stablecoin: QuoteAsset;
  pool: Pool;
  /** Stablecoin units per native coin at its deepest reference pool. */
  perNative: Ratio;
  /** Its distance from the median in basis points (positive: it buys less native, so it is worth less); null when unchecked. */
  deviationBps: number | null;
  /** True past the threshold; null when it cannot be told which side is off (two stablecoins that disagree) or there is nothing to compare with. */
  depegged: boolean | null;
};

export type PegCheck = {
  /** checked: three or more stablecoins against their median; two that agree; single_stablecoin: nothing to compare with; disagreement: two that differ past the threshold (which one is off cannot be told). */
  status: "checked" | "single_stablecoin" | "disagreement";
  stablecoins: StablecoinCheck[];
};

export type NativeUsd = {
  /** The wrapped-native/stablecoin pool the price comes from (the deepest of a stablecoin not depegged). */
  pool: Pool;
  stablecoin: QuoteAsset;
  usdPerNative: Ratio;
  /** Dollars per base unit of each further quote asset (by lower-case address), through its deepest pool against the wrapped native coin. */
  otherQuotes: ReadonlyMap<string, Ratio>;
  /** The stablecoins read against each other through the native coin. */
  peg: PegCheck;
};

/**
 * Each stablecoin's price of the native coin, from its deepest reference pool, held against the
 * others': with three or more, against their median; with two, whether they agree. A dollar is
 * taken to be what the stablecoins agree it is, never one stablecoin's word alone.
 */
export function checkPegs(referencePools: readonly Pool[]): PegCheck {
  const deepest = new Map<string, { pool: Pool; depth: Ratio; perNative: Ratio }>();
  for (const pool of referencePools) {
    if (pool.quote.kind !== "stablecoin" || !pool.reserves || pool.reserves.quote === 0n) continue;
    const perNative = quotePerToken(pool, 18);
    if (!perNative) continue;
    const depth = { num: pool.reserves.quote, den: pow10(pool.quote.decimals) };
    const key = pool.quote.address.toLowerCase();
    const known = deepest.get(key);
    if (!known || compareRatio(depth, known.depth) > 0) deepest.set(key, { pool, depth, perNative });
  }
  const read = [...deepest.values()];
  const entry = (found: (typeof read)[number], deviationBps: number | null, depegged: boolean | null): StablecoinCheck => ({ stablecoin: found.pool.quote, pool: found.pool, perNative: found.perNative, deviationBps, depegged });
  if (read.length < 2) return { status: "single_stablecoin", stablecoins: read.map((found) => entry(found, null, null)) };
  const sorted = [...read].sort((a, b) => compareRatio(a.perNative, b.perNative));
  // More units of a stablecoin per native coin means each unit is worth less.
  const deviation = (perNative: Ratio, median: Ratio) => Number((perNative.num * median.den * 10_000n) / (perNative.den * median.num)) - 10_000;
  if (read.length === 2) {
    const apart = deviation(sorted[1].perNative, sorted[0].perNative);
    const agree = Math.abs(apart) <= depegThresholdBps;
    return { status: agree ? "checked" : "disagreement", stablecoins: read.map((found) => entry(found, found === sorted[1] ? apart : 0, agree ? false : null)) };
  }
  const median = sorted[Math.floor(sorted.length / 2)].perNative;
  return {
    status: "checked",
    stablecoins: read.map((found) => {
      const off = deviation(found.perNative, median);
      return entry(found, off, Math.abs(off) > depegThresholdBps);
    }),
  };
}

/** Dollars per native coin from the reference pool holding the most stablecoin (of one not depegged), and the further quote assets through it. */
export function nativeUsdPrice(referencePools: readonly Pool[]): NativeUsd | null {
  const peg = checkPegs(referencePools);
  let best: { pool: Pool; depth: Ratio; price: Ratio } | null = null;
  for (const pool of referencePools) {
    if (pool.quote.kind !== "stablecoin" || !pool.reserves || pool.reserves.quote === 0n) continue;
    if (peg.stablecoins.some((check) => check.depegged === true && check.stablecoin.address.toLowerCase() === pool.quote.address.toLowerCase())) continue;
    const price = quotePerToken(pool, 18);
    if (!price) continue;
    const depth = { num: pool.reserves.quote, den: pow10(pool.quote.decimals) };
    if (!best || compareRatio(depth, best.depth) > 0) best = { pool, depth, price };
  }
  if (!best) return null;
  const otherQuotes = new Map<string, Ratio>();
  const deepestInWrapped = new Map<string, Pool>();
  for (const pool of referencePools) {
    if (pool.quote.kind !== "wrapped_native" || !pool.reserves || pool.reserves.quote === 0n || !pool.midPrice) continue;
    const key = pool.token.toLowerCase();
    const known = deepestInWrapped.get(key);
    if (!known || pool.reserves.quote > known.reserves!.quote) deepestInWrapped.set(key, pool);
  }
  for (const [key, pool] of deepestInWrapped) {
    // Dollars per base unit of the quote asset; usdPerQuote scales it by the asset's own decimals.
    otherQuotes.set(key, times(pool.midPrice!, { num: best.price.num, den: best.price.den * pow10(pool.quote.decimals) }));
  }
  return { pool: best.pool, stablecoin: best.pool.quote, usdPerNative: best.price, otherQuotes, peg };
}

/** Dollars per one whole quote unit: 1 for a stablecoin (what it buys of the native coin when depegged), the native price for the native coin and its wrapped token, a further quote asset through its pool against the wrapped native coin. */
export function usdPerQuote(quote: QuoteAsset, nativeUsd: NativeUsd | null): Ratio | null {
  if (quote.kind === "stablecoin") {
    // A depegged stablecoin is worth what it buys of the native coin, not a dollar.
    const depegged = nativeUsd?.peg.stablecoins.find((check) => check.depegged === true && check.stablecoin.address.toLowerCase() === quote.address.toLowerCase());
    return depegged && nativeUsd ? { num: nativeUsd.usdPerNative.num * depegged.perNative.den, den: nativeUsd.usdPerNative.den * depegged.perNative.num } : { num: 1n, den: 1n };
  }
  if (quote.kind === "other") {
    const perBaseUnit = nativeUsd?.otherQuotes.get(quote.address.toLowerCase());
    return perBaseUnit ? times(perBaseUnit, { num: pow10(quote.decimals), den: 1n }) : null;
  }
  return nativeUsd?.usdPerNative ?? null;
}

/** The quote side of a pool in dollars, doubled: the usual reading of a 50/50 pool's liquidity. */
export function poolLiquidityUsd(pool: Pool, nativeUsd: NativeUsd | null): Ratio | null {
  const usd = usdPerQuote(pool.quote, nativeUsd);
  if (!usd || !pool.reserves) return null;
  return times({ num: 2n * pool.reserves.quote, den: pow10(pool.quote.decimals) }, usd);
}

/**
 * Orders pools deepest first: by dollar depth where both have one, a pool with a dollar depth
 * before one without, and otherwise by quote held in whole units — never raw base units across
 * quote assets (1 USDT and 1 wei of WBNB are not comparable).
 */
export function deeperFirst(nativeUsd: NativeUsd | null) {
  return (a: Pool, b: Pool): number => {
    const depthA = poolLiquidityUsd(a, nativeUsd);
    const depthB = poolLiquidityUsd(b, nativeUsd);
    if (depthA && depthB) return compareRatio(depthB, depthA);
    if (depthA || depthB) return depthA ? -1 : 1;
    const held = (pool: Pool) => ({ num: pool.reserves?.quote ?? 0n, den: pow10(pool.quote.decimals) });
    return compareRatio(held(b), held(a));
  };
}

/** The deepest read pool with reserves among those `where` accepts, in dollars (deeperFirst); null when none. */
export function deepestPoolUsd(pools: readonly Pool[], nativeUsd: NativeUsd | null, where: (pool: Pool) => boolean = () => true): Pool | null {
  return [...pools].filter((pool) => pool.reserves && pool.reserves.quote > 0n && where(pool)).sort(deeperFirst(nativeUsd))[0] ?? null;
}

export type TokenPrice = {
  /** The pool the price comes from: the deepest in dollars, else the one holding the most quote. */
  pool: Pool;
  quote: QuoteAsset;
  quotePerToken: Ratio;
  usdPerToken: Ratio | null;
  nativeUsd: NativeUsd | null;
};

/** The token's price in its deepest pool's quote asset and in dollars; null when no pool prices it. */
export function priceToken(market: MarketPools, tokenDecimals: number | null): TokenPrice | null {
  if (tokenDecimals === null) return null;
  const nativeUsd = nativeUsdPrice(market.referencePools);
  const priced = market.pools
    .map((pool) => ({ pool, price: quotePerToken(pool, tokenDecimals), depth: poolLiquidityUsd(pool, nativeUsd) }))
    .filter((entry): entry is typeof entry & { price: Ratio } => entry.price !== null && (entry.pool.reserves?.quote ?? 0n) > 0n);
  if (priced.length === 0) return null;
  const best = [...priced].sort((a, b) => deeperFirst(nativeUsd)(a.pool, b.pool))[0];
  const usd = usdPerQuote(best.pool.quote, nativeUsd);
  return {
    pool: best.pool,
    quote: best.pool.quote,
    quotePerToken: best.price,
    usdPerToken: usd ? times(best.price, usd) : null,
    nativeUsd,
  };
}

