// POST /v1/api/contract/analysis — contract and control evidence, every field with
// its provenance. Everything is read at one block; nothing is guessed: a field that
// could not be read is null and named in `unavailable` with the reason.
import { getAddress, zeroAddress, type Address, type Hex } from "viem";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { getNetwork, isBurnAddress, type ChainId } from "@/lib/chain/networks";
import { aggregate, valueOrNull, type CallResult, type ContractCall } from "@/lib/chain/multicall";
import { readChain } from "@/lib/chain/upstream";
import { accessControlAbi, beaconAbi, ownableAbi, roleGranted, roleRevoked, safeAbi, timelockAbi, uupsAbi } from "./abis";
import { addressInSlot, classifyProxy, minimalProxyTarget, slots } from "./proxy";

import type { Provenance } from "@/lib/intel/provenance";

/** How far back role grants are scanned when the deployment block is unknown. */
const roleScanLookback = 200_000n;

const baseLimitations = [
  "The deep controller graph is Ethereum only; on this network attribution comes from a narrower wallet-role read (owner and proxy administrator).",
  "Deployer evidence on this network comes from an outside source and is a strong lead, not a proven fact.",
  "Liquidity lock schedules are not decoded on this network; a missing lock must not be read as no lock (use intel/liquidity for LP custody and burn evidence).",
];

type Ctx = { client: ChainClient; chain: ChainId; block: bigint; unavailable: Record<string, string>; provenance: Record<string, Provenance> };

type Holder =
  | { address: Address; is_contract: false; kind: "eoa" }
  | { address: Address; is_contract: true; kind: "safe"; safe: { owners: Address[]; threshold: number } }
  | { address: Address; is_contract: true; kind: "timelock"; timelock: { min_delay_seconds: number } }
  | { address: Address; is_contract: true; kind: "contract" };

/** The probes that tell a Safe or a timelock from another contract. */
function holderProbes(address: Address): ContractCall[] {
  return [
    { address, abi: safeAbi, functionName: "getOwners" },
    { address, abi: safeAbi, functionName: "getThreshold" },
    { address, abi: timelockAbi, functionName: "getMinDelay" },
  ];
}

/** What kind of account holds control: a wallet, a Safe (with owners and threshold), a timelock, or another contract. */
function describeHolder(address: Address, code: Hex | undefined, [owners, threshold, minDelay]: CallResult[]): Holder {
  if (!code || code === "0x") return { address, is_contract: false, kind: "eoa" };
  const safeOwners = valueOrNull<readonly Address[]>(owners);
  const safeThreshold = valueOrNull<bigint>(threshold);
  if (safeOwners && safeThreshold !== null) return { address, is_contract: true, kind: "safe", safe: { owners: [...safeOwners], threshold: Number(safeThreshold) } };
  const delay = valueOrNull<bigint>(minDelay);
  if (delay !== null) return { address, is_contract: true, kind: "timelock", timelock: { min_delay_seconds: Number(delay) } };
  return { address, is_contract: true, kind: "contract" };
}

/**
 * One round: the code of every account to describe and every contract read (the holder
 * probes included) in a single aggregate, issued together so they travel in one batch.
 */
async function readRound(ctx: Ctx, describe: readonly Address[], calls: readonly ContractCall[]) {
  const target = { client: ctx.client, network: getNetwork(ctx.chain), block: ctx.block };
  const [codes, results] = await Promise.all([
    Promise.all(describe.map((address) => ctx.client.getCode({ address, blockNumber: ctx.block }))),
    aggregate(target, [...calls, ...describe.flatMap(holderProbes)]),
  ]);
  const described = describe.map((address, i) => describeHolder(address, codes[i], results.slice(calls.length + i * 3, calls.length + i * 3 + 3)));
  return { results: results.slice(0, calls.length), described };
}

/** Who created the contract, as the node says (Otterscan's method; no traces needed). Base has no such source here. */
export async function readCreator(ctx: Pick<Ctx, "client" | "chain">, address: Address): Promise<{ hash: Hex; creator: Address } | null> {
  if (ctx.chain === "base") return null;
  return (ctx.client.request({ method: "ots_getContractCreator" as never, params: [address] as never }) as Promise<{ hash: Hex; creator: Address } | null>).catch(() => null);
}

function noDeployer(ctx: Ctx) {
  ctx.unavailable.deployer =
    ctx.chain === "base"
      ? "Deployer evidence on Base comes from an outside explorer source, and none is configured."
      : "The node does not say who created this contract (no ots_getContractCreator).";
  ctx.provenance.deployer = "unavailable";
}

/**
 * AccessControl grants and revocations in the look-back window, replayed to the accounts
 * that should still hold a role. The scan starts before the deployment block is known (so
 * it shares a round with the deployer read); no log can predate the contract anyway.
 */
