// POST /v1/api/contract/analysis — contract and control evidence, every field with
// its provenance. Everything is read at one block; nothing is guessed: a field that
// could not be read is null and named in `unavailable` with the reason.
import { getAddress, zeroAddress, type Address, type Hex } from "viem";
import type { EndpointImplementation } from "@/lib/api/handler";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { scanLogs } from "@/lib/chain/log-scanner";
import { getNetwork, isBurnAddress, isServiceGrounded, type ChainId } from "@/lib/chain/networks";
import { isContractRevert, readChain } from "@/lib/chain/upstream";
import { accessControlAbi, beaconAbi, ownableAbi, roleGranted, roleRevoked, safeAbi, timelockAbi, uupsAbi } from "./abis";
import { addressInSlot, classifyProxy, minimalProxyTarget, slots } from "./proxy";

export type Provenance = "verified_onchain" | "augmented" | "interpretation" | "unavailable";

/** How far back role grants are scanned when the deployment block is unknown. */
const roleScanLookback = 200_000n;

const baseLimitations = [
  "The deep controller graph is Ethereum only; on this network attribution comes from a narrower wallet-role read (owner and proxy administrator).",
  "Deployer evidence on this network comes from an outside source and is a strong lead, not a proven fact.",
  "Liquidity lock schedules are not decoded on this network; a missing lock must not be read as no lock (use intel/liquidity for LP custody and burn evidence).",
];

type Ctx = { client: ChainClient; chain: ChainId; block: bigint; unavailable: Record<string, string>; provenance: Record<string, Provenance> };

/** A read that may revert: null (with the revert noted by the caller) instead of an outage. */
async function tryRead<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (isContractRevert(error)) return null;
    throw error;
  }
}

async function hasCode(ctx: Ctx, address: Address): Promise<boolean> {
  const code = await ctx.client.getCode({ address, blockNumber: ctx.block });
  return Boolean(code && code !== "0x");
}

/**
 * What kind of account holds a role: a wallet, a Safe (with owners and threshold), a
 * timelock, or another contract. Code and the probes are read together, in one round.
 */
async function describeHolder(ctx: Ctx, address: Address) {
  const [code, owners, threshold, minDelay] = await Promise.all([
    ctx.client.getCode({ address, blockNumber: ctx.block }),
    tryRead(() => ctx.client.readContract({ address, abi: safeAbi, functionName: "getOwners", blockNumber: ctx.block })),
    tryRead(() => ctx.client.readContract({ address, abi: safeAbi, functionName: "getThreshold", blockNumber: ctx.block })),
    tryRead(() => ctx.client.readContract({ address, abi: timelockAbi, functionName: "getMinDelay", blockNumber: ctx.block })),
  ]);
  if (!code || code === "0x") return { address, is_contract: false, kind: "eoa" as const };
  if (owners && threshold !== null) return { address, is_contract: true, kind: "safe" as const, safe: { owners: [...owners], threshold: Number(threshold) } };
  if (minDelay !== null) return { address, is_contract: true, kind: "timelock" as const, timelock: { min_delay_seconds: Number(minDelay) } };
  return { address, is_contract: true, kind: "contract" as const };
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

/** AccessControl role holders: grants and revocations replayed, then confirmed with hasRole at the read block. */
async function readRoleHolders(ctx: Ctx, address: Address, fromBlock: bigint | null) {
  const start = fromBlock ?? (ctx.block > roleScanLookback ? ctx.block - roleScanLookback : 0n);
  const scan = await scanLogs({ client: ctx.client, address, events: [roleGranted, roleRevoked] as const, fromBlock: start, toBlock: ctx.block, maxLookbackBlocks: roleScanLookback, chunkSize: 50_000n });
  const holders = new Map<string, { role: Hex; account: Address }>();
  for (const log of scan.logs) {
    const { role, account } = log.args as { role: Hex; account: Address };
    const id = `${role}:${account}`;
    if (log.eventName === "RoleGranted") holders.set(id, { role, account: getAddress(account) });
    else holders.delete(id);
  }
  // Confirm each with hasRole and describe it in the same round.
  const confirmed = await Promise.all(
    [...holders.values()].map(async (holder) => {
      const [has, described] = await Promise.all([
        tryRead(() => ctx.client.readContract({ address, abi: accessControlAbi, functionName: "hasRole", args: [holder.role, holder.account], blockNumber: ctx.block })),
        describeHolder(ctx, holder.account),
      ]);
      return has ? { role: holder.role, holder: described } : null;
    }),
  );
  return { holders: confirmed.filter((h) => h !== null), truncated: scan.truncated, from_block: Number(scan.fromBlock) };
}

export async function analyzeContract(input: { chain: ChainId; address: Address; client?: ChainClient }) {
  const client = input.client ?? getChainClient(input.chain);
  const address = getAddress(input.address);
  return readChain(input.chain, async () => {
    // Round 1: everything that needs only the address, at the node's latest block.
    const [block, code, balance, nonce, implementationWord, adminWord, beaconWord, identity, owner, creator] = await Promise.all([
      client.getBlockNumber(),
      client.getCode({ address }),
      client.getBalance({ address }),
      client.getTransactionCount({ address }),
      client.getStorageAt({ address, slot: slots.implementation }),
      client.getStorageAt({ address, slot: slots.admin }),
      client.getStorageAt({ address, slot: slots.beacon }),
      erc20Identity(client, address),
      tryRead(() => client.readContract({ address, abi: ownableAbi, functionName: "owner" })),
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
    const ownerAddress = owner ? getAddress(owner) : null;
    const renounced = ownerAddress ? ownerAddress === zeroAddress || isBurnAddress(input.chain, ownerAddress) : null;
    const [beaconImplementation, uuid, adminHolder, adminOwner, ownerHolder, receipt] = await Promise.all([
      beacon ? tryRead(() => client.readContract({ address: beacon, abi: beaconAbi, functionName: "implementation", blockNumber: block })) : null,
      slotImplementation && !admin && !beacon ? tryRead(() => client.readContract({ address: slotImplementation, abi: uupsAbi, functionName: "proxiableUUID", blockNumber: block })) : null,
      admin ? describeHolder(ctx, admin) : null,
      admin ? tryRead(() => client.readContract({ address: admin, abi: ownableAbi, functionName: "owner", blockNumber: block })) : null,
      ownerAddress && !renounced ? describeHolder(ctx, ownerAddress) : null,
      creator ? client.getTransactionReceipt({ hash: creator.hash }) : null,
    ]);
    const deployer = creator && receipt ? { address: getAddress(creator.creator), transaction: creator.hash, block: Number(receipt.blockNumber) } : null;
    if (deployer) ctx.provenance.deployer = "verified_onchain";
    else noDeployer(ctx);

    // Round 3: the proxy admin's owner, and (Ethereum) role holders from the deployment on.
    const [adminOwnerHolder, roleScan] = await Promise.all([
      adminOwner && adminHolder?.is_contract ? describeHolder(ctx, getAddress(adminOwner)) : null,
      input.chain === "eth" ? readRoleHolders(ctx, address, deployer ? BigInt(deployer.block) : null) : null,
    ]);

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

export const contractAnalysis: EndpointImplementation = async ({ input, chain }) => {
  const result = await analyzeContract({ chain: chain as ChainId, address: input.address as Address });
  return {
    data: result.data,
    meta: {
      provenance: result.provenance,
      chain_data_source: { service_grounded: isServiceGrounded(result.chain), block_number: Number(result.block) },
    },
  };
};
