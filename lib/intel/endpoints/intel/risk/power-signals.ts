// intel/risk, the owner powers as signals: a power is proven when a privileged function, run as
// its holder, changed what a holder of the token can do (./powers); a catalogued name the code
// dispatches is reported only where no effect proved that power, and says it is read by name. The
// privileged functions with no observable effect are listed and counted, and an outside contract
// the transfer path asks, at an address someone can change, is named with who can change it.
import { numberToHex, zeroAddress, type Address, type Hex } from "viem";
import { labelKnownAddress } from "@/lib/chain/networks";
import { sameAddress } from "@/lib/intel/reads/market";
import type { Signal, Severity } from "./signal";
import { callable, mintCapBinds, type PowerHolder, type ProbedFunction } from "./powers";
import type { PowersChecked } from "./headline";
import type { RiskReading } from "./read";
import type { MembersRead } from "@/lib/intel/reads/control/members";
import { knownFunction, powersInCodes, type PowerKind } from "./selectors";

export const powerTitles: Record<PowerKind, { title: string; severity: Severity }> = {
  mint: { title: "The code can mint new tokens", severity: "high" },
  pause: { title: "The code can pause transfers", severity: "medium" },
  blacklist: { title: "The code can block chosen wallets", severity: "high" },
  fees: { title: "The code can change fees or the fee wallet", severity: "medium" },
  limits: { title: "The code can set transaction or wallet limits", severity: "medium" },
  trading_switch: { title: "The code can switch trading on or off", severity: "medium" },
  exemptions: { title: "The code can mark pools and exempt chosen wallets from its rules", severity: "medium" },
  balance_edit: { title: "The code can take or burn a holder's tokens without the holder", severity: "high" },
};

const provenTitles: Record<PowerKind, string> = {
  mint: "can mint new tokens",
  pause: "can stop every transfer",
  blacklist: "can block a chosen wallet",
  fees: "can change the tax holders pay",
  limits: "can change how much a wallet may move or hold",
  trading_switch: "can switch trading on or off",
  exemptions: "can exempt a chosen wallet from the token's rules",
  balance_edit: "can take or burn a holder's tokens without the holder",
};

/** One step less: a power held back by a condition of its effect (a date, a cap) weighs less than one usable without it. */
export function stepDown(severity: Severity): Severity {
  return severity === "high" ? "medium" : severity === "medium" ? "low" : severity;
}

/** A holder as the answer shows it: what it is, where the code keeps it, whether anyone controls it. */
export function holderView(holder: PowerHolder) {
  return {
    address: holder.address,
    kind: holder.kind,
    slot: holder.slot === null ? null : holder.slot.toString(),
    shift_bits: holder.shift,
    live: holder.live,
    ...(holder.kind === "mapping_member" && holder.entryOf ? { nested_in: { slot: holder.entryOf.slot.toString(), key: numberToHex(holder.entryOf.key, { size: 32 }) } } : {}),
    provenance: "verified_onchain" as const,
  };
}

/** A holder in a sentence: an AccessControl member table is named by its role id. */
function holderName(holder: PowerHolder): string {
  if (holder.kind === "code_constant") return `the address written in the code ${holder.address}`;
  if (holder.kind !== "mapping_member") return `${holder.kind === "owner" ? "the owner" : `the address in slot ${holder.slot}`} ${holder.address}`;
  if (!holder.entryOf) return `any member of the mapping at slot ${holder.slot}`;
  const role = numberToHex(holder.entryOf.key, { size: 32 });
  return `any holder of role ${role.slice(0, 10)}…${role.slice(-4)} (the mapping at slot ${holder.entryOf.slot})`;
}

/**
 * A holder as the answer lists it, a mapping's members by name: each address the token's logs
 * named whose entry in the mapping is set at the block, with the log that added it. The mapping
 * itself (address null) stays listed where no member was named, or where the bound left
 * candidates unread, standing for the members not named.
 */
