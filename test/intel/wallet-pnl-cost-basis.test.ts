// The average-cost ledger and the trade lines of wallet/pnl on plain inputs: the rules the demo
// chains do not reach (transfers out, a basis that breaks after the sells, an unpriced sell, a
// sell beyond what was seen bought), each with hand-computed figures.
import { describe, expect, it } from "vitest";
import type { Address, Hash } from "viem";
import { movementLines, type Movement, type MovementKind, type SwapLeg } from "@/lib/intel/reads/wallet/movements";
import { averageCost, baseUnits, dollarPlaces, exactDollars, unpricedReason, type LedgerEntry, type Money } from "@/lib/intel/endpoints/wallet/pnl/cost-basis";
import { formatRatio, plus, reduced } from "@/lib/intel/answers/ratio";

const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;
const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const [token, pool, otherPool, taxWallet] = [address(1), address(2), address(3), address(4)];

const swap = (quoteAmount: bigint, at = pool, tokenAmount = 0n, logIndex = 99): SwapLeg => ({
  pool: at,
  logIndex,
  dex: { key: "uniswap-v2", name: "Uniswap V2" },
  quote: { address: address(9), symbol: "WETH", decimals: 18, kind: "wrapped_native" },
  tokenAmount,
  quoteAmount,
});
const movement = (kind: MovementKind, transaction: Hash, amount: bigint, logIndex: number, legSwap: SwapLeg | null, counterparty = pool): Movement => ({
  kind,
  token,
  amount,
  counterparty,
  transaction,
  block: 10n,
  logIndex,
  timestamp: 1_700_000_000n,
  swap: legSwap,
});
const entry = <T>(kind: MovementKind, n: number, amount: bigint, value: T | null, unpriced?: string): LedgerEntry<T> => ({ kind, transaction: tx(n), amount, value, unpriced });

describe("movementLines", () => {
  it("merges the legs of one swap (a taxed sell's tax and rest) and keeps everything else apart, other swaps of the same pool included", () => {
    const sell = swap(700n);
    const lines = movementLines([
      movement("buy", tx(1), 1_000n, 3, swap(100n)),
      movement("sell", tx(2), 250n, 5, sell, taxWallet),
      movement("sell", tx(2), 750n, 6, sell),
      movement("transfer_out", tx(3), 10n, 1, null, taxWallet),
      movement("transfer_out", tx(3), 20n, 2, null, taxWallet),
      // The same transaction selling through another pool is another trade.
      movement("sell", tx(4), 5n, 1, swap(1n)),
      movement("sell", tx(4), 6n, 2, swap(2n, otherPool)),
      // So is swapping through the same pool again in the same transaction (a contract trading in a loop).
      movement("buy", tx(5), 7n, 1, swap(3n, pool, 7n, 2)),
      movement("buy", tx(5), 8n, 3, swap(4n, pool, 8n, 4)),
    ]);
    expect(lines.map((line) => [line.kind, line.transaction, line.amount, line.legs.map((leg) => leg.logIndex), line.swap?.quoteAmount ?? null])).toEqual([
      ["buy", tx(1), 1_000n, [3], 100n],
      ["sell", tx(2), 1_000n, [5, 6], 700n],
      ["transfer_out", tx(3), 10n, [1], null],
      ["transfer_out", tx(3), 20n, [2], null],
      ["sell", tx(4), 5n, [1], 1n],
      ["sell", tx(4), 6n, [2], 2n],
      ["buy", tx(5), 7n, [1], 3n],
      ["buy", tx(5), 8n, [3], 4n],
    ]);
  });
});

