// wallet/approvals, read: three rounds. The block; the wallet's Approval logs (bounded
// look-back); then the current allowance of every (token, spender) pair seen, the tokens'
// identities, the spenders' code and the grant blocks' times.
import { pinnedBlock } from "@/lib/chain/pinned-block";
import { erc20Abi, getAddress, parseAbiItem, type Address, type Hash } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { erc20Identity, type Erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { aggregate, type CallResult } from "@/lib/chain/multicall";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { blockInterval } from "@/lib/chain/block-interval";
import { windowFor, type Window } from "@/lib/intel/windows";
import type { ScanEnd } from "@/lib/chain/log-scanner";

const approvalEvent = parseAbiItem("event Approval(address indexed owner, address indexed spender, uint256 value)");

/** How far back Approval logs are read; an approval granted before it is not seen (said in the answer). */
export const approvalScan = { chunkSize: 200_000n, concurrency: 5 } as const;

export type ApprovalLog = { address: Address; args: { owner: Address; spender: Address; value: bigint }; transactionHash: Hash; blockNumber: bigint; logIndex: number };

export type ApprovalGrants = {
  chain: ChainId;
  wallet: Address;
  block: bigint;
  scan: { fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd; window: Window };
  /** The latest Approval of each (token, spender), with what allowance() answers for the pair at the read block. */
  grants: { log: ApprovalLog; allowance: CallResult }[];
  identityOf: Map<Address, Erc20Identity>;
  spenderIsContract: Map<Address, boolean>;
  /** Unix seconds of each grant's block. */
  timeOf: Map<bigint, bigint>;
};

export async function readApprovalGrants(input: { chain: ChainId; wallet: Address; client: ChainClient }): Promise<ApprovalGrants> {
  const { chain, wallet, client } = input;
  const network = getNetwork(chain);
  const block = pinnedBlock() ?? (await client.getBlockNumber({ cacheTime: 0 }));
  const window = windowFor("approvals", blockInterval(client, chain, block));
  const scan = await scanLogs({
    client,
    events: [approvalEvent] as const,
    args: { owner: wallet },
    fromBlock: 0n,
    toBlock: block,
    maxLookbackBlocks: window.blocks,
    chunkSize: approvalScan.chunkSize,
    concurrency: approvalScan.concurrency,
  });
  // The latest Approval of each (token, spender) is the grant that stands, if any does.
  const latest = new Map<string, ApprovalLog>();
  for (const log of scan.logs as unknown as ApprovalLog[]) latest.set(`${log.address.toLowerCase()}:${log.args.spender.toLowerCase()}`, log);
  const grants = [...latest.values()];
  const tokens = [...new Set(grants.map((grant) => getAddress(grant.address)))];
  const spenders = [...new Set(grants.map((grant) => getAddress(grant.args.spender)))];
  const blocks = [...new Set(grants.map((grant) => grant.blockNumber))];

  const [allowances, identities, codes, headers] = await Promise.all([
    aggregate({ client, network, block }, grants.map((grant) => ({ address: grant.address, abi: erc20Abi, functionName: "allowance", args: [wallet, grant.args.spender] }))),
    Promise.all(tokens.map((token) => erc20Identity(client, token, { blockNumber: block }))),
    Promise.all(spenders.map((spender) => client.getCode({ address: spender, blockNumber: block }))),
    Promise.all(blocks.map((blockNumber) => client.getBlock({ blockNumber }))),
  ]);
  return {
    chain,
    wallet,
    block,
    scan: { fromBlock: scan.fromBlock, toBlock: scan.toBlock, truncated: scan.truncated, end: scan.reason, window },
    grants: grants.map((log, i) => ({ log, allowance: allowances[i] })),
    identityOf: new Map(tokens.map((token, i) => [token, identities[i]])),
    spenderIsContract: new Map(spenders.map((spender, i) => [spender, Boolean(codes[i] && codes[i] !== "0x")])),
    timeOf: new Map(headers.map((header) => [header.number, header.timestamp])),
  };
}
