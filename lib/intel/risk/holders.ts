// Holder concentration: who received the token in a bounded window of Transfer logs, then
// what each of the largest receivers holds at the pinned block. Pools, burn addresses and
// recognised lockers are set apart, since their balances are not a wallet's to sell.
import { erc20Abi, parseAbiItem, type Address } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { scanLogs, type ScanEnd } from "@/lib/chain/log-scanner";
import { type CallResult, type ContractCall } from "@/lib/chain/multicall";
import { findLocker, findVenueContract, isBurnAddress, type ChainId } from "@/lib/chain/networks";
import { bpsOf } from "@/lib/intel/market";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/windows";

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** Blocks of Transfer history read, and the most receivers whose balance is read. */
export const holderScan = { chunkSize: 25_000n, maxCandidates: 200, top: 10 } as const;

/** What the window's Transfer logs brought each address in and took out. */
export type Flow = { received: bigint; sent: bigint };

export type ReceiverScan = {
  candidates: Address[];
  /** Each candidate's flow in the window, in the order of `candidates`. */
  flows: Flow[];
  fromBlock: bigint;
  toBlock: bigint;
  truncated: boolean;
  end: ScanEnd;
  receivers: number;
  window: Window;
};

/** Round two: the receivers of the window, the largest cumulative receipts first. */
export async function scanReceivers(client: ChainClient, chain: ChainId, token: Address, block: bigint): Promise<ReceiverScan> {
  const window = windowFor("holders", blockInterval(client, chain, block));
  const scan = await scanLogs({
    client,
    address: token,
    events: [transferEvent] as const,
    fromBlock: block > window.blocks ? block - window.blocks + 1n : 0n,
    toBlock: block,
    maxLookbackBlocks: window.blocks,
    chunkSize: holderScan.chunkSize,
  });
  const received = new Map<Address, bigint>();
  const sent = new Map<Address, bigint>();
  for (const log of scan.logs) {
    // Decoded addresses are checksummed already; checksumming 50,000 again took a second in one piece.
    const { from, to, value } = log.args as { from: Address; to: Address; value: bigint };
    received.set(to, (received.get(to) ?? 0n) + value);
    sent.set(from, (sent.get(from) ?? 0n) + value);
  }
  const ranked = [...received].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1)).map(([address]) => address);
  const candidates = ranked.slice(0, holderScan.maxCandidates);
  const flows = candidates.map((address) => ({ received: received.get(address) ?? 0n, sent: sent.get(address) ?? 0n }));
  return { candidates, flows, fromBlock: scan.fromBlock, toBlock: scan.toBlock, truncated: scan.truncated, end: scan.reason, receivers: received.size, window };
}

export function balanceCalls(token: Address, candidates: readonly Address[]): ContractCall[] {
  return candidates.map((holder) => ({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] }));
}

export type HolderShare = { address: Address; balance: bigint; shareBps: number; kind: "wallet_or_contract" | "pool" | "venue_contract" | "burn" | "locker" };

export type Concentration = {
  top: HolderShare[];
  setApart: HolderShare[];
  topHolderShareBps: number | null;
  topTenShareBps: number | null;
};

/** Shares of total supply; pools, burn addresses and lockers listed apart from the holders ranked. */
export function concentration(chain: ChainId, totalSupply: bigint, candidates: readonly Address[], balances: readonly CallResult[], pools: readonly Address[]): Concentration {
  const poolSet = new Set(pools.map((pool) => pool.toLowerCase()));
  const share = (balance: bigint) => bpsOf(balance, totalSupply) ?? 0;
  const all = candidates
    .map((address, i) => {
      const result = balances[i];
      const balance = result?.status === "success" ? (result.result as bigint) : 0n;
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
    setApart: all.filter((holder) => holder.kind !== "wallet_or_contract"),
    topHolderShareBps: top[0]?.shareBps ?? null,
    topTenShareBps: top.length > 0 ? share(top.reduce((sum, holder) => sum + holder.balance, 0n)) : null,
  };
}

/** A holder's balance below what the window's Transfers brought it by more than this share of it (basis points) is lowered without a Transfer. */
export const siphonToleranceBps = 10n;

export type SiphonCheck =
  | { checked: false; reason: string }
  | {
      checked: true;
      /** Holders that never sent the token in its whole history: their balance can only be what they received, or more (reflections). */
      holders: number;
      short: { address: Address; received: bigint; balance: bigint }[];
    };

/**
 * Balances lowered without a Transfer event. Only holders that never sent the token are compared,
 * and only over the token's whole Transfer history: such a holder's balance is at least what it
 * received (reflection tokens add to it, never take), so less means tokens left it with no log.
 * A sender is never compared: a reflection token's Transfer names less than the sender loses.
 */
export function siphonCheck(chain: ChainId, scan: ReceiverScan, balances: readonly CallResult[], pools: readonly Address[], wholeHistory: boolean): SiphonCheck {
  if (scan.truncated) return { checked: false, reason: "The token's Transfer history was cut at the scan's cap, so what holders received is not known in full." };
  if (!wholeHistory) return { checked: false, reason: `The Transfer history read starts at block ${scan.fromBlock}, after the token's first transfers: what holders received before is not known.` };
  const poolSet = new Set(pools.map((pool) => pool.toLowerCase()));
  const short: { address: Address; received: bigint; balance: bigint }[] = [];
  let holders = 0;
  scan.candidates.forEach((address, index) => {
    const flow = scan.flows[index];
    const result = balances[index];
    if (!flow || flow.sent > 0n || flow.received === 0n || result?.status !== "success") return;
    if (poolSet.has(address.toLowerCase()) || findVenueContract(chain, address) || isBurnAddress(chain, address) || findLocker(chain, address)) return;
    holders++;
    const balance = result.result as bigint;
    if (balance * 10_000n < flow.received * (10_000n - siphonToleranceBps)) short.push({ address, received: flow.received, balance });
  });
  return { checked: true, holders, short };
}
