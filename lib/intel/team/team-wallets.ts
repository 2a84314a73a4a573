// POST /v1/api/intel/team-wallets — wallets linked to a token's team or treasury by on-chain
// relations only, each with the relation and its proof, and what each has done lately.
// Relations: the deployer (from the node), the owner (owner()), the proxy admin and its
// owner (EIP-1967 admin slot), AccessControl role holders (Ethereum, as contract analysis
// reads them), the wallets that received the launch mint, and wallets that received the
// token directly from any of those. Someone who bought from a pool is never linked by that.
// Three rounds: the block and the facts that need only the address; the token's Transfer
// history and the proxy admin's owner; balances, code, role checks, and the receipts and
// times of what the linked wallets did.
import { erc20Abi, getAddress, parseAbiItem, zeroAddress, type Address, type Hash, type Block } from "viem";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity, type Erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { aggregate, valueOrNull } from "@/lib/chain/multicall";
import { getNetwork, isBurnAddress, labelKnownAddress, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import { ownableAbi } from "@/lib/intel/contract/abis";
import { readCreator, roleChecks, scanRoleGrants } from "@/lib/intel/contract/analysis";
import type { Provenance } from "@/lib/intel/provenance";
import { addressInSlot, slots } from "@/lib/intel/contract/proxy";
import { bpsOf, discoverPools, sameAddress, type PoolCandidate, type PoolDiscovery } from "@/lib/intel/market";
import { classifyTransfer, type Movement, type TransferLog } from "@/lib/intel/wallet/movements";
import { amount, isoTime, tokenView } from "@/lib/intel/present";

export type Relation = "deployer" | "owner" | "proxy_admin" | "proxy_admin_owner" | "role_holder" | "launch_mint_recipient" | "received_from_team";

export type RelationProof = { relation: Relation; transaction?: Hash; block?: number; read?: string; from?: Address; amount?: string; role?: string };

/** The token's Transfer history read for links and behaviour, and what counts as "at launch". */
export const teamScan = { lookbackBlocks: 200_000n, chunkSize: 50_000n, launchBlocks: 1_000n, recentSellsListed: 10 } as const;

const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

type Linked = { address: Address; relations: RelationProof[] };

/** Round-1 reads a caller running beside this one has started already; they are shared, not read twice. */
export type SharedFirstRound = { head: Promise<Block>; identity: Promise<Erc20Identity>; discovery: Promise<PoolDiscovery> };

export async function readTeamWallets(input: { chain: ChainId; address: Address; client?: ChainClient; env?: ChainEnv; shared?: SharedFirstRound }) {
  const { chain } = input;
  const network = getNetwork(chain);
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const token = getAddress(input.address);

  return readChain(chain, async () => {
    // Round 1, at the latest block.
    const latest = { client, chain, network };
    const [head, adminWord, [ownerRead], creator, identity, discovery] = await Promise.all([
      input.shared?.head ?? client.getBlock(),
      client.getStorageAt({ address: token, slot: slots.admin }),
      aggregate(latest, [{ address: token, abi: ownableAbi, functionName: "owner" }]),
      readCreator({ client, chain }, token),
      input.shared?.identity ?? erc20Identity(client, token),
      input.shared?.discovery ?? discoverPools(latest, token),
    ]);
    if (head.number === null) throw new Error("the latest block has no number");
    const block = head.number;
    const admin = addressInSlot(adminWord);
    const ownerValue = valueOrNull<Address>(ownerRead);
    const owner = ownerValue && !sameAddress(ownerValue, zeroAddress) && !isBurnAddress(chain, ownerValue) ? getAddress(ownerValue) : null;

    // Round 2: the Transfer history, the proxy admin's owner, and (Ethereum) role grants.
    const [transfers, [adminOwnerRead], grants] = await Promise.all([
      scanLogs({ client, address: token, events: [transferEvent] as const, fromBlock: 0n, toBlock: block, maxLookbackBlocks: teamScan.lookbackBlocks, chunkSize: teamScan.chunkSize }),
      aggregate({ client, network, block }, admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []).then((results) => (results.length ? results : [undefined])),
      chain === "eth" ? scanRoleGrants({ client, block }, token) : null,
    ]);
    const logs = transfers.logs as unknown as TransferLog[];
    const adminOwner = valueOrNull<Address>(adminOwnerRead);

    // The links, strongest first; a wallet can hold several.
    const linked = new Map<string, Linked>();
    const link = (address: Address, proof: RelationProof) => {
      if (isBurnAddress(chain, address) || labelKnownAddress(chain, address) || isPool(discovery.candidates, address) || sameAddress(address, token)) return;
      const key = address.toLowerCase();
      const entry = linked.get(key) ?? { address: getAddress(address), relations: [] };
      if (!entry.relations.some((existing) => existing.relation === proof.relation && existing.transaction === proof.transaction && existing.role === proof.role)) entry.relations.push(proof);
      linked.set(key, entry);
    };
    if (creator) link(getAddress(creator.creator), { relation: "deployer", transaction: creator.hash });
    if (owner) link(owner, { relation: "owner", read: `owner() at block ${block}` });
    if (admin) link(admin, { relation: "proxy_admin", read: `EIP-1967 admin slot at block ${block}` });
    if (adminOwner) link(getAddress(adminOwner), { relation: "proxy_admin_owner", read: `owner() of the proxy admin at block ${block}` });
    const firstMint = logs.find((log) => sameAddress(log.args.from, zeroAddress));
    for (const log of logs) {
      if (!sameAddress(log.args.from, zeroAddress) || !firstMint || log.blockNumber > firstMint.blockNumber + teamScan.launchBlocks) continue;
      link(getAddress(log.args.to), { relation: "launch_mint_recipient", transaction: log.transactionHash, block: Number(log.blockNumber), amount: log.args.value.toString() });
    }
    // Direct receipts from the wallets linked so far (one step only: no chains of transfers).
    const sources = new Set(linked.keys());
    for (const log of logs) {
      if (!sources.has(log.args.from.toLowerCase()) || sources.has(log.args.to.toLowerCase())) continue;
      link(getAddress(log.args.to), { relation: "received_from_team", transaction: log.transactionHash, block: Number(log.blockNumber), from: getAddress(log.args.from), amount: log.args.value.toString() });
    }

    // Replayed role grants join provisionally: round 3 confirms each with hasRole.
    const roleGrants = grants ?? { holders: [], truncated: false, fromBlock: 0n };
    for (const holder of roleGrants.holders) link(holder.account, { relation: "role_holder", role: holder.role, read: `hasRole at block ${block}` });

    // Round 3: balances, code and role checks; receipts and times of what the linked wallets did.
    const candidates = [...linked.values()];
    const activity = (wallet: Address) => logs.filter((log) => sameAddress(log.args.from, wallet) || sameAddress(log.args.to, wallet));
    const toPools = logs.filter((log) => linked.has(log.args.from.toLowerCase()) && isPool(discovery.candidates, log.args.to));
    const lastBlocks = candidates.map((wallet) => activity(wallet.address).at(-1)?.blockNumber).filter((b): b is bigint => b !== undefined);
    const neededBlocks = [...new Set([...lastBlocks, ...toPools.map((log) => log.blockNumber)])];
    const [balances, codes, receipts, headers] = await Promise.all([
      aggregate({ client, network, block }, [...candidates.map((wallet) => ({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet.address] })), ...roleChecks(token, roleGrants)]),
      Promise.all(candidates.map((wallet) => client.getCode({ address: wallet.address, blockNumber: block }))),
      Promise.all([...new Set(toPools.map((log) => log.transactionHash))].map((hash) => client.getTransactionReceipt({ hash }))),
      Promise.all(neededBlocks.map((blockNumber) => client.getBlock({ blockNumber }))),
    ]);
    const timeOf = new Map(headers.map((header) => [header.number, header.timestamp]));
    const receiptOf = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));

    // A replayed grant that hasRole no longer confirms is not a link.
    const unconfirmed = new Set(roleGrants.holders.filter((_, i) => valueOrNull<boolean>(balances[candidates.length + i]) !== true).map((holder) => `${holder.account.toLowerCase()}:${holder.role}`));
    const wallets = candidates
      .map((wallet, index) => ({ ...wallet, index, relations: wallet.relations.filter((proof) => proof.relation !== "role_holder" || !unconfirmed.has(`${wallet.address.toLowerCase()}:${proof.role}`)) }))
      .filter((wallet) => wallet.relations.length > 0);
    const totalSupply = identity.totalSupply.value;
    const decimals = identity.decimals.value;

    const list = wallets.map((wallet) => {
      const i = wallet.index;
      const balance = valueOrNull<bigint>(balances[i]);
      const moves = toPools.filter((log) => sameAddress(log.args.from, wallet.address)).map((log) => classifyTransfer(log, wallet.address, receiptOf.get(log.transactionHash)!, discovery.candidates, timeOf.get(log.blockNumber) ?? 0n));
      const sells = moves.filter((move) => move.kind === "sell");
      const last = activity(wallet.address).at(-1);
      return {
        address: wallet.address,
        relations: wallet.relations,
        is_contract: Boolean(codes[i] && codes[i] !== "0x"),
        balance: balance === null ? null : amount(balance, decimals),
        share_of_supply_bps: balance !== null && totalSupply !== null ? bpsOf(balance, totalSupply) : null,
        recent: {
          sells: sells.slice(-teamScan.recentSellsListed).reverse().map(presentSell(decimals)),
          sells_total: sells.length,
          sold: amount(sells.reduce((sum, sell) => sum + sell.amount, 0n), decimals),
          transfers_to_pools: moves.length,
          last_activity: last ? { transaction: last.transactionHash, block: Number(last.blockNumber), time: timeOf.has(last.blockNumber) ? isoTime(timeOf.get(last.blockNumber)!) : null } : null,
        },
      };
    });
    const unavailable: Record<string, string> = {};
    if (!creator) unavailable.deployer = chain === "base" ? "Deployer evidence on Base comes from an outside explorer source, and none is configured; the launch mint's recipient stands in for it when the window reaches the launch." : "The node does not say who created this contract (no ots_getContractCreator).";
    if (!firstMint) unavailable.launch = `The token's launch mint is not in blocks ${transfers.fromBlock} to ${transfers.toBlock}, so launch recipients are not read.`;
    const provenance: Record<string, Provenance> = { wallets: "verified_onchain", "wallets.relations": "interpretation", "wallets.recent": "verified_onchain", window: "verified_onchain", limitations: "interpretation" };
    const cited = [...new Set(list.flatMap((entry) => entry.relations.map((relation) => relation.transaction)).filter((hash): hash is Hash => Boolean(hash)))];

    return {
      chain,
      block,
      provenance,
      honestEmpty: list.length === 0,
      sources: {
        transactions: cited,
        reads: [
          ...(owner ? [`owner() of ${token} at block ${block}`] : []),
          ...(admin ? [`EIP-1967 admin slot of ${token} at block ${block}`] : []),
          `Transfer logs of ${token} in blocks ${transfers.fromBlock} to ${transfers.toBlock}`,
          `balanceOf(wallet) of ${token} at block ${block}`,
        ],
      },
      data: {
        token: { ...tokenView(token, identity), total_supply: totalSupply === null ? null : totalSupply.toString() },
        wallets: list,
        summary:
          list.length === 0
            ? "Nothing on chain links a wallet to this token's team in the window read: no deployer known, no owner, no proxy admin, no launch mint and no transfer from any of them. That is not proof there is no team."
            : `${list.length} wallet${list.length === 1 ? "" : "s"} linked to the team by on-chain relations; together they hold ${formatShare(list.reduce((sum, entry) => sum + (entry.share_of_supply_bps ?? 0), 0))} of supply.`,
        window: { from_block: Number(transfers.fromBlock), to_block: Number(transfers.toBlock), truncated: transfers.truncated },
        limitations: [
          `Links and behaviour come from the token's Transfer logs in blocks ${transfers.fromBlock} to ${transfers.toBlock}; "at launch" means within ${teamScan.launchBlocks} blocks of the first mint seen.`,
          "Only one step is followed: wallets that received the token directly from the deployer, owner, proxy admin or a launch recipient. Funding in the native coin is not in logs and is not read.",
          chain === "eth" ? "AccessControl role holders come from RoleGranted/RoleRevoked in the same window, confirmed with hasRole." : `AccessControl role holders are read on Ethereum only; on ${network.displayName} the narrower owner and admin read applies.`,
        ],
        unavailable,
      },
    };
  });
}

const formatShare = (bps: number) => `${(bps / 100).toFixed(2)} %`;

function isPool(pools: readonly PoolCandidate[], address: Address): boolean {
  return pools.some((pool) => sameAddress(pool.address, address));
}

function presentSell(decimals: number | null) {
  return (sell: Movement) => ({
    transaction: sell.transaction,
    block: Number(sell.block),
    time: isoTime(sell.timestamp),
    amount: amount(sell.amount, decimals),
    pool: sell.swap!.pool,
    received: { ...amount(sell.swap!.quoteAmount, sell.swap!.quote.decimals), symbol: sell.swap!.quote.symbol },
  });
}

export const teamWalletsIntel: EndpointImplementation<RequestOf<"intel/team-wallets">> = async ({ input }) => {
  const result = await readTeamWallets({ chain: input.chain, address: input.address });
  return {
    data: result.data,
    sources: result.sources,
    honestEmpty: result.honestEmpty,
    meta: chainReadMeta(result),
  };
};
