// intel/risk, headline: the answer's signals read back as the flat fields a client asks first, a
// pure function of the signals and the simulation; a value no signal answers is null, never false.
//
import type { Provenance } from "@/lib/schemas/provenance";
import { headlinePowers, riskSignalIds, type HeadlineField, type HeadlinePower, type OwnerState, type RiskLevel } from "@/lib/schemas/responses/risk";

/** A signal as the answer carries it. */
export type HeadlineSignal = { id: string; severity: "high" | "medium" | "low" | "info"; flag: boolean; evidence: Record<string, unknown>; provenance: Provenance };

/** The answer's simulation, as far as the headline reads it (its taxes). */
export type HeadlineSimulation = { buy_tax_bps: number | null; sell_tax_bps: number | null; transfer_tax_bps: number | null } | null;


/** One headline value, the signal(s) it comes from (or `simulation`), and their provenance; `because` says why a null could not be settled. */
export type Sourced<T> = { value: T; from: string[]; provenance: Provenance; because?: string };

/**
 * Whether every privileged function was run: only then does a power with no signal read as absent.
 * Otherwise (a function a live holder can call that no call reached, a node that ran no simulation,
 * code not known, a walk cut short) the read cannot say no, and `reason` says why.
 */
export type PowersChecked = { complete: true } | { complete: false; reason: string };

export type PowerHeadline = { present: Sourced<boolean | null>; live_holder: Sourced<boolean | null> };

export type Headline = {
  honeypot: Sourced<boolean | null>;
  buy_tax_bps: Sourced<number | null>;
  sell_tax_bps: Sourced<number | null>;
  transfer_tax_bps: Sourced<number | null>;
  powers: Record<HeadlinePower, PowerHeadline>;
  owner: Sourced<OwnerState | null>;
  upgradeable: Sourced<boolean | null>;
  lp_burned_bps: Sourced<number | null>;
  lp_locked_bps: Sourced<number | null>;
  lp_earliest_unlock: Sourced<string | null>;
  top_holder_bps: Sourced<number | null>;
  top_ten_bps: Sourced<number | null>;
  holders_can_sell: Sourced<boolean | null>;
  balances_tampered: Sourced<boolean | null>;
  transfer_gate: Sourced<boolean | null>;
  trade_limit_bps: Sourced<number | null>;
  pool_hook_can_intervene: Sourced<boolean | null>;
  red_flags: Sourced<number>;
  level: Sourced<RiskLevel>;
};

/**
 * The headline field each kind of red flag is read back in: every signal that can be a flag has
 * one, so a client reading only the headline meets every flag (test/intel/risk-headline.test.ts
 * holds each kind to its field, and fails on a kind added without one).
 */
export const headlineFieldOf = {
  buy_reverts: "buy_tax_bps",
  honeypot: "honeypot",
  sell_refused_by_venue: "honeypot",
  buy_tax: "buy_tax_bps",
  sell_tax: "sell_tax_bps",
  transfer_tax: "transfer_tax_bps",
  transfer_blocked: "transfer_tax_bps",
  ...(Object.fromEntries(headlinePowers.map((kind) => [`power_${kind}`, `powers.${kind}.present`])) as { [K in HeadlinePower as `power_${K}`]: `powers.${K}.present` }),
  hidden_owner: "owner",
  ownership_reclaimable: "owner",
  upgradeable: "upgradeable",
  delegatecall_to_settable: "upgradeable",
  lp_custody: "lp_locked_bps",
  holder_concentration: "top_holder_bps",
  holder_sells: "holders_can_sell",
  siphoned_balances: "balances_tampered",
  hidden_balance: "balances_tampered",
  outside_gate: "transfer_gate",
  trade_limits: "trade_limit_bps",
  v4_hook: "pool_hook_can_intervene",
} as const satisfies Partial<Record<(typeof riskSignalIds)[number], HeadlineField>>;

/** Signals that are never a red flag (context, or the state a flag is read against): no headline field of their own is owed. */
export const contextOnlySignals: readonly (typeof riskSignalIds)[number][] = ["simulation_unavailable", "sell_simulated", "ownership", "bridged_token", "privileged_addresses", "self_destruct", "rebasing", "privileged_functions"];

const unknown = <T>(): Sourced<T | null> => ({ value: null, from: [], provenance: "unavailable" });
const fromSignal = <T>(signal: HeadlineSignal, value: T): Sourced<T> => ({ value, from: [signal.id], provenance: signal.provenance });
const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** honeypot: true when a holder who bought cannot sell; false when the sell went through, or when only the venue refuses a taxed token's short payment (no trap); null when no sell was tried. */
function honeypotHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<boolean | null> {
  const honeypot = byId.get("honeypot")?.[0];
  if (honeypot) return fromSignal(honeypot, true);
  const sold = byId.get("sell_simulated")?.[0] ?? byId.get("sell_refused_by_venue")?.[0];
  return sold ? fromSignal(sold, false) : unknown();
}