export function holderViews(holder: PowerHolder, members: MembersRead | null) {
  const view = holderView(holder);
  if (holder.kind !== "mapping_member" || !members) return [view];
  const named = (members.bySlot.get(holder.slot) ?? []).map((member) => ({
    ...view,
    address: member.address,
    live: true,
    added_by: { transaction: member.addedBy.transaction, block: Number(member.addedBy.block), event: { topic: member.addedBy.topic, signature: member.addedBy.signature } },
  }));
  if (named.length > 0 && members.checked === members.candidates) return named;
  return [...named, { ...view, members_read: { from_block: Number(members.fromBlock), to_block: Number(members.toBlock), candidates: members.candidates, checked: members.checked } }];
}

/** A holder in a sentence, a mapping's named members each by address. */
function holderNames(holder: PowerHolder, members: MembersRead | null): string[] {
  if (holder.kind !== "mapping_member" || !members) return [holderName(holder)];
  const named = members.bySlot.get(holder.slot) ?? [];
  const table = holderName(holder).replace(/^any /, "");
  const names = named.map((member) => `${member.address} (${table}, added in transaction ${member.addedBy.transaction})`);
  if (named.length > 0 && members.checked === members.candidates) return names;
  return [...names, named.length > 0 ? `any other ${table}` : holderName(holder)];
}

function functionView(fn: ProbedFunction, members: MembersRead | null) {
  return {
    selector: fn.selector,
    signature: fn.signature,
    holders: fn.holders.flatMap((holder) => holderViews(holder, members)),
    outcome: fn.outcome,
    effect: fn.effect && fn.outcome === "effect" ? fn.effect : fn.effect && Object.keys(fn.effect.changes).length > 0 ? fn.effect : null,
    highest_rate: fn.highestRate,
    mint_cap: fn.mintCap,
    revert: fn.revert,
  };
}

/** Which code the powers were read from: the implementation behind a proxy, else the token's own. */
export const readFrom = (reading: RiskReading) => (reading.implementationCode.length > 0 ? ("implementation_code" as const) : ("token_code" as const));

/** The code the token runs: the implementation's behind a proxy (every facet's, for a diamond), else its own. */
export function codeThatRuns(reading: RiskReading): Hex[] {
  return reading.implementationCode.length > 0 ? reading.implementationCode : [reading.code];
}

/**
 * One signal per power: proven by effect where a privileged function showed it, else read by a
 * catalogued name. `heldElsewhere`: a renounced owner that can come back, or another stored
 * address the code lets through, keeps name-only powers flagged.
 */
