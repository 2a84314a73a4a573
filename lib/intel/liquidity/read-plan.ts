// What the request's booleans turn into. All three default to false; `full` implies the
// other two and widens the log window and the lists. These are the documented defaults and
// bounds of the liquidity booleans (README, intel/liquidity).
export type LiquidityFlags = { metadata?: boolean; locks?: boolean; full?: boolean };

export type ReadPlan = {
  /** Pool metadata: DEX, factory, fee, token0, creation block and transaction. */
  metadata: boolean;
  /** Lock proof: each lock in a recognised locker with owner, amount and unlock time. */
  locks: boolean;
  full: boolean;
  /** Blocks of LP transfer history read for holders, burn transactions and removals: set at read time from the window in days (lib/intel/windows.ts); these figures are Ethereum's at 12 s a block. */
  lookbackBlocks: bigint;
  /** Most entries per list (holders per category, burn transactions, removals). */
  listLimit: number;
  /** Most LP holders whose balance is read per pool, the most recently active first. */
  maxCandidates: number;
};

export const readPlans = {
  standard: { lookbackBlocks: 100_000n, listLimit: 10, maxCandidates: 100 },
  full: { lookbackBlocks: 1_000_000n, listLimit: 100, maxCandidates: 500 },
} as const;

export function readPlanFor(flags: LiquidityFlags): ReadPlan {
  const full = flags.full === true;
  return {
    metadata: full || flags.metadata === true,
    locks: full || flags.locks === true,
    full,
    ...(full ? readPlans.full : readPlans.standard),
  };
}
