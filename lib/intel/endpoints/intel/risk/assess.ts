// intel/risk, assess: what the facts amount to, as signals with their evidence. A signal is a
// red flag when it is a risk by itself; the others are context (a clean check, or a fact that
// is not a risk alone). The summary counts the flags.
import { toFunctionSelector, zeroAddress, type Address, type Hex } from "viem";
import { getNetwork, isQuoteAsset, labelKnownAddress } from "@/lib/chain/networks";
import { bpsOf, deepestPoolUsd, hasDynamicFee, nativeUsdPrice, positionValue, sameAddress, venueKinds, venueModule, type LpCustody, type Pool, type PositionCustody, type PositionHolding, type TeamRelation } from "@/lib/intel/reads/market";
import { amount, venueOf, type Amount } from "@/lib/intel/answers/present";
import type { Provenance } from "@/lib/schemas/provenance";
import { concentration, hiddenBalanceBps, siphonToleranceBps } from "./holders";
import { routeFor, type RiskReading, type TradeRead } from "./read";
import { reclaimFunctionsIn } from "./reclaim";
import { knownFunction } from "./selectors";
import { codeThatRuns, outsideGateSignals, powerSignals, readFrom } from "./power-signals";
import type { StoredAddress } from "@/lib/intel/reads/control/stored-control";
import { tradedThrough, type HolderSell } from "./simulate";
import type { Severity, Signal } from "./signal";

export type { Severity, Signal } from "./signal";

/** How the evidence writes amounts: the token's in its decimals, the native coin's in its wrapped token's (one to one). */
type Units = { token: (value: bigint) => Amount; native: (value: bigint) => Amount };

export function unitsOf(reading: Pick<RiskReading, "chain" | "identity">): Units {
  const nativeDecimals = getNetwork(reading.chain).wrappedNative.decimals;
  return { token: (value) => amount(value, reading.identity.decimals.value), native: (value) => amount(value, nativeDecimals) };
}

/** Tax at or above this many basis points is a high-severity flag; any tax at all is a flag. */
const highTaxBps = 1_000;

/** Holder shares (of total supply, pools, burn and lockers apart) from which concentration is flagged. */
const concentrationThresholds = { topHolderHighBps: 5_000, topHolderMediumBps: 2_000, topTenMediumBps: 5_000 } as const;

/** LP burned plus locked, in basis points of LP supply, from which the liquidity reads as secured (the pool's own MINIMUM_LIQUIDITY makes an exact 90 % read 89.99 %). */
const securedLpBps = 8_000;

const bps = (part: bigint, whole: bigint) => bpsOf(part, whole) ?? 0;

// How the venues refuse a swap paid less than its input, each module naming its own (revert
// strings and custom errors). A pool of any refusing venue is judged against all of them together.
const shortPayment = Object.values(venueKinds).flatMap((venue) => (venue.shortPayment ? [venue.shortPayment] : []));
const shortPaymentReasons = new Set(shortPayment.flatMap((refusal) => refusal.reasons));
const shortPaymentSelectors = new Set(shortPayment.flatMap((refusal) => refusal.errors.map((error) => toFunctionSelector(error))));

/** The sell reverted at the venue's own check that it was paid the whole input. */
function refusedShortPayment(pool: Pool, revert: { data: Hex; reason: string | null } | null): boolean {
  if (!revert || venueModule(pool.dex).shortPayment === null) return false;
  return (revert.reason !== null && shortPaymentReasons.has(revert.reason)) || shortPaymentSelectors.has(revert.data.slice(0, 10).toLowerCase() as Hex);
}

