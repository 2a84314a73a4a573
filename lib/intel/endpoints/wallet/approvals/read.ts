// wallet/approvals, read: three rounds (the block; Approval, Permit2 and NFT operator logs; the
// current allowances, identities, spenders' code and pricing pools).
import { pinnedBlock } from "@/lib/chain/node-scope";
import { erc20Abi, getAddress, pad, parseAbi, parseAbiItem, toEventSelector, zeroAddress, type Address } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { erc20Identity, type Erc20Identity } from "@/lib/chain/erc20";
import { scanEndOf, scanLogs } from "@/lib/chain/log-scanner";
import { aggregateGroups, call, valueOrNull, type CallResult } from "@/lib/chain/multicall";
import { discoverReferencePools, marketContext, predictedV2Pairs, quoteAssets, readPools, type Pool } from "@/lib/intel/reads/market";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import type { ScanEnd, ScannedLog } from "@/lib/chain/log-scanner";
import { approvalEvent, type ApprovalLog } from "@/lib/chain/events";

// Permit2 (Uniswap's shared approval contract): its own allowances per (owner, token, spender).
const permit2Events = [
  parseAbiItem("event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)"),
  parseAbiItem("event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)"),
  parseAbiItem("event Lockdown(address indexed owner, address token, address spender)"),
] as const;
const permit2Abi = parseAbi(["function allowance(address user, address token, address spender) view returns (uint160 amount, uint48 expiration, uint48 nonce)"]);

// ERC-721 and ERC-1155 share the event and the getter: an operator over every token of a collection.
const approvalForAllEvent = parseAbiItem("event ApprovalForAll(address indexed owner, address indexed operator, bool approved)");
const operatorAbi = parseAbi(["function isApprovedForAll(address owner, address operator) view returns (bool)"]);

export type OperatorLog = ScannedLog<readonly [typeof approvalForAllEvent]>;

export type Permit2Log = ScannedLog<typeof permit2Events>;

/**
 * How Approval logs are read: from the chain's start, newest first, in wide chunks (logs filtered
 * by owner are sparse; a provider that caps ranges is met at its cap), for at most historyBudgetMs
 * of the request's 15 s deadline. Where the budget runs out first the answer says how many days
 * back the read reached; an approval granted before that is not seen.
 */
export const approvalScan = { chunkSize: 2_000_000n, concurrency: 5, historyBudgetMs: 6_000 } as const;

export type ApprovalGrants = {
  chain: ChainId;
  wallet: Address;
  block: bigint;
  scan: { fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd };
  /** The latest Approval of each (token, spender), with what allowance() answers for the pair at the read block. */
  grants: { log: ApprovalLog; allowance: CallResult<bigint> }[];
  identityOf: Map<Address, Erc20Identity>;
  spenderIsContract: Map<Address, boolean>;
  /** The latest Permit2 Approval or Permit of each (token, spender), with allowance(owner, token, spender) at the read block. */
  permit2Grants: { log: Permit2Log; allowance: CallResult<readonly [bigint, number, number]> }[];
  permit2: Address;
  /** The latest ApprovalForAll of each (collection, operator), with isApprovedForAll at the read block. */
  operatorGrants: { log: OperatorLog; approved: CallResult<boolean> }[];
  /** Unix seconds of each grant's block, and of the read block. */
  timeOf: Map<bigint, bigint>;
  /** The wallet's balance of each token it granted on (ERC-20 or Permit2); null where balanceOf did not answer. */
  balanceOf: Map<Address, bigint | null>;
  /** The pools that price the network's quote assets (the native coin against the stablecoins, the further quote assets against it). */
  referencePools: Pool[];
  /** The granted tokens' own V2-style pairs against the wrapped native coin and the stablecoins (those that exist), which price them. */
  tokenPools: Pool[];
};

/** Most granted tokens (not quote assets) whose own pairs are read to price them, in the order first granted. */
export const maxPricedTokens = 20;

/**
 * wallet/approvals, read: three rounds. The block; the wallet's Approval logs over its whole
 * history, newest first, as far as the provider serves them within a time budget (revoke tools
 * exist for the old unlimited approvals a fixed window hides), and beside them its Permit2 Approval, Permit and Lockdown logs; then the current
 * allowance of every (token, spender) pair seen — the token's allowance() for ERC-20 grants,
 * Permit2's allowance(owner, token, spender) for Permit2 grants, with its expiration — the tokens'
 * identities, the spenders' code and the grant blocks' times (the read block's too). NFT
 * operators (ApprovalForAll on ERC-721 and ERC-1155 collections) are read the same way and
 * confirmed with isApprovedForAll. The pools that price what is at risk are read beside the
 * allowances: the reference pools (found beside the scans) and each granted token's V2-style pairs
 * (at their CREATE2 addresses, so no call finds them).
 */