describe("unpricedReason", () => {
  const router = address(5);
  const line = (...movements: Movement[]) => movementLines(movements)[0];

  it("prices a sell whose legs into the pool are what the pool took in, a tax leg beside them", () => {
    const sell = swap(700n, pool, 750n);
    expect(unpricedReason(line(movement("sell", tx(1), 250n, 1, sell, taxWallet), movement("sell", tx(1), 750n, 2, sell)))).toBeNull();
    // Through a router no leg goes straight into the pool: the router's swap is taken as the wallet's.
    expect(unpricedReason(line(movement("sell", tx(2), 900n, 1, swap(700n, pool, 750n), router)))).toBeNull();
  });

  it("does not price a sell whose pool took in more than the wallet sent it (someone else's swap)", () => {
    expect(unpricedReason(line(movement("sell", tx(1), 100n, 1, swap(700n, pool, 5_000n))))).toBe(
      `${tx(1)}: the wallet sent 100 base units into ${pool} but its swap took in 5000, so the swap is not (only) this wallet's sell.`,
    );
  });

  it("prices a buy the pool paid out at least, and not one that brought in more than the pool paid", () => {
    // A transfer tax: the pool paid out 1000, the wallet got 900.
    expect(unpricedReason(line(movement("buy", tx(1), 900n, 1, swap(10n, pool, 1_000n))))).toBeNull();
    expect(unpricedReason(line(movement("buy", tx(2), 1_200n, 1, swap(10n, pool, 1_000n))))).toBe(
      `${tx(2)}: the wallet received 1200 base units but the swap through ${pool} paid out only 1000, so the swap does not price the whole buy.`,
    );
  });

  it("has nothing to say about a plain transfer", () => {
    expect(unpricedReason(line(movement("transfer_in", tx(1), 5n, 1, null)))).toBeNull();
  });
});

