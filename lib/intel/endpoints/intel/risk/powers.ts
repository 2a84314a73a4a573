// Owner powers proven by effect: each privileged function the code-path walk names is called as its
// holder in one eth_call with a state override, and what it changed names the power. Nothing is
// sent.
import { createHash } from "node:crypto";
import { encodeAbiParameters, getAddress, keccak256, maxUint256, numberToHex, toFunctionSelector, zeroAddress, type Address, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { decodeCallResult, encodeCallData } from "@/lib/chain/multicall";
import { getNetwork, isBurnAddress, type ChainId } from "@/lib/chain/networks";
import { classifyChainError, nodeMessages } from "@/lib/chain/upstream";
import { knownFunction, type PowerKind } from "./selectors";
import type { StoredControl } from "@/lib/intel/reads/control/stored-control";
import type { ArgumentType } from "@/lib/intel/reads/control/code-paths";
import { slots as proxySlots } from "@/lib/intel/reads/control/proxy";
import { powerProbeAbi, powerProbeRuntime } from "@/lib/intel/reads/placed/power-probe.generated";

/** Who may call a privileged function, as the code checks it. */
export type PowerHolder =
  | { kind: "owner" | "stored_address"; address: Address; slot: bigint; shift: number; live: boolean }
  /** An address written into the code (a constant, or an immutable such as a bridged token's BRIDGE): no slot keeps it, no call can change it. */
  | { kind: "code_constant"; address: Address; slot: null; shift: 0; live: boolean }
  /** An entry of a mapping keyed by msg.sender: its members cannot be listed from storage, so the probe is made one. */
  | { kind: "mapping_member"; address: null; slot: bigint; shift: 0; live: null; entryOf: { slot: bigint; key: bigint } | null };

/** The arguments each probe shape passes; `target` is the funded probe wallet named in address arguments. */
export const probeShapes = [
  { signature: "()", args: [] },
  { signature: "(address)", args: ["target"] },
  { signature: "(address,bool)", args: ["target", "true"] },
  { signature: "(address,uint256)", args: ["target", "amount"] },
  { signature: "(uint256)", args: ["rate"] },
  { signature: "(uint256)", args: ["amount"] },
  { signature: "(bool)", args: ["true"] },
  { signature: "(bool)", args: ["false"] },
  { signature: "(address[],bool)", args: ["[target]", "true"] },
  { signature: "(uint256,uint256)", args: ["rate", "rate"] },
  { signature: "(address[])", args: ["[target]"] },
] as const;

type Shape = { signature: string; args: readonly string[] };

/**
 * For a function whose code reads argument words no common shape fits (a bool, an address and two
 * numbers, say), the probe builds calls from those words (PowerProbe.DERIVED at most): the probe
 * wallet, true or the rate in each; the same with amounts; every word zero. The first climbs the
 * ladder. Where it reads two addresses or more, a fourth passes the probe wallet first and the
 * receiving wallet in the others, with amounts: a function that moves a chosen holder's tokens to
 * someone else (from, to, amount) shows it, where the probe wallet in both moves them to itself.
 */
const derivedRows: Record<ArgumentType, [string, string, string]> = { address: ["target", "target", "zero"], bool: ["true", "true", "false"], uint256: ["rate", "amount", "zero"] };
const derivedCount = 4;
const wordCode: Record<string, number> = { target: 0, true: 1, false: 2, zero: 2, amount: 3, rate: 4, wallet: 5 };
const commonSignatures = new Set<string>(probeShapes.map((shape) => shape.signature));

/** The shapes read from a function's argument words (none where a common shape fits), and their codes for the probe. */
export function derivedShapes(types: readonly ArgumentType[] | null): { shapes: Shape[]; words: Hex } {
  const signature = `(${(types ?? []).join(",")})`;
  if (!types || types.length === 0 || commonSignatures.has(signature)) return { shapes: [], words: "0x" };
  const shapes = [0, 1, 2].map((row) => ({ signature, args: types.map((type) => derivedRows[type][row]) }));
  const firstAddress = types.indexOf("address");
  if (types.filter((type) => type === "address").length >= 2) {
    shapes.push({ signature, args: types.map((type, index) => (type === "address" ? (index === firstAddress ? "target" : "wallet") : derivedRows[type][1])) });
  }
  const codes = [types.length, ...shapes.flatMap((shape) => shape.args.map((arg) => wordCode[arg]))];
  return { shapes, words: `0x${codes.map((code) => code.toString(16).padStart(2, "0")).join("")}` };
}

const NONE = maxUint256;
/**
 * What an endowed member's entries hold: large as an allowance or a quota (2^128 - 1, far above any
 * amount the probe moves, far from overflowing what is added to it), true as a flag, and its top bit
 * clear (a blacklist kept in a balance word's high bit, as USDC's, stays off).
 */
const endowment = (1n << 128n) - 1n;

type Reading = {
  supply: bigint;
  targetBalance: bigint;
  holderBalance: bigint;
  othersSend: boolean;
  transferTaxBps: bigint;
  sellOk: boolean;
  sellTaxBps: bigint;
  bigOk: boolean;
  targetSends: boolean;
  targetTaxBps: bigint;
  targetSells: boolean;
  targetSellTaxBps: bigint;
  targetReceives: boolean;
  buyOk: boolean;
  buyTaxBps: bigint;
};

/** The call a function was run after, when it went through only then: the one that blacklisted the probe holder. */
export type Prelude = { selector: Hex; signature: string | null; shape: string; arguments: string[] };

/** What one call changed, field by field (only the fields that moved), and the power that change is. */
export type Effect = {
  kind: PowerKind | null;
  shape: string;
  arguments: string[];
  changes: Record<string, { before: string | number | boolean | null; after: string | number | boolean | null }>;
  /** Null when the call was run on its own; else the call made first (its changes are read against the state after it). */
  after: Prelude | null;
  /** Null when run at the block's time; else it went through only with the clock moved this many seconds ahead. */
  later_by_seconds: number | null;
};

/**
 * What one call of a mint can mint, in basis points of the supply: the largest of the rungs 1 %,
 * 2 %, 5 %, 10 %, 25 %, 100 % that went through, the first refused (null: none was, so no cap up to
 * the whole supply), and whether the largest went through again at once (null where none was
 * refused). A cap binds only where a rung was refused and the largest did not go through twice.
 */
export type MintCap = { accepted_bps: number; refused_bps: number | null; again_at_once: boolean | null };

/** Whether a mint is held to a share of the supply: a rung refused, and the largest not repeatable at once. */
export const mintCapBinds = (cap: MintCap | null): cap is MintCap & { refused_bps: number } => cap !== null && cap.refused_bps !== null && cap.again_at_once === false;

export type ProbedFunction = {
  selector: Hex;
  /** The catalogue's name for the selector, when it has one: a label, never the proof. */
  signature: string | null;
  cataloguePower: PowerKind | null;
  holders: PowerHolder[];
  /** effect: a call went through and changed what a holder can do; no_effect: calls went through, nothing measured moved; reverted: no shape went through; not_run: not simulated (see the reading's reason, or a holder no one controls). */
  outcome: "effect" | "no_effect" | "reverted" | "not_run";
  effect: Effect | null;
  /** For a setter whose number changed a tax: the highest value of the ladder it accepted, and the taxes then taken. */
  highestRate: { accepted: number; transfer_tax_bps: number | null; sell_tax_bps: number | null; buy_tax_bps: number | null } | null;
  /** For a mint: how much of the supply one call mints, and whether that goes through twice in a row. */
  mintCap: MintCap | null;
  revert: Hex | null;
  /** Mappings keyed by msg.sender the function reads besides the table it lets members through by (a minter's allowance): a probe made a member is also run with an entry in each, as a real member has. */
  callerEntries: bigint[];
  /** The argument words its code reads, with their types; null when the walk saw none (a function that takes none, or reads them in a way the walk does not follow). */
  argumentTypes: ArgumentType[] | null;
  /** Whether its code reads the block's time (TIMESTAMP): then it is also run with the clock moved ahead. */
  readsClock: boolean;
};

export type PowerReading = {
  simulated: boolean;
  /** Why the functions were not (all) simulated; null when they were. */
  reason: string | null;
  functions: ProbedFunction[];
  /** What each probe wallet was funded with, in the token's smallest unit; null when no holder could fund them (transfers then go unmeasured). */
  funded: bigint | null;
  target: Address | null;
  /**
   * Functions the walk found behind a check of a mapping keyed by msg.sender that a caller with no
   * entry in it ran all the same (UNI's delegate(): the mapping is the caller's own record, not a
   * permission): not privileged, so not in `functions`.
   */
  openToAnyone: Hex[];
  /** How the functions were run: in how many eth_calls over how many rounds; null when not simulated. */
  probe: { calls: number; rounds: number } | null;
};

/** Functions every ERC-20 has: their msg.sender checks are the holder's own, not a privilege. */
const ordinarySelectors = new Set(
  [
    "transfer(address,uint256)",
    "transferFrom(address,address,uint256)",
    "approve(address,uint256)",
    "increaseAllowance(address,uint256)",
    "decreaseAllowance(address,uint256)",
    "burn(uint256)",
    "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
  ].map((signature) => toFunctionSelector(signature)),
);

/**
 * Functions run per eth_call. A token's privileged surface is a handful to a few dozen functions,
 * each tried in every shape; one call's gas (probeGas) holds a few, so the surface is split over
 * several calls sent side by side in the same round. What a call's gas did not reach is run again
 * in a follow-up round, a call per function, so no function is dropped unsaid.
 */
export const functionsPerCall = 4;
/**
 * One holder's functions share a call up to this many: a power that works only after another
 * call (Tether's destroyBlackFunds after addBlackList) is usually the same holder's, and runs after
 * it in the same call; what the gas does not reach is run in the follow-up round.
 */
const functionsPerHolderCall = 12;
/** Follow-up rounds for functions a call did not reach (or that need another call's blacklisting first). */
const followUpRounds = 2;
const probeGas = 28_000_000n;
/** 10^30 wei: more than any pool asks for the probe's slice, and far from overflowing a balance. */
const buyerFunds = 10n ** 30n;

/** Where a proxy keeps the address of the code it runs (EIP-1967's implementation and beacon, ZeppelinOS's implementation). */
const codeSlots = new Set([proxySlots.implementation, proxySlots.beacon, proxySlots.legacyImplementation].map((slot) => BigInt(slot)));

const selectorHex = (selector: number): Hex => `0x${selector.toString(16).padStart(8, "0")}`;

function live(chain: ChainId, address: Address): boolean {
  return address !== zeroAddress && !isBurnAddress(chain, address);
}

/** The privileged functions and who holds each, from the walk and the stored words. */
export function privilegedFunctions(input: { chain: ChainId; token: Address; owner: Address | null; pools: readonly Address[]; control: StoredControl }): ProbedFunction[] {
  const { chain, token, owner, control } = input;
  const skip = new Set([token, ...input.pools].map((address) => address.toLowerCase()));
  const bySelector = new Map<number, PowerHolder[]>();
  const writesControl = (selector: number, holder: PowerHolder) =>
    control.paths.writtenSlots.some((written) => written.functions.includes(selector) && ((holder.kind !== "mapping_member" && written.slot === holder.slot) || codeSlots.has(written.slot)));
  const add = (selector: number | null, holder: PowerHolder) => {
    if (selector === null) return;
    const hex = selectorHex(selector);
    if (ordinarySelectors.has(hex)) return;
    // Hand-overs of control and upgrades are no powers over holders, and are not run: a function
    // the catalogue names so, whose code writes the slot its own holder is kept in or a proxy's code
    // slot. Named so but writing neither, it is run like any other (a name is never the proof).
    if (knownFunction(hex)?.power === null && writesControl(selector, holder)) return;
    const holders = bySelector.get(selector) ?? [];
    const same = holders.some((entry) => entry.slot === holder.slot && entry.kind === holder.kind && entry.address === holder.address);
    if (!same) holders.push(holder);
    bySelector.set(selector, holders);
  };
  for (const stored of control.callers) {
    if (skip.has(stored.address.toLowerCase())) continue;
    const holder: PowerHolder = { kind: owner !== null && stored.address === owner ? "owner" : "stored_address", address: stored.address, slot: stored.slot, shift: stored.shift, live: live(chain, stored.address) };
    for (const fn of stored.functions) add(fn, holder);
  }
  for (const written of control.paths.codeCallers) {
    if (skip.has(written.address.toLowerCase())) continue;
    const holder: PowerHolder = { kind: "code_constant", address: written.address, slot: null, shift: 0, live: live(chain, written.address) };
    for (const fn of written.functions) add(fn, holder);
  }
  for (const mapping of control.paths.callerMappings) {
    for (const fn of mapping.functions) add(fn, { kind: "mapping_member", address: null, slot: mapping.slot, shift: 0, live: null, entryOf: mapping.entryOf ?? null });
  }
  const readsOf = (selector: number) => control.paths.callerReads.filter((read) => read.functions.includes(selector)).map((read) => read.slot);
  const argumentsOf = (selector: number) => control.paths.arguments.find((entry) => entry.function === selector)?.types ?? null;
  return [...bySelector.entries()]
    .sort(([a], [b]) => a - b)
    .map(([selector, holders]) => {
      const hex = selectorHex(selector);
      const known = knownFunction(hex);
      const tables = new Set(holders.filter((holder) => holder.kind === "mapping_member").map((holder) => holder.slot));
      const callerEntries = tables.size > 0 ? readsOf(selector).filter((slot) => !tables.has(slot)) : [];
      return {
        selector: hex,
        signature: known?.signature ?? null,
        cataloguePower: known?.power ?? null,
        holders,
        outcome: "not_run",
        effect: null,
        highestRate: null,
        mintCap: null,
        revert: null,
        callerEntries,
        argumentTypes: argumentsOf(selector),
        readsClock: control.paths.clockReads.includes(selector),
      };
    });
}

/** Whether a live address can call the function: then it is run, and must be for its absence of power to count. */
export const callable = (fn: ProbedFunction) => callerKey(fn) !== null;

/** Who a function is run as: its first live stored holder, else the first mapping it is let through by (as "slot:N"); null when no one can call it. */
function callerKey(fn: ProbedFunction): string | null {
  const stored = fn.holders.find((holder) => holder.kind !== "mapping_member" && holder.live);
  if (stored?.address) return stored.address;
  const mapping = fn.holders.find((holder) => holder.kind === "mapping_member");
  return mapping ? `slot:${mapping.slot}` : null;
}

/**
 * Behind an EIP-1967 proxy the implementation's slots are read in the same round as the
 * simulation, so the simulation runs first on a guess (owner() holds every stored check) and the
 * guess is kept for each function whose real holder is the one it was run as. The others come back
 * to be run again (a fourth round), or as not run when no one can call them.
 */
export function keepGuessed(real: ProbedFunction[], guessed: PowerReading): { functions: ProbedFunction[]; rerun: ProbedFunction[] } {
  const rerun: ProbedFunction[] = [];
  const functions = real.filter((fn) => !guessed.openToAnyone.includes(fn.selector)).map((fn) => {
    const guess = guessed.functions.find((entry) => entry.selector === fn.selector);
    const caller = callerKey(fn);
    if (caller === null) return fn;
    if (guess && guess.outcome !== "not_run" && callerKey(guess) === caller) return { ...guess, holders: fn.holders };
    rerun.push(fn);
    return fn;
  });
  return { functions, rerun };
}

/**
 * What the other accounts run: an EIP-1167 forwarder that delegatecalls the coordinator's probe
 * code, so each runs it as itself (its own address, balance and storage, msg.sender to the token)
 * while the probe's code travels once a call, not once an account: a round of several calls stays
 * within what nodes take in one request body.
 */
function forwarderTo(code: Address): Hex {
  return `0x363d3d373d3d3d363d73${code.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`;
}

/** Addresses of the probe's own accounts: fresh for each read, derived from the simulation's identity. */
function probeAccount(seed: Address, label: string): Address {
  return getAddress(`0x${createHash("sha256").update(`${seed.toLowerCase()}:${label}`).digest("hex").slice(0, 40)}`);
}

/** The slot of `account`'s entry in a mapping at `slot`, as Solidity lays it out. */
function mappingEntry(account: Address, slot: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account, slot]));
}