/** Trading: the simulation's outcome, or the note that this is the fallback read from code and state. */
function tradeSignals(trade: TradeRead, nativeSymbol: string, units: Units): Signal[] {
  if (!trade.ran) {
    return [{ id: "simulation_unavailable", severity: "info", flag: false, title: "Buy and sell could not be simulated: this is the fallback read from code and state", evidence: { reason: trade.reason }, provenance: "unavailable" }];
  }
  const { pool } = trade;
  const where = { pool: pool.address, router: tradedThrough(routeFor(pool)), ...venueOf(pool.dex), ...(pool.v4 ? { v4_pool_id: pool.v4.id } : {}), simulated_as: trade.as.simulator, simulated_from: trade.as.sender, simulation_mode: trade.mode };
  if (!trade.buy.ok) {
    return [{ id: "buy_reverts", severity: "high", flag: true, title: "Buying through the pool reverts", evidence: { ...where, native_in: units.native(trade.nativeIn), revert: trade.buy.revert }, provenance: "verified_onchain" }];
  }
  const signals: Signal[] = [];
  const sell = trade.sell;
  if (sell && !sell.ok && refusedShortPayment(pool, sell.revert) && (trade.buyTaxBps ?? 0) > 0) {
    signals.push({
      id: "sell_refused_by_venue",
      severity: "high",
      flag: true,
      title: `Selling through the ${pool.dex.name} pool reverts: the token takes a fee on transfer (${((trade.buyTaxBps ?? 0) / 100).toFixed(2)} % on the buy) and the pool refuses to be paid short`,
      evidence: { ...where, bought: units.token(trade.buy.tokensIn), buy_tax_bps: trade.buyTaxBps!, sell_revert: sell.revert },
      provenance: "verified_onchain",
    });
  } else if (sell && !sell.ok) {
    signals.push({ id: "honeypot", severity: "high", flag: true, title: trade.mode === "same_call" ? "Honeypot: a holder who bought cannot " +
      "sell (tried in the block of the buy: the node offers no eth_simulateV1)" : "Honeypot: a holder who bought cannot sell", evidence: { ...where, bought: units.token(trade.buy.tokensIn), sell_revert: sell.revert }, provenance: "verified_onchain" });
  } else if (sell) {
    signals.push({ id: "sell_simulated", severity: "info", flag: false, title: `A buy and a sell through the pool both ` +
      `went through (${nativeSymbol} in, ${nativeSymbol} out)`, evidence: { ...where, native_in: units.native(trade.nativeIn), native_out: units.native(sell.native) }, provenance: "verified_onchain" });
  }
  const holders = holderSellsSignal(trade, where, units);
  if (holders) signals.push(holders);
  const { transfer } = trade;
  if (transfer && !transfer.ok) {
    signals.push({ id: "transfer_blocked", severity: "high", flag: true, title: "A holder cannot send the tokens to another ordinary wallet", evidence: { ...where, sent: units.token(transfer.tokensOut), revert: transfer.revert }, provenance: "verified_onchain" });
  }
  const taxTitles = { buy_tax: "Buy tax", sell_tax: "Sell tax", transfer_tax: "Wallet-to-wallet transfer tax" } as const;
  for (const [id, taxBps, leg] of [["buy_tax", trade.buyTaxBps, trade.buy], ["sell_tax", trade.sellTaxBps, sell], ["transfer_tax", trade.transferTaxBps, transfer]] as const) {
    if (taxBps === null || taxBps === 0 || !leg) continue;
    signals.push({
      id,
      severity: taxBps >= highTaxBps ? "high" : "medium",
      flag: true,
      title: `${taxTitles[id]} of ${(taxBps / 100).toFixed(2)} %`,
      evidence: { ...where, tax_bps: taxBps, sent: units.token(leg.tokensOut), arrived: units.token(leg.tokensIn) },
      provenance: "verified_onchain",
    });
  }
  return signals;
}

/** Real holders' own sells: how many of the sampled holders with a balance could sell it, and what each lost. */
function holderSellsSignal(trade: Extract<TradeRead, { ran: true }>, where: { pool: Address; dex: string; dex_name: string }, units: Units): Signal | null {
  const holding = trade.holderSells.filter((entry) => entry.holds && entry.sell);
  if (holding.length === 0) return null;
  // A venue that refuses a taxed token's short payment refuses everyone alike: sell_refused_by_venue says so, and it is no trap aimed at holders.
  const refusedByVenue = (entry: HolderSell) => !entry.sell!.ok && (trade.buyTaxBps ?? 0) > 0 && refusedShortPayment(trade.pool, entry.sell!.revert);
  const failed = holding.filter((entry) => !entry.sell!.ok && !refusedByVenue(entry));
  const failRateBps = Math.round((failed.length * 10_000) / holding.length);
  const holders = holding.map((entry) => ({
    address: entry.holder,
    ok: entry.sell!.ok,
    tokens_sent: units.token(entry.sell!.tokensOut),
    tokens_arrived: units.token(entry.sell!.tokensIn),
    native: units.native(entry.sell!.native),
    tax_bps: entry.sellTaxBps,
    revert: entry.sell!.revert,
    refused_by_venue: refusedByVenue(entry),
  }));
  const evidence = { pool: where.pool, dex: where.dex, dex_name: where.dex_name, sampled: holding.length, failed: failed.length, fail_rate_bps: failRateBps, holders, note: "Each holder's sell is simulated from " +
    "its own address, of one percent of what it holds at the read block (the simulator's code placed on " +
    "its account by state override), in one eth_call each at the read block; a sell the venue refuses for " +
    "a taxed token's short payment is not counted as failed." };
  if (failed.length === 0) {
    const refused = holding.filter(refusedByVenue).length;
    const title = refused > 0 ? `No sampled holder is singled out: the venue refuses ${refused} of ${holding.length} holders' sells as it refuses everyone's` : `All ${holding.length} sampled holders can sell what they hold`;
    return { id: "holder_sells", severity: "info", flag: false, title, evidence, provenance: "verified_onchain" };
  }
  return {
    id: "holder_sells",
    severity: "high",
    flag: true,
    title: `${failed.length} of ${holding.length} sampled holders cannot sell what they hold`,
    evidence,
    provenance: "verified_onchain",
  };
}

/**
 * An established quote asset (the registry's wrapped native coin, stablecoins, wrapped majors) is
 * the market's money: its issuer's powers are known terms of holding it, told as context.
 */
function issuerPowersAsContext(reading: RiskReading, signals: Signal[]): Signal[] {
  if (!isQuoteAsset(reading.chain, reading.token)) return signals;
  const name = labelKnownAddress(reading.chain, reading.token)?.label ?? "an established quote asset";
  return signals.map((signal) =>
    signal.id.startsWith("power_") ? { ...signal, severity: "info", flag: false, title: `${signal.title}: held by the issuer of ${name}, an established quote asset (context)` } : signal,
  );
}

/** A token the chain's standard bridge mints: what it stands for on the other chain. */
function bridgedSignal(reading: RiskReading): Signal | null {
  if (!reading.bridged) return null;
  return {
    id: "bridged_token",
    severity: "info",
    flag: false,
    title: `A bridged token: ${reading.bridged.bridgeName} mints and burns it`,
    evidence: { bridge: reading.bridged.bridge, remote_token: reading.bridged.remoteToken },
    provenance: "verified_onchain",
  };
}