export async function scanRoleGrants(ctx: Pick<Ctx, "client" | "block">, address: Address) {
  const start = ctx.block > roleScanLookback ? ctx.block - roleScanLookback : 0n;
  const scan = await scanLogs({ client: ctx.client, address, events: [roleGranted, roleRevoked] as const, fromBlock: start, toBlock: ctx.block, maxLookbackBlocks: roleScanLookback, chunkSize: 50_000n });
  const holders = new Map<string, { role: Hex; account: Address }>();
  for (const log of scan.logs) {
    const { role, account } = log.args as { role: Hex; account: Address };
    const id = `${role}:${account}`;
    if (log.eventName === "RoleGranted") holders.set(id, { role, account: getAddress(account) });
    else holders.delete(id);
  }
  return { holders: [...holders.values()], truncated: scan.truncated, fromBlock: scan.fromBlock };
}
export type RoleGrants = Awaited<ReturnType<typeof scanRoleGrants>>;

/** The calls that confirm each replayed holder with hasRole at the read block. */
export function roleChecks(address: Address, grants: RoleGrants): ContractCall[] {
  return grants.holders.map((holder) => ({ address, abi: accessControlAbi, functionName: "hasRole", args: [holder.role, holder.account] }));
}

function confirmedRoleHolders(grants: RoleGrants, checks: CallResult[], described: Holder[], deployedAt: bigint | null) {
  const holders = grants.holders.flatMap((holder, i) => (valueOrNull<boolean>(checks[i]) ? [{ role: holder.role, holder: described[i] }] : []));
  // Covered from the later of the window's start and the deployment: nothing before it can exist.
  const coveredFrom = deployedAt !== null && deployedAt > grants.fromBlock ? deployedAt : grants.fromBlock;
  const truncated = grants.truncated && !(deployedAt !== null && deployedAt >= grants.fromBlock);
  return { holders, truncated, from_block: Number(coveredFrom) };
}

