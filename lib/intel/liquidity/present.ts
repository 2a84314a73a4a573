// Turns the market reads into the wire shape: exact base-unit strings beside human amounts,
// shares in basis points of LP supply, prices as decimal strings cut (never rounded up) at 18
// fractional digits.
import type { Address } from "viem";
import { amount } from "@/lib/intel/present";
import {
  bpsOf,
  formatRatio,
  poolLiquidityUsd,
  quotePerToken,
  sameAddress,
  times,
  usdPerQuote,
  type Holding,
  type LockerHolding,
  type LpCustody,
  type NativeUsd,
  type Pool,
  type PoolCreationRead,
  type TeamRelation,
} from "@/lib/intel/market";

/** V2-style LP tokens have 18 decimals (UniswapV2ERC20, Solidly pools). */
const LP_DECIMALS = 18;

const lp = (raw: bigint) => amount(raw, LP_DECIMALS);
const share = (part: bigint, supply: bigint | null) => (supply === null ? null : bpsOf(part, supply));

export function presentPool(pool: Pool, tokenDecimals: number | null, nativeUsd: NativeUsd | null, creation: PoolCreationRead | undefined) {
  const price = tokenDecimals === null ? null : quotePerToken(pool, tokenDecimals);
  const usd = usdPerQuote(pool.quote, nativeUsd);
  const liquidityUsd = poolLiquidityUsd(pool, nativeUsd);
  return {
    address: pool.address,
    dex: pool.dex.key,
    dex_name: pool.dex.name,
    kind: pool.dex.kind,
    quote: { address: pool.quote.address, symbol: pool.quote.symbol, decimals: pool.quote.decimals, kind: pool.quote.kind },
    reserves: pool.reserves
      ? { token: amount(pool.reserves.token, tokenDecimals), quote: amount(pool.reserves.quote, pool.quote.decimals), source: pool.reservesSource }
      : null,
    price:
      price && pool.midPrice && tokenDecimals !== null
        ? {
            quote_per_token: formatRatio(price),
            quote_base_units_per_token: ((pool.midPrice.num * 10n ** BigInt(tokenDecimals)) / pool.midPrice.den).toString(),
            usd_per_token: usd ? formatRatio(times(price, usd)) : null,
          }
        : null,
    liquidity_usd: liquidityUsd ? formatRatio(liquidityUsd, 2) : null,
    lp_total_supply: pool.lpTotalSupply === null ? null : lp(pool.lpTotalSupply),
    ...(creation !== undefined ? { metadata: presentMetadata(pool, creation) } : {}),
  };
}

function presentMetadata(pool: Pool, read: PoolCreationRead) {
  const dex = pool.dex;
  return {
    factory: dex.factory,
    router: dex.router,
    token0: pool.token0,
    fee:
      dex.kind === "uniswap-v3"
        ? { tier: pool.feeTier, bps: pool.feeTier === null ? null : pool.feeTier / 100, source: "pool" as const }
        : dex.kind === "uniswap-v2"
          ? { tier: null, bps: dex.swapFeeBps, source: "registry" as const }
          : { tier: null, bps: null, stable: pool.stable, source: "unavailable" as const },
    creation: read.creation ? { block: Number(read.creation.block), transaction: read.creation.transaction } : null,
    creation_searched: { from_block: Number(read.fromBlock), to_block: Number(read.toBlock) },
  };
}

const holding = (entry: Holding, supply: bigint | null) => ({ address: entry.address, amount: lp(entry.amount), share_bps: share(entry.amount, supply) });

function presentLocker(entry: LockerHolding, supply: bigint | null) {
  return {
    ...holding(entry, supply),
    key: entry.key,
    name: entry.name,
    recognised_by: entry.recognisedBy,
    locks: entry.locks
      ? entry.locks.map((lock) => ({
          lock_id: lock.lockId.toString(),
          owner: lock.owner,
          amount: lp(lock.amount),
          unlock_time: Number(lock.unlockTime),
          unlock_date: new Date(Number(lock.unlockTime) * 1000).toISOString(),
          withdrawn: lock.withdrawn,
          locked_at_read: lock.lockedAtRead,
          transaction: lock.transaction,
        }))
      : null,
    locks_note: entry.locksReason,
  };
}

export function presentCustody(custody: LpCustody, pool: Pool, tokenDecimals: number | null, knownTeam: ReadonlyMap<string, TeamRelation[]>) {
  const supply = custody.lpTotalSupply;
  const team = new Map(knownTeam);
  if (custody.initialProvider) {
    const key = custody.initialProvider.toLowerCase();
    team.set(key, [...new Set([...(team.get(key) ?? []), "initial_liquidity_provider" as const])]);
  }
  const category = (total: bigint) => ({ amount: lp(total), share_bps: share(total, supply) });
  const tokenIsToken0 = pool.token0 ? sameAddress(pool.token0, pool.token) : null;
  return {
    pool: custody.pool,
    dex: pool.dex.key,
    quote_symbol: pool.quote.symbol,
    initial_liquidity_provider: custody.initialProvider,
    lp_total_supply: supply === null ? null : lp(supply),
    burned: {
      ...category(custody.burned.amount),
      holders: custody.burned.holders.map((entry) => holding(entry, supply)),
      burn_transactions: custody.burned.transactions.map((burn) => ({ transaction: burn.transaction, block: Number(burn.block), from: burn.from, to: burn.to, amount: lp(burn.amount), kind: burn.kind })),
    },
    locked: { ...category(custody.locked.amount), lockers: custody.locked.lockers.map((entry) => presentLocker(entry, supply)) },
    team: {
      ...category(custody.team.amount),
      holders: custody.team.holders.map((entry) => ({ ...holding(entry, supply), relations: entry.relations, is_contract: entry.isContract })),
    },
    unverified_custody: {
      ...category(custody.unverifiedCustody.amount),
      holders: custody.unverifiedCustody.holders.map((entry) => holding(entry, supply)),
      note: "Contracts holding LP that are not recognised lockers: their terms are unverified. This is not a reading of unlocked.",
    },
    other_holders: {
      ...category(custody.otherHolders.amount),
      identified: custody.otherHolders.identified.map((entry) => holding(entry, supply)),
      unidentified: lp(custody.otherHolders.unidentifiedAmount),
    },
    liquidity_removals: custody.removals.map((removal) => ({
      transaction: removal.transaction,
      block: Number(removal.block),
      by: removal.by,
      by_team: removal.by ? (team.get(removal.by.toLowerCase()) ?? null) : null,
      lp_amount: removal.lpAmount === null ? null : lp(removal.lpAmount),
      token_amount: tokenIsToken0 === null ? null : amount(tokenIsToken0 ? removal.amount0 : removal.amount1, tokenDecimals),
      quote_amount: tokenIsToken0 === null ? null : amount(tokenIsToken0 ? removal.amount1 : removal.amount0, pool.quote.decimals),
    })),
    history_window: {
      from_block: Number(custody.scan.fromBlock),
      to_block: Number(custody.scan.toBlock),
      truncated: custody.scan.truncated,
      holders_capped: custody.scan.candidatesCapped,
    },
  };
}

export type TeamMap = Map<string, TeamRelation[]>;

export function teamMap(entries: readonly { address: Address; relation: TeamRelation }[]): TeamMap {
  const map: TeamMap = new Map();
  for (const { address, relation } of entries) map.set(address.toLowerCase(), [...(map.get(address.toLowerCase()) ?? []), relation]);
  return map;
}
