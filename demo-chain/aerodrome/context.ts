// What the Aerodrome scenarios share: the scenario context plus the placed venue, and reads of a
// scenario's token and of a classic pool's record.
import { getAddress, type Address } from "viem";
import type { ScenarioContext } from "../scenarios/common";
import type { AerodromeCanonical } from "./placement";
import type { AerodromeVenue } from "./venue";

export type LpHolding = { holder: Address; balance: string };

/** An Aerodrome classic pool as created: the factory's clone for (token0, token1, stable). */
export type AerodromePoolRecord = {
  address: Address;
  factory: Address;
  stable: boolean;
  token0: Address;
  token1: Address;
  /** The factory's fee for this pool, in basis points. */
  feeBps: number;
  /** Where the pool keeps swap fees until liquidity providers claim them. */
  poolFees: Address;
  lpName: string;
  lpSymbol: string;
};

export type AerodromeContext = ScenarioContext & { aerodrome: AerodromeCanonical; venue: AerodromeVenue };

/** The first depositor's MINIMUM_LIQUIDITY holder in an Aerodrome classic pool. */
export const LOCKED_LIQUIDITY_HOLDER = getAddress("0x0000000000000000000000000000000000000001");


export async function classicPoolRecord(ctx: AerodromeContext, pool: Address): Promise<AerodromePoolRecord> {
  const abi = ctx.venue.abis.pool;
  const read = <T>(functionName: string) => ctx.player.read<T>(pool, abi, functionName);
  const [factory, stable, token0, token1, poolFees, lpName, lpSymbol] = await Promise.all([
    read<Address>("factory"),
    read<boolean>("stable"),
    read<Address>("token0"),
    read<Address>("token1"),
    read<Address>("poolFees"),
    read<string>("name"),
    read<string>("symbol"),
  ]);
  const feeBps = await ctx.player.read<bigint>(ctx.aerodrome.classic.factory, ctx.venue.abis.factory, "getFee", [pool, stable]);
  return {
    address: pool,
    factory: getAddress(factory),
    stable,
    token0: getAddress(token0),
    token1: getAddress(token1),
    feeBps: Number(feeBps),
    poolFees: getAddress(poolFees),
    lpName,
    lpSymbol,
  };
}

export async function lpHoldings(ctx: AerodromeContext, pool: Address, holders: readonly Address[]): Promise<LpHolding[]> {
  return Promise.all(
    holders.map(async (holder) => ({ holder, balance: (await ctx.venue.balanceOf(pool, holder)).toString() })),
  );
}