export async function analyzeContract(input: { chain: ChainId; address: Address; client?: ChainClient }) {
  const client = input.client ?? getChainClient(input.chain);
  const address = getAddress(input.address);
  return readChain(input.chain, async () => {
    // Round 1: everything that needs only the address, at the node's latest block.
    const [block, code, balance, nonce, implementationWord, adminWord, beaconWord, identity, [ownerRead], creator] = await Promise.all([
      client.getBlockNumber(),
      client.getCode({ address }),
      // Asked of the node directly: viem would route getBalance through its multicall batcher, a round of its own.
      client.request({ method: "eth_getBalance", params: [address, "latest"] }).then((hex) => BigInt(hex)),
      client.getTransactionCount({ address }),
      client.getStorageAt({ address, slot: slots.implementation }),
      client.getStorageAt({ address, slot: slots.admin }),
      client.getStorageAt({ address, slot: slots.beacon }),
      erc20Identity(client, address),
      aggregate({ client, network: getNetwork(input.chain) }, [{ address, abi: ownableAbi, functionName: "owner" }]),
      readCreator({ client, chain: input.chain }, address),
    ]);
    const ctx: Ctx = { client, chain: input.chain, block, unavailable: {}, provenance: {} };
    const bytecode: Hex = code ?? "0x";
    const isContract = bytecode !== "0x";
    ctx.provenance.contract = "verified_onchain";
    const contract = {
      address,
      exists: isContract || balance > 0n || nonce > 0,
      is_contract: isContract,
      bytecode_size: (bytecode.length - 2) / 2,
      erc20: null as null | { name: string | null; symbol: string | null; decimals: number | null; total_supply: string | null },
    };
    const base = { chain: input.chain, block };
    if (!isContract) {
      for (const field of ["ownership", "proxy", "deployer", "controllers", "source_verification"]) {
        ctx.unavailable[field] = "The address holds no contract code at this block.";
        ctx.provenance[field] = "unavailable";
      }
      return { ...base, data: { contract, ownership: null, proxy: null, deployer: null, controllers: null, source_verification: null, limitations: limitationsFor(input.chain), unavailable: ctx.unavailable }, provenance: ctx.provenance };
    }
    if (identity.symbol.value !== null || identity.totalSupply.value !== null) {
      contract.erc20 = { name: identity.name.value, symbol: identity.symbol.value, decimals: identity.decimals.value, total_supply: identity.totalSupply.value?.toString() ?? null };
    }

    // Round 2: what the first answers point at.
    const beacon = addressInSlot(beaconWord);
    const slotImplementation = addressInSlot(implementationWord) ?? minimalProxyTarget(bytecode);
    const admin = addressInSlot(adminWord);
    const owner = valueOrNull<Address>(ownerRead);
    const ownerAddress = owner ? getAddress(owner) : null;
    const renounced = ownerAddress ? ownerAddress === zeroAddress || isBurnAddress(input.chain, ownerAddress) : null;
    const describeNow = [admin, ownerAddress && !renounced ? ownerAddress : null].filter((a): a is Address => a !== null);
    const [round2, receipt, roleGrants] = await Promise.all([
      readRound(ctx, describeNow, [
        ...(beacon ? [{ address: beacon, abi: beaconAbi, functionName: "implementation" }] : []),
        ...(slotImplementation && !admin && !beacon ? [{ address: slotImplementation, abi: uupsAbi, functionName: "proxiableUUID" }] : []),
        ...(admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []),
      ]),
      creator ? client.getTransactionReceipt({ hash: creator.hash }) : null,
      input.chain === "eth" ? scanRoleGrants(ctx, address) : null,
    ]);
    const round2Reads = [...round2.results];
    const beaconImplementation = beacon ? valueOrNull<Address>(round2Reads.shift()) : null;
    const uuid = slotImplementation && !admin && !beacon ? valueOrNull<Hex>(round2Reads.shift()) : null;
    const adminOwner = admin ? valueOrNull<Address>(round2Reads.shift()) : null;
    const adminHolder = admin ? round2.described[0] : null;
    const ownerHolder = ownerAddress && !renounced ? round2.described[admin ? 1 : 0] : null;
    const deployer = creator && receipt ? { address: getAddress(creator.creator), transaction: creator.hash, block: Number(receipt.blockNumber) } : null;
    if (deployer) ctx.provenance.deployer = "verified_onchain";
    else noDeployer(ctx);

    // Round 3: the proxy admin's owner, and (Ethereum) the role holders confirmed and described.
    const adminOwnerToDescribe = adminOwner && adminHolder?.is_contract ? getAddress(adminOwner) : null;
    const grants = roleGrants ?? { holders: [], truncated: false, fromBlock: 0n };
    const round3 =
      adminOwnerToDescribe || grants.holders.length > 0
        ? await readRound(ctx, [...grants.holders.map((h) => h.account), ...(adminOwnerToDescribe ? [adminOwnerToDescribe] : [])], roleChecks(address, grants))
        : { results: [], described: [] };
    const adminOwnerHolder = adminOwnerToDescribe ? round3.described[grants.holders.length] : null;
    const roleScan = roleGrants ? confirmedRoleHolders(roleGrants, round3.results, round3.described, deployer ? BigInt(deployer.block) : null) : null;

    // Proxy: the slots are facts; which standard they amount to is our reading.
    const implementation = beacon ? beaconImplementation : slotImplementation;
    const standard = classifyProxy({ code: bytecode, implementation, admin, beacon, implementationIsUups: uuid === slots.implementation });
    const proxy = { standard, implementation, beacon, admin: adminHolder, admin_owner: adminOwnerHolder };
    ctx.provenance.proxy = "interpretation";

    // Ownership: owner() is a fact; "renounced" reads a zero or burn owner.
    const ownership = {
      ownable: ownerAddress !== null,
      owner: ownerAddress,
      renounced,
      owner_is_contract: ownerHolder ? ownerHolder.is_contract : renounced ? false : null,
      owner_kind: ownerHolder?.kind ?? (renounced ? "renounced" : null),
    };
    if (ownerAddress === null) {
      ctx.unavailable.ownership = "The contract has no owner() function; other control (roles, proxy admin) is listed under controllers.";
    }
    ctx.provenance.ownership = "verified_onchain";

    // Controllers: every account with control, and how it is linked.
    const controllers: Array<Record<string, unknown>> = [];
    if (ownerHolder) controllers.push({ role: "owner", ...ownerHolder });
    if (adminHolder) controllers.push({ role: "proxy_admin", ...adminHolder });
    if (adminOwnerHolder) controllers.push({ role: "proxy_admin_owner", ...adminOwnerHolder });
    for (const holder of roleScan?.holders ?? []) controllers.push({ role: "access_control", role_id: holder.role, ...holder.holder });
    ctx.provenance.controllers = "verified_onchain";

    ctx.unavailable.source_verification = "No source-verification service is configured, so whether the source is published is not known.";
    ctx.provenance.source_verification = "unavailable";
    ctx.provenance.limitations = "interpretation";

    return {
      ...base,
      data: {
        contract,
        ownership,
        proxy,
        deployer,
        controllers: {
          accounts: controllers,
          ...(roleScan ? { role_scan: { from_block: roleScan.from_block, to_block: Number(block), truncated: roleScan.truncated } } : { graph: "narrow: owner and proxy administrator only" }),
        },
        source_verification: null,
        limitations: limitationsFor(input.chain),
        unavailable: ctx.unavailable,
      },
      provenance: ctx.provenance,
    };
  });
}

function limitationsFor(chain: ChainId): string[] {
  if (chain === "eth") return [];
  const name = getNetwork(chain).displayName;
  const list = chain === "base" ? baseLimitations : [baseLimitations[0], baseLimitations[2]];
  return list.map((text) => text.replace("this network", name));
}

export const contractAnalysis: EndpointImplementation<RequestOf<"contract/analysis">> = async ({ input }) => {
  const result = await analyzeContract({ chain: input.chain, address: input.address });
  return {
    data: result.data,
    meta: chainReadMeta(result),
  };
};