/**
 * What the code lets through beyond owner(): other addresses it compares msg.sender with (a hidden
 * owner when owner() is renounced or absent), code it delegatecalls from a settable slot, and
 * SELFDESTRUCT. Addresses the token plainly trades with (its pools, the registry's contracts) and
 * the owner's own slot are not privileges.
 */
function storedControlSignals(reading: RiskReading): { signals: Signal[]; hiddenOwner: boolean } {
  const control = reading.storedControl;
  if (!control) return { signals: [], hiddenOwner: false };
  const signals: Signal[] = [];
  const { owner } = reading;
  const pools = new Set(reading.pools.map((pool) => pool.address.toLowerCase()));
  const ordinary = (address: Address) =>
    address === zeroAddress ||
    sameAddress(address, reading.token) ||
    (owner.address !== null && sameAddress(address, owner.address)) ||
    pools.has(address.toLowerCase()) ||
    labelKnownAddress(reading.chain, address) !== null;
  const view = (stored: StoredAddress) => ({ address: stored.address, slot: stored.slot.toString(), shift_bits: stored.shift, functions: stored.functions.map(functionView) });
  const privilegedStored = control.callers.filter((stored) => !ordinary(stored.address));
  const privileged = privilegedStored.map(view);
  const readFromCode = readFrom(reading);
  const note = "The code compares msg.sender with the address kept in this storage slot on the paths of the functions listed (selectors the dispatcher matched on the way; fallback where none did).";
  // With no owner() at all, an address the code keeps is no hidden owner when every function it
  // guards was run as it and came out proven or inert (a minter, a vending machine), or hands the
  // very slot it is kept in over (the code writes that slot there): the power signals name it. It
  // stays hidden where ownership reads renounced, or where something it guards went unproven (a
  // revert, a path no selector matched, a function not simulated).
  const outcomeOf = (selector: number | null) => (selector === null ? null : (reading.powers?.functions.find((fn) => fn.selector === selectorHex(selector))?.outcome ?? null));
  const { writtenSlots } = control.paths;
  const handsOver = (stored: StoredAddress, selector: number | null) => selector !== null && writtenSlots.some((written) => written.slot === stored.slot && written.functions.includes(selector));
  const toldWithHolder = (stored: StoredAddress) => stored.functions.every((selector) => handsOver(stored, selector) || outcomeOf(selector) === "effect" || outcomeOf(selector) === "no_effect");
  const hiddenOwner = privilegedStored.length > 0 && (owner.renounced === true || (owner.renounced === null && !privilegedStored.every(toldWithHolder)));
  // A stored address that guards a power (proven by effect, or catalogued) or a hand-over of control is an owner in all but name.
  const provenBy = (address: Address) => (reading.powers?.functions ?? []).some((fn) => fn.outcome === "effect" && fn.holders.some((holder) => holder.address === address));
  const guardsPower = privilegedStored.some((stored) => provenBy(stored.address) || stored.functions.some((selector) => selector !== null && knownFunction(selectorHex(selector)) !== null));
  if (hiddenOwner) {
    signals.push({
      id: "hidden_owner",
      severity: owner.renounced && guardsPower ? "high" : "medium",
      flag: true,
      title: owner.renounced
        ? `Ownership reads as renounced, but the code still lets ${privileged.length === 1 ? "another address" : `${privileged.length} other addresses`} through its own msg.sender checks`
        : `No owner() to read, but the code lets ${privileged.length === 1 ? "an address" : `${privileged.length} addresses`} kept in storage through its own msg.sender checks`,
      evidence: { addresses: privileged, owner: owner.address, read_from: readFromCode, note },
      provenance: "interpretation",
    });
  } else if (privileged.length > 0) {
    signals.push({
      id: "privileged_addresses",
      severity: "low",
      flag: false,
      title:
        owner.renounced === null
          ? `No owner() to read; the code lets ${privileged.length === 1 ? "an address" : `${privileged.length} addresses`} kept in storage through its own msg.sender checks, each named with what running its functions showed`
          : `Besides the owner, the code lets ${privileged.length === 1 ? "one more address" : `${privileged.length} more addresses`} through its own msg.sender checks`,
      evidence: { addresses: privileged, owner: owner.address, read_from: readFromCode, note },
      provenance: "interpretation",
    });
  }
  if (control.delegates.length > 0) {
    signals.push({
      id: "delegatecall_to_settable",
      severity: "high",
      flag: true,
      title: "The code delegatecalls an address it keeps in storage: whoever can change it can run any code as the token",
      evidence: { targets: control.delegates.map(view), read_from: readFromCode },
      provenance: "interpretation",
    });
  }
  if (control.paths.selfDestruct) {
    signals.push({
      id: "self_destruct",
      severity: "low",
      flag: false,
      title: "The code can reach SELFDESTRUCT",
      evidence: { read_from: readFromCode, note: "Since the Cancun upgrade (EIP-6780, on all three networks) SELFDESTRUCT deletes no deployed contract: it sends the contract's native balance away and the code stays." },
      provenance: "interpretation",
    });
  }
  return { signals, hiddenOwner };
}

const selectorHex = (selector: number): Hex => `0x${selector.toString(16).padStart(8, "0")}`;

