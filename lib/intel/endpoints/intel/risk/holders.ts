// Holder concentration: who received the token in a bounded window of Transfer logs, then
// what each of the largest receivers holds at the pinned block. Pools, burn addresses and
// recognised lockers are set apart, since their balances are not a wallet's to sell.
import { erc20Abi, parseAbiItem, toEventSelector, zeroAddress, type Address, type Hash } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { scanLogs, type ScanEnd, type ScannedLog } from "@/lib/chain/log-scanner";
import { transferEvent } from "@/lib/chain/events";
import { checksumAddress } from "@/lib/chain/checksum";
import { call, type CallResult } from "@/lib/chain/multicall";
import { findLocker, findVenueContract, isBurnAddress, type ChainId } from "@/lib/chain/networks";
import { bpsOf } from "@/lib/intel/reads/market";
import { launchMints } from "@/lib/intel/reads/team-links/links";
import { appointmentTopics, type TokenLog } from "@/lib/intel/reads/control/members";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/answers/windows";

// Ampleforth's UFragments logs each rebase with the supply it left; tokens of its interface do the same.
const rebaseEvent = parseAbiItem("event LogRebase(uint256 indexed epoch, uint256 totalSupply)");

/** Blocks of Transfer history read, and the most receivers whose balance is read. */
export const holderScan = { chunkSize: 25_000n, maxCandidates: 200, top: 10 } as const;

/** Fixed-point base of the rebase index: 1.0 is this. */
const indexOne = 10n ** 36n;

/**
 * What the window's Transfer logs brought each address in and took out. `rebased`: what came in,
 * scaled by every logged rebase since it came (equal to `received` when the token logs none).
 */
export type Flow = { received: bigint; sent: bigint; rebased: bigint };

/** A supply change the token logged (LogRebase), with the supply before it as the Transfers and earlier rebases leave it. */
export type LoggedRebase = { epoch: bigint; supplyBefore: bigint; supplyAfter: bigint; block: bigint; transaction: Hash };

export type ReceiverScan = {
  candidates: Address[];
  /** Each candidate's flow in the window, in the order of `candidates`. */
  flows: Flow[];
  /** Every address's flow in the window, candidates or not. */
  flowOf: (address: Address) => Flow;
  /** Minted less burned, by the window's Transfer logs (from and to the zero address). */
  loggedSupply: bigint;
  /** LogRebase events in the window, oldest first. */
  rebases: LoggedRebase[];
  /** Who received the launch's mints (within the launch blocks of the first mint in the window). */
  launchRecipients: Address[];
  /** Who received the token straight from any of `sources` in the window (one step), in log order. */
  receivedFrom: (sources: readonly Address[]) => Address[];
  fromBlock: bigint;
  toBlock: bigint;
  truncated: boolean;
  end: ScanEnd;
  receivers: number;
  window: Window;
  /** The token's catalogued appointment logs in the same window (the same scan), oldest first: where it announced its minters and operators. */
  otherLogs: TokenLog[];
};

/** What the flows and rebases read of each scanned log, not each log whole: each event's own arguments. */
type KeptLog<log = ScannedLog<readonly [typeof transferEvent, typeof rebaseEvent]>> = log extends ScannedLog<readonly [typeof transferEvent, typeof rebaseEvent]> ? Pick<log, "eventName" | "args" | "blockNumber" | "transactionHash"> : never;

/**
 * Round two: the receivers of the window, the largest cumulative receipts first, and the rebases
 * logged beside them (same request). The request also asks for the catalogued appointment events,
 * so the logs that announced its minters and operators come in the same scan, not a second one.
 */