describe("averageCost", () => {
  it("two buys and a partial sell: realized against the average, the rest of the cost held (division rounds down)", () => {
    // 300 tokens for 1000, then 100 for 600: 1600 for 400. Selling 150 for 900 costs 1600·150/400 = 600.
    const result = averageCost([entry("buy", 1, 300n, 1_000n), entry("buy", 2, 100n, 600n), entry("sell", 3, 150n, 900n)], baseUnits);
    expect(result).toEqual({ held: 250n, cost: 1_000n, basisGap: null, realized: 300n, realizedGap: null });
    // Rounding down: 1000·1/3 = 333 leaves 667 held.
    expect(averageCost([entry("buy", 1, 3n, 1_000n), entry("sell", 2, 1n, 0n)], baseUnits)).toMatchObject({ held: 2n, cost: 667n, realized: -333n });
  });

  it("exact dollars keep the fraction the integer ledger rounds away", () => {
    const result = averageCost([entry("buy", 1, 3n, { num: 1_000n, den: 1n }), entry("sell", 2, 1n, { num: 500n, den: 1n })], exactDollars);
    // 500 − 1000/3 = 500/3 realized; 2000/3 held.
    expect(result.realized!.num * 3n).toBe(500n * result.realized!.den);
    expect(result.cost!.num * 3n).toBe(2_000n * result.cost!.den);
  });

  it("a long ledger of exact dollars stays in lowest terms (unreduced, 22 transfers out overflowed BigInt)", () => {
    // One buy of 10^21 units for an odd dollar fraction, then 400 small transfers out and sells:
    // every step takes a share, which unreduced multiplies the denominator by the balance.
    const entries: LedgerEntry<{ num: bigint; den: bigint }>[] = [entry("buy", 1, 10n ** 21n, { num: 123_456_789n, den: 1_000n })];
    for (let n = 2; n < 402; n++) entries.push(n % 2 ? entry<{ num: bigint; den: bigint }>("transfer_out", n, 1_234_567_891n + BigInt(n), null) : entry("sell", n, 987_654_321n * BigInt(n), { num: BigInt(n), den: 7n }));
    const started = performance.now();
    const result = averageCost(entries, exactDollars);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.cost!.den.toString().length).toBeLessThan(100);
    // The held cost is the buy's cost scaled by what is left of the balance: checked exactly.
    expect(result.held).toBe(10n ** 21n - entries.slice(1).reduce((sum, e) => sum + e.amount, 0n));
  });

  it("a contract's thousand trades at ten prices stay bounded: past 512-bit denominators the ledger keeps 60 decimal places, which agree with the exact fractions", () => {
    type R = { num: bigint; den: bigint };
    // Buys and sells in turn (each sell a tenth of what is held) at ten prices whose denominators
    // share nothing, as reference pools' reserves do: unbounded, a thousand of them reached
    // 27,000-bit denominators and minutes of arithmetic.
    const trades = (count: number) => {
      const entries: LedgerEntry<R>[] = [];
      let held = 0n;
      for (let i = 0; i < count; i++) {
        const price = { num: 3_000_000_000n * 10n ** 18n + BigInt(Math.floor(i / 100)) * 7_919n, den: 10n ** 36n + BigInt(Math.floor(i / 100)) * 104_729n };
        const amount = i % 2 === 0 ? 123_456_789_012_345_678_901n + BigInt(i) * 9_973n : held / 10n;
        held += i % 2 === 0 ? amount : -amount;
        const paid = i % 2 === 0 ? 10n ** 16n : 9n * 10n ** 15n + BigInt(i);
        entries.push(entry(i % 2 === 0 ? "buy" : "sell", i + 1, amount, { num: paid * price.num, den: 10n ** 18n * price.den }));
      }
      return entries;
    };
    // The exact ledger, for a history short enough to keep it: lowest terms, never rounded.
    const unbounded: Money<R> = { zero: { num: 0n, den: 1n }, add: plus, sub: (a, b) => plus(a, { num: -b.num, den: b.den }), share: (t, part, whole) => reduced({ num: t.num * part, den: t.den * whole }) };
    const exact = averageCost(trades(80), unbounded);
    const kept = averageCost(trades(80), exactDollars);
    expect(exact.cost!.den > 1n << 512n).toBe(true);
    for (const [a, b] of [[exact.cost!, kept.cost!], [exact.realized!, kept.realized!]]) {
      const difference = plus(a, { num: -b.num, den: b.den });
      expect((difference.num < 0n ? -difference.num : difference.num) * 10n ** 58n <= difference.den).toBe(true);
      expect(formatRatio(b, 6)).toBe(formatRatio(a, 6));
    }
    const long = averageCost(trades(1_000), exactDollars);
    expect(long.cost!.den <= 10n ** BigInt(dollarPlaces)).toBe(true);
    expect(long.realized!.den <= 10n ** BigInt(dollarPlaces)).toBe(true);
  });

  it("a transfer out carries its share of the cost away and realizes nothing", () => {
    const result = averageCost([entry("buy", 1, 400n, 1_600n), entry("transfer_out", 2, 100n, null), entry("sell", 3, 100n, 500n)], baseUnits);
    expect(result).toEqual({ held: 200n, cost: 800n, basisGap: null, realized: 100n, realizedGap: null });
  });

  it("no sell: realized is zero because nothing was sold, and the whole cost is held", () => {
    expect(averageCost([entry("buy", 1, 400n, 1_600n)], baseUnits)).toEqual({ held: 400n, cost: 1_600n, basisGap: null, realized: 0n, realizedGap: null });
  });

  it("tokens received by transfer after the sells: the realized figure stands, the held tokens have no defensible cost", () => {
    const result = averageCost([entry("buy", 1, 400n, 1_600n), entry("sell", 2, 100n, 500n), entry("transfer_in", 3, 50n, null)], baseUnits);
    expect(result).toEqual({ held: 350n, cost: null, basisGap: `${tx(3)} brought 50 base units in by transfer, with no purchase price.`, realized: 100n, realizedGap: null });
  });

  it("tokens received by transfer before a sell: neither figure is defensible, and the sell is named", () => {
    const result = averageCost([entry("transfer_in", 1, 400n, null), entry("buy", 2, 100n, 600n), entry("sell", 3, 200n, 500n)], baseUnits);
    const gap = `${tx(1)} brought 400 base units in by transfer, with no purchase price.`;
    expect(result).toEqual({ held: 300n, cost: null, basisGap: gap, realized: null, realizedGap: `No defensible cost basis for the sell in ${tx(3)}: ${gap}` });
  });

  it("a sell of more than was seen acquired breaks the basis from there on", () => {
    const result = averageCost([entry("buy", 1, 100n, 600n), entry("sell", 2, 150n, 900n)], baseUnits);
    const gap = `${tx(2)} moved out more tokens than the wallet was seen to acquire before it.`;
    expect(result).toEqual({ held: 0n, cost: null, basisGap: gap, realized: null, realizedGap: `No defensible cost basis for the sell in ${tx(2)}: ${gap}` });
  });

  it("a sell without a price (no dollar route at its block): realized is null with the reason, the held cost stands", () => {
    const result = averageCost([entry("buy", 1, 400n, 1_600n), entry("sell", 2, 100n, null, "no dollar price at block 7.")], baseUnits);
    expect(result).toEqual({ held: 300n, cost: 1_200n, basisGap: null, realized: null, realizedGap: "no dollar price at block 7." });
  });

  it("a buy without a price: the held cost is null with the reason, and so is any later sell's realized figure", () => {
    const result = averageCost([entry("buy", 1, 400n, null, "no dollar price at block 5."), entry("sell", 2, 100n, 500n)], baseUnits);
    expect(result).toEqual({ held: 300n, cost: null, basisGap: "no dollar price at block 5.", realized: null, realizedGap: `No defensible cost basis for the sell in ${tx(2)}: no dollar price at block 5.` });
  });
});
