// POST /v1/api/wallet/approvals — every live ERC-20 spending approval of a wallet. Three rounds:
// the block; the wallet's Approval logs (bounded look-back); then the current allowance of
// every (token, spender) pair seen, the tokens' identities, the spenders' code and the grant
// blocks' times. An approval set back to zero is gone; the allowance shown is the one the
// token reports now, not the logged value (spending lowers it without a log on many tokens).
import { erc20Abi, getAddress, parseAbiItem, type Address, type Hash } from "viem";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { aggregate, valueOrNull } from "@/lib/chain/multicall";
import { getNetwork, labelKnownAddress, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import type { Provenance } from "@/lib/intel/provenance";
import { approvalsPageDefaults } from "@/lib/schemas/requests";
import { amount, isoTime, tokenView } from "@/lib/intel/present";

const approvalEvent = parseAbiItem("event Approval(address indexed owner, address indexed spender, uint256 value)");

/** How far back Approval logs are read; an approval granted before it is not seen (said in the answer). */
export const approvalScan = { lookbackBlocks: 1_000_000n, chunkSize: 200_000n, concurrency: 5 } as const;

/** From this allowance up, an approval reads as unlimited (max uint256, and what is left of it after spending on tokens that lower it). */
export const unlimitedFrom = 2n ** 255n;

type ApprovalLog = { address: Address; args: { owner: Address; spender: Address; value: bigint }; transactionHash: Hash; blockNumber: bigint; logIndex: number };

export async function readApprovals(input: { chain: ChainId; wallet: Address; limit?: number; offset?: number; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  const network = getNetwork(chain);
  const limit = input.limit ?? approvalsPageDefaults.limit;
  const offset = input.offset ?? 0;

  return readChain(chain, async () => {
    const block = await client.getBlockNumber({ cacheTime: 0 });
    const scan = await scanLogs({
      client,
      events: [approvalEvent] as const,
      args: { owner: wallet },
      fromBlock: 0n,
      toBlock: block,
      maxLookbackBlocks: approvalScan.lookbackBlocks,
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
    const identityOf = new Map(tokens.map((token, i) => [token, identities[i]]));
    const isContract = new Map(spenders.map((spender, i) => [spender, Boolean(codes[i] && codes[i] !== "0x")]));
    const timeOf = new Map(headers.map((header) => [header.number, header.timestamp]));

    const unreadable: Address[] = [];
    const live = grants
      .map((grant, i) => {
        const allowance = valueOrNull<bigint>(allowances[i]);
        if (allowance === null) unreadable.push(getAddress(grant.address));
        return { grant, allowance };
      })
      .filter((entry): entry is { grant: ApprovalLog; allowance: bigint } => entry.allowance !== null && entry.allowance > 0n)
      .sort((a, b) => {
        const unlimited = Number(b.allowance >= unlimitedFrom) - Number(a.allowance >= unlimitedFrom);
        return unlimited !== 0 ? unlimited : a.grant.blockNumber === b.grant.blockNumber ? b.grant.logIndex - a.grant.logIndex : a.grant.blockNumber > b.grant.blockNumber ? -1 : 1;
      });

    const page = live.slice(offset, offset + limit).map(({ grant, allowance }) => {
      const token = getAddress(grant.address);
      const spender = getAddress(grant.args.spender);
      const identity = identityOf.get(token);
      const known = labelKnownAddress(chain, spender);
      return {
        token: tokenView(token, identity),
        spender: { address: spender, label: known?.label ?? null, kind: known?.kind ?? null, is_contract: isContract.get(spender) ?? null },
        allowance: amount(allowance, identity?.decimals.value),
        unlimited: allowance >= unlimitedFrom,
        granted: { transaction: grant.transactionHash, block: Number(grant.blockNumber), time: isoTime(timeOf.get(grant.blockNumber)!) },
      };
    });

    const unavailable: Record<string, string> = {};
    const provenance: Record<string, Provenance> = { approvals: "verified_onchain", "approvals.spender.label": "augmented", total: "verified_onchain", window: "verified_onchain", limitations: "interpretation" };
    if (unreadable.length > 0) unavailable.approvals = `allowance() did not answer on ${[...new Set(unreadable)].join(", ")}; those approvals are left out rather than guessed.`;
    return {
      chain,
      block,
      provenance,
      honestEmpty: live.length === 0,
      data: {
        wallet,
        approvals: page,
        total: live.length,
        unlimited_total: live.filter((entry) => entry.allowance >= unlimitedFrom).length,
        page: { limit, offset, returned: page.length, has_more: offset + page.length < live.length },
        window: { from_block: Number(scan.fromBlock), to_block: Number(scan.toBlock), truncated: scan.truncated },
        limitations: [
          `Approvals come from the wallet's Approval logs in blocks ${scan.fromBlock} to ${scan.toBlock} (the last ${approvalScan.lookbackBlocks} blocks on ${network.displayName}); an approval granted earlier and never touched since is not seen.`,
          "Each allowance is what the token's allowance() answers at the read block. Permit2 allowances are not read in this version.",
          `Unlimited means an allowance of at least 2^255 (the maximum, or what remains of it on tokens that lower it when spent).`,
        ],
        unavailable,
      },
    };
  });
}

export const approvalsIntel: EndpointImplementation<RequestOf<"wallet/approvals">> = async ({ input }) => {
  const result = await readApprovals({ chain: input.chain, wallet: input.address, limit: input.limit, offset: input.offset });
  return {
    data: result.data,
    honestEmpty: result.honestEmpty,
    meta: chainReadMeta(result),
  };
};