export async function scanReceivers(client: ChainClient, chain: ChainId, token: Address, block: bigint): Promise<ReceiverScan> {
  const window = windowFor("holders", blockInterval(client, chain, block));
  const scan = await scanLogs({
    client,
    address: token,
    events: [transferEvent, rebaseEvent] as const,
    // Transfers and rebases, and the catalogued appointments (a minter configured, a role granted)
    // whose addresses name a permission mapping's members: one scan, bounded to what is read.
    topics: [[toEventSelector(transferEvent), toEventSelector(rebaseEvent), ...appointmentTopics]],
    keepUnmatched: true,
    fromBlock: block > window.blocks ? block - window.blocks + 1n : 0n,
    toBlock: block,
    maxLookbackBlocks: window.blocks,
    chunkSize: holderScan.chunkSize,
    // What the flows and rebases read of each log, not each log whole.
    // One branch an event, so each kept log's arguments stay its event's; the same object either way.
    keep: (log): KeptLog =>
      log.eventName === "LogRebase"
        ? { eventName: log.eventName, args: log.args, blockNumber: log.blockNumber, transactionHash: log.transactionHash }
        : { eventName: log.eventName, args: log.args, blockNumber: log.blockNumber, transactionHash: log.transactionHash },
  });
  const received = new Map<Address, bigint>();
  const sent = new Map<Address, bigint>();
  // Receipts divided by the rebase index at their time: times today's index, what they are worth now.
  const unscaled = new Map<Address, bigint>();
  let index = indexOne;
  let supply = 0n;
  let loggedSupply = 0n;
  const rebases: LoggedRebase[] = [];
  const transfers: { args: { from: Address; to: Address; value: bigint }; blockNumber: bigint }[] = [];
  const logs = scan.logs;
  // Receipts are scaled by the rebase index only when the token logs rebases; without one the index stays 1.
  const rebasing = logs.some((log) => log.eventName === "LogRebase");
  for (const log of logs) {
    if (log.eventName === "LogRebase") {
      const { epoch, totalSupply } = log.args;
      if (supply > 0n) index = (index * totalSupply) / supply;
      rebases.push({ epoch, supplyBefore: supply, supplyAfter: totalSupply, block: log.blockNumber, transaction: log.transactionHash });
      supply = totalSupply;
      continue;
    }
    // Decoded addresses are checksummed already; checksumming 50,000 again took a second in one piece.
    const { from, to, value } = log.args;
    // The kept log itself (its args are exactly these three), not a copy of each.
    transfers.push(log);
    received.set(to, (received.get(to) ?? 0n) + value);
    sent.set(from, (sent.get(from) ?? 0n) + value);
    if (rebasing) unscaled.set(to, (unscaled.get(to) ?? 0n) + (value * indexOne) / index);
    if (from === zeroAddress) {
      supply += value;
      loggedSupply += value;
    }
    if (to === zeroAddress) {
      supply -= value;
      loggedSupply -= value;
    }
  }
  // The maps are keyed by the decoded (checksummed) addresses, so an address asked for is checksummed
  // to find its flow, where copying each map with lower-case keys was 150,000 new strings.
  const flowOf = (address: Address): Flow => {
    const key = checksumAddress(address);
    const inflow = received.get(key) ?? 0n;
    return { received: inflow, sent: sent.get(key) ?? 0n, rebased: rebases.length === 0 ? inflow : ((unscaled.get(key) ?? 0n) * index) / indexOne };
  };
  const candidates = largest(received, holderScan.maxCandidates);
  return {
    candidates,
    flows: candidates.map(flowOf),
    flowOf,
    loggedSupply,
    rebases,
    launchRecipients: [...new Set(launchMints(transfers).map((log) => log.args.to))],
    receivedFrom: (sources) => {
      const from = new Set(sources.map((source) => source.toLowerCase()));
      return [...new Set(transfers.filter((log) => from.has(log.args.from.toLowerCase()) && !from.has(log.args.to.toLowerCase())).map((log) => log.args.to))];
    },
    fromBlock: scan.fromBlock,
    toBlock: scan.toBlock,
    truncated: scan.truncated,
    end: scan.reason,
    receivers: received.size,
    window,
    otherLogs: scan.unmatched
      .filter((log) => log.blockNumber !== null && log.transactionHash !== null)
      .map((log) => ({ topics: log.topics, data: log.data, block: log.blockNumber!, transaction: log.transactionHash! })),
  };
}

