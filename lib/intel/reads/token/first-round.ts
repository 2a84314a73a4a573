// The first round of every token read, at the answer's pinned block (node-scope.ts; the latest
// outside an answer): the block, the code, the
// proxy slots, the ERC-20 identity, owner(), the deployer and the token's pools. Each read is
// started on first use and shared after that, so an endpoint asks for what it needs and a read
// running beside another (why-down's team read) reuses the answers instead of asking twice.
// Reads started in the same tick travel in one batched request.
import { getAddress, parseAbi, zeroAddress, type Address, type Block, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { erc20Identity, type Erc20Identity } from "@/lib/chain/erc20";
import { aggregate, valueOrNull } from "@/lib/chain/multicall";
import { getNetwork, isBurnAddress, labelKnownAddress, type ChainId } from "@/lib/chain/networks";
import { ownableAbi, getOwnerAbi } from "@/lib/intel/reads/control/abis";
import { slots, type ProxySlotWords } from "@/lib/intel/reads/control/proxy";
import type { StoredControl } from "@/lib/intel/reads/control/stored-control";
import { pinnedBlock } from "@/lib/chain/node-scope";
import { discoverPools, sameAddress, type PoolDiscovery } from "@/lib/intel/reads/market";
import { readCreation, type Creation } from "./deployer";

export type Head = Block & { number: bigint };

/** owner() as read: the address (checksummed), and whether it is a zero or burn address. Both null when the contract has no owner(). */
export type OwnerRead = { address: Address | null; renounced: boolean | null };

export type TokenFirstRound = {
  readonly client: ChainClient;
  readonly chain: ChainId;
  readonly token: Address;
  /** The block every read here asks for: the answer's pinned block; undefined outside an answer (the latest). */
  readonly blockNumber: bigint | undefined;
  head(): Promise<Head>;
  code(): Promise<Hex>;
  proxySlots(): Promise<ProxySlotWords>;
  adminSlot(): Promise<Hex | undefined>;
  identity(): Promise<Erc20Identity>;
  owner(): Promise<OwnerRead>;
  creation(): Promise<Creation | null>;
  pools(): Promise<PoolDiscovery>;
  /** The chain's standard bridge when the token names it as its minter (a bridged token), with the token it stands for on the other chain; null otherwise. */
  bridged(): Promise<BridgedToken | null>;
};

export type BridgedToken = { bridge: Address; bridgeName: string; remoteToken: Address | null };

// OptimismMintableERC20 and its older form: the bridge that mints and burns it, and the L1 token.
const bridgedTokenAbi = parseAbi(["function BRIDGE() view returns (address)", "function l2Bridge() view returns (address)", "function REMOTE_TOKEN() view returns (address)", "function l1Token() view returns (address)"]);

/** A read made once, on first use; its failure surfaces where it is awaited, never as unhandled. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    if (!started) {
      started = read();
      started.catch(() => undefined);
    }
    return started;
  };
}

export function tokenFirstRound(target: { client: ChainClient; chain: ChainId }, address: Address): TokenFirstRound {
  const { client, chain } = target;
  const token = getAddress(address);
  const blockNumber = pinnedBlock();
  const atBlock = { client, chain, network: getNetwork(chain), block: blockNumber };
  const slot = (which: keyof typeof slots) => once(() => client.getStorageAt({ address: token, slot: slots[which], blockNumber }));
  const adminSlot = slot("admin");
  const slotReads = Object.fromEntries((Object.keys(slots) as (keyof typeof slots)[]).map((which) => [which, which === "admin" ? adminSlot : slot(which)])) as Record<keyof typeof slots, () => Promise<Hex | undefined>>;
  return {
    client,
    chain,
    token,
    blockNumber,
    head: once(async () => {
      const block = await client.getBlock(blockNumber === undefined ? {} : { blockNumber });
      if (block.number === null) throw new Error("the block read has no number");
      return block as Head;
    }),
    code: once(async () => (await client.getCode({ address: token, blockNumber })) ?? "0x"),
    proxySlots: once(async () => {
      const names = Object.keys(slotReads) as (keyof typeof slots)[];
      const words = await Promise.all(names.map((which) => slotReads[which]()));
      return Object.fromEntries(names.map((which, index) => [which, words[index]])) as ProxySlotWords;
    }),
    adminSlot,
    identity: once(() => erc20Identity(client, token, { blockNumber })),
    owner: once(async () => {
      // owner() first; BEP-20's getOwner() where there is none (same aggregate, no extra round).
      const [read, bep20] = await aggregate(atBlock, [
        { address: token, abi: ownableAbi, functionName: "owner" },
        { address: token, abi: getOwnerAbi, functionName: "getOwner" },
      ]);
      const value = valueOrNull(read) ?? valueOrNull(bep20);
      const owner = value ? getAddress(value) : null;
      return { address: owner, renounced: owner ? owner === zeroAddress || isBurnAddress(chain, owner) : null };
    }),
    creation: once(() => readCreation(target, token)),
    pools: once(() => discoverPools(atBlock, token)),
    bridged: once(async () => {
      const standard = atBlock.network.standardBridge;
      if (!standard) return null;
      const reads = await aggregate(atBlock, (["BRIDGE", "l2Bridge", "REMOTE_TOKEN", "l1Token"] as const).map((functionName) => ({ address: token, abi: bridgedTokenAbi, functionName })));
      const [bridgeA, bridgeB, remoteA, remoteB] = reads.map((read) => valueOrNull(read));
      const bridge = bridgeA ?? bridgeB;
      if (!bridge || getAddress(bridge) !== standard.address) return null;
      const remote = remoteA ?? remoteB;
      return { bridge: standard.address, bridgeName: standard.name, remoteToken: remote ? getAddress(remote) : null };
    }),
  };
}

export type KnownTeamWallet = { address: Address; relation: "deployer" | "owner" };

/** The wallets the first round ties to the team: the deployer, and the owner unless ownership is renounced. */
export function knownTeam(owner: OwnerRead, creation: Creation | null): KnownTeamWallet[] {
  return [
    ...(creation ? [{ address: creation.deployer, relation: "deployer" as const }] : []),
    ...(owner.address && !owner.renounced ? [{ address: owner.address, relation: "owner" as const }] : []),
  ];
}

/** Whether an address can be a team wallet: never the token, the zero address, a pool of the token or a registry address. */
export function teamWallet(chain: ChainId, token: Address, pools: readonly Address[]) {
  return (address: Address) => !sameAddress(address, token) && address !== zeroAddress && !pools.some((pool) => sameAddress(pool, address)) && labelKnownAddress(chain, address) === null;
}

/**
 * The team with the token's controllers added: every address its own code compares msg.sender
 * with, read from storage (whatever getter exposes it, if any) or written into the code (an
 * immutable or a constant), except the owner, already named. A token that keeps its pool or a router
 * in such a slot (to tax trades) names no team wallet by it, nor by the registry's bridge it names.
 * intel/risk and intel/liquidity both count LP by this one team.
 */
export function withControllers<Member extends { address: Address; relation: string }>(chain: ChainId, token: Address, pools: readonly Address[], team: readonly Member[], control: StoredControl | null): (Member | { address: Address; relation: "controller" })[] {
  const wallet = teamWallet(chain, token, pools);
  const callers = [...(control?.callers ?? []), ...(control?.paths.codeCallers ?? [])].map((caller) => caller.address);
  const controllers = [...new Set(callers)]
    .filter((address) => wallet(address) && !team.some((member) => member.relation === "owner" && sameAddress(member.address, address)))
    .map((address) => ({ address, relation: "controller" as const }));
  return [...team, ...controllers];
}
