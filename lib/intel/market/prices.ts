// Prices from reserves: a pool's mid price in its quote asset, the native coin in dollars
// through the deepest wrapped-native/stablecoin pool, and the token in dollars through either.
// Taking a registry stablecoin as one dollar is the one assumption, so dollar figures are an
// interpretation while quote-asset prices are arithmetic on on-chain reserves.
import type { Pool, MarketPools, QuoteAsset } from "./pools";
import { compareRatio, times, type Ratio } from "./ratio";

const pow10 = (digits: number) => 10n ** BigInt(digits);

/** Whole quote units per whole token at the pool's mid price. */
export function quotePerToken(pool: Pool, tokenDecimals: number): Ratio | null {
  if (!pool.midPrice) return null;
  return times(pool.midPrice, { num: pow10(tokenDecimals), den: pow10(pool.quote.decimals) });
}

export type NativeUsd = {
  /** The wrapped-native/stablecoin pool the price comes from (the deepest in stablecoin). */
  pool: Pool;
  stablecoin: QuoteAsset;
  usdPerNative: Ratio;
};

/** Dollars per native coin from the reference pool holding the most stablecoin. */
export function nativeUsdPrice(referencePools: readonly Pool[]): NativeUsd | null {
  let best: { pool: Pool; depth: Ratio; price: Ratio } | null = null;
  for (const pool of referencePools) {
    if (pool.quote.kind !== "stablecoin" || !pool.reserves || pool.reserves.quote === 0n) continue;
    const price = quotePerToken(pool, 18);
    if (!price) continue;
    const depth = { num: pool.reserves.quote, den: pow10(pool.quote.decimals) };
    if (!best || compareRatio(depth, best.depth) > 0) best = { pool, depth, price };
  }
  return best ? { pool: best.pool, stablecoin: best.pool.quote, usdPerNative: best.price } : null;
}

/** Dollars per one whole quote unit: 1 for a stablecoin, the native price for the wrapped native coin. */
export function usdPerQuote(quote: QuoteAsset, nativeUsd: NativeUsd | null): Ratio | null {
  if (quote.kind === "stablecoin") return { num: 1n, den: 1n };
  return nativeUsd?.usdPerNative ?? null;
}

/** The quote side of a pool in dollars, doubled: the usual reading of a 50/50 pool's liquidity. */
export function poolLiquidityUsd(pool: Pool, nativeUsd: NativeUsd | null): Ratio | null {
  const usd = usdPerQuote(pool.quote, nativeUsd);
  if (!usd || !pool.reserves) return null;
  return times({ num: 2n * pool.reserves.quote, den: pow10(pool.quote.decimals) }, usd);
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
  const byDepth = (a: (typeof priced)[number], b: (typeof priced)[number]) => {
    if (a.depth && b.depth) return compareRatio(b.depth, a.depth);
    if (a.depth || b.depth) return a.depth ? -1 : 1;
    return compareRatio({ num: b.pool.reserves!.quote, den: pow10(b.pool.quote.decimals) }, { num: a.pool.reserves!.quote, den: pow10(a.pool.quote.decimals) });
  };
  const best = [...priced].sort(byDepth)[0];
  const usd = usdPerQuote(best.pool.quote, nativeUsd);
  return {
    pool: best.pool,
    quote: best.pool.quote,
    quotePerToken: best.price,
    usdPerToken: usd ? times(best.price, usd) : null,
    nativeUsd,
  };
}