/**
 * The `count` keys of the largest values, largest first, ties in the map's order: the head of a
 * stable sort by value, descending, without sorting a busy window's 50,000 receivers.
 */
export function largest<K>(values: ReadonlyMap<K, bigint>, count: number): K[] {
  const top: [K, bigint][] = [];
  for (const entry of values) {
    if (top.length === count && (count === 0 || entry[1] <= top[count - 1][1])) continue;
    // After every entry at least as large: an equal value came first and stays first.
    let low = 0;
    let high = top.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (top[middle][1] >= entry[1]) low = middle + 1;
      else high = middle;
    }
    top.splice(low, 0, entry);
    if (top.length > count) top.pop();
  }
  return top.map(([key]) => key);
}

export function balanceCalls(token: Address, candidates: readonly Address[]) {
  return candidates.map((holder) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] }));
}

export type HolderShare = { address: Address; balance: bigint; shareBps: number; kind: "wallet_or_contract" | "pool" | "venue_contract" | "burn" | "locker" };

export type Concentration = {
  top: HolderShare[];
  setApart: (HolderShare & { kind: Exclude<HolderShare["kind"], "wallet_or_contract"> })[];
  topHolderShareBps: number | null;
  topTenShareBps: number | null;
};

/** Shares of total supply; pools, burn addresses and lockers listed apart from the holders ranked. */
export function concentration(chain: ChainId, totalSupply: bigint, candidates: readonly Address[], balances: readonly CallResult<bigint>[], pools: readonly Address[]): Concentration {
  const poolSet = new Set(pools.map((pool) => pool.toLowerCase()));
  const share = (balance: bigint) => bpsOf(balance, totalSupply) ?? 0;
  const all = candidates
    .map((address, i) => {
      const result = balances[i];
      const balance = result?.status === "success" ? result.result : 0n;
      const kind: HolderShare["kind"] = poolSet.has(address.toLowerCase())
        ? "pool"
        : findVenueContract(chain, address)
          ? "venue_contract"
          : isBurnAddress(chain, address)
            ? "burn"
            : findLocker(chain, address)
              ? "locker"
              : "wallet_or_contract";
      return { address, balance, shareBps: share(balance), kind };
    })
    .filter((holder) => holder.balance > 0n)
    .sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1));
  const ranked = all.filter((holder) => holder.kind === "wallet_or_contract");
  const top = ranked.slice(0, holderScan.top);
  return {
    top,
    setApart: all.filter((holder): holder is HolderShare & { kind: Exclude<HolderShare["kind"], "wallet_or_contract"> } => holder.kind !== "wallet_or_contract"),
    topHolderShareBps: top[0]?.shareBps ?? null,
    topTenShareBps: top.length > 0 ? share(top.reduce((sum, holder) => sum + holder.balance, 0n)) : null,
  };
}

/** A holder's balance off what the window's Transfers (and logged rebases) explain by more than this share of it (basis points). */
export const siphonToleranceBps = 10n;

/** A balance larger than its Transfers explain is hidden when the excess is at least this share of supply (basis points) and at least what they explain. */
export const hiddenBalanceBps = 100n;

export type BalanceShort = { address: Address; received: bigint; expected: bigint; balance: bigint };

/** Balances that moved together with the supply, with no Transfer: the supply's change and how it was told. */
export type RebaseRead = {
  /** logged: the token logged LogRebase; inferred: totalSupply() differs from what the Transfers minted and burned, and the balances moved with it. */
  seen: "logged" | "inferred";
  supplyNow: bigint;
  /** What the Transfers minted less burned: the supply had nothing rebased it. */
  loggedSupply: bigint;
  /** The last logged rebase, or (inferred) the whole change since the first Transfer. */
  last: { epoch: bigint | null; supplyBefore: bigint; supplyAfter: bigint; block: bigint | null; transaction: Hash | null };
  rebases: number;
  /** Holders compared whose balance moved with the supply. */
  scaled: number;
};

