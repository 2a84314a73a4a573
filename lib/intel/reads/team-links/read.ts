// The team's linked wallets, read in three rounds (intel/team-wallets presents them; why-down
// weighs their sells).
import { erc20Abi, type Address, type Hash, type Hex, type TransactionReceipt } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { scanLogs, type ScanLogsResult } from "@/lib/chain/log-scanner";
import { aggregate, aggregateGroups, call, valueOrNull, type CallResult } from "@/lib/chain/multicall";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { ownableAbi } from "@/lib/intel/reads/control/abis";
import { addressInSlot } from "@/lib/intel/reads/control/proxy";
import { roleChecks, scanRoleGrants, type RoleGrants } from "@/lib/intel/reads/control/role-grants";
import type { PoolCandidate } from "@/lib/intel/reads/market";
import type { Creation } from "@/lib/intel/reads/token/deployer";
import type { BridgedToken, TokenFirstRound } from "@/lib/intel/reads/token/first-round";
import { transferEvent, transferLogOf, type TransferLog } from "@/lib/chain/events";
import { isPool, lastActivities, linkTeam, teamScan, type Linked } from "./links";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/answers/windows";
import type { ScanEnd } from "@/lib/chain/log-scanner";


export type TeamReading = {
  chain: ChainId;
  token: Address;
  block: bigint;
  identity: Erc20Identity;
  pools: PoolCandidate[];
  creation: Creation | null;
  /** owner(), unless renounced: a renounced owner is no one to link. */
  owner: Address | null;
  admin: Address | null;
  transfers: { logs: TransferLog[]; fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd; window: Window };
  /** The launch mint: the first mint in the history read. */
  firstMint: TransferLog | undefined;
  /** The chain's standard bridge mints the token: its mints link no one. */
  bridged: BridgedToken | null;
  /** Every wallet linked, role holders still unconfirmed. */
  linked: Linked[];
  roleGrants: RoleGrants;
  /** balanceOf each linked wallet, and hasRole of each replayed grant. */
  checks: { balances: CallResult<bigint>[]; roles: CallResult<boolean>[] };
  codes: (Hex | undefined)[];
  /** Transfers from linked wallets into the token's pools: the candidates for sells. */
  toPools: TransferLog[];
  /** Each linked wallet's last transfer in the history read, by lower-case address. */
  lastActivity: Map<string, TransferLog>;
  receiptOf: Map<Hash, TransactionReceipt>;
  timeOf: Map<bigint, bigint>;
};

/** The team read's Transfer history scan, as it came: what a read beside it (why-down) may take its own window from. */
export type TeamTransferScan = ScanLogsResult<readonly [typeof transferEvent], TransferLog>;

/**
 * The team's linked wallets, read (intel/team-wallets presents them; why-down weighs their sells): three rounds.
 *
 *   1. at the latest block (the shared first round): the block, the EIP-1967 admin slot,
 *      owner(), the deployer, the ERC-20 identity and the token's pools;
 *   2. pinned to that block: the token's Transfer history, the proxy admin's owner, and
 *      (Ethereum) the AccessControl grants;
 *   3. for every wallet those link to the team: balance, code and role checks, and the receipts
 *      and times of what the linked wallets did.
 *
 * `share.transfers` is handed the Transfer history scan as it starts (round 2), for a read running beside this one.
 */
export async function readTeam(first: TokenFirstRound, share: { transfers?: (scan: Promise<TeamTransferScan>) => void } = {}): Promise<TeamReading> {
  const { client, chain, token } = first;
  const network = getNetwork(chain);

  // Round 1, at the answer's block (the latest outside an answer).
  const [head, adminWord, ownerRead, creation, identity, discovery, bridged] = await Promise.all([first.head(), first.adminSlot(), first.owner(), first.creation(), first.identity(), first.pools(), first.bridged()]);
  const block = head.number;
  const admin = addressInSlot(adminWord);
  const owner = ownerRead.renounced ? null : ownerRead.address;

  // Round 2: the Transfer history, the proxy admin's owner, and (Ethereum) role grants.
  const window = windowFor("team", blockInterval(client, chain, block));
  const transferScan = scanLogs({ client, address: token, events: [transferEvent] as const, fromBlock: 0n, toBlock: block, maxLookbackBlocks: window.blocks, chunkSize: teamScan.chunkSize, keep: transferLogOf });
  share.transfers?.(transferScan);
  const [transfers, [adminOwnerRead], grants] = await Promise.all([
    transferScan,
    aggregate({ client, network, block }, admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []).then((results) => (results.length ? results : [undefined])),
    chain === "eth" ? scanRoleGrants({ client, block }, token) : null,
  ]);
  const logs = transfers.logs;
  const roleGrants = grants ?? { holders: [], truncated: false, fromBlock: 0n };
  const pools = discovery.candidates;
  const { linked, firstMint } = linkTeam({
    chain,
    token,
    block,
    pools,
    bridged: bridged !== null,
    deployer: creation ? { address: creation.deployer, transaction: creation.transaction } : null,
    owner,
    admin,
    adminOwner: valueOrNull(adminOwnerRead),
    logs,
    roleHolders: roleGrants.holders,
  });

  // Round 3: balances, code and role checks; receipts and times of what the linked wallets did.
  const linkedKeys = new Set(linked.map((wallet) => wallet.address.toLowerCase()));
  const toPools = logs.filter((log) => linkedKeys.has(log.args.from.toLowerCase()) && isPool(pools, log.args.to));
  const lastActivity = lastActivities(logs, linked.map((wallet) => wallet.address));
  const lastBlocks = linked.map((wallet) => lastActivity.get(wallet.address.toLowerCase())?.blockNumber).filter((b): b is bigint => b !== undefined);
  const neededBlocks = [...new Set([...lastBlocks, ...toPools.map((log) => log.blockNumber)])];
  const [checks, codes, receipts, headers] = await Promise.all([
    aggregateGroups({ client, network, block }, { balances: linked.map((wallet) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet.address] })), roles: roleChecks(token, roleGrants) }),
    Promise.all(linked.map((wallet) => client.getCode({ address: wallet.address, blockNumber: block }))),
    Promise.all([...new Set(toPools.map((log) => log.transactionHash))].map((hash) => client.getTransactionReceipt({ hash }))),
    Promise.all(neededBlocks.map((blockNumber) => client.getBlock({ blockNumber }))),
  ]);

  return {
    chain,
    token,
    block,
    identity,
    pools,
    creation,
    owner,
    admin,
    transfers: { logs, fromBlock: transfers.fromBlock, toBlock: transfers.toBlock, truncated: transfers.truncated, end: transfers.reason, window },
    firstMint,
    bridged,
    linked,
    roleGrants,
    checks,
    codes,
    toPools,
    lastActivity,
    receiptOf: new Map(receipts.map((receipt) => [receipt.transactionHash, receipt])),
    timeOf: new Map(headers.map((header) => [header.number, header.timestamp])),
  };
}
