// intel/liquidity, present: the answer, every field with its provenance. The market reads are
// written in the wire shape: exact base-unit strings beside human amounts, shares in basis points
// of LP supply, prices as decimal strings cut (never rounded up) at 18 fractional digits.
import type { Address } from "viem";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, tokenView, usdPriceText, usdText, venueOf } from "@/lib/intel/answers/present";
import { labelDeployer } from "@/lib/intel/reads/token/deployer";
import {
  bpsOf,
  depthBandBps,
  formatRatio,
  inQuoteUnits,
  positionValue,
  venueKinds,
  venueModule,
  poolLiquidityUsd,
  quotePerToken,
  sameAddress,
  times,
  usdPerQuote,
  depegThresholdBps,
  type Holding,
  type LockerHolding,
  type LpCustody,
  type NativeUsd,
  type Pool,
  type PoolCreationRead,
  type TeamRelation,
  type PositionCustody,
  type PositionLockTerms,
  type PositionHolding,
  type Amounts,
  type ConcentratedDepth,
} from "@/lib/intel/reads/market";
import { assessMarket, custodyPools, historyWindow, undecodedLockers } from "./assess";
import type { LiquidityReading } from "./read";
import { describeWindow, type Window } from "@/lib/intel/answers/windows";

/** V2-style LP tokens have 18 decimals (UniswapV2ERC20, Solidly pools). */
const LP_DECIMALS = 18;

const lp = (raw: bigint) => amount(raw, LP_DECIMALS);
const share = (part: bigint, supply: bigint | null) => (supply === null ? null : bpsOf(part, supply));

/** Both sides of a pool's holding in dollars: the token at the pool's mid price, then the quote asset's dollar price. */
function amountsUsd(pool: Pool, amounts: Amounts, nativeUsd: NativeUsd | null) {
  const usd = usdPerQuote(pool.quote, nativeUsd);
  const inQuote = inQuoteUnits(pool, amounts);
  return usd && inQuote !== null ? usdText(times({ num: inQuote, den: 10n ** BigInt(pool.quote.decimals) }, usd)) : null;
}

function presentDepth(pool: Pool, depth: ConcentratedDepth | undefined, tokenDecimals: number | null, nativeUsd: NativeUsd | null) {
  if (!depth) return null;
  const sides = (amounts: Amounts) => ({ token: amount(amounts.token, tokenDecimals), quote: amount(amounts.quote, pool.quote.decimals), usd: amountsUsd(pool, amounts, nativeUsd) });
  return {
    tick: depth.tick,
    active_liquidity: depth.activeLiquidity.toString(),
    band_bps: depthBandBps,
    in_range: depth.inRange ? sides(depth.inRange) : null,
    total: depth.total ? { ...sides(depth.total), source: depth.total.source } : null,
    total_gap: depth.totalGap,
  };
}

function presentPool(pool: Pool, tokenDecimals: number | null, nativeUsd: NativeUsd | null, creation: PoolCreationRead | undefined, depth: ConcentratedDepth | undefined) {
  const price = tokenDecimals === null ? null : quotePerToken(pool, tokenDecimals);
  const usd = usdPerQuote(pool.quote, nativeUsd);
  const liquidityUsd = poolLiquidityUsd(pool, nativeUsd);
  return {
    address: pool.address,
    ...venueOf(pool.dex),
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
            usd_per_token: usd ? usdPriceText(times(price, usd)) : null,
          }
        : null,
    liquidity_usd: usdText(liquidityUsd),
    lp_total_supply: pool.lpTotalSupply === null ? null : lp(pool.lpTotalSupply),
    tick_spacing: pool.tickSpacing,
    depth: presentDepth(pool, depth, tokenDecimals, nativeUsd),
    v4: pool.v4 ? { pool_id: pool.v4.id, currency0: pool.v4.currency0, currency1: pool.v4.currency1, hooks: pool.v4.hooks } : null,
    ...(creation !== undefined ? { metadata: presentMetadata(pool, creation) } : {}),
  };
}

function presentMetadata(pool: Pool, read: PoolCreationRead) {
  const venue = venueModule(pool.dex);
  return {
    // The contract that opens the venue's pools (for V4, the PoolManager that also holds them).
    factory: venue.factory(pool.dex),
    router: pool.dex.router,
    token0: pool.token0,
    fee: venue.fee(pool),
    creation: read.creation ? { block: Number(read.creation.block), transaction: read.creation.transaction } : null,
    creation_searched: { from_block: Number(read.fromBlock), to_block: Number(read.toBlock) },
  };
}