export type HiddenBalance = { address: Address; balance: bigint; explained: bigint; excess: bigint; aboveSupply: boolean };

export type BalanceCheck =
  | { checked: false; reason: string; hidden: HiddenBalance[] }
  | {
      checked: true;
      /** Holders that never sent the token in its whole history: their balance can only be what they received, or more (reflections), rebases apart. */
      holders: number;
      /** Those holding less than their Transfers (rebased) brought them. */
      short: BalanceShort[];
      rebase: RebaseRead | null;
      hidden: HiddenBalance[];
    };

/**
 * Balances against the Transfer history: lowered without a Transfer (siphoned), scaled with the
 * supply (a rebase), or larger than any Transfer explains (hidden). Only holders that never sent
 * the token are compared for the first two, over its whole Transfer history: such a holder's
 * balance is at least what it received (reflection tokens add to it, never take), rebases apart.
 * A sender is never compared: a reflection token's Transfer names less than the sender loses.
 * Every address read (`extra` too: the token itself, the deployer, the owner, which can hold a
 * balance no Transfer ever named) is checked for a hidden balance; one above the whole supply
 * needs no history to be impossible.
 */
export function balanceCheck(
  chain: ChainId,
  scan: ReceiverScan,
  read: { address: Address; result: CallResult<bigint> | undefined }[],
  pools: readonly Address[],
  wholeHistory: boolean,
  totalSupply: bigint,
  /** The token's deployer, whose initial supply a token that logs no mint credited without a Transfer. */
  deployer: Address | null = null,
): BalanceCheck {
  const poolSet = new Set(pools.map((pool) => pool.toLowerCase()));
  const apart = (address: Address) => poolSet.has(address.toLowerCase()) || findVenueContract(chain, address) || isBurnAddress(chain, address) || findLocker(chain, address);
  const balances = read.flatMap(({ address, result }) => (result?.status === "success" ? [{ address, balance: result.result }] : []));
  const known = scan.truncated || !wholeHistory ? null : scan;
  const hidden = hiddenBalances(balances, known, totalSupply, apart, deployer);
  if (scan.truncated) return { checked: false, reason: "The token's Transfer history was cut at the scan's cap, so what holders received is not known in full.", hidden };
  if (!wholeHistory) return { checked: false, reason: `The Transfer history read starts at block ${scan.fromBlock}, after the token's first transfers: what holders received before is not known.`, hidden };

  const compared = balances
    .filter(({ address }) => !apart(address))
    .map(({ address, balance }) => ({ address, balance, flow: scan.flowOf(address) }))
    .filter(({ flow }) => flow.sent === 0n && flow.received > 0n);
  const within = (balance: bigint, expected: bigint) => balance * 10_000n >= expected * (10_000n - siphonToleranceBps) && balance * 10_000n <= expected * (10_000n + siphonToleranceBps);
  const below = (balance: bigint, expected: bigint) => balance * 10_000n < expected * (10_000n - siphonToleranceBps);

  // Logged rebases: each holder's receipts scaled by every rebase since.
  if (scan.rebases.length > 0) {
    const short = compared.filter(({ balance, flow }) => below(balance, flow.rebased)).map(({ address, balance, flow }) => ({ address, received: flow.received, expected: flow.rebased, balance }));
    const scaled = compared.filter(({ balance, flow }) => !within(flow.rebased, flow.received) && within(balance, flow.rebased)).length;
    const last = scan.rebases.at(-1)!;
    return {
      checked: true,
      holders: compared.length,
      short,
      rebase: { seen: "logged", supplyNow: totalSupply, loggedSupply: scan.loggedSupply, last: { epoch: last.epoch, supplyBefore: last.supplyBefore, supplyAfter: last.supplyAfter, block: last.block, transaction: last.transaction }, rebases: scan.rebases.length, scaled },
      hidden,
    };
  }
  // No rebase logged, but the supply is not what the Transfers minted and burned: a holder's balance
  // moved with it when it lies between what it received and that scaled by the whole change (a
  // holder who came in after a rebase saw only part of it).
  const drifted = scan.loggedSupply > 0n && !within(totalSupply, scan.loggedSupply);
  if (drifted) {
    const lowRatio = totalSupply < scan.loggedSupply;
    const moved = (balance: bigint, received: bigint) => {
      const scaledFull = (received * totalSupply) / scan.loggedSupply;
      const [low, high] = lowRatio ? [scaledFull, received] : [received, scaledFull];
      return balance * 10_000n >= low * (10_000n - siphonToleranceBps) && balance * 10_000n <= high * (10_000n + siphonToleranceBps);
    };
    const outside = compared.filter(({ balance, flow }) => !moved(balance, flow.received));
    const scaled = compared.filter(({ balance, flow }) => moved(balance, flow.received) && !within(balance, flow.received)).length;
    if (scaled > 0) {
      return {
        checked: true,
        holders: compared.length,
        short: outside.filter(({ balance, flow }) => below(balance, flow.received)).map(({ address, balance, flow }) => ({ address, received: flow.received, expected: flow.received, balance })),
        rebase: { seen: "inferred", supplyNow: totalSupply, loggedSupply: scan.loggedSupply, last: { epoch: null, supplyBefore: scan.loggedSupply, supplyAfter: totalSupply, block: null, transaction: null }, rebases: 0, scaled },
        hidden,
      };
    }
  }
  const short = compared.filter(({ balance, flow }) => below(balance, flow.received)).map(({ address, balance, flow }) => ({ address, received: flow.received, expected: flow.received, balance }));
  return { checked: true, holders: compared.length, short, rebase: null, hidden };
}