/** A tax as the simulation measured it (0 included), null for a leg that failed or did not run. */
function taxHeadline(leg: "buy" | "sell" | "transfer", simulation: HeadlineSimulation, byId: Map<string, HeadlineSignal[]>): Sourced<number | null> {
  const signal = byId.get(`${leg}_tax`)?.[0];
  if (signal) return fromSignal(signal, numberOrNull(signal.evidence.tax_bps));
  const measured = simulation?.[`${leg}_tax_bps`] ?? null;
  // A leg that failed has no tax to read: still unavailable, with the signal that says it failed named as why.
  const failed = byId.get(leg === "buy" ? "buy_reverts" : leg === "transfer" ? "transfer_blocked" : "honeypot")?.[0];
  if (measured === null && failed) return { value: null, from: [failed.id], provenance: "unavailable" };
  // The simulation is read on chain; no tax signal with a measured leg means it took nothing.
  return measured === null ? unknown() : { value: measured, from: ["simulation"], provenance: "verified_onchain" };
}

/**
 * One power: present when its signal is there (found in the code; absent means the power read
 * did not find it), and whether a live holder has it: a live holder the simulation ran it as, the live owner, or an address the code lets
 * through (hidden_owner), or a previous owner who can take ownership back, or the bridge of a
 * bridged token; false when ownership is renounced and no one else holds it; null when the
 * signals do not say who holds it (no owner(), and no stored address found).
 */
function powerHeadline(kind: HeadlinePower, byId: Map<string, HeadlineSignal[]>, checked: PowersChecked): PowerHeadline {
  const signal = byId.get(`power_${kind}`)?.[0];
  if (!signal && !checked.complete) {
    const because = { ...unknown<boolean>(), because: checked.reason };
    return { present: because, live_holder: because };
  }
  if (!signal) {
    return { present: { value: false, from: [], provenance: "interpretation" }, live_holder: { value: false, from: [], provenance: "interpretation" } };
  }
  // A catalogued name whose every run as its live holder went nowhere: neither shown nor ruled out.
  if (shownNothing(signal)) {
    const because = { ...unknown<boolean>(), because: `The code carries the power's catalogued name (${signal.id}), but run as its live holder each of its functions reverted or changed nothing: the power is neither shown nor ruled out.` };
    return { present: because, live_holder: because };
  }
  const present = fromSignal(signal, true);
  // Proven by effect: the signal names who holds the power and whether each holder is live.
  const holders = Array.isArray(signal.evidence.holders) ? (signal.evidence.holders as { live?: unknown }[]) : [];
  if (holders.some((holder) => holder.live === true)) return { present, live_holder: fromSignal(signal, true) };
  const ownerRenounced = signal.evidence.owner_renounced;
  const elsewhere = ["hidden_owner", "ownership_reclaimable", "bridged_token"].map((id) => byId.get(id)?.[0]).find((found) => found && (found.id !== "bridged_token" || kind === "mint" || kind === "balance_edit"));
  if (ownerRenounced === false) return { present, live_holder: fromSignal(signal, true) };
  if (elsewhere) return { present, live_holder: { value: true, from: [signal.id, elsewhere.id], provenance: elsewhere.provenance } };
  if (ownerRenounced === true) return { present, live_holder: fromSignal(signal, false) };
  return { present, live_holder: unknown() };
}

/** A power read by name whose every function was run as a live holder and reverted or changed nothing. */
function shownNothing(signal: HeadlineSignal): boolean {
  if (signal.evidence.proven_by !== "name_only" || signal.flag) return false;
  const functions = Array.isArray(signal.evidence.functions) ? (signal.evidence.functions as { outcome?: unknown; holders?: { live?: unknown }[] }[]) : [];
  return functions.length > 0 && functions.every((fn) => (fn.outcome === "reverted" || fn.outcome === "no_effect") && (fn.holders ?? []).some((holder) => holder.live === true));
}

const ownerKinds: Record<string, OwnerState> = { eoa: "eoa", safe: "multisig", timelock: "timelock", contract: "contract" };

function ownerHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<OwnerState | null> {
  const signal = byId.get("ownership")?.[0];
  if (!signal) return unknown();
  if (signal.evidence.owner === null) return withControlBeside(fromSignal(signal, "none"), byId);
  if (signal.evidence.renounced === true) return withControlBeside(fromSignal(signal, "renounced"), byId);
  const kind = typeof signal.evidence.kind === "string" ? ownerKinds[signal.evidence.kind] : undefined;
  return kind ? fromSignal(signal, kind) : unknown();
}