type ProbeInput = {
  client: ChainClient;
  chain: ChainId;
  block: bigint;
  /** The block's time (seconds): a function whose code reads the clock is also run a year and a day after it; null when unknown (then it is not). */
  blockTimestamp: bigint | null;
  token: Address;
  /** Where a sell is a transfer to: the token's deepest pool; null when it has none. */
  pool: Address | null;
  /** Real holders that may fund the probe wallets, largest first. */
  sources: readonly Address[];
  /** The simulation's own fresh address, from which the probe's accounts are derived. */
  seed: Address;
  sender: Address;
  functions: ProbedFunction[];
};

/**
 * Owner powers proven by effect. The code-path walk names the functions a stored address (or an
 * entry of a mapping keyed by msg.sender) is checked in; here each is called AS its holder, in one
 * eth_call with a state override that places the power probe (lib/intel/reads/placed/PowerProbe.sol)
 * on the holder's own account, so the token's own check passes. Two fresh probe wallets are funded
 * from a real holder first; each call runs isolated, and what it changed is measured: supply and
 * balances, whether the wallets can still send, receive, sell and buy, the taxes they pay, whether a
 * large transfer still goes through. The change names the power; a catalogued signature is only a
 * label. The arguments are the common shapes, and shapes built from the argument words the code
 * reads; a function that goes through in none alone is run again after the call that blacklisted
 * the probe holder; one whose code reads the clock is run again a year and a day later (a second
 * eth_call of the same round); one let through by a mapping keyed by msg.sender is also run by a
 * stranger, and is no privilege if the stranger gets through. Nothing is sent.
 *
 * Runs every privileged function as its holder, in one eth_call; the functions come back with their outcomes.
 */