/** A function a stored address is checked in: its selector, and its signature where this read knows it. */
function functionView(selector: number | null) {
  if (selector === null) return { selector: null, signature: null };
  const hex = selectorHex(selector);
  return { selector: hex, signature: knownFunction(hex)?.signature ?? null };
}

/** A renounced owner that can come back: the lock/unlock pattern in the code. */
function reclaimSignal(reading: RiskReading): Signal | null {
  const functions = reclaimFunctionsIn(codeThatRuns(reading));
  if (!functions || reading.owner.renounced !== true) return null;
  const unlock = reading.unlockTime !== null && reading.unlockTime > 0n ? new Date(Number(reading.unlockTime) * 1000).toISOString() : null;
  return {
    id: "ownership_reclaimable",
    severity: "high",
    flag: true,
    title: unlock ? `Ownership reads as renounced, but the previous owner can take it back (from ${unlock})` : "Ownership reads as renounced, but the code can give it back to the previous owner",
    evidence: { functions, unlock_time: unlock, owner: reading.owner.address, note: "lock(time) sets the owner to the zero address and keeps the previous owner; unlock() gives it back once the time has passed. The owner powers are read as held." },
    provenance: "interpretation",
  };
}

function ownershipSignal({ address: owner, renounced }: RiskReading["owner"], holder: RiskReading["ownerHolder"]): Signal {
  if (owner === null) {
    return { id: "ownership", severity: "info", flag: false, title: "No owner() function: control, if any, sits in roles or a proxy admin (see contract/analysis)", evidence: { owner: null, renounced: null, kind: null }, provenance: "verified_onchain" };
  }
  if (renounced) return { id: "ownership", severity: "info", flag: false, title: "Ownership is renounced", evidence: { owner, renounced: true, kind: null }, provenance: "verified_onchain" };
  return { id: "ownership", severity: "low", flag: false, title: "Ownership is held by an address", evidence: { owner, renounced: false, kind: holder?.kind ?? null }, provenance: "verified_onchain" };
}

/** Who can replace the code, when it can be replaced; a minimal clone's logic is fixed. */
function upgradeSignal(reading: RiskReading): Signal | null {
  const { standard, slotImplementation, beacon, admin, adminOwner, facets } = reading.proxy;
  if (standard === "none") return null;
  // Behind a beacon the logic is wherever the beacon points next; the slot's address is not it.
  const implementation = beacon ? null : standard === "eip897" ? reading.proxy.implementation : slotImplementation;
  const evidence: Extract<Signal, { id: "upgradeable" }>["evidence"] =
    standard === "eip1967_transparent"
      ? { standard, implementation, proxy_admin: admin, proxy_admin_owner: adminOwner }
      : standard === "eip1967_uups"
        ? { standard, implementation, owner: reading.owner.address, note: "A UUPS implementation upgrades itself when its owner (or role holder) asks." }
        : standard === "zeppelinos" || standard === "eip897" || standard === "eip2535_diamond"
          ? { standard, implementation, proxy_admin: standard === "zeppelinos" ? admin : null, facets, owner: standard === "eip2535_diamond" ? reading.owner.address : null }
          : { standard, implementation, beacon };
  const fixed = standard === "eip1167_minimal";
  // Replaceable code is a power to add any other, but not itself a harm to holders: medium. The
  // harm, once added, is read on its own (a mint, a blacklist, a trap) and weighs as such.
  return {
    id: "upgradeable",
    severity: fixed ? "info" : "medium",
    flag: !fixed,
    title: fixed ? "A minimal clone: its logic is fixed" : "The token is upgradeable: its code can be replaced",
    evidence,
    provenance: "interpretation",
  };
}

/** Custody of one pool as shares of a whole: fungible LP by supply, positions by what they hold at the price. */
type CustodyShares = {
  pool: Pool;
  basis: "lp_supply" | "position_value";
  burned: bigint;
  locked: bigint;
  /** In lockers whose locks expired: its owners can take it out now. */
  withdrawable: bigint;
  team: bigint;
  unverified: bigint;
  whole: bigint;
  lockers: { address: Address; name: string }[];
  /** The earliest unlock still ahead among the locked part; null when unknown. */
  earliestUnlock: bigint | null;
  withdrawableLockers: { address: Address; name: string; since: bigint | null }[];
  teamHolders: { address: Address; relations: TeamRelation[] }[];
};

function lpShares(pool: Pool, custody: LpCustody): CustodyShares | null {
  if (!custody.lpTotalSupply) return null;
  return {
    pool,
    basis: "lp_supply",
    burned: custody.burned.amount,
    locked: custody.locked.amount,
    withdrawable: custody.withdrawable.amount,
    team: custody.team.amount,
    unverified: custody.unverifiedCustody.amount,
    whole: custody.lpTotalSupply,
    lockers: custody.locked.lockers.map((locker) => ({ address: locker.address, name: locker.name })),
    earliestUnlock: custody.locked.lockers.reduce<bigint | null>((low, locker) => (locker.earliestUnlock !== null && (low === null || locker.earliestUnlock < low) ? locker.earliestUnlock : low), null),
    withdrawableLockers: custody.withdrawable.lockers.map((locker) => ({ address: locker.address, name: locker.name, since: locker.withdrawableSince })),
    teamHolders: custody.team.holders.map((holder) => ({ address: holder.address, relations: holder.relations })),
  };
}