/**
 * Balances larger than the Transfer history explains: above the whole supply (impossible however
 * the history reads), or, with the whole history known, an excess over what came in (rebases
 * counted) less what went out of at least `hiddenBalanceBps` of supply and at least that much
 * again (a reflection token's holders gain a little over their Transfers; a credit from nowhere is
 * all excess).
 */
function hiddenBalances(balances: { address: Address; balance: bigint }[], scan: ReceiverScan | null, totalSupply: bigint, apart: (address: Address) => unknown, deployer: Address | null): HiddenBalance[] {
  // Tokens written before the standard said a mint logs a Transfer from zero (0x's ZRX, 2017)
  // credit their whole initial supply to the deployer silently: with no mint ever logged, the
  // deployer's excess within the supply is that credit, not a hidden balance. Above the supply
  // nothing explains it.
  const silentInitialSupply = scan !== null && scan.flowOf(zeroAddress).sent === 0n ? totalSupply : 0n;
  const seen = new Set<string>();
  const found: HiddenBalance[] = [];
  for (const { address, balance } of balances) {
    if (seen.has(address.toLowerCase()) || apart(address)) continue;
    seen.add(address.toLowerCase());
    const aboveSupply = totalSupply > 0n && balance > totalSupply;
    const flow = scan?.flowOf(address) ?? null;
    const inflow = flow === null ? null : flow.rebased > flow.received ? flow.rebased : flow.received;
    const explained = flow === null || inflow === null ? null : inflow > flow.sent ? inflow - flow.sent : 0n;
    const excess = explained === null ? null : balance - explained;
    const initialCredit = deployer !== null && address.toLowerCase() === deployer.toLowerCase() ? silentInitialSupply : 0n;
    const unexplained = excess !== null && excess > initialCredit && excess * 10_000n >= hiddenBalanceBps * totalSupply && excess >= explained!;
    if (aboveSupply || unexplained) found.push({ address, balance, explained: explained ?? 0n, excess: excess ?? balance, aboveSupply });
  }
  return found.sort((a, b) => (a.balance === b.balance ? 0 : a.balance > b.balance ? -1 : 1));
}