export async function probePowers(input: ProbeInput): Promise<PowerReading> {
  const { functions } = input;
  const coordinator = probeAccount(input.seed, "coordinator");
  const target = probeAccount(input.seed, "target");
  const bystander = probeAccount(input.seed, "bystander");
  const wallet = probeAccount(input.seed, "wallet");
  const mappingProbe = (slot: bigint) => probeAccount(input.seed, `member:${slot}`);
  // Each function is tried once, as its first live holder (the first mapping's probe where only a mapping lets it through).
  const callerOf = (fn: ProbedFunction): Address | null => {
    const key = callerKey(fn);
    return key === null ? null : key.startsWith("slot:") ? mappingProbe(BigInt(key.slice(5))) : (key as Address);
  };
  const runnable = functions.filter((fn) => callerOf(fn) !== null);
  const skipped = (reason: string): PowerReading => ({ simulated: false, reason, functions, funded: null, target: null, openToAnyone: [], probe: null });
  if (runnable.length === 0) return { simulated: false, reason: functions.length === 0 ? null : "No live address holds these functions: no one can call them.", functions, funded: null, target: null, openToAnyone: [], probe: null };

  // A member the probe makes of a table is run a second time where the function reads more of the
  // caller's entries (a minter's allowance): then with an entry in each, as a real member has.
  const endowedProbe = (fn: ProbedFunction) => {
    const key = callerKey(fn);
    return key !== null && key.startsWith("slot:") && fn.callerEntries.length > 0 ? probeAccount(input.seed, `endowed:${key.slice(5)}:${fn.selector}`) : null;
  };
  const groups = new Map<Address, ProbedFunction[]>();
  const join = (holder: Address, fn: ProbedFunction) => groups.set(holder, [...(groups.get(holder) ?? []), fn]);
  for (const fn of runnable) {
    join(callerOf(fn)!, fn);
    const endowed = endowedProbe(fn);
    if (endowed) join(endowed, fn);
  }
  // A function let through only by a mapping keyed by msg.sender is also run by a stranger, who has
  // no entry in it: if the stranger gets through too, the mapping was no permission. The stranger
  // only asks whether a call goes through (nothing measured, little gas), first, so it is always reached.
  const stranger = probeAccount(input.seed, "stranger");
  const mappingOnly = runnable.filter((fn) => fn.holders.every((holder) => holder.kind === "mapping_member"));
  const withStranger = mappingOnly.length > 0 ? new Map([[stranger, mappingOnly], ...groups]) : groups;
  const sources = input.sources.filter((source) => source !== input.token).slice(0, 3);
  const codeAt = [...new Set([coordinator, target, bystander, ...sources, ...withStranger.keys()])];
  const mappingSlots = [...new Set(runnable.flatMap((fn) => fn.holders.filter((holder) => holder.kind === "mapping_member").map((holder) => holder.slot)))];
  const entry = (account: Address, slot: bigint, value: bigint) => ({ slot: mappingEntry(account, slot), value: numberToHex(value, { size: 32 }) });
  const stateDiff = [
    ...mappingSlots.map((slot) => entry(mappingProbe(slot), slot, 1n)),
    ...runnable.flatMap((fn) => {
      const endowed = endowedProbe(fn);
      if (!endowed) return [];
      const table = BigInt(callerKey(fn)!.slice(5));
      return [entry(endowed, table, 1n), ...fn.callerEntries.map((slot) => entry(endowed, slot, endowment))];
    }),
  ];

  const config = { token: input.token, pool: input.pool ?? zeroAddress, target, bystander, wallet, sources, buyer: coordinator, wrappedNative: getNetwork(input.chain).wrappedNative.address };
  const call = async (calling: Map<Address, ProbedFunction[]>, time: bigint | null) => {
    const { data } = await input.client.call({
      account: input.sender,
      to: coordinator,
      data: encodeCallData(powerProbeAbi, "probe", [
        config,
        [...calling.entries()].map(([holder, members]) => ({ holder, selectors: members.map((fn) => fn.selector), words: members.map((fn) => derivedShapes(fn.argumentTypes).words), measure: holder !== stranger })),
      ]),
      blockNumber: input.block,
      gas: probeGas,
      // The coordinator pays for the probe's buys: native coin enough for any pool's slice.
      stateOverride: [
        ...codeAt.map((address) => (address === coordinator ? { address, code: powerProbeRuntime, balance: buyerFunds } : { address, code: forwarderTo(coordinator) })),
        ...(stateDiff.length > 0 ? [{ address: input.token, stateDiff }] : []),
      ],
      ...(time === null ? {} : { blockOverrides: { time } }),
      batch: false,
    });
    return data && data !== "0x" ? readReport(data, calling) : null;
  };
  // Functions whose code reads the clock are run a second time, in the same round, with the block's
  // time moved a year and a day ahead: a power held back until a date (UNI's mint, a year after the
  // last) is still the holder's.
  const later = new Map([...groups].map(([holder, members]) => [holder, members.filter((fn) => fn.readsClock)] as const).filter(([, members]) => members.length > 0));
  const tally = { calls: 0, rounds: 1 };
  const counted = (calling: Map<Address, ProbedFunction[]>, time: bigint | null) => {
    tally.calls++;
    return call(calling, time);
  };
  let reports: ProbeReport[];
  let laterReports: ProbeReport[] = [];
  let laterRefused: string | null = null;
  try {
    const [now, moved] = await Promise.all([
      Promise.all(callsOf(withStranger, stranger).map((calling) => counted(calling, null))),
      // A node that takes no block override leaves those functions as they read at the block's time.
      later.size > 0 && input.blockTimestamp !== null
        ? Promise.all(callsOf(later, stranger).map((calling) => counted(calling, input.blockTimestamp! + laterBySeconds))).then(
            (found) => {
              if (found.every((report) => report === null)) laterRefused = "it returned nothing";
              return found;
            },
            (error): (ProbeReport | null)[] => {
              if (classifyChainError(error) === "upstream") throw error;
              laterRefused = nodeMessages(error)[0] ?? "no reason given";
              return [];
            },
          )
        : ([] as (ProbeReport | null)[]),
    ]);
    reports = now.filter((report): report is ProbeReport => report !== null);
    laterReports = moved.filter((report): report is ProbeReport => report !== null);
  } catch (error) {
    if (classifyChainError(error) === "upstream") throw error;
    return skipped(`The node did not run the simulation of the powers (${(error as Error).message.split("\n")[0]}), so they are read by name only.`);
  }
  if (reports.length === 0) return skipped("The node returned nothing for the simulation of the powers, so they are read by name only.");
  // What a call's gas did not reach is run again, a call per function; a function that went
  // through in no shape, in a call where nothing blacklisted the probe holder, is run once more
  // after the call that did (in another call of the first round), as Tether's destroyBlackFunds needs.
  let followUpFailed: string | null = null;
  for (let round = 0; round < followUpRounds; round++) {
    const reached = new Set(reports.flatMap(reachedEntries));
    const missing = [...groups].flatMap(([holder, members]) => members.filter((fn) => !reached.has(entryKey(holder, fn.selector))).map((fn) => new Map([[holder, [fn]]])));
    const sequel = round === 0 ? sequelCall(reports, stranger) : null;
    if (missing.length === 0 && !sequel) break;
    tally.rounds++;
    try {
      const more = await Promise.all([...missing, ...(sequel ? [sequel] : [])].map((calling) => counted(calling, null)));
      reports = [...reports, ...more.filter((report): report is ProbeReport => report !== null)];
    } catch (error) {
      if (classifyChainError(error) === "upstream") throw error;
      followUpFailed = nodeMessages(error)[0] ?? "no reason given";
      break;
    }
  }
  const funded = reports[0].funded;
  const strangerRan = (fn: ProbedFunction) =>
    reports.some((report) => report.order.some((entry, index) => entry.holder === stranger && entry.selector === fn.selector && index < report.tried && report.outcomes[index].slice(0, shapeCount).some((shape) => shape.ok)));
  const openToAnyone = mappingOnly.filter(strangerRan).map((fn) => fn.selector);
  const probed = functions.filter((fn) => !openToAnyone.includes(fn.selector)).map((fn): ProbedFunction => {
    const now = judge(fn, reports, funded > 0n, stranger);
    if (now?.outcome !== "reverted" || laterReports.length === 0) return now ?? fn;
    const moved = judge(fn, laterReports, laterReports[0].funded > 0n, stranger);
    return moved?.outcome === "effect" && moved.effect ? { ...moved, effect: { ...moved.effect, later_by_seconds: Number(laterBySeconds) } } : now;
  });
  const ranSelectors = new Set(reports.flatMap((report) => report.order.slice(0, report.tried).filter((entry) => entry.holder !== stranger).map((entry) => entry.selector)));
  const unreached = runnable.filter((fn) => !ranSelectors.has(fn.selector));
  const laterUnreached = [...later.values()].flat().filter((fn) => laterReports.length > 0 && !laterReports.some((report) => report.order.slice(0, report.tried).some((entry) => entry.selector === fn.selector)));
  const clockNotMoved = laterRefused !== null ? `The node did not run the functions whose code reads the clock with the block's time moved ahead (${laterRefused}), so they were run at the block's time only.` : null;
  const clockShort = laterUnreached.length > 0 ? `${laterUnreached.length} function${laterUnreached.length === 1 ? "" : "s"} whose code reads the clock could not be run with the clock moved ahead within a call's gas (${laterUnreached.map(nameOf).join(", ")}).` : null;
  const notRun =
    unreached.length > 0
      ? `${unreached.length} of the ${runnable.length} privileged functions could not be run as their ` +
        `holder${followUpFailed ? ` (the node refused a follow-up call: ${followUpFailed})` : ` within a call's gas, even alone (${probeGas} gas)`}: ${unreached.map(nameOf).join(", ")}. ` +
        `A power only they hold is not known.`
      : null;
  return {
    simulated: true,
    reason: [notRun, clockNotMoved, clockShort].filter((text) => text !== null).join(" ") || null,
    functions: probed,
    funded: funded > 0n ? funded : null,
    target,
    openToAnyone,
    probe: { calls: tally.calls, rounds: tally.rounds },
  };
}