function positionShares(pool: Pool, custody: PositionCustody): CustodyShares | null {
  const valueOf = (holdings: readonly PositionHolding[]) => holdings.reduce<bigint | null>((sum, holding) => {
    const value = positionValue(pool, holding);
    return sum === null || value === null ? null : sum + value;
  }, 0n);
  const [burned, locked, withdrawable, team, unverified, others] = [custody.burned, custody.locked, custody.withdrawable, custody.team, custody.unverifiedCustody, custody.otherHolders].map(valueOf);
  if (burned === null || locked === null || withdrawable === null || team === null || unverified === null || others === null) return null;
  const whole = burned + locked + withdrawable + team + unverified + others;
  if (whole === 0n) return null;
  const lockers = new Map(custody.locked.map((holding) => [holding.owner, { address: holding.owner, name: holding.locker.name }]));
  const teamHolders = new Map(custody.team.map((holding) => [holding.owner, { address: holding.owner, relations: holding.relations }]));
  const earliestUnlock = custody.locked.reduce<bigint | null>((low, holding) => {
    const at = holding.lock?.unlockTime ?? null;
    return at !== null && (low === null || at < low) ? at : low;
  }, null);
  // One entry per locker, since its earliest expired lock.
  const withdrawableLockers = new Map<Address, { address: Address; name: string; since: bigint | null }>();
  for (const holding of custody.withdrawable) {
    const seen = withdrawableLockers.get(holding.owner);
    const since = holding.lock.unlockTime;
    if (!seen || (since !== null && (seen.since === null || since < seen.since))) withdrawableLockers.set(holding.owner, { address: holding.owner, name: holding.locker.name, since });
  }
  return { pool, basis: "position_value", burned, locked, withdrawable, team, unverified, whole, lockers: [...lockers.values()], earliestUnlock, withdrawableLockers: [...withdrawableLockers.values()], teamHolders: [...teamHolders.values()] };
}

/** Custody of the pool deepest in dollars among those whose custody was read, fungible LP or positions. */
function mainPoolCustody(reading: RiskReading): CustodyShares | null {
  const read = new Map<Pool, CustodyShares>();
  for (const pool of reading.pools) {
    const lp = reading.custodies.find((custody) => custody.pool === pool.address);
    const positions = reading.positionCustodies.find((custody) => sameAddress(custody.pool, pool.address) && custody.poolId === (pool.v4?.id ?? null));
    const shares = lp ? lpShares(pool, lp) : positions ? positionShares(pool, positions) : null;
    if (shares) read.set(pool, shares);
  }
  const main = deepestPoolUsd(reading.pools, nativeUsdPrice(reading.referencePools), (pool) => read.has(pool));
  return main ? read.get(main)! : null;
}

/** LP custody of the main pool (fungible LP or position NFTs); null when no pool's custody could be read. */
function custodySignal(reading: RiskReading): Signal | null {
  const custody = mainPoolCustody(reading);
  if (!custody) return null;
  const burnedBps = bps(custody.burned, custody.whole);
  const lockedBps = bps(custody.locked, custody.whole);
  const teamBps = bps(custody.team, custody.whole);
  const withdrawableBps = bps(custody.withdrawable, custody.whole);
  // Secured is burned or still locked: LP whose lock has expired can be pulled today.
  const secured = burnedBps + lockedBps >= securedLpBps;
  // A pool of two established quote assets (WETH against USDC) is the market's, not a launch's:
  // whoever provides it, its custody says nothing of either token's risk. Every pool's other side
  // is a quote asset already (that is how pools are found).
  if (isQuoteAsset(reading.chain, custody.pool.token)) {
    return {
      id: "lp_custody",
      severity: "info",
      flag: false,
      title: `The main pool pairs two established quote assets (${custody.pool.quote.symbol} is the other): its liquidity is the market's, not this token's custody risk`,
      evidence: { ...custodyEvidence(custody, { burnedBps, lockedBps, teamBps, withdrawableBps }), quote_pair: true },
      provenance: "verified_onchain",
    };
  }
  return {
    id: "lp_custody",
    // Pulled by the team (or by whoever a lock has lapsed for) is a rug: high from half the pool,
    // medium below. Unlocked LP no team wallet holds is how established tokens' pools stand: its
    // providers can leave, which is worth knowing but is no one's hand on the token: low.
    severity: secured ? "info" : teamBps >= 5_000 || withdrawableBps >= 5_000 ? "high" : teamBps > 0 || withdrawableBps > 0 ? "medium" : "low",
    flag: !secured,
    title: secured
      ? "Most of the pool's liquidity is burned or locked"
      : withdrawableBps > 0 && withdrawableBps >= teamBps
        ? "Liquidity is not secured: locks have expired and their owners can withdraw the LP"
        : teamBps > 0
          ? "Liquidity is not secured: the team holds LP and can pull it"
          : "Liquidity is not locked, but no team wallet holds it: its providers can withdraw it",
    evidence: custodyEvidence(custody, { burnedBps, lockedBps, teamBps, withdrawableBps }),
    provenance: "verified_onchain",
  };
}

