// The pieces that keep a busy token's history reads to one pass: why-down taking its window's
// transfers from the team read's scan only when that scan holds every one of them, the holders'
// largest receivers picked without sorting them all (the same head as the stable sort), and each
// linked wallet's last transfer found in one pass (what a pass per wallet found).
import { describe, expect, it } from "vitest";
import type { Address, Hash } from "viem";
import { defaultMaxLogs } from "@/lib/chain/log-scanner";
import { largest } from "@/lib/intel/endpoints/intel/risk/holders";
import { sameAddress } from "@/lib/intel/reads/market";
import { lastActivities } from "@/lib/intel/reads/team-links/links";
import type { TeamTransferScan } from "@/lib/intel/reads/team-links/read";
import type { TransferLog } from "@/lib/chain/events";
import { transfersFromTeam } from "@/lib/intel/endpoints/intel/why-down/read";

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const token = address(0xfeed);
const transfer = (block: number, from: number, to: number, logIndex = 0): TransferLog => ({
  address: token,
  args: { from: address(from), to: address(to), value: BigInt(block) },
  transactionHash: `0x${block.toString(16).padStart(64, "0")}` as Hash,
  blockNumber: BigInt(block),
  logIndex,
});

function teamScan(logs: TransferLog[], fromBlock: bigint, toBlock = 1_000n, undecoded = 0): TeamTransferScan {
  return { logs, fromBlock, toBlock, truncated: fromBlock > 0n, undecoded, unmatched: [], reason: fromBlock > 0n ? "cap_reached" : "history_start", requests: 1 };
}

describe("why-down's window from the team read's scan", () => {
  const logs = [transfer(100, 1, 2), transfer(850, 1, 3), transfer(900, 2, 3), transfer(1_000, 3, 4)];
  // The window asks for the blocks after 799 through 1,000, looking back at most 200 blocks: it starts at 801.
  const window = { fromBlock: 800n, toBlock: 1_000n, maxLookbackBlocks: 200n };

  it("takes the window's logs when the team's scan covered its first block", () => {
    expect(transfersFromTeam(teamScan(logs, 0n), window)).toEqual({ logs: logs.slice(1), fromBlock: 801n, truncated: true });
    expect(transfersFromTeam(teamScan(logs, 801n), window)).toEqual({ logs: logs.slice(1), fromBlock: 801n, truncated: true });
    expect(transfersFromTeam(teamScan(logs, 0n), { ...window, maxLookbackBlocks: 1_000n })).toEqual({ logs: logs.slice(1), fromBlock: 800n, truncated: false });
  });

  it("leaves the window to its own scan when the team's stopped short of it, read to another block, or the window's logs reach a scan's cap", () => {
    expect(transfersFromTeam(teamScan(logs, 802n), window)).toBeUndefined();
    expect(transfersFromTeam(teamScan(logs, 0n, 999n), window)).toBeUndefined();
    expect(transfersFromTeam(teamScan(logs, 0n, 1_000n, defaultMaxLogs - 3), window)).toBeUndefined();
    expect(transfersFromTeam(teamScan(logs, 0n, 1_000n, defaultMaxLogs - 4), window)).toBeDefined();
  });
});

describe("the largest receivers", () => {
  it("are the head of the stable sort by value, ties in the map's order", () => {
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (const count of [0, 1, 5, 200]) {
      const values = new Map(Array.from({ length: 1_000 }, (_, i) => [address(i), BigInt(random() % 50)] as const));
      const sorted = [...values].sort((a, b) => (a[1] === b[1] ? 0 : a[1] > b[1] ? -1 : 1)).map(([key]) => key);
      expect(largest(values, count)).toEqual(sorted.slice(0, count));
    }
  });
});

describe("each linked wallet's last transfer", () => {
  it("is the last of its transfers in or out, as a pass per wallet finds it", () => {
    const logs = [transfer(1, 0, 5), transfer(2, 5, 6), transfer(3, 7, 8), transfer(3, 6, 9, 1), transfer(4, 8, 7)];
    const wallets = [5, 6, 7, 10].map(address);
    const last = lastActivities(logs, wallets);
    const activityOf = (wallet: Address) => logs.filter((log) => sameAddress(log.args.from, wallet) || sameAddress(log.args.to, wallet));
    for (const wallet of wallets) expect(last.get(wallet.toLowerCase())).toBe(activityOf(wallet).at(-1));
    expect(last.get(address(6).toLowerCase())).toBe(logs[3]);
  });
});