function presentPositionCustody(custody: PositionCustody, pools: readonly Pool[]) {
  const pool = pools.find((candidate) => sameAddress(candidate.address, custody.pool) && (candidate.v4?.id ?? null) === custody.poolId)!;
  const all = [...custody.burned, ...custody.locked, ...custody.withdrawable, ...custody.team, ...custody.unverifiedCustody, ...custody.otherHolders];
  const values = new Map(all.map((holding) => [holding, positionValue(pool, holding)]));
  const whole = [...values.values()].every((value) => value !== null) ? [...values.values()].reduce<bigint>((sum, value) => sum + value!, 0n) : null;
  const view = (holding: PositionHolding) => ({
    token_id: holding.tokenId.toString(),
    owner: holding.owner,
    liquidity: holding.liquidity.toString(),
    tick_lower: holding.tickLower,
    tick_upper: holding.tickUpper,
    share_bps: whole === null || whole === 0n ? null : bpsOf(values.get(holding)!, whole),
    opened: holding.opened,
  });
  return {
    pool: custody.pool,
    pool_id: custody.poolId,
    ...venueOf(pool.dex),
    position_manager: custody.positionManager,
    liquidity: custody.liquidity.toString(),
    burned: custody.burned.map(view),
    locked: custody.locked.map((holding) => ({ ...view(holding), locker: holding.locker, lock: holding.lock && positionLockView(holding.lock), lock_note: holding.lockNote })),
    withdrawable: custody.withdrawable.map((holding) => ({ ...view(holding), locker: holding.locker, lock: positionLockView(holding.lock), lock_note: holding.lockNote })),
    team: custody.team.map((holding) => ({ ...view(holding), relations: holding.relations })),
    unverified_custody: custody.unverifiedCustody.map(view),
    other_holders: custody.otherHolders.map(view),
    history_window: { from_block: Number(custody.scan.fromBlock), to_block: Number(custody.scan.toBlock), truncated: custody.scan.truncated, end: custody.scan.end },
  };
}

function positionLockView(lock: PositionLockTerms) {
  return {
    lock_id: lock.lockId.toString(),
    owner: lock.owner,
    unlock_date: lock.unlockTime === null ? null : new Date(Number(lock.unlockTime) * 1000).toISOString(),
    eternal: lock.unlockTime === null,
  };
}

const holding = (entry: Holding, supply: bigint | null) => ({ address: entry.address, amount: lp(entry.amount), share_bps: share(entry.amount, supply) });

function presentLocker(entry: LockerHolding, supply: bigint | null, part: "locked" | "withdrawable") {
  const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();
  return {
    ...holding({ address: entry.address, amount: part === "locked" ? entry.stillLocked : entry.withdrawable }, supply),
    key: entry.key,
    name: entry.name,
    recognised_by: entry.recognisedBy,
    locks: entry.locks
      ? entry.locks.map((lock) => ({
          lock_id: lock.lockId.toString(),
          owner: lock.owner,
          amount: lp(lock.amount),
          unlock_date: iso(lock.unlockTime),
          withdrawn: lock.withdrawn,
          locked_at_read: lock.lockedAtRead,
          transaction: lock.transaction,
          ...(lock.vesting
            ? {
                vesting: {
                  total: lp(lock.vesting.total),
                  tge_date: iso(lock.vesting.tgeTime),
                  tge_bps: Number(lock.vesting.tgeBps),
                  cycle_seconds: Number(lock.vesting.cycleSeconds),
                  cycle_bps: Number(lock.vesting.cycleBps),
                  unlocked: lp(lock.vesting.unlockedAmount),
                },
              }
            : {}),
        }))
      : null,
    locks_note: entry.locksReason,
    ...(part === "locked" ? { earliest_unlock: entry.earliestUnlock === null ? null : iso(entry.earliestUnlock) } : { withdrawable_since: iso(entry.withdrawableSince ?? 0n) }),
  };
}

function presentCustody(custody: LpCustody, pool: Pool, tokenDecimals: number | null, knownTeam: ReadonlyMap<string, TeamRelation[]>) {
  const supply = custody.lpTotalSupply;
  const team = new Map(knownTeam);
  // The first provider is the team's only beside another link (see lp-custody.ts).
  if (custody.initialProvider && team.has(custody.initialProvider.toLowerCase())) {
    const key = custody.initialProvider.toLowerCase();
    team.set(key, [...new Set([...(team.get(key) ?? []), "initial_liquidity_provider" as const])]);
  }
  const category = (total: bigint) => ({ amount: lp(total), share_bps: share(total, supply) });
  const tokenIsToken0 = pool.token0 ? sameAddress(pool.token0, pool.token) : null;
  return {
    pool: custody.pool,
    ...venueOf(pool.dex),
    quote_symbol: pool.quote.symbol,
    initial_liquidity_provider: custody.initialProvider,
    lp_total_supply: supply === null ? null : lp(supply),
    burned: {
      ...category(custody.burned.amount),
      holders: custody.burned.holders.map((entry) => holding(entry, supply)),
      burn_transactions: custody.burned.transactions.map((burn) => ({ transaction: burn.transaction, block: Number(burn.block), from: burn.from, to: burn.to, amount: lp(burn.amount), kind: burn.kind })),
    },
    locked: { ...category(custody.locked.amount), lockers: custody.locked.lockers.map((entry) => presentLocker(entry, supply, "locked")) },
    ...(custody.withdrawable.lockers.length > 0 ? { withdrawable: { ...category(custody.withdrawable.amount), lockers: custody.withdrawable.lockers.map((entry) => presentLocker(entry, supply, "withdrawable")) } } : {}),
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
      end: custody.scan.end,
      holders_capped: custody.scan.candidatesCapped,
    },
  };
}