const nameOf = (fn: ProbedFunction) => fn.signature ?? fn.selector;
const entryKey = (holder: Address, selector: Hex) => `${holder}:${selector}`;
const reachedEntries = (report: ProbeReport) => report.order.slice(0, report.tried).map((entry) => entryKey(entry.holder, entry.selector));

/**
 * The groups split into the calls of one round: at most functionsPerCall functions a call, but a
 * holder's functions kept together up to functionsPerHolderCall. The stranger asks only whether its
 * calls go through: it rides in the first.
 */
function callsOf(groups: Map<Address, ProbedFunction[]>, stranger: Address): Map<Address, ProbedFunction[]>[] {
  const calls: Map<Address, ProbedFunction[]>[] = [];
  let current = new Map<Address, ProbedFunction[]>();
  let load = 0;
  const close = () => {
    if (current.size > 0) calls.push(current);
    current = new Map();
    load = 0;
  };
  for (const [holder, members] of groups) {
    if (holder === stranger) {
      current.set(holder, members);
      continue;
    }
    if (load > 0 && load + members.length > functionsPerCall) close();
    // A holder's functions stay in one call up to functionsPerHolderCall; a larger surface is split.
    const size = members.length <= functionsPerHolderCall ? members.length : functionsPerCall;
    for (let at = 0; at < members.length; at += size) {
      const part = members.slice(at, at + size);
      if (load > 0 && load + part.length > functionsPerCall) close();
      current.set(holder, [...(current.get(holder) ?? []), ...part]);
      load += part.length;
    }
  }
  close();
  return calls;
}

