// The cost-basis arithmetic of wallet/pnl (average cost), with no chain reads, kept apart so every
// rule can be tested on plain inputs.
import type { Hash } from "viem";
import { plus, reduced, type Ratio } from "@/lib/intel/answers/ratio";
import type { MovementKind, MovementLine } from "@/lib/intel/reads/wallet/movements";

/** The method as the answer names it (data.method). */
export const costBasisMethod = "average_cost" as const;

/**
 * Why a trade's swap cannot price it, or null when it can. The swap the classifier found is the
 * first one in the transaction through the token's pool in the right direction; it prices the
 * wallet's trade only when its token side matches what the wallet moved. A sell's legs into the
 * pool must be what the pool took in (a swap that took more or less is not, or not only, this
 * wallet's); a buy cannot have brought in more than the pool paid out (a transfer tax makes it
 * less). A sell through a router (no leg straight into the pool) is taken as the router's swap.
 */
export function unpricedReason(line: MovementLine): string | null {
  const swap = line.swap;
  if (!swap) return null;
  if (line.kind === "buy" && line.amount > swap.tokenAmount) {
    return `${line.transaction}: the wallet received ${line.amount} base units but the swap through ${swap.pool} paid out only ${swap.tokenAmount}, so the swap does not price the whole buy.`;
  }
  if (line.kind === "sell") {
    const intoPool = line.legs.filter((leg) => leg.counterparty.toLowerCase() === swap.pool.toLowerCase()).reduce((total, leg) => total + leg.amount, 0n);
    if (intoPool > 0n && intoPool !== swap.tokenAmount) {
      return `${line.transaction}: the wallet sent ${intoPool} base units into ${swap.pool} but its swap took in ${swap.tokenAmount}, so the swap is not (only) this wallet's sell.`;
    }
  }
  return null;
}

/** The arithmetic a ledger keeps its money in. */
export type Money<T> = {
  zero: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  /** `part / whole` of `total`. */
  share(total: T, part: bigint, whole: bigint): T;
};

/** Smallest units of one asset; a share rounds down, as the hand computation does. */
export const baseUnits: Money<bigint> = {
  zero: 0n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  share: (total, part, whole) => (total * part) / whole,
};

/** Denominators up to this size stay exact; see `bounded`. */
const exactUpTo = 1n << 512n;
/** What a ledger keeps past that: 60 decimal places of a dollar. */
export const dollarPlaces = 60;
const fixedDen = 10n ** BigInt(dollarPlaces);

/** n / d to the nearest integer, ties away from zero (d > 0). */
function roundedDiv(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  return 2n * (remainder < 0n ? -remainder : remainder) >= d ? quotient + (n < 0n ? -1n : 1n) : quotient;
}

const toFixed = (r: Ratio): Ratio => (r.den === fixedDen ? r : { num: roundedDiv(r.num * fixedDen, r.den), den: fixedDen });

/**
 * The value itself while its denominator stays under 512 bits, else the nearest multiple of
 * 10^-60, and a ledger that got there stays there. Lowest terms alone do not bound an
 * average-cost ledger: each share of the cost multiplies the denominator by the tokens held, and
 * a wallet with a thousand trades reached 27,000-bit denominators whose arithmetic held the event
 * loop for minutes. The answer writes 6 decimal places, so 60 are far past anything shown.
 */
function bounded(r: Ratio): Ratio {
  return r.den <= exactUpTo ? r : toFixed(r);
}

/** Fractions of a dollar: exact for any ordinary history, and within 10^-60 past it; rounded only when written out. */
export const exactDollars: Money<Ratio> = {
  zero: { num: 0n, den: 1n },
  // In lowest terms after every step, or the denominators multiply with each trade; once fixed,
  // plain integer sums (no common factors to look for).
  add: (a, b) => (a.den === fixedDen || b.den === fixedDen ? { num: toFixed(a).num + toFixed(b).num, den: fixedDen } : bounded(plus(a, b))),
  sub: (a, b) => exactDollars.add(a, { num: -b.num, den: b.den }),
  share: (total, part, whole) => (total.den === fixedDen ? { num: roundedDiv(total.num * part, whole), den: fixedDen } : bounded(reduced({ num: total.num * part, den: total.den * whole }))),
};

/** A line as one ledger sees it: what a buy cost or a sell brought in this ledger's unit, or why it has no such figure. */
export type LedgerEntry<T> = {
  kind: MovementKind;
  transaction: Hash;
  amount: bigint;
  value: T | null;
  /** Why `value` is null on a buy or a sell. */
  unpriced?: string;
};

export type AverageCost<T> = {
  /** Tokens the lines leave in the wallet. */
  held: bigint;
  /** What the tokens still held cost; null when no defensible basis exists, with `basisGap` saying why. */
  cost: T | null;
  basisGap: string | null;
  /** Proceeds minus average cost over every sell; null when any sell lacks either, with `realizedGap` saying why. */
  realized: T | null;
  realizedGap: string | null;
};

/**
 * The cost-basis arithmetic of wallet/pnl's assessment, with no chain reads: which trades their
 * swaps price, and the average-cost ledger replayed over the movement lines (one per trade).
 * Kept apart so every rule can be tested on plain inputs.
 *
 * Method: AVERAGE COST. Every token bought shares the same unit cost; a sell realizes its
 * proceeds against that average, and so does nothing else; a transfer out takes its share of
 * the cost with it (no profit or loss: it was not sold). One ledger runs per unit: the quote
 * asset's smallest unit (integer arithmetic, division rounding down, as a hand computation
 * would) and exact dollars.
 *
 * Replays the lines, oldest first, through an average-cost ledger.
 */
export function averageCost<T>(entries: readonly LedgerEntry<T>[], money: Money<T>): AverageCost<T> {
  let held = 0n;
  let cost = money.zero;
  let realized = money.zero;
  // The first reason the held tokens' cost stopped being known; it stays broken from there on.
  let basisGap: string | null = null;
  const unbasedSells: Hash[] = [];
  const unpricedSells: string[] = [];

  for (const entry of entries) {
    if (entry.kind === "buy" || entry.kind === "transfer_in") {
      held += entry.amount;
      if (entry.kind === "transfer_in") basisGap ??= `${entry.transaction} brought ${entry.amount} base units in by transfer, with no purchase price.`;
      else if (entry.value === null) basisGap ??= entry.unpriced ?? `The buy in ${entry.transaction} has no price.`;
      else cost = money.add(cost, entry.value);
      continue;
    }
    // A sell or a transfer out.
    if (entry.amount > held) basisGap ??= `${entry.transaction} moved out more tokens than the wallet was seen to acquire before it.`;
    if (basisGap !== null) {
      if (entry.kind === "sell") unbasedSells.push(entry.transaction);
      held = entry.amount > held ? 0n : held - entry.amount;
      continue;
    }
    const costOut = money.share(cost, entry.amount, held);
    if (entry.kind === "sell") {
      if (entry.value === null) unpricedSells.push(entry.unpriced ?? `The sell in ${entry.transaction} has no price.`);
      else realized = money.add(realized, money.sub(entry.value, costOut));
    }
    cost = money.sub(cost, costOut);
    held -= entry.amount;
  }

  const realizedGap =
    unbasedSells.length > 0
      ? `No defensible cost basis for the sell${unbasedSells.length === 1 ? "" : "s"} in ${unbasedSells.join(", ")}: ${basisGap}`
      : unpricedSells.length > 0
        ? unpricedSells.join(" ")
        : null;
  return { held, cost: basisGap === null ? cost : null, basisGap, realized: realizedGap === null ? realized : null, realizedGap };
}