/** No owner, or a renounced one, beside an address the code still lets through (hidden_owner) or an owner who can come back (ownership_reclaimable): the owner field names them too. */
function withControlBeside(owner: Sourced<OwnerState | null>, byId: Map<string, HeadlineSignal[]>): Sourced<OwnerState | null> {
  const beside = ["hidden_owner", "ownership_reclaimable"].map((id) => byId.get(id)?.[0]).filter((found): found is HeadlineSignal => found !== undefined && found.flag);
  return beside.length === 0 ? owner : { ...owner, from: [...owner.from, ...beside.map((found) => found.id)], provenance: beside.some((found) => found.provenance === "interpretation") ? "interpretation" : owner.provenance };
}

/**
 * Upgradeable unless a minimal clone, or where the code delegatecalls an address someone can
 * re-point (it runs whatever code is put there: an upgrade by another name). No signal means the
 * token is no proxy the read recognises and its walked code delegatecalls nothing settable; where
 * the walk did not cover the code, a delegatecall may have gone unseen: unknown, with why.
 */
function upgradeableHeadline(byId: Map<string, HeadlineSignal[]>, codeUnread: string | null): Sourced<boolean | null> {
  const signal = byId.get("upgradeable")?.[0];
  const delegates = byId.get("delegatecall_to_settable")?.[0];
  if (delegates?.flag) return signal?.flag ? { value: true, from: [signal.id, delegates.id], provenance: "interpretation" } : fromSignal(delegates, true);
  if (signal) return fromSignal(signal, signal.flag);
  return codeUnread === null ? { value: false, from: [], provenance: "interpretation" } : { ...unknown<boolean>(), because: codeUnread };
}

/** Whether the sampled real holders can sell what they hold: false when one cannot (holder_sells as a flag), true when all could; null when none was sampled. */
function holdersCanSellHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<boolean | null> {
  const signal = byId.get("holder_sells")?.[0];
  return signal ? fromSignal(signal, !signal.flag) : unknown();
}

/** Balances moved without a Transfer: true when one was taken (siphoned_balances) or one is hidden (hidden_balance); false when the comparison ran and found neither; null when it did not run. */
function balancesTamperedHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<boolean | null> {
  const flagged = ["siphoned_balances", "hidden_balance"].map((id) => byId.get(id)?.[0]).filter((found): found is HeadlineSignal => found !== undefined && found.flag);
  if (flagged.length > 0) return { value: true, from: flagged.map((found) => found.id), provenance: "verified_onchain" };
  const compared = byId.get("siphoned_balances")?.[0];
  return compared ? fromSignal(compared, false) : unknown();
}

/** Whether every transfer asks an outside contract a privileged address can re-point (outside_gate as a flag); false when the code was walked and shows none; null, with why, when it was not. */
function transferGateHeadline(byId: Map<string, HeadlineSignal[]>, codeUnread: string | null): Sourced<boolean | null> {
  const signal = byId.get("outside_gate")?.[0];
  if (signal) return fromSignal(signal, signal.flag);
  return codeUnread === null ? { value: false, from: [], provenance: "interpretation" } : { ...unknown<boolean>(), because: codeUnread };
}

/** The tighter of the token's max-transaction and max-wallet limits as a share of supply; null when it exposes neither. */
function tradeLimitHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<number | null> {
  const signal = byId.get("trade_limits")?.[0];
  if (!signal) return unknown();
  const shares = ["max_transaction", "max_wallet"].map((key) => (signal.evidence[key] as { share_bps?: unknown } | null)?.share_bps).filter((share): share is number => typeof share === "number");
  return fromSignal(signal, shares.length > 0 ? Math.min(...shares) : null);
}

/** Whether a Uniswap V4 pool of the token runs a hook that can stop swaps or change what they cost; null when no V4 pool of it has a hook. */
function poolHookHeadline(byId: Map<string, HeadlineSignal[]>): Sourced<boolean | null> {
  const hooks = byId.get("v4_hook") ?? [];
  if (hooks.length === 0) return unknown();
  const intervening = hooks.filter((hook) => hook.flag);
  return intervening.length > 0 ? { value: true, from: ["v4_hook"], provenance: intervening[0].provenance } : fromSignal(hooks[0], false);
}

/**
 * The level: the highest severity among the red flags; none without a red flag. Context signals
 * (flag false) never raise it, whatever their severity.
 */