/**
 * Where one call of the round blacklisted the probe holder, the functions that went through in no
 * shape in the other calls (which had no such call to follow) are run after it: the blacklisting
 * function first, as its holder, then those, in one call. Null when no such run is needed.
 */
function sequelCall(reports: ProbeReport[], stranger: Address): Map<Address, ProbedFunction[]> | null {
  const blacklisting = reports.find((report) => report.preludeEntry !== null);
  if (!blacklisting?.preludeEntry) return null;
  const waiting = reports
    .filter((report) => report !== blacklisting)
    .flatMap((report) => report.entries.filter((entry, index) => index < report.tried && entry.holder !== stranger && report.outcomes[index].length > 0 && !report.outcomes[index].slice(0, shapeCount).some((shape) => shape.ok)));
  if (waiting.length === 0) return null;
  const calling = new Map<Address, ProbedFunction[]>([[blacklisting.preludeEntry.holder, [blacklisting.preludeEntry.fn]]]);
  for (const { holder, fn } of waiting) calling.set(holder, [...(calling.get(holder) ?? []), fn]);
  return calling;
}

/** How far ahead the clock is moved for a function whose code reads it: a year and a day. */
const laterBySeconds = 366n * 24n * 60n * 60n;

type Outcome = { shape: number; ok: boolean; revertData: Hex; reading: Reading };
type ProbeReport = {
  funded: bigint;
  outcomes: readonly (readonly Outcome[])[];
  ladders: readonly { shape: number; highestAccepted: bigint; transferTaxBps: bigint; sellTaxBps: bigint; buyTaxBps: bigint }[];
  mintCaps: readonly { shape: number; acceptedBps: bigint; refusedBps: bigint; twice: boolean }[];
  tried: number;
  sequels: readonly (readonly Outcome[])[];
  /** The functions in the order the probe ran them, each with whom it ran as (a function may be in several groups: its member, that member endowed, a stranger). */
  order: { selector: Hex; holder: Address }[];
  entries: { fn: ProbedFunction; holder: Address }[];
  /** The call that blacklisted the probe holder, which functions that went through in no shape alone were run after. */
  prelude: Prelude | null;
  preludeEntry: { fn: ProbedFunction; holder: Address } | null;
};

