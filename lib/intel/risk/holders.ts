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

export type ReceiverScan = { candidates: Address[]; fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd; receivers: number; window: Window };

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
  for (const log of scan.logs) {
    // Decoded addresses are checksummed already; checksumming 50,000 again took a second in one piece.
    const { to, value } = log.args as { to: Address; value: bigint };
    received.set(to, (received.get(to) ?? 0n) + value);
  }
  const ranked = [...received].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1)).map(([address]) => address);
  return { candidates: ranked.slice(0, holderScan.maxCandidates), fromBlock: scan.fromBlock, toBlock: scan.toBlock, truncated: scan.truncated, end: scan.reason, receivers: received.size, window };
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