function custodyEvidence(custody: CustodyShares, shares: { burnedBps: number; lockedBps: number; teamBps: number; withdrawableBps: number }) {
  return {
    pool: custody.pool.address,
    ...(custody.pool.v4 ? { v4_pool_id: custody.pool.v4.id } : {}),
    ...venueOf(custody.pool.dex),
    basis: custody.basis,
    burned_bps: shares.burnedBps,
    locked_bps: shares.lockedBps,
    earliest_unlock: custody.earliestUnlock === null ? null : new Date(Number(custody.earliestUnlock) * 1000).toISOString(),
    withdrawable_bps: shares.withdrawableBps,
    withdrawable_lockers: custody.withdrawableLockers.map((locker) => ({ address: locker.address, name: locker.name, since: locker.since === null ? null : new Date(Number(locker.since) * 1000).toISOString() })),
    team_held_bps: shares.teamBps,
    unverified_custody_bps: bps(custody.unverified, custody.whole),
    lockers: custody.lockers,
    team_holders: custody.teamHolders,
  };
}

/** Holder concentration; null when no share of supply can be formed (no or zero totalSupply()). */
function concentrationSignal(reading: RiskReading): Signal | null {
  const totalSupply = reading.identity.totalSupply.value;
  if (totalSupply === null || totalSupply <= 0n) return null;
  const { receivers, team } = reading;
  const holders = concentration(reading.chain, totalSupply, receivers.candidates, reading.balances, reading.pools.map((pool) => pool.address));
  const top = holders.topHolderShareBps ?? 0;
  const topTen = holders.topTenShareBps ?? 0;
  const relationsOf = (address: Address) => team.filter((member) => member.address === address).map((member) => member.relation);
  // Supply in one team wallet (deployment, ownership, control) can be dumped by the team: high. In a
  // wallet with no such relation (a treasury, an exchange, an early buyer) it is concentration, not a team's hand: medium at most.
  const topIsTeam = holders.top.length > 0 && relationsOf(holders.top[0].address).length > 0;
  const severity: Severity =
    top >= concentrationThresholds.topHolderHighBps ? (topIsTeam ? "high" : "medium") : top >= concentrationThresholds.topHolderMediumBps || topTen >= concentrationThresholds.topTenMediumBps ? "medium" : "info";
  return {
    id: "holder_concentration",
    severity,
    flag: severity !== "info",
    title: severity === "info" ? "No single holder controls a large share of supply" : `Supply is concentrated: the largest holder has ${(top / 100).toFixed(2)} % and the ten largest ${(topTen / 100).toFixed(2)} %`,
    evidence: {
      top_holder_bps: holders.topHolderShareBps,
      top_ten_bps: holders.topTenShareBps,
      holders: holders.top.map((holder) => ({ address: holder.address, balance: amount(holder.balance, reading.identity.decimals.value), share_bps: holder.shareBps, team: relationsOf(holder.address) })),
      set_apart: holders.setApart.map((holder) => ({ address: holder.address, kind: holder.kind, balance: amount(holder.balance, reading.identity.decimals.value), share_bps: holder.shareBps })),
      window: { from_block: Number(receivers.fromBlock), to_block: Number(receivers.toBlock), end: receivers.end, receivers: receivers.receivers, balances_read: receivers.candidates.length },
    },
    provenance: "verified_onchain",
  };
}

function summarize(flags: readonly Signal[], block: bigint): string {
  if (flags.length === 0) return `No known red flag was found at read time (block ${block}). This covers the checks listed under signals only.`;
  return `${flags.length} red flag${flags.length === 1 ? "" : "s"} at block ${block}: ${flags.map((flag) => flag.title.charAt(0).toLowerCase() + flag.title.slice(1)).join("; ")}.`;
}

// Uniswap V4 reads a hook's permissions from the low 14 bits of its address (v4-core Hooks.sol).
const hookPermissionBits = [
  ["before_initialize", 13],
  ["after_initialize", 12],
  ["before_add_liquidity", 11],
  ["after_add_liquidity", 10],
  ["before_remove_liquidity", 9],
  ["after_remove_liquidity", 8],
  ["before_swap", 7],
  ["after_swap", 6],
  ["before_donate", 5],
  ["after_donate", 4],
  ["before_swap_returns_delta", 3],
  ["after_swap_returns_delta", 2],
  ["after_add_liquidity_returns_delta", 1],
  ["after_remove_liquidity_returns_delta", 0],
] as const;
const swapTouching = new Set(["before_swap", "after_swap", "before_swap_returns_delta", "after_swap_returns_delta"]);

/** One signal per V4 pool of the token that runs a hook: what its address permits, and whether that can stop or reprice trades. */
function hookSignals(pools: readonly Pool[]): Signal[] {
  return pools.flatMap((pool) => {
    if (!pool.v4 || BigInt(pool.v4.hooks) === 0n) return [];
    const bits = BigInt(pool.v4.hooks) & 0x3fffn;
    const permissions = hookPermissionBits.filter(([, bit]) => (bits >> BigInt(bit)) & 1n).map(([name]) => name);
    const dynamicFee = hasDynamicFee(pool.v4);
    const canBlockOrReprice = dynamicFee || permissions.some((permission) => swapTouching.has(permission));
    return [
      {
        id: "v4_hook",
        severity: canBlockOrReprice ? "medium" : "info",
        flag: canBlockOrReprice,
        title: canBlockOrReprice ? "A Uniswap V4 pool of the token runs a hook that can stop swaps or change what they cost" : "A Uniswap V4 pool of the token runs a hook that does not touch swaps",
        evidence: { pool_id: pool.v4.id, hooks: pool.v4.hooks, permissions, dynamic_fee: dynamicFee, can_block_or_reprice: canBlockOrReprice },
        provenance: "interpretation",
      } satisfies Signal,
    ];
  });
}