const shapeCount = probeShapes.length + derivedCount;
const shapesOf = (fn: ProbedFunction): Shape[] => [...probeShapes, ...derivedShapes(fn.argumentTypes).shapes];

function readReport(data: Hex, groups: Map<Address, ProbedFunction[]>): ProbeReport {
  const decoded = decodeCallResult(powerProbeAbi, "probe", data);
  const ordered = [...groups.entries()].flatMap(([holder, members]) => members.map((fn) => ({ fn, holder })));
  const preludeEntry = decoded.preludeIndex < BigInt(ordered.length) ? ordered[Number(decoded.preludeIndex)] : null;
  const preludeFn = preludeEntry?.fn ?? null;
  const preludeShape = preludeFn ? shapesOf(preludeFn)[decoded.preludeShape] : null;
  return {
    funded: decoded.funded,
    outcomes: decoded.outcomes,
    ladders: decoded.ladders,
    mintCaps: decoded.mintCaps,
    tried: Number(decoded.tried),
    sequels: decoded.sequels,
    order: ordered.map(({ fn, holder }) => ({ selector: fn.selector, holder })),
    entries: ordered,
    preludeEntry,
    prelude: preludeFn && preludeShape ? { selector: preludeFn.selector, signature: preludeFn.signature, shape: preludeShape.signature, arguments: [...preludeShape.args] } : null,
  };
}