export function powerSignals(reading: RiskReading, heldElsewhere: boolean): Signal[] {
  const { owner } = reading;
  const probed = reading.powers?.functions ?? [];
  const proven = new Map<PowerKind, ProbedFunction[]>();
  for (const fn of probed) {
    if (fn.outcome !== "effect" || !fn.effect?.kind) continue;
    proven.set(fn.effect.kind, [...(proven.get(fn.effect.kind) ?? []), fn]);
  }
  const signals: Signal[] = [];
  for (const [kind, functions] of proven) {
    const holders = uniqueHolders(functions.flatMap((fn) => fn.holders));
    const names = holders.flatMap((holder) => holderNames(holder, reading.members));
    // A bridged token's mint and burn, proven held by its bridge alone, are how it crosses: context.
    // Anyone else who can mint or burn it is a power like any other.
    const bridge = reading.bridged?.bridge;
    if (bridge && (kind === "mint" || kind === "balance_edit") && holders.length > 0 && holders.every((holder) => holder.address !== null && sameAddress(holder.address, bridge))) {
      signals.push(provenBridgedSignal(reading, kind, functions, holders, names));
      continue;
    }
    // A power that works only with the clock moved on (UNI's mint, allowed a year after the last)
    // cannot be used today: holders have until then, so it weighs a step less, and the title says why.
    const onlyLater = functions.every((fn) => fn.effect?.later_by_seconds != null);
    // A mint every function of which stops short of a share of the supply, and will not mint that
    // share again at once (UNI's 2 %), cannot flood the supply: a step less, and the title says how much.
    const capped = kind === "mint" && functions.every((fn) => mintCapBinds(fn.mintCap));
    const largest = capped ? functions.map((fn) => fn.mintCap!).reduce((wider, next) => (next.accepted_bps > wider.accepted_bps ? next : wider)) : null;
    const conditions = [
      onlyLater ? "but not yet: it reverts at this block and works only with the clock moved on (run a year and a day later)" : null,
      largest ? `at most ${largest.accepted_bps / 100} % of the supply in a call (${largest.refused_bps! / 100} % is refused, and so is a second ${largest.accepted_bps / 100} % at once)` : null,
    ].filter((text): text is string => text !== null);
    const severity = [onlyLater, capped].reduce((weighed, condition) => (condition ? stepDown(weighed) : weighed), powerTitles[kind].severity);
    signals.push({
      id: `power_${kind}`,
      severity,
      flag: true,
      title: `Proven by simulation: ${names.join(" or ")} ${provenTitles[kind]}${conditions.map((text) => `, ${text}`).join("")}`,
      evidence: {
        functions: functions.map((fn) => functionView(fn, reading.members)),
        holders: holders.flatMap((holder) => holderViews(holder, reading.members)),
        proven_by: "simulation",
        read_from: readFrom(reading),
        owner: owner.address,
        owner_renounced: owner.renounced,
        note: "Each function was called as its holder (the probe's code placed on the holder's account, or " +
          "made a member of the mapping the code checks), in one eth_call with a state override at the " +
          "read block; the effect lists what changed for two fresh probe wallets funded from a real " +
          "holder. The catalogue's signature, where one matches, is only a label.",
      },
      provenance: "verified_onchain",
    });
  }
  // Catalogued names where no effect proved the power: what the code dispatches, read by name.
  const heldByNoOne = owner.renounced === true && !heldElsewhere;
  for (const power of powersInCodes(codeThatRuns(reading))) {
    if (proven.has(power.kind)) continue;
    const { title, severity } = powerTitles[power.kind];
    const tried = power.functions.map((fn) => {
      const found = probed.find((entry) => entry.selector === fn.selector);
      return { ...fn, outcome: found?.outcome ?? null, holders: found ? found.holders.flatMap((holder) => holderViews(holder, reading.members)) : [] };
    });
    const base = {
      functions: tried,
      proven_by: "name_only" as const,
      read_from: readFrom(reading),
      owner: owner.address,
      owner_renounced: owner.renounced,
    };
    if ((power.kind === "mint" || power.kind === "balance_edit") && reading.bridged) {
      signals.push(bridgedSignal(reading, power.kind, tried)!);
      continue;
    }
    const simulatedWithout = tried.length > 0 && tried.every((fn) => fn.outcome === "no_effect" || fn.outcome === "reverted");
    // Run as a live holder in every shape the probe tries, each went nowhere (Chainlink's burn, a
    // burnFrom that needs the holder's allowance): a name is no evidence against a run that shows
    // nothing, so it is no red flag; the headline calls the power unknown rather than absent. Only where
    // the probe left nothing out (a function that reads the clock was run a year on too, say).
    const shownNothing = simulatedWithout && reading.powers?.simulated === true && reading.powers.reason === null && tried.every((fn) => fn.holders.some((holder) => holder.live === true));
    signals.push({
      id: `power_${power.kind}`,
      severity: heldByNoOne || shownNothing ? "info" : severity,
      flag: !heldByNoOne && !shownNothing,
      title: heldByNoOne
        ? `${title}, but ownership is renounced`
        : shownNothing
          ? `${title} by its name only: run as its live holder, it ${tried.every((fn) => fn.outcome === "reverted") ? "reverted in every shape tried" : "changed nothing a holder feels"}, so no one is shown to have the power`
          : simulatedWithout
            ? `${title} (by name; run as its holder, it showed no effect)`
            : `${title} (read by name)`,
      evidence: {
        ...base,
        note: simulatedWithout
          ? "The functions carry a catalogued name; run as their holder they changed nothing the simulation measures, so the power is read by name only."
          : reading.powers?.simulated === false && reading.powers.reason
            ? `${reading.powers.reason} The functions are present in the code; that they are reserved to the owner or a role holder is read from the usual pattern, not proven.`
            : "The functions are present in the code; that they are reserved to the owner or a role holder is read from the usual pattern, not proven.",
      },
      provenance: "interpretation",
    });
  }
  const listed = privilegedFunctionsSignal(reading);
  if (listed) signals.push(listed);
  return signals;
}