/** Below this share of supply a limit is restrictive enough to flag. */
export const restrictiveLimitBps = 100;

/** Max-transaction and max-wallet limits with their values; null when the token exposes neither. */
function limitsSignal(reading: RiskReading): Signal | null {
  const { maxTransaction, maxWallet } = reading.limits;
  if (!maxTransaction && !maxWallet) return null;
  const supply = reading.identity.totalSupply.value;
  const shareOf = (amount: bigint) => (supply && supply > 0n ? Number((amount * 10_000n) / supply) : null);
  const view = (limit: typeof maxTransaction) => (limit ? { getter: limit.getter, amount: amount(limit.amount, reading.identity.decimals.value), share_bps: shareOf(limit.amount) } : null);
  const shares = [maxTransaction, maxWallet].filter((limit) => limit !== null).map((limit) => shareOf(limit.amount));
  const restrictive = shares.some((share) => share !== null && share < restrictiveLimitBps);
  const parts = [maxTransaction ? `a transaction at most ${describeShare(shareOf(maxTransaction.amount))}` : null, maxWallet ? `a wallet at most ${describeShare(shareOf(maxWallet.amount))}` : null].filter(Boolean).join(" and ");
  return {
    id: "trade_limits",
    severity: restrictive ? "medium" : "info",
    flag: restrictive,
    title: `The token limits ${parts} of the supply`,
    evidence: { max_transaction: view(maxTransaction), max_wallet: view(maxWallet), note: "The values are read from the token's getters at the block; that transfers enforce them is the usual pattern, not proven." },
    provenance: "verified_onchain",
  };
}

/**
 * Balances lowered without a Transfer: some holders that never sent the token hold less than
 * their Transfers brought them (scaled by every rebase since, where the token rebases). Tokens
 * taken from some holders and not others are siphoned: a flag. Null when nothing could be compared.
 */
function siphonSignal(reading: RiskReading): Signal | null {
  const check = reading.balanceCheck;
  if (!check.checked || check.holders === 0) return null;
  const window = { from_block: Number(reading.receivers.fromBlock), to_block: Number(reading.receivers.toBlock) };
  const short = check.short.map((holder) => ({
    address: holder.address,
    received: amount(holder.received, reading.identity.decimals.value),
    expected: amount(holder.expected, reading.identity.decimals.value),
    balance: amount(holder.balance, reading.identity.decimals.value),
    missing: amount(holder.expected - holder.balance, reading.identity.decimals.value),
    missing_bps: bpsOf(holder.expected - holder.balance, holder.expected) ?? 0,
  }));
  const evidence = {
    compared: check.holders,
    short,
    window,
    tolerance_bps: Number(siphonToleranceBps),
    note: "Only holders that never sent the token are compared, over its whole Transfer history: such a balance is at least what its Transfers brought in (reflections only add; a rebase scales it with the supply, see rebasing), so less means tokens left it with no Transfer log.",
  };
  if (short.length === 0) {
    return { id: "siphoned_balances", severity: "info", flag: false, title: check.rebase ? `No holder's balance fell apart from the ` +
      `supply's rebase (${check.holders} compared)` : `No holder's balance was lowered without a Transfer (${check.holders} compared)`, evidence, provenance: "verified_onchain" };
  }
  const everyone = short.length === check.holders && check.holders > 1;
  return {
    id: "siphoned_balances",
    severity: everyone ? "medium" : "high",
    flag: true,
    title: everyone
      ? `Every holder compared (${check.holders}) holds less than its Transfers brought in, and the supply did not fall with them: the token lowers balances without Transfer logs`
      : `${short.length} of ${check.holders} holders compared hold less than their Transfers brought in: tokens were taken from them without a Transfer (siphoned)`,
    evidence,
    provenance: "verified_onchain",
  };
}

// Functions that change a rebasing token's supply, by their signatures (UFragments' first): where
// the code checks msg.sender against a stored address on one of their paths, that address can rebase.
const rebaseSelectors = new Map(["rebase(uint256,int256)", "rebase(int256)", "rebase(uint256)", "rebase()"].map((signature) => [toFunctionSelector(signature), signature]));