/** What the reports show for one function as its holders ran it (not `stranger`): its strongest effect, no effect, or a revert; null when no call reached it. */
function judge(fn: ProbedFunction, reports: readonly ProbeReport[], funded: boolean, stranger: Address): ProbedFunction | null {
  const indexesIn = (report: ProbeReport) => report.order.flatMap((entry, index) => (entry.selector === fn.selector && entry.holder !== stranger && index < report.tried ? [index] : []));
  if (reports.every((report) => indexesIn(report).length === 0)) return null;
  const shapes = shapesOf(fn);
  // Each attempt against its own holder's baseline (the last entry, read before its calls); a
  // function run after the prelude, against the baseline read after the prelude alone.
  const attemptsOf = (report: ProbeReport, found: readonly (readonly Outcome[])[], after: Prelude | null) =>
    indexesIn(report).filter((index) => found[index].length > 0).map((index) => ({ baseline: found[index][shapeCount].reading, shapes: found[index].slice(0, shapeCount), ladder: report.ladders[index], mintCap: report.mintCaps[index], after }));
  const wentIn = (attempts: ReturnType<typeof attemptsOf>) =>
    attempts.flatMap((attempt) => attempt.shapes.filter((shape) => shape.ok && shapes[shape.shape]).map((shape) => ({ effect: { ...effectOf(attempt.baseline, shape.reading, shapes[shape.shape], funded), after: attempt.after }, ladder: attempt.ladder, mintCap: attempt.mintCap })));
  const attempts = reports.flatMap((report) => attemptsOf(report, report.outcomes, null));
  let went = wentIn(attempts);
  if (went.length === 0) went = wentIn(reports.flatMap((report) => (report.prelude ? attemptsOf(report, report.sequels, report.prelude) : []))).filter((entry) => entry.effect.kind !== null);
  if (went.length === 0) return { ...fn, outcome: "reverted", revert: attempts.flatMap((attempt) => attempt.shapes).find((shape) => shape.revertData !== "0x")?.revertData ?? "0x" };
  const best = went.reduce((chosen, next) => (better(next.effect, chosen.effect) ? next : chosen));
  const { ladder } = best;
  const highestRate = ladder.shape !== 255 && best.effect.kind === "fees" ? { accepted: Number(ladder.highestAccepted), transfer_tax_bps: bpsOrNull(ladder.transferTaxBps), sell_tax_bps: bpsOrNull(ladder.sellTaxBps), buy_tax_bps: bpsOrNull(ladder.buyTaxBps) } : null;
  const laddered = best.mintCap;
  const mintCap =
    best.effect.kind === "mint" && laddered && laddered.shape !== 255 && laddered.acceptedBps > 0n
      ? { accepted_bps: Number(laddered.acceptedBps), refused_bps: laddered.refusedBps === NONE ? null : Number(laddered.refusedBps), again_at_once: laddered.refusedBps === NONE ? null : laddered.twice }
      : null;
  return { ...fn, outcome: best.effect.kind ? "effect" : "no_effect", effect: best.effect, highestRate, mintCap };
}

