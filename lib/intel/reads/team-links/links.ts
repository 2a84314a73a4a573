// Which wallets on-chain relations link to a token, each with its proof, and which of them are the
// team's: only deployment, ownership and control make a wallet the team's (the specification's
// three); receiving the launch mint or a transfer from the team is context, which anyone can have.
// The read needs the links before its last round (whose balances and receipts it asks for), so
// they live here, beside the read rather than in it. Someone who bought from a pool is never linked by that.
import { getAddress, zeroAddress, type Address, type Hash, type Hex } from "viem";
import { isBurnAddress, labelKnownAddress, type ChainId } from "@/lib/chain/networks";
import { sameAddress, type PoolCandidate } from "@/lib/intel/reads/market";
import type { TransferLog } from "@/lib/chain/events";
import { contextRelations } from "@/lib/schemas/responses/onchain-parts";
import type { TeamWalletRelation } from "@/lib/schemas/responses/team-wallets";

/** The contract's names for a team link: a link it does not name cannot be made here. */
export type Relation = TeamWalletRelation;

export type RelationProof = { relation: Relation; transaction?: Hash; block?: number; read?: string; from?: Address; amount?: bigint; role?: string };

export type Linked = { address: Address; relations: RelationProof[] };

/**
 * Whether a relation makes a wallet the team's: every relation but those that only say how a
 * wallet came by the token or its LP (the launch mint, a transfer from the team, the pool's first
 * LP mint). Every answer that counts the team asks this.
 */
export function isTeamRelation(relation: string): boolean {
  return !(contextRelations as readonly string[]).includes(relation);
}

/** A linked wallet is the team's when one of its relations is. */
export function isTeam(wallet: { relations: readonly { relation: string }[] }): boolean {
  return wallet.relations.some((proof) => isTeamRelation(proof.relation));
}

/** The token's Transfer history read for links and behaviour, and what counts as "at launch". */
export const teamScan = { chunkSize: 50_000n, launchBlocks: 1_000n, recentSellsListed: 10 } as const;

/** The launch's mints: those within teamScan.launchBlocks of the first mint in the logs, in log order. */
export function launchMints<Log extends { args: { from: Address }; blockNumber: bigint }>(logs: readonly Log[]): Log[] {
  const first = logs.find((log) => sameAddress(log.args.from, zeroAddress));
  if (!first) return [];
  return logs.filter((log) => sameAddress(log.args.from, zeroAddress) && log.blockNumber <= first.blockNumber + teamScan.launchBlocks);
}

export function isPool(pools: readonly PoolCandidate[], address: Address): boolean {
  return pools.some((pool) => sameAddress(pool.address, address));
}

/**
 * Each wallet's last transfer in or out in the history read, keyed by lower-case address: one pass
 * over the logs for all of them, where a pass per wallet was 41 passes over a busy token's 50,000
 * logs (two seconds).
 */
export function lastActivities(logs: readonly TransferLog[], wallets: readonly Address[]): Map<string, TransferLog> {
  const wanted = new Set(wallets.map((wallet) => wallet.toLowerCase()));
  const last = new Map<string, TransferLog>();
  if (wanted.size === 0) return last;
  for (const log of logs) {
    const from = log.args.from.toLowerCase();
    const to = log.args.to.toLowerCase();
    if (wanted.has(from)) last.set(from, log);
    if (wanted.has(to)) last.set(to, log);
  }
  return last;
}

export type LinkFacts = {
  chain: ChainId;
  token: Address;
  block: bigint;
  pools: readonly PoolCandidate[];
  deployer: { address: Address; transaction: Hash } | null;
  /** owner(), unless renounced. */
  owner: Address | null;
  admin: Address | null;
  adminOwner: Address | null;
  logs: readonly TransferLog[];
  /** Replayed AccessControl grants: provisional links until hasRole confirms them. */
  roleHolders: readonly { role: Hex; account: Address }[];
  /** True when the chain's standard bridge mints the token: its mints are deliveries, not a launch. */
  bridged?: boolean;
};

/** The links, strongest first; a wallet can hold several, and is the team's only by a team relation (isTeam). Also the first mint seen, which dates the launch. */
export function linkTeam(facts: LinkFacts): { linked: Linked[]; firstMint: TransferLog | undefined } {
  const { chain, token, block, pools, logs } = facts;
  const linked = new Map<string, Linked>();
  const link = (address: Address, proof: RelationProof) => {
    if (isBurnAddress(chain, address) || labelKnownAddress(chain, address) || isPool(pools, address) || sameAddress(address, token)) return;
    const key = address.toLowerCase();
    const entry = linked.get(key) ?? { address: getAddress(address), relations: [] };
    if (!entry.relations.some((existing) => existing.relation === proof.relation && existing.transaction === proof.transaction && existing.role === proof.role)) entry.relations.push(proof);
    linked.set(key, entry);
  };
  if (facts.deployer) link(facts.deployer.address, { relation: "deployer", transaction: facts.deployer.transaction });
  if (facts.owner) link(facts.owner, { relation: "owner", read: `owner() at block ${block}` });
  if (facts.admin) link(facts.admin, { relation: "proxy_admin", read: `EIP-1967 admin slot at block ${block}` });
  if (facts.adminOwner) link(getAddress(facts.adminOwner), { relation: "proxy_admin_owner", read: `owner() of the proxy admin at block ${block}` });
  const firstMint = logs.find((log) => sameAddress(log.args.from, zeroAddress));
  // A bridged token's mints are the bridge delivering what crossed: its recipients are bridgers, not a launch.
  for (const log of facts.bridged ? [] : launchMints(logs)) {
    link(getAddress(log.args.to), { relation: "launch_mint_recipient", transaction: log.transactionHash, block: Number(log.blockNumber), amount: log.args.value });
  }
  // Direct receipts from the team's wallets linked so far (one step only: no chains of transfers). A
  // launch recipient that is not the team's is no source: what it hands on says nothing of the team.
  const sources = new Set([...linked].filter(([, wallet]) => isTeam(wallet)).map(([key]) => key));
  for (const log of logs) {
    if (!sources.has(log.args.from.toLowerCase()) || sources.has(log.args.to.toLowerCase())) continue;
    link(getAddress(log.args.to), { relation: "received_from_team", transaction: log.transactionHash, block: Number(log.blockNumber), from: getAddress(log.args.from), amount: log.args.value });
  }
  for (const holder of facts.roleHolders) link(holder.account, { relation: "role_holder", role: holder.role, read: `hasRole at block ${block}` });
  return { linked: [...linked.values()], firstMint };
}
