// wallet/pnl, assess: what the history amounts to, with no chain reads. Each buy and sell is
// priced by what left or reached the wallet in its transaction (../wallet-side.ts; cost-basis.ts
// says which swaps make a trade of it) and, at its own block, in dollars; the average cost runs
// in the quote asset's smallest unit and in exact dollars; the position still held is valued at
// the read block. Every figure that has no defensible value carries the reason instead.
import { ApiError } from "@/lib/errors/api-error";
import { getNetwork } from "@/lib/chain/networks";
import { deepestPool, nativeUsdPrice, priceToken, sameAddress, times, usdPerQuote, type NativeUsd, type QuoteAsset, type Ratio } from "@/lib/intel/reads/market";
import { movementLines, type MovementLine } from "@/lib/intel/reads/wallet/movements";
import { averageCost, baseUnits, exactDollars, unpricedReason, type AverageCost, type LedgerEntry } from "./cost-basis";
import type { PositionHistory } from "./read";
import { tradeQuotes, type TradeQuote } from "@/lib/intel/reads/wallet/wallet-side";

const pow10 = (digits: number) => 10n ** BigInt(digits);
const usdOf = (quoteAmount: bigint, quote: Pick<QuoteAsset, "kind" | "decimals">, nativeUsd: NativeUsd | null): Ratio | null => {
  const perQuote = usdPerQuote(quote as QuoteAsset, nativeUsd);
  return perQuote ? times({ num: quoteAmount, den: pow10(quote.decimals) }, perQuote) : null;
};

/** A figure in the quote asset and in dollars, each null with the reason when it has no defensible value. */
export type Figure = { quote: bigint | null; usd: Ratio | null; quoteGap: string | null; usdGap: string | null };

export type AssessedLine = {
  line: MovementLine;
  /** What the trade was worth in dollars at its own block; null on a transfer or when nothing prices it. */
  usd: Ratio | null;
  /** Why the swap does not price this trade; null when it does (and always on a plain transfer). */
  unpriced: string | null;
  /** What the trade cost or brought in, and where that was read; null on a transfer or an unpriced trade. */
  quote: TradeQuote | null;
  /** Quote asset per whole token the wallet received or sent (the execution price); null when unpriced or the decimals are unknown. */
  quotePerToken: Ratio | null;
};