/** The functions as a name-only power lists them: what a bridge's mint and burn are read as. */
type NamedFunction = { selector: Hex; signature: string | null; outcome: ProbedFunction["outcome"] | null; holders: ReturnType<typeof holderViews> };

/** A bridged token's mint or burn proven by running it as the bridge: the bridge's, and context. */
function provenBridgedSignal(reading: RiskReading, kind: "mint" | "balance_edit", functions: ProbedFunction[], holders: PowerHolder[], names: string[]): Signal {
  const bridgeName = reading.bridged!.bridgeName;
  return {
    id: `power_${kind}`,
    severity: "info",
    flag: false,
    title: `Proven by simulation: ${names.join(" or ")} ${provenTitles[kind]}, and only ${bridgeName} holds it: ${kind === "mint" ? "it mints what crosses the bridge" : "it burns what leaves over the bridge"}`,
    evidence: {
      functions: functions.map((fn) => functionView(fn, reading.members)),
      holders: holders.flatMap((holder) => holderViews(holder, reading.members)),
      proven_by: "simulation",
      read_from: readFrom(reading),
      owner: reading.owner.address,
      owner_renounced: reading.owner.renounced,
      note: `Each function was called as ${bridgeName} (the chain's standard bridge, which the token names ` +
        `as its bridge) with the probe's code placed on its account, in one eth_call with a state override ` +
        `at the read block; no other address the code lets through could ` +
        `${kind === "mint" ? "mint" : "burn a holder's tokens"}.`,
    },
    provenance: "verified_onchain",
  };
}

function bridgedSignal(reading: RiskReading, kind: PowerKind, functions: NamedFunction[]): Signal | null {
  if (!reading.bridged) return null;
  return {
    id: `power_${kind}`,
    severity: "info",
    flag: false,
    title: kind === "mint" ? `The code can mint, for ${reading.bridged.bridgeName} only: it mints what crosses the bridge` : `The code can burn a holder's tokens, for ${reading.bridged.bridgeName} only: it burns what leaves over the bridge`,
    evidence: {
      functions,
      proven_by: "name_only",
      read_from: readFrom(reading),
      owner: reading.owner.address,
      owner_renounced: reading.owner.renounced,
      note: `The token names ${reading.bridged.bridge} (the chain's standard bridge) as its bridge; an OptimismMintableERC20 lets only the bridge mint and burn.`,
    },
    provenance: "interpretation",
  };
}

function uniqueHolders(holders: PowerHolder[]): PowerHolder[] {
  const seen = new Map<string, PowerHolder>();
  for (const holder of holders) seen.set(`${holder.kind}:${holder.address}:${holder.slot}`, holder);
  return [...seen.values()];
}

/** Every privileged function, with what running it as its holder showed, counted by outcome. */
function privilegedFunctionsSignal(reading: RiskReading): Signal | null {
  const powers = reading.powers;
  if (!powers || powers.functions.length === 0) return null;
  const count = (outcome: ProbedFunction["outcome"]) => powers.functions.filter((fn) => fn.outcome === outcome).length;
  const counts = { total: powers.functions.length, with_effect: count("effect"), no_effect: count("no_effect"), reverted: count("reverted"), not_run: count("not_run") };
  return {
    id: "privileged_functions",
    severity: "info",
    flag: false,
    title: powers.simulated
      ? `${counts.total} function${counts.total === 1 ? "" : "s"} only privileged addresses can call: ${counts.with_effect} showed a power when run as their holder, ${counts.no_effect} no observable effect`
      : `${counts.total} function${counts.total === 1 ? "" : "s"} only privileged addresses can call (not simulated: read by name only)`,
    evidence: {
      simulated: powers.simulated,
      reason: powers.reason,
      outcomes: counts,
      probe: powers.probe ? { run: powers.functions.filter((fn) => callable(fn) && fn.outcome !== "not_run").length, ...powers.probe } : null,
      probe_holder: powers.target,
      probe_funding: powers.funded === null ? null : powers.funded.toString(),
      functions: powers.functions.map((fn) => functionView(fn, reading.members)),
      read_from: readFrom(reading),
    },
    provenance: powers.simulated ? "verified_onchain" : "interpretation",
  };
}

