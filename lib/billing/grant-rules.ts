// The rules of a staff credit grant, in one plain module so the staff form (input
// attributes, the confirmation step), its server action, the operator function and
// the CLI all apply the same ones.

/** The most one grant may add. Larger sums are several deliberate grants, each in the audit log. */
export const maxCreditGrant = 1_000_000;

/** Grants above this many credits ask for an explicit confirmation first. */
export const grantConfirmationThreshold = 10_000;

/** Balances are 32-bit integers in the database; a grant may not push one past this. */
export const maxCreditBalance = 2_147_483_647;

const formatCredits = (n: number) => n.toLocaleString("en-US");

export const creditGrantMessages = {
  amount: `Credits must be a whole number from 1 to ${formatCredits(maxCreditGrant)}.`,
  confirm: `A grant above ${formatCredits(grantConfirmationThreshold)} credits needs confirmation.`,
  reason: "Give a reason; it is kept in the audit log.",
  balance: (balance: number) =>
    `This grant would take the balance (${formatCredits(balance)}) past the maximum of ${formatCredits(maxCreditBalance)} credits.`,
} as const;

/**
 * A grant amount as typed (digits only: no sign, exponent, decimals or separators,
 * so "1e9" and "10.0" are refused rather than reinterpreted) or as a number.
 */
export function parseCreditGrantAmount(value: unknown): { ok: true; amount: number } | { ok: false; error: string } {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  // Length first: a long digit string must not become a float that rounds into range.
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return { ok: false, error: creditGrantMessages.amount };
  const amount = Number(text);
  if (amount > maxCreditGrant) return { ok: false, error: creditGrantMessages.amount };
  return { ok: true, amount };
}

export function grantNeedsConfirmation(amount: number): boolean {
  return amount > grantConfirmationThreshold;
}