export function assessPnl(history: PositionHistory) {
  const { wallet, token, block, balance, pools, referencePools } = history;
  const network = getNetwork(history.chain);
  const decimals = history.identity.decimals.value;
  const { scan } = history.movements;
  const nativeUsdNow = nativeUsdPrice(referencePools);
  const nativeUsdAt = new Map([...history.referencePoolsAt].map(([at, reference]) => [at, nativeUsdPrice(reference)]));
  const lines = movementLines([...history.movements.movements].reverse());
  const trades = lines.filter((line) => line.swap !== null);
  // A trade its swap does not price is listed as unpriced; with no priced trade at all there is no figure.
  const unpricedWhy = new Map(trades.map((line) => [line, unpricedReason(line)]));
  const priced = trades.filter((line) => unpricedWhy.get(line) === null);
  if (priced.length === 0) {
    const found = trades.length === 0 ? "has no buy or sell" : `has ${trades.length} swap${trades.length === 1 ? "" : "s"} but none that prices a buy or sell`;
    throw new ApiError(
      "insufficient_data",
      `${wallet} ${found} of ${token} through its pools on ${network.displayName} in blocks ${scan.fromBlock} to ${scan.toBlock}; with no priced trade there is no profit figure (which is not the same as zero).`,
    );
  }
  // What each priced trade cost or brought in: the wallet's side of its transaction.
  const quoteOf = tradeQuotes(priced, history.walletSides, network.wrappedNative.address);
  const quoteValue = (line: MovementLine) => quoteOf.get(line)?.amount ?? null;

  // Each priced trade in dollars at its own block: the quote amount times the quote's dollar price then.
  const usdAt = (line: MovementLine) => {
    const paid = quoteValue(line);
    return paid === null ? null : usdOf(paid, line.swap!.quote, nativeUsdAt.get(line.block) ?? null);
  };
  const usdByLine = new Map(lines.map((line) => [line, usdAt(line)]));

  // One quote asset across the trades keeps the figures in it; otherwise only dollars can add them up.
  const quotes = [...new Map(priced.map((trade) => [trade.swap!.quote.address.toLowerCase(), trade.swap!.quote])).values()];
  const singleQuote = quotes.length === 1 ? quotes[0] : null;
  const multiQuote = `The trades are in more than one quote asset (${quotes.map((quote) => quote.symbol).join(", ")}), so only dollar figures can add them up.`;
  const noUsd = (line: MovementLine) => unpricedWhy.get(line) ?? `${line.transaction} (block ${line.block}) has no dollar price: no ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes prices ${line.swap!.quote.symbol} at that block.`;
  const entry = <T>(line: MovementLine, value: T | null, unpriced?: string): LedgerEntry<T> => ({ kind: line.kind, transaction: line.transaction, amount: line.amount, value, unpriced });

  let inQuote: AverageCost<bigint> = singleQuote
    ? averageCost(lines.map((line) => entry(line, quoteValue(line), unpricedWhy.get(line) ?? undefined)), baseUnits)
    : { held: 0n, cost: null, basisGap: multiQuote, realized: null, realizedGap: multiQuote };
  let inUsd = averageCost(lines.map((line) => entry(line, usdByLine.get(line) ?? null, line.swap ? noUsd(line) : undefined)), exactDollars);

  // The movements must add up to what the wallet holds, or part of its history is outside them
  // (before the window, past the cap) or the token moves balances without Transfer events: then
  // no average cost is defensible, for what is held nor for what was sold.
  const heldByMovements = inUsd.held;
  const unreconciled =
    balance === null
      ? `balanceOf(${wallet}) of ${token} could not be read at block ${block}, so the movements cannot be checked against the position.`
      : balance !== heldByMovements
        ? `The transfers in blocks ${scan.fromBlock} to ${scan.toBlock} leave ${heldByMovements} base units in the wallet but balanceOf reads ${balance}: part of the position's history is outside them.`
        : null;
  if (unreconciled) {
    const broken = <T>(ledger: AverageCost<T>): AverageCost<T> => ({ ...ledger, cost: null, basisGap: ledger.basisGap ?? unreconciled, realized: null, realizedGap: ledger.realizedGap ?? unreconciled });
    inQuote = broken(inQuote);
    inUsd = broken(inUsd);
  }

  // The position still held, valued at the mid price of the deepest pool in the trades' quote
  // asset (or, across quote assets, of the pool that prices the token best in dollars).
  const valuationPool = singleQuote ? deepestPool(pools, (pool) => sameAddress(pool.quote.address, singleQuote.address)) : (priceToken({ pools, referencePools }, decimals)?.pool ?? null);
  const held = balance ?? heldByMovements;
  const heldValue = valuationPool?.reserves && valuationPool.reserves.token > 0n ? (held * valuationPool.reserves.quote) / valuationPool.reserves.token : null;
  const heldUsd = heldValue !== null && valuationPool ? usdOf(heldValue, valuationPool.quote, nativeUsdNow) : null;
  const noPoolValue = heldValue === null ? `No pool of the token${singleQuote ? ` in ${singleQuote.symbol}` : ""} with reserves prices the position at the read block.` : null;
  const noUsdValue = noPoolValue ?? (heldUsd === null ? `No ${network.wrappedNative.symbol}/stablecoin pool prices ${valuationPool!.quote.symbol} in dollars at the read block.` : null);

  const assessed = lines.map((line): AssessedLine => {
    const unpriced = unpricedWhy.get(line) ?? null;
    const swap = line.swap;
    const quote = quoteOf.get(line) ?? null;
    return {
      line,
      usd: usdByLine.get(line) ?? null,
      unpriced,
      quote,
      quotePerToken: swap && quote && decimals !== null ? { num: quote.amount * pow10(decimals), den: line.amount * pow10(swap.quote.decimals) } : null,
    };
  });

  return {
    lines: assessed,
    singleQuote,
    /** Swaps that do not price their trade. */
    unpriced: trades.length - priced.length,
    /** Priced trades with no dollar price at their block. */
    withoutUsd: priced.filter((line) => usdByLine.get(line) === null).length,
    priced: priced.length,
    /** Priced trades standing at their pool's amount because the wallet's side could not be read or split. */
    poolPriced: priced.filter((line) => quoteOf.get(line)?.source === "pool").length,
    /** Why the movements do not account for the balance, when they do not (or the balance could not be read). */
    unreconciled,
    costBasis: { quote: inQuote.cost, usd: inUsd.cost, quoteGap: inQuote.basisGap, usdGap: inUsd.basisGap } satisfies Figure,
    realized: { quote: inQuote.realized, usd: inUsd.realized, quoteGap: inQuote.realizedGap, usdGap: inUsd.realizedGap } satisfies Figure,
    unrealized: {
      quote: inQuote.cost !== null && heldValue !== null ? heldValue - inQuote.cost : null,
      usd: inUsd.cost !== null && heldUsd !== null ? exactDollars.sub(heldUsd, inUsd.cost) : null,
      quoteGap: inQuote.basisGap ?? noPoolValue,
      usdGap: inUsd.basisGap ?? noUsdValue,
    } satisfies Figure,
    /** The pool the position is valued at, what the position is worth in its quote asset and in dollars. */
    valuation: valuationPool && heldValue !== null ? { pool: valuationPool, heldValue, heldUsd } : null,
  };
}

export type PnlAssessment = ReturnType<typeof assessPnl>;