const bpsOrNull = (value: bigint) => (value === NONE ? null : Number(value));

/** balance_edit before mint before blacklist ...: a call whose number also stops every transfer (a fee of 100 %) is still a fee setter. */
const kindRank: (PowerKind | null)[] = ["balance_edit", "mint", "blacklist", "fees", "limits", "trading_switch", "exemptions", "pause", null];
const rank = (effect: Effect) => kindRank.indexOf(effect.kind);
/** Shapes in the order a tie is settled: numbers before an address read as a number, the address shapes after, those read from the code last. */
const shapePreference = [0, 4, 5, 9, 6, 7, 1, 3, 2, 10, 8];
const shapeIndex = (effect: Effect) => {
  const common = probeShapes.findIndex((shape) => shape.signature === effect.shape && shape.args.join() === effect.arguments.join());
  return common >= 0 ? shapePreference.indexOf(common) : shapePreference.length;
};
/** The stronger power first; within one, the call that moved more; then the plainer shape. */
function better(effect: Effect, chosen: Effect): boolean {
  if (rank(effect) !== rank(chosen)) return rank(effect) < rank(chosen);
  const moved = Object.keys(effect.changes).length - Object.keys(chosen.changes).length;
  return moved !== 0 ? moved > 0 : shapeIndex(effect) < shapeIndex(chosen);
}

/** What one call changed against the baseline, and the power that change shows. */
export function effectOf(before: Reading, after: Reading, shape: Shape, funded: boolean): Effect {
  const { signature, args } = shape;
  const namesTarget = args.some((arg) => arg.includes("target"));
  const changes: Effect["changes"] = {};
  const amount = (value: bigint) => (value === NONE ? null : value.toString());
  const note = (field: string, a: string | number | boolean | null, b: string | number | boolean | null) => {
    if (a !== b) changes[field] = { before: a, after: b };
  };
  note("total_supply", amount(before.supply), amount(after.supply));
  note("probe_holder_balance", amount(before.targetBalance), amount(after.targetBalance));
  note("caller_balance", amount(before.holderBalance), amount(after.holderBalance));
  if (funded) {
    note("others_can_transfer", before.othersSend, after.othersSend);
    note("transfer_tax_bps", bpsOrNull(before.transferTaxBps), bpsOrNull(after.transferTaxBps));
    note("others_can_sell", before.sellOk, after.sellOk);
    note("sell_tax_bps", bpsOrNull(before.sellTaxBps), bpsOrNull(after.sellTaxBps));
    note("large_transfer_goes_through", before.bigOk, after.bigOk);
    note("others_can_buy", before.buyOk, after.buyOk);
    note("buy_tax_bps", bpsOrNull(before.buyTaxBps), bpsOrNull(after.buyTaxBps));
    note("probe_holder_can_send", before.targetSends, after.targetSends);
    note("probe_holder_transfer_tax_bps", bpsOrNull(before.targetTaxBps), bpsOrNull(after.targetTaxBps));
    note("probe_holder_can_sell", before.targetSells, after.targetSells);
    note("probe_holder_sell_tax_bps", bpsOrNull(before.targetSellTaxBps), bpsOrNull(after.targetSellTaxBps));
    note("probe_holder_can_receive", before.targetReceives, after.targetReceives);
  }
  const rose = (a: bigint, b: bigint) => a !== NONE && b !== NONE && b > a;
  let kind: PowerKind | null = null;
  const transfersStayed = after.othersSend && before.othersSend;
  if (rose(after.targetBalance, before.targetBalance)) kind = "balance_edit";
  else if (rose(before.supply, after.supply) || rose(before.targetBalance, after.targetBalance) || rose(before.holderBalance, after.holderBalance)) kind = "mint";
  // Blocked from sending or selling: a blacklist or a freeze. Only from receiving (marked as a pool, say): a rule for a chosen address.
  else if (funded && namesTarget && after.othersSend && ((before.targetSends && !after.targetSends) || (before.targetSells && !after.targetSells))) kind = "blacklist";
  else if (funded && transfersStayed && (before.transferTaxBps !== after.transferTaxBps || (before.sellOk && after.sellOk && before.sellTaxBps !== after.sellTaxBps) || (before.buyOk && after.buyOk && before.buyTaxBps !== after.buyTaxBps))) kind = "fees";
  else if (funded && transfersStayed && before.bigOk !== after.bigOk) kind = "limits";
  else if (funded && transfersStayed && !namesTarget && (before.sellOk !== after.sellOk || before.buyOk !== after.buyOk)) kind = "trading_switch";
  else if (
    funded &&
    namesTarget &&
    transfersStayed &&
    ((!before.targetSells && after.targetSells) ||
      (!before.targetSends && after.targetSends) ||
      after.targetTaxBps < before.targetTaxBps ||
      (before.targetSells && after.targetSells && after.targetSellTaxBps < before.targetSellTaxBps) ||
      before.targetReceives !== after.targetReceives)
  )
    kind = "exemptions";
  else if (funded && before.othersSend && !after.othersSend) kind = "pause";
  else if (funded && !before.othersSend && after.othersSend) kind = "trading_switch";
  return { kind, shape: signature, arguments: [...args], changes, after: null, later_by_seconds: null };
}