const transferSelectors = new Set([0xa9059cbb, 0x23b872dd]);

/**
 * Outside gates: an address kept in storage that the transfer path CALLs (GoPlus's
 * external_call). What it can do is read from where the call sits (on the path of every
 * transfer, so a revert there stops the transfer); who can change it, from the functions that
 * write its slot and the holders they check.
 */
export function outsideGateSignals(reading: RiskReading): Signal[] {
  const control = reading.storedControl;
  if (!control) return [];
  return control.calls.flatMap((call) => {
    if (!call.functions.some((fn) => fn !== null && transferSelectors.has(fn))) return [];
    if (call.address === zeroAddress || call.address === reading.token) return [];
    const writers = control.paths.writtenSlots.filter((written) => written.slot === call.slot).flatMap((written) => written.functions);
    const changedBy = writers
      .filter((fn): fn is number => fn !== null)
      .map((fn) => {
        const selector = `0x${fn.toString(16).padStart(8, "0")}` as Hex;
        const probed = reading.powers?.functions.find((entry) => entry.selector === selector);
        return { selector, signature: knownFunction(selector)?.signature ?? null, holders: probed ? probed.holders.flatMap((holder) => holderViews(holder, reading.members)) : [] };
      })
      .filter((writer) => writer.holders.length > 0);
    const known = labelKnownAddress(reading.chain, call.address as Address);
    const settable = changedBy.some((writer) => writer.holders.some((holder) => holder.live !== false));
    return [
      {
        id: "outside_gate",
        severity: settable && !known ? "medium" : "info",
        flag: settable && !known,
        title: settable
          ? `Every transfer calls an outside contract at ${call.address}, which a privileged address can re-point: it can refuse transfers`
          : `Every transfer calls an outside contract at ${call.address}`,
        evidence: {
          address: call.address,
          known_as: known?.label ?? null,
          slot: call.slot.toString(),
          shift_bits: call.shift,
          can: ["refuse_transfer"],
          changed_by: changedBy,
          read_from: readFrom(reading),
          note: "The code CALLs the address kept in this slot on the path of transfer/transferFrom, so its answer (or its revert) decides whether a transfer goes through; whether it also takes a fee is not read. changed_by lists the functions that write the slot and who the code lets call them.",
        },
        provenance: "interpretation",
      } satisfies Signal,
    ];
  });
}

const codeNotKnown = "The code that runs is not known (a proxy whose implementation did not answer), so its privileged functions were not read.";

/** Why the code that runs was not walked whole; null when it was (what it does not show is then absent). */
export function codeUnread(reading: RiskReading): string | null {
  const control = reading.storedControl;
  if (!control) return codeNotKnown;
  return control.paths.complete ? null : "The walk of the code stopped at its step budget, so some of its paths were not followed.";
}

/**
 * Whether the read can say a power is absent: the code that runs was read, its walk finished, and
 * every privileged function a live address can call was run as its holder. A function no one can
 * call (its holder renounced or burned) needs no run.
 */
export function powersChecked(reading: RiskReading): PowersChecked {
  const powers = reading.powers;
  const unread = codeUnread(reading);
  if (unread !== null || !powers) return { complete: false, reason: unread ?? codeNotKnown };
  const control = reading.storedControl!;
  const unrun = powers.functions.filter((fn) => callable(fn) && fn.outcome === "not_run");
  if (unrun.length === 0) return { complete: true };
  const named = unrun.map((fn) => fn.signature ?? fn.selector).join(", ");
  return { complete: false, reason: powers.reason ?? `${unrun.length} privileged function${unrun.length === 1 ? " was" : "s were"} not run as their holder (${named}), so a power only they hold is not known.` };
}