export async function readApprovalGrants(input: { chain: ChainId; wallet: Address; client: ChainClient }): Promise<ApprovalGrants> {
  const { chain, wallet, client } = input;
  const network = getNetwork(chain);
  const block = pinnedBlock() ?? (await client.getBlockNumber({ cacheTime: 0 }));
  // The same history, chunks and budget for every grant kind.
  const inWindow = { client, fromBlock: 0n, toBlock: block, maxLookbackBlocks: block + 1n, chunkSize: approvalScan.chunkSize, concurrency: approvalScan.concurrency, deadline: Date.now() + approvalScan.historyBudgetMs };
  const ctx = marketContext({ client, chain, block });
  const [scan, permit2Scan, operatorScan, referenceCandidates] = await Promise.all([
    scanLogs({ ...inWindow, events: [approvalEvent] as const, args: { owner: wallet } }),
    scanLogs({ ...inWindow, address: network.permit2, events: permit2Events, topics: [permit2Events.map((event) => toEventSelector(event)), pad(wallet, { size: 32 })] }),
    scanLogs({ ...inWindow, events: [approvalForAllEvent] as const, args: { owner: wallet } }),
    // Wallet-independent: asked beside the scans so pricing adds no round.
    discoverReferencePools(ctx),
  ]);
  // The latest Approval of each (token, spender) is the grant that stands, if any does.
  const latest = new Map<string, ApprovalLog>();
  for (const log of scan.logs) latest.set(`${log.address.toLowerCase()}:${log.args.spender.toLowerCase()}`, log);
  const grants = [...latest.values()];
  // Permit2's: the latest grant of each pair; a Lockdown only zeroes what allowance() then answers.
  const latestPermit2 = new Map<string, Permit2Log>();
  for (const log of permit2Scan.logs) {
    if (log.eventName !== "Lockdown") latestPermit2.set(`${log.args.token.toLowerCase()}:${log.args.spender.toLowerCase()}`, log);
  }
  const permit2Grants = [...latestPermit2.values()];
  const latestOperator = new Map<string, OperatorLog>();
  for (const log of operatorScan.logs) latestOperator.set(`${log.address.toLowerCase()}:${log.args.operator.toLowerCase()}`, log);
  // One that was set to false last is gone; the getter confirms the ones set to true.
  const operatorGrants = [...latestOperator.values()].filter((log) => log.args.approved);
  const tokens = [...new Set([...grants.map((grant) => getAddress(grant.address)), ...permit2Grants.map((grant) => grant.args.token)])];
  const spenders = [...new Set([...grants.map((grant) => getAddress(grant.args.spender)), ...permit2Grants.map((grant) => grant.args.spender), ...operatorGrants.map((grant) => grant.args.operator)])];
  const scans = [scan, permit2Scan, operatorScan];
  // Where every kind's read reached: the latest of their starts. Its time dates the window.
  const coveredFrom = scans.reduce((latestStart, entry) => (entry.fromBlock > latestStart ? entry.fromBlock : latestStart), 0n);
  const blocks = [...new Set([block, coveredFrom, ...grants.map((grant) => grant.blockNumber), ...permit2Grants.map((grant) => grant.blockNumber), ...operatorGrants.map((grant) => grant.blockNumber)])];

  // Each granted token that is no quote asset is priced by its own V2-style pairs, whose CREATE2
  // addresses need no call: they are read beside the allowances, so pricing adds no round.
  const quoteSet = new Set(quoteAssets({ network }, zeroAddress).map((quote) => quote.address.toLowerCase()));
  const pairCandidates = tokens.filter((token) => !quoteSet.has(token.toLowerCase())).slice(0, maxPricedTokens).flatMap((token) => predictedV2Pairs({ network }, token));
  const [allowances, identities, codes, headers, pools] = await Promise.all([
    aggregateGroups({ client, network, block }, {
      allowances: grants.map((grant) => call({ address: grant.address, abi: erc20Abi, functionName: "allowance", args: [wallet, grant.args.spender] })),
      permit2: permit2Grants.map((grant) => call({ address: network.permit2, abi: permit2Abi, functionName: "allowance", args: [wallet, grant.args.token, grant.args.spender] })),
      operators: operatorGrants.map((grant) => call({ address: grant.address, abi: operatorAbi, functionName: "isApprovedForAll", args: [wallet, grant.args.operator] })),
      balances: tokens.map((token) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] })),
    }),
    Promise.all(tokens.map((token) => erc20Identity(client, token, { blockNumber: block }))),
    Promise.all(spenders.map((spender) => client.getCode({ address: spender, blockNumber: block }))),
    Promise.all(blocks.map((blockNumber) => client.getBlock({ blockNumber }))),
    readPools(ctx, [...referenceCandidates, ...pairCandidates]),
  ]);
  const referencePools = pools.slice(0, referenceCandidates.length);
  const tokenPools = pools.slice(referenceCandidates.length).filter((pool) => (pool.reserves?.quote ?? 0n) > 0n);
  const reads = {
    fromBlock: coveredFrom,
    truncated: scans.some((entry) => entry.truncated),
    end: scanEndOf(...scans.map((entry) => entry.reason)),
  };
  return {
    chain,
    wallet,
    block,
    scan: { fromBlock: reads.fromBlock, toBlock: scan.toBlock, truncated: reads.truncated, end: reads.end },
    grants: grants.map((log, i) => ({ log, allowance: allowances.allowances[i] })),
    permit2Grants: permit2Grants.map((log, i) => ({ log, allowance: allowances.permit2[i] })),
    permit2: network.permit2,
    operatorGrants: operatorGrants.map((log, i) => ({ log, approved: allowances.operators[i] })),
    identityOf: new Map(tokens.map((token, i) => [token, identities[i]])),
    spenderIsContract: new Map(spenders.map((spender, i) => [spender, Boolean(codes[i] && codes[i] !== "0x")])),
    timeOf: new Map(headers.map((header) => [header.number, header.timestamp])),
    balanceOf: new Map(tokens.map((token, i) => [token, valueOrNull(allowances.balances[i])])),
    referencePools,
    tokenPools,
  };
}
