// Exact prices as fractions of bigints, written out as decimal strings only at the end, so no
// float ever rounds a reserve or a price.
export type Ratio = { num: bigint; den: bigint };

export function ratio(num: bigint, den: bigint): Ratio | null {
  return den === 0n ? null : { num, den };
}

function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * The same value in lowest terms. Arithmetic that chains many steps (a ledger of hundreds of
 * trades) must reduce as it goes: unreduced, each step multiplies the denominators, and a few
 * dozen steps grow numbers of millions of digits that stall the event loop.
 */
export function reduced(r: Ratio): Ratio {
  const divisor = gcd(r.num, r.den);
  return divisor > 1n ? { num: r.num / divisor, den: r.den / divisor } : r;
}

/** a + b, reduced (denominators positive). */
export function plus(a: Ratio, b: Ratio): Ratio {
  return reduced(a.den === b.den ? { num: a.num + b.num, den: a.den } : { num: a.num * b.den + b.num * a.den, den: a.den * b.den });
}

export function times(a: Ratio, b: Ratio): Ratio {
  return reduced({ num: a.num * b.num, den: a.den * b.den });
}

/** `r` as a decimal string, truncated (never rounded up) to `fractionDigits`, trailing zeros dropped. */
export function formatRatio(r: Ratio, fractionDigits = 18): string {
  const negative = r.num < 0n !== r.den < 0n && r.num !== 0n;
  const num = r.num < 0n ? -r.num : r.num;
  const den = r.den < 0n ? -r.den : r.den;
  const scaled = (num * 10n ** BigInt(fractionDigits)) / den;
  const digits = scaled.toString().padStart(fractionDigits + 1, "0");
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** Compares two ratios with positive denominators. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left === right ? 0 : left < right ? -1 : 1;
}

export function bpsOf(part: bigint, whole: bigint): number | null {
  return whole === 0n ? null : Number((part * 10_000n) / whole);
}
