// Who holds an AccessControl role on a contract: its RoleGranted and RoleRevoked logs replayed,
// each holder confirmed with hasRole at the read block (contract/analysis and team-wallets).
import { getAddress, type Address, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { scanLogs } from "@/lib/chain/log-scanner";
import { call } from "@/lib/chain/multicall";
import { accessControlAbi, roleGranted, roleRevoked } from "./abis";

/** How far back role grants are scanned when the deployment block is unknown. */
const roleScanLookback = 200_000n;

/**
 * AccessControl grants and revocations in the look-back window, replayed to the accounts
 * that should still hold a role. The scan starts before the deployment block is known (so
 * it shares a round with the deployer read); no log can predate the contract anyway.
 */
export async function scanRoleGrants(at: { client: ChainClient; block: bigint }, address: Address) {
  const start = at.block > roleScanLookback ? at.block - roleScanLookback : 0n;
  const scan = await scanLogs({ client: at.client, address, events: [roleGranted, roleRevoked] as const, fromBlock: start, toBlock: at.block, maxLookbackBlocks: roleScanLookback, chunkSize: 50_000n });
  const holders = new Map<string, { role: Hex; account: Address }>();
  for (const log of scan.logs) {
    const { role, account } = log.args;
    const id = `${role}:${account}`;
    if (log.eventName === "RoleGranted") holders.set(id, { role, account: getAddress(account) });
    else holders.delete(id);
  }
  return { holders: [...holders.values()], truncated: scan.truncated, fromBlock: scan.fromBlock };
}
export type RoleGrants = Awaited<ReturnType<typeof scanRoleGrants>>;

/** The calls that confirm each replayed holder with hasRole at the read block. */
export function roleChecks(address: Address, grants: RoleGrants) {
  return grants.holders.map((holder) => call({ address, abi: accessControlAbi, functionName: "hasRole", args: [holder.role, holder.account] }));
}