type TeamMap = Map<string, TeamRelation[]>;

function teamMap(entries: readonly { address: Address; relation: TeamRelation }[]): TeamMap {
  const map: TeamMap = new Map();
  for (const { address, relation } of entries) map.set(address.toLowerCase(), [...(map.get(address.toLowerCase()) ?? []), relation]);
  return map;
}

/** What the dollar figures rest on when the stablecoins could not confirm each other. */
function pegLimitations(nativeUsd: NativeUsd | null): string[] {
  if (!nativeUsd) return [];
  const { peg, stablecoin } = nativeUsd;
  if (peg.status === "single_stablecoin") return [`Dollar figures take ${stablecoin.symbol} at one dollar: no other stablecoin has a reference pool to check its peg against.`];
  if (peg.status === "disagreement") {
    const [a, b] = peg.stablecoins;
    return [`Dollar figures rest on ${stablecoin.symbol}, unconfirmed: ${a.stablecoin.symbol} and ${b.stablecoin.symbol} disagree by ${Math.abs(a.deviationBps ?? b.deviationBps ?? 0)} basis points through the native coin, and which one is off cannot be told.`];
  }
  const depegged = peg.stablecoins.filter((check) => check.depegged === true);
  return depegged.length > 0 ? [`Depegged (more than ${depegThresholdBps / 100} % from the other stablecoins): ${depegged.map((check) => `${check.stablecoin.symbol} (${check.deviationBps} basis points)`).join(", ")}; pools quoted in it are valued by what it buys of the native coin.`] : [];
}

function limitationsFor(chain: ChainId, lookback: Window, window: { from: number; to: number } | null, pools: readonly Pool[]): string[] {
  const network = getNetwork(chain);
  const list = [
    window
      ? `Holders, burn transactions and liquidity removals come from LP transfers in blocks ${window.from} to ${window.to} (${describeWindow(lookback)}); deep historical burn provenance is not exposed. Balances are read at the block whatever the window.`
      : "Deep historical burn provenance is not exposed.",
    "Pools are found on every registry venue against the native coin (Uniswap V4), the wrapped native coin, the registry stablecoins and the further quote assets; further quote assets are valued in dollars through their deepest pool against the wrapped native coin.",
    "Lock context covers recognised lockers only (the registry's locker addresses and known locker code). LP in any other contract is reported as unverified custody, never as unlocked.",
    "USD figures take the registry's stablecoins at one dollar.",
  ];
  // What the venues of the pools found say about how they were read, each once, in the table's order.
  const kinds = new Set(pools.map((pool) => pool.dex.kind));
  list.push(...new Set(Object.values(venueKinds).flatMap((venue) => (kinds.has(venue.kind) && venue.limitation !== null ? [venue.limitation] : []))));
  if (chain === "base") {
    list.push(`The deployer is not known on ${network.displayName} without an outside explorer source (none is configured), so LP it holds counts as team-held only when it is also the owner or the first liquidity provider.`);
  }
  return list;
}