export function riskLevel(signals: readonly Pick<HeadlineSignal, "severity" | "flag">[]): RiskLevel {
  const flagged = signals.filter((signal) => signal.flag);
  if (flagged.length === 0) return "none";
  if (flagged.some((signal) => signal.severity === "high")) return "high";
  if (flagged.some((signal) => signal.severity === "medium")) return "medium";
  return "low";
}

/**
 * intel/risk, headline: the answer's signals read back as the flat fields a client asks first
 * (is it a honeypot, what are the taxes, which powers are live, who owns it, is the liquidity
 * secured, how concentrated is the supply, how bad is it overall). A pure function of the signals
 * and the simulation of the same answer: nothing here is read or decided anew, each value names
 * the signal it comes from and carries that signal's provenance, and a value no signal answers is
 * null (labelled unavailable), never false.
 *
 * The mapping from signal ids to fields is kept in this one module: the power signals
 * (`power_<kind>`) are being reworked to be found by their effect with their holder in evidence,
 * and only `powerHeadline` needs to follow.
 *
 * `codeUnread`: why the code that runs was not walked whole (not known behind a proxy, a walk cut
 * short), or null when it was: what the code does not show is then absent, otherwise unknown.
 */
export function headlineOf(signals: readonly HeadlineSignal[], simulation: HeadlineSimulation, powersChecked: PowersChecked, codeUnread: string | null = null): Headline {
  const byId = new Map<string, HeadlineSignal[]>();
  for (const signal of signals) byId.set(signal.id, [...(byId.get(signal.id) ?? []), signal]);
  const custody = byId.get("lp_custody")?.[0];
  const holders = byId.get("holder_concentration")?.[0];
  const flagged = signals.filter((signal) => signal.flag);
  // The count and the level rest on every red flag: the weakest provenance among them labels them.
  const weakest: Provenance = flagged.some((signal) => signal.provenance === "interpretation") ? "interpretation" : "verified_onchain";
  const judged = { from: flagged.map((signal) => signal.id), provenance: flagged.length === 0 ? ("interpretation" as const) : weakest };
  return {
    honeypot: honeypotHeadline(byId),
    buy_tax_bps: taxHeadline("buy", simulation, byId),
    sell_tax_bps: taxHeadline("sell", simulation, byId),
    transfer_tax_bps: taxHeadline("transfer", simulation, byId),
    powers: Object.fromEntries(headlinePowers.map((kind) => [kind, powerHeadline(kind, byId, powersChecked)])) as Record<HeadlinePower, PowerHeadline>,
    owner: ownerHeadline(byId),
    upgradeable: upgradeableHeadline(byId, codeUnread),
    lp_burned_bps: custody ? fromSignal(custody, numberOrNull(custody.evidence.burned_bps)) : unknown(),
    lp_locked_bps: custody ? fromSignal(custody, numberOrNull(custody.evidence.locked_bps)) : unknown(),
    lp_earliest_unlock: custody ? fromSignal(custody, typeof custody.evidence.earliest_unlock === "string" ? custody.evidence.earliest_unlock : null) : unknown(),
    top_holder_bps: holders ? fromSignal(holders, numberOrNull(holders.evidence.top_holder_bps)) : unknown(),
    top_ten_bps: holders ? fromSignal(holders, numberOrNull(holders.evidence.top_ten_bps)) : unknown(),
    holders_can_sell: holdersCanSellHeadline(byId),
    balances_tampered: balancesTamperedHeadline(byId),
    transfer_gate: transferGateHeadline(byId, codeUnread),
    trade_limit_bps: tradeLimitHeadline(byId),
    pool_hook_can_intervene: poolHookHeadline(byId),
    red_flags: { value: flagged.length, ...judged },
    level: { value: riskLevel(signals), ...judged },
  };
}

type Flat<T> = { [K in keyof T]: T[K] extends Sourced<infer V> ? V : T[K] extends Record<string, unknown> ? Flat<T[K]> : never };

/** The headline as the answer writes it: flat values, with each value's provenance and source signals beside them under its dotted name. */
export function flatHeadline(headline: Headline) {
  const provenance: Record<string, Provenance> = {};
  const from: Record<string, string[]> = {};
  const unknownBecause: Record<string, string> = {};
  const flatten = (node: Record<string, unknown>, prefix: string): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        const name = `${prefix}${key}`;
        const sourced = value as Sourced<unknown>;
        if ("provenance" in sourced && "from" in sourced) {
          provenance[name] = sourced.provenance;
          from[name] = sourced.from;
          if (sourced.value === null && sourced.because) unknownBecause[name] = sourced.because;
          return [key, sourced.value];
        }
        return [key, flatten(value as Record<string, unknown>, `${name}.`)];
      }),
    );
  return { ...(flatten(headline, "") as Flat<Headline>), provenance, from, unknown: unknownBecause };
}