/** Balances that moved together with the supply with no Transfer: an elastic supply, with who can change it and the last change. Context, not a flag. */
function rebasingSignal(reading: RiskReading): Signal | null {
  const check = reading.balanceCheck;
  if (!check.checked || !check.rebase) return null;
  const { rebase } = check;
  const change = rebase.last.supplyAfter - rebase.last.supplyBefore;
  const changeBps = rebase.last.supplyBefore > 0n ? Number((change * 10_000n) / rebase.last.supplyBefore) : null;
  const authorities = (reading.storedControl?.callers ?? [])
    .map((stored) => ({ stored, rebases: stored.functions.flatMap((selector) => (selector !== null && rebaseSelectors.has(selectorHex(selector)) ? [rebaseSelectors.get(selectorHex(selector))!] : [])) }))
    .filter((entry) => entry.rebases.length > 0)
    .map(({ stored, rebases }) => ({ address: stored.address, slot: stored.slot.toString(), functions: [...new Set(rebases)] }));
  const share = changeBps === null ? "" : ` (${changeBps > 0 ? "+" : ""}${(changeBps / 100).toFixed(2)} % of the supply)`;
  return {
    id: "rebasing",
    severity: "info",
    flag: false,
    title: `Elastic supply: balances scale with the supply without Transfer logs; the ${rebase.seen === "logged" ? "last rebase" : "supply change since launch"} took it from ${rebase.last.supplyBefore} to ${rebase.last.supplyAfter}${share}`,
    evidence: {
      seen: rebase.seen,
      total_supply: amount(rebase.supplyNow, reading.identity.decimals.value),
      transferred_supply: amount(rebase.loggedSupply, reading.identity.decimals.value),
      rebases_logged: rebase.rebases,
      last_rebase: {
        epoch: rebase.last.epoch === null ? null : rebase.last.epoch.toString(),
        supply_before: amount(rebase.last.supplyBefore, reading.identity.decimals.value),
        supply_after: amount(rebase.last.supplyAfter, reading.identity.decimals.value),
        change_bps: changeBps,
        block: rebase.last.block === null ? null : Number(rebase.last.block),
        transaction: rebase.last.transaction,
      },
      holders_scaled: rebase.scaled,
      authority: authorities,
      owner: reading.owner.address,
      note:
        (rebase.seen === "logged"
          ? "The rebases are the token's LogRebase(epoch, totalSupply) events; each holder's balance was compared with its Transfers scaled by every rebase since. "
          : "The token logs no rebase: totalSupply() differs from what its Transfers minted and burned, and holders' balances moved with it. ") +
        (authorities.length > 0
          ? "The authority is the stored address the code checks msg.sender against on the path of a rebase function."
          : "No stored address was found guarding a rebase function the read knows, so who can rebase is not named."),
    },
    provenance: authorities.length > 0 ? "interpretation" : "verified_onchain",
  };
}

/** Balances larger than their Transfers explain (above all, larger than the whole supply): tokens that can be sold that no Transfer ever brought. */
function hiddenBalanceSignal(reading: RiskReading): Signal | null {
  const { hidden } = reading.balanceCheck;
  const totalSupply = reading.identity.totalSupply.value;
  if (hidden.length === 0 || totalSupply === null || totalSupply <= 0n) return null;
  const largest = hidden[0];
  const times = Number((largest.balance * 100n) / totalSupply) / 100;
  return {
    id: "hidden_balance",
    severity: "high",
    flag: true,
    title: largest.aboveSupply
      ? `${largest.address} holds ${times.toFixed(2)} times the whole supply, more than any Transfer brought it: a hidden balance that can be sold into the pool`
      : `${hidden.length === 1 ? "An address holds" : `${hidden.length} addresses hold`} more than their Transfers brought them (${largest.address}: ${(Number(((largest.balance - largest.explained) * 10_000n) / totalSupply) / 100).toFixed(2)} % of the supply unexplained)`,
    evidence: {
      holders: hidden.map((entry) => ({
        address: entry.address,
        balance: amount(entry.balance, reading.identity.decimals.value),
        explained: amount(entry.explained, reading.identity.decimals.value),
        excess: amount(entry.excess, reading.identity.decimals.value),
        share_of_supply_bps: Number((entry.balance * 10_000n) / totalSupply),
        above_supply: entry.aboveSupply,
        is_token: sameAddress(entry.address, reading.token),
      })),
      total_supply: amount(totalSupply, reading.identity.decimals.value),
      threshold_bps: Number(hiddenBalanceBps),
      note: "Balances read at the block for the largest receivers, the token itself and the team's wallets " +
        "(its deployer, its owner, the wallets its launch minted to and those they sent the token to), " +
        "against the token's Transfer history (rebases counted): a balance above the whole supply is " +
        "impossible by any Transfer; an excess over what came in less what went out is counted when it is " +
        "at least threshold_bps of the supply and at least what the Transfers explain.",
    },
    provenance: "verified_onchain",
  };
}

function describeShare(bps: number | null): string {
  return bps === null ? "an unknown share" : `${(bps / 100).toFixed(2)} %`;
}

export function assessRisk(reading: RiskReading) {
  const custody = custodySignal(reading);
  const limits = limitsSignal(reading);
  const reclaim = reclaimSignal(reading);
  const bridged = bridgedSignal(reading);
  const holders = concentrationSignal(reading);
  const siphoned = siphonSignal(reading);
  const rebasing = rebasingSignal(reading);
  const hiddenBalance = hiddenBalanceSignal(reading);
  const upgrade = upgradeSignal(reading);
  const stored = storedControlSignals(reading);
  const signals: Signal[] = [
    ...tradeSignals(reading.trade, getNetwork(reading.chain).wrappedNative.symbol, unitsOf(reading)),
    ...issuerPowersAsContext(reading, powerSignals(reading, reclaim !== null || stored.hiddenOwner)),
    ownershipSignal(reading.owner, reading.ownerHolder),
    ...(reclaim ? [reclaim] : []),
    ...stored.signals,
    ...outsideGateSignals(reading),
    ...(bridged ? [bridged] : []),
    ...(upgrade ? [upgrade] : []),
    ...(custody ? [custody] : []),
    ...(holders ? [holders] : []),
    ...(siphoned ? [siphoned] : []),
    ...(rebasing ? [rebasing] : []),
    ...(hiddenBalance ? [hiddenBalance] : []),
    ...hookSignals(reading.pools),
    ...(limits ? [limits] : []),
  ];
  const flags = signals.filter((signal) => signal.flag);
  return { signals, flags, summary: summarize(flags, reading.block), custodyRead: custody !== null, concentrationRead: holders !== null };
}
