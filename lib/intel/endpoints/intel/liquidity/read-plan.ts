// What the request's booleans turn into. All three default to false; `full` implies the
// other two and widens the log window and the lists. These are the documented defaults and
// bounds of the liquidity booleans (docs/endpoints/intel-liquidity.md).
export type LiquidityFlags = { metadata?: boolean; locks?: boolean; full?: boolean };

export type ReadPlan = {
  /** Pool metadata: DEX, factory, fee, token0, creation block and transaction. */
  metadata: boolean;
  /** Lock proof: each lock in a recognised locker with owner, amount and unlock time. */
  locks: boolean;
  full: boolean;
  /** The history window read for holders, burn transactions and removals (lib/intel/answers/windows.ts), turned into blocks at read time. */
  window: "custody" | "custodyFull";
  /** Most entries per list (holders per category, burn transactions, removals). */
  listLimit: number;
  /** Most LP holders whose balance is read per pool, the most recently active first. */
  maxCandidates: number;
};

export const readPlans = {
  standard: { window: "custody", listLimit: 10, maxCandidates: 100 },
  full: { window: "custodyFull", listLimit: 100, maxCandidates: 500 },
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