export function presentLiquidity(reading: LiquidityReading) {
  const { chain, token, plan, identity, pools, creations } = reading;
  const network = getNetwork(chain);
  const decimals = identity.decimals.value;
  const ledger = new ProvenanceLedger();

  ledger.fact("token");
  for (const field of ["name", "symbol", "decimals", "totalSupply"] as const) {
    if (identity[field].value === null) ledger.gap(`token.${field === "totalSupply" ? "total_supply" : field}`, `The contract did not answer ${field}() (${identity[field].reason}).`);
  }
  const tokenAnswer = { ...tokenView(token, identity), total_supply: identity.totalSupply.value === null ? null : amount(identity.totalSupply.value, decimals) };

  // Team wallets: the owner from owner(), the deployer from the node (or an outside explorer), the
  // controllers from the token's own code and storage.
  const owner = reading.owner.address;
  const deployer = reading.creation ? { address: reading.creation.deployer, transaction: reading.creation.transaction } : null;
  // Not read is not none: null, with why, where the code's controllers could not be read.
  const controllers = reading.controllersUnread === null ? reading.team.filter((member) => member.relation === "controller").map((member) => member.address) : null;
  ledger.fact("team_wallets.owner");
  if (reading.controllersUnread === null) ledger.fact("team_wallets.controllers");
  else ledger.missing("team_wallets.controllers", reading.controllersUnread);
  if (owner === null) ledger.gap("team_wallets.owner", "The contract has no owner() function (or it reverted).");
  labelDeployer(ledger, "team_wallets.deployer", reading.creation, chain);

  // Market.
  const { nativeUsd, price, liquidityUsd, totalUsd } = assessMarket(reading);
  ledger.fact("market.pools");
  const dexNames = network.dexes.map((dex) => dex.name).join(", ");
  const quoteNames = [network.nativeSymbol, network.wrappedNative.symbol, ...network.stablecoins.map((coin) => coin.symbol), ...network.otherQuotes.map((coin) => coin.symbol)].join(", ");
  if (pools.length === 0) ledger.gap("market.pools", `No pool of this token on ${dexNames} against ${quoteNames} at block ${reading.block}.`);
  ledger.factOr("market.price", price !== null, () =>
    pools.length === 0 ? "No pool to price the token in." : decimals === null ? "The token's decimals are unknown, so no price per token can be formed." : "No pool holds reserves to price the token.",
  );
  if (price?.usdPerToken || liquidityUsd.length > 0) ledger.reading("market.usd");
  else ledger.missing("market.usd", pools.length === 0 ? "No pool to value." : `No ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes to price ${network.nativeSymbol} in dollars.`);
  const market = {
    pools: pools.map((pool, index) => presentPool(pool, decimals, nativeUsd, creations ? creations[index] : undefined, reading.depths.get(pool))),
    price: price
      ? {
          pool: price.pool.address,
          quote: { address: price.quote.address, symbol: price.quote.symbol },
          quote_per_token: formatRatio(price.quotePerToken),
          usd_per_token: usdPriceText(price.usdPerToken),
        }
      : null,
    native_usd: nativeUsd
      ? {
          pool: nativeUsd.pool.address,
          stablecoin: nativeUsd.stablecoin.symbol,
          usd_per_native: usdPriceText(nativeUsd.usdPerNative)!,
          stablecoins_checked: {
            status: nativeUsd.peg.status,
            threshold_bps: depegThresholdBps,
            stablecoins: nativeUsd.peg.stablecoins.map((check) => ({ symbol: check.stablecoin.symbol, address: check.stablecoin.address, pool: check.pool.address, deviation_bps: check.deviationBps, depegged: check.depegged })),
          },
        }
      : null,
    liquidity_usd: usdText(totalUsd),
  };
  if (plan.metadata) ledger.fact("market.pools.metadata");
  // Depth walks the pool's ticks and values it at the mid price: arithmetic on state, then dollars.
  if (reading.depths.size > 0) ledger.reading("market.pools.depth");

  // LP custody.
  const known = teamMap(reading.team);
  const lpCustody = custodyPools(reading).map(({ custody, pool }) => presentCustody(custody, pool, decimals, known));
  if (lpCustody.length > 0) ledger.fact("lp_custody").reading("lp_custody.team", "lp_custody.unverified_custody");
  else ledger.missing("lp_custody", pools.length === 0 ? "No pool, so no LP to follow." : "No V2-style pool: the pool's liquidity is held as NFT positions, whose holders are under position_custody.");
  if (plan.locks && lpCustody.length > 0) {
    const undecoded = undecodedLockers(reading.custodies);
    if (undecoded.length > 0) ledger.missing("lp_custody.locks", `The lock schedule of ${undecoded.join(", ")} is not decoded in this version; that LP is counted as locked, with no unlock time.`);
    else ledger.fact("lp_custody.locks");
  }
  // Position custody: who holds the NFTs that are a concentrated-liquidity pool's liquidity.
  const positionCustody = reading.positionCustodies.map((custody) => presentPositionCustody(custody, pools));
  // An empty list is a fact too: the token has no concentrated-liquidity pool.
  ledger.fact("position_custody");
  if (positionCustody.length > 0) ledger.reading("position_custody.team", "position_custody.unverified_custody");
  ledger.reading("limitations");

  return {
    chain,
    block: reading.block,
    honestEmpty: pools.length === 0,
    data: {
      token: tokenAnswer,
      team_wallets: { owner, owner_renounced: reading.owner.renounced, deployer, controllers },
      market,
      lp_custody: lpCustody,
      position_custody: positionCustody,
      limitations: [...limitationsFor(chain, reading.window, historyWindow(reading.custodies), pools), ...pegLimitations(nativeUsd)],
      unavailable: ledger.unavailable,
    },
    provenance: ledger.provenance,
    read: { metadata: plan.metadata, locks: plan.locks, full: plan.full, lookback_blocks: Number(reading.window.blocks), list_limit: plan.listLimit },
  } satisfies PresentedAnswer;
}
