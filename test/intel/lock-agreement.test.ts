// intel/risk and intel/liquidity tell one story of a token's locks, on all three demo chains
// (chain ids 1, 8453, 56): for every demo token whose LP or positions sit in a recognised locker,
// the pool risk judges (its main pool) carries in liquidity's answer the same locked, burned,
// withdrawable and team-held shares, the same earliest unlock and the same "withdrawable since" —
// whether liquidity was asked for the locks' proof or not. Both read the locks through one
// computation (lib/intel/reads/market's custody); asking for proof only adds the list.
import { beforeAll, describe, expect, it } from "vitest";
import type { Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { analyzeLiquidity } from "@/lib/intel/endpoints/intel/liquidity";
import { analyzeRisk } from "@/lib/intel/endpoints/intel/risk";
import { useDemoChains } from "../support/demo-chains";

const demo = useDemoChains();

/** The demo tokens whose liquidity sits in a recognised locker; null where the chain's registry has no such locker. */
const lockScenarios: [string, (book: AddressBook) => { token: { address: Address } } | null][] = [
  ["LiquidityTimelock (known code, Locked events)", (book) => book.scenarios.lockedLiquidity],
  ["UNCX V1.0", (book) => book.venues.signals.uncxLocks],
  ["Team.Finance", (book) => book.venues.lockers.teamFinanceLocks],
  ["PinkLock V2", (book) => book.venues.lockers.pinkLocks],
  ["UNCX 2024", (book) => book.venues.lockers.uncxV2Locks],
  ["UNCX V3 positions", (book) => book.venues.lockers.uncxV3Locks],
  ["the first PinkLock", (book) => book.venues.lockers.pinkLockV1Locks],
];

type CustodyEvidence = {
  pool: Address;
  basis: "lp_supply" | "position_value";
  burned_bps: number;
  locked_bps: number;
  earliest_unlock: string | null;
  withdrawable_bps: number;
  withdrawable_lockers: { address: Address; since: string | null }[];
  team_held_bps: number;
};

const earliest = (dates: readonly (string | null | undefined)[]) => dates.filter((date): date is string => typeof date === "string").sort()[0] ?? null;

describe.each(DEMO_CHAINS)("risk and liquidity agree on locks on demo %s", (chain: ChainId) => {
  let book: AddressBook;

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it.each(lockScenarios)("%s", async (_name, pick) => {
    const scenario = pick(book);
    if (!scenario) return;
    const env = demo.env(chain);
    const address = scenario.token.address;
    const risk = await analyzeRisk({ chain, address, env });
    const custody = risk.data.signals.find((signal) => signal.id === "lp_custody")!.evidence as CustodyEvidence;
    // Every one of these has a lock still running: a null here is a lock risk did not read.
    expect(custody.earliest_unlock).not.toBeNull();
    for (const flags of [{}, { locks: true }]) {
      const liquidity = (await analyzeLiquidity({ chain, address, flags, env })).data;
      if (custody.basis === "lp_supply") {
        const pool = liquidity.lp_custody.find((entry) => entry.pool === custody.pool)!;
        expect({
          burned_bps: pool.burned.share_bps,
          locked_bps: pool.locked.share_bps,
          earliest_unlock: earliest(pool.locked.lockers.map((locker) => ("earliest_unlock" in locker ? locker.earliest_unlock : null))),
          withdrawable_bps: pool.withdrawable?.share_bps ?? 0,
          withdrawable_since: (pool.withdrawable?.lockers ?? []).map((locker) => [locker.address, "withdrawable_since" in locker ? locker.withdrawable_since : null]),
          team_held_bps: pool.team.share_bps,
        }).toEqual({
          burned_bps: custody.burned_bps,
          locked_bps: custody.locked_bps,
          earliest_unlock: custody.earliest_unlock,
          withdrawable_bps: custody.withdrawable_bps,
          withdrawable_since: custody.withdrawable_lockers.map((locker) => [locker.address, locker.since]),
          team_held_bps: custody.team_held_bps,
        });
      } else {
        const pool = liquidity.position_custody.find((entry) => entry.pool === custody.pool)!;
        const share = (holdings: readonly { share_bps: number | null }[]) => holdings.reduce((sum, holding) => sum + (holding.share_bps ?? 0), 0);
        expect(earliest(pool.locked.map((position) => position.lock?.unlock_date))).toBe(custody.earliest_unlock);
        expect(earliest(pool.withdrawable.map((position) => position.lock.unlock_date))).toBe(earliest(custody.withdrawable_lockers.map((locker) => locker.since)));
        // Risk takes each part's share of the whole at once, liquidity each position's, both rounded down: they differ by at most one basis point a position.
        for (const [part, positions, bps] of [
          ["locked", pool.locked, custody.locked_bps],
          ["withdrawable", pool.withdrawable, custody.withdrawable_bps],
          ["team", pool.team, custody.team_held_bps],
          ["burned", pool.burned, custody.burned_bps],
        ] as const) {
          expect(Math.abs(share(positions) - bps), part).toBeLessThanOrEqual(positions.length);
        }
      }
    }
  });
});
