// contract/analysis, read: everything about an address at one block, in at most three rounds (four
// behind a slot proxy, five behind a delegating fallback).
import { getAddress, toHex, type Address, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import type { Erc20Identity } from "@/lib/chain/erc20";
import { aggregateGroups, type CallResult, type CallResults, type ContractCall } from "@/lib/chain/multicall";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { tokenFirstRound, type OwnerRead, type TokenFirstRound } from "@/lib/intel/reads/token/first-round";
import type { Creation } from "@/lib/intel/reads/token/deployer";
import { describeHolders, holderProbes, type Holder } from "@/lib/chain/account-kind";
import { proxyProbe, type ProxyReading } from "@/lib/intel/reads/control/proxy";
import { roleChecks, scanRoleGrants, type RoleGrants } from "@/lib/intel/reads/control/role-grants";
import { delegatingFallback, readStoredControl, type StoredAddress } from "@/lib/intel/reads/control/stored-control";
import type { CodeCaller } from "@/lib/intel/reads/control/code-paths";

type Pinned = { client: ChainClient; chain: ChainId; block: bigint };

/**
 * One round: the code of every account to describe and every contract read (the holder
 * probes included) in a single aggregate, issued together so they travel in one batch.
 */
async function readRound<const contracts extends readonly ContractCall[]>(at: Pinned, describe: readonly Address[], calls: contracts) {
  const target = { client: at.client, network: getNetwork(at.chain), block: at.block };
  const [codes, read] = await Promise.all([
    Promise.all(describe.map((address) => at.client.getCode({ address, blockNumber: at.block }))),
    aggregateGroups(target, { calls: calls as readonly ContractCall[], probes: describe.map(holderProbes) }),
  ]);
  const described = describeHolders(describe, (_, at) => codes[at], read.probes);
  // The caller's calls, typed by the caller: aggregateGroups cannot read their types through a type parameter.
  return { results: read.calls as CallResults<contracts>, described };
}

type Account = { exists: boolean; code: Hex; identity: Erc20Identity };

export type ContractReading =
  | { chain: ChainId; address: Address; block: bigint; account: Account; isContract: false }
  | {
      chain: ChainId;
      address: Address;
      block: bigint;
      account: Account;
      isContract: true;
      owner: OwnerRead;
      ownerHolder: Holder | null;
      proxy: ProxyReading;
      adminHolder: Holder | null;
      adminOwnerHolder: Holder | null;
      deployment: (Creation & { block: bigint }) | null;
      /** Ethereum only: the replayed grants and each one's hasRole answer and holder. */
      roles: { grants: RoleGrants; checks: CallResult<boolean>[]; described: Holder[] } | null;
      /** Addresses the code that runs compares msg.sender with (other than the owner and the proxy admin), described; empty when that code is not known. */
      stored: { stored: StoredAddress; holder: Holder }[];
      /** Addresses written into the code that runs (constants, immutables) that it compares msg.sender with, described; empty when that code is not known. */
      written: { written: CodeCaller; holder: Holder }[];
    };

/**
 * contract/analysis, read: everything about an address at one block, in at most three rounds (four behind a slot proxy, five behind a delegating fallback).
 *
 *   1. at the latest block (the shared first round): the block, code, proxy slots, ERC-20
 *      identity, owner(), the deployer; and the balance and nonce;
 *   2. pinned to that block: the proxy probe, the owner's and proxy admin's kind, the deployment
 *      receipt, and (Ethereum) the AccessControl grants;
 *   3. the proxy admin's owner and the role holders, confirmed and described; and every other
 *      address the code that runs keeps in storage and lets through its msg.sender checks
 *      (the same walk and slots intel/risk reads, lib/intel/reads/control/stored-control; slots read in
 *      round 2), described, with the addresses written into that code it compares msg.sender with. Behind a proxy whose slot names its implementation, the code that runs
 *      is the implementation's: its code comes in round 2, the slots it checks in a third round,
 *      and the description in a fourth (behind a beacon, whose implementation is its answer in round 2,
 *      that code comes in a third round, its slots in a fourth and the description in a fifth). Behind a proxy that names its code in no slot (a fallback
 *      that delegatecalls a stored address, as Gnosis's proxy for OWL keeps its master copy in
 *      slot 0), that address is read with the proxy's own slots in round 2, its code in a third
 *      round, the slots the two codes check in a fourth, and the description in a fifth.
 */
export async function readContract(input: { chain: ChainId; address: Address; client: ChainClient; first?: TokenFirstRound }): Promise<ContractReading> {
  const { client, chain } = input;
  const address = getAddress(input.address);
  const first = input.first ?? tokenFirstRound({ client, chain }, address);

  // Round 1, at the answer's block.
  const [head, code, balance, nonce, proxySlots, identity, owner, creation] = await Promise.all([
    first.head(),
    first.code(),
    // Asked of the node directly: viem would route getBalance through its multicall batcher, a round of its own.
    client.request({ method: "eth_getBalance", params: [address, first.blockNumber === undefined ? "latest" : toHex(first.blockNumber)] }).then((hex) => BigInt(hex)),
    client.getTransactionCount({ address, blockNumber: first.blockNumber }),
    first.proxySlots(),
    first.identity(),
    first.owner(),
    first.creation(),
  ]);
  const block = head.number;
  const isContract = code !== "0x";
  const account = { exists: isContract || balance > 0n || nonce > 0, code, identity };
  if (!isContract) return { chain, address, block, account, isContract };

  // Round 2: what the first answers point at.
  const at = { client, chain, block };
  const probe = proxyProbe(code, proxySlots, address);
  const admin = probe.admin;
  const ownerToDescribe = owner.address && !owner.renounced ? owner.address : null;
  const describeNow = [admin, ownerToDescribe].filter((a): a is Address => a !== null);
  // The slots the contract's own code checks msg.sender against; behind a slot proxy, the implementation's code to walk.
  const [round2, receipt, roleGrants, ownControl, implementationCode] = await Promise.all([
    readRound(at, describeNow, probe.calls),
    creation ? client.getTransactionReceipt({ hash: creation.transaction }) : null,
    chain === "eth" ? scanRoleGrants(at, address) : null,
    probe.slotImplementation ? null : readStoredControl(client, address, block, [code]),
    probe.slotImplementation ? client.getCode({ address: probe.slotImplementation, blockNumber: block }) : null,
  ]);
  const proxy = probe.read(round2.results);
  // A fallback that delegatecalls a stored address makes a proxy by what the code does: the code that runs is that address's.
  const delegatedTo = proxy.standard === "none" ? delegatingFallback(ownControl) : null;
  const delegatedCode = delegatedTo ? await client.getCode({ address: delegatedTo, blockNumber: block }) : null;
  // Behind a beacon the code that runs is the one the beacon names, known only from round 2's answers.
  const beaconImplementation = proxy.standard === "beacon" && !probe.slotImplementation ? proxy.implementation : null;
  const beaconCode = beaconImplementation ? await client.getCode({ address: beaconImplementation, blockNumber: block }) : null;
  // Behind a proxy, the code that runs is the implementation's, checking msg.sender against the
  // proxy's own storage: its slots are read in one more round, so its controllers are described
  // in the round after (the fourth behind a slot proxy, the fifth behind a delegating fallback,
  // whose own code's checks are read beside its master copy's).
  const implementationControl =
    implementationCode && implementationCode !== "0x"
      ? await readStoredControl(client, address, block, [implementationCode])
      : beaconCode && beaconCode !== "0x"
        ? await readStoredControl(client, address, block, [beaconCode])
        : delegatedCode && delegatedCode !== "0x"
        ? await readStoredControl(client, address, block, [code, delegatedCode])
        : null;
  const adminHolder = admin ? round2.described[0] : null;
  const ownerHolder = ownerToDescribe ? round2.described[admin ? 1 : 0] : null;

  // Round 3: the proxy admin's owner, and (Ethereum) the role holders confirmed and described.
  const adminOwnerToDescribe = proxy.adminOwner && adminHolder?.is_contract ? proxy.adminOwner : null;
  const grants = roleGrants ?? { holders: [], truncated: false, fromBlock: 0n };
  const known = new Set([owner.address, admin, proxy.adminOwner, address].filter((entry): entry is Address => entry !== null).map((entry) => entry.toLowerCase()));
  const others = (found: StoredAddress[]) => found.filter((stored) => BigInt(stored.address) !== 0n && !known.has(stored.address.toLowerCase()));
  const runningControl = implementationControl ?? (proxy.standard === "none" ? ownControl : null);
  const storedNow = runningControl ? others(runningControl.callers) : [];
  // An address in the code needs no slot read: it is described in the same round as the stored ones.
  const writtenNow = (runningControl?.paths.codeCallers ?? []).filter((written) => !known.has(written.address.toLowerCase()));
  const toDescribe = [...grants.holders.map((h) => h.account), ...(adminOwnerToDescribe ? [adminOwnerToDescribe] : []), ...new Set([...storedNow, ...writtenNow].map((entry) => entry.address))];
  const round3 = toDescribe.length > 0 ? await readRound(at, toDescribe, roleChecks(address, grants)) : { results: [], described: [] };

  return {
    chain,
    address,
    block,
    account,
    isContract,
    owner,
    ownerHolder,
    proxy,
    adminHolder,
    adminOwnerHolder: adminOwnerToDescribe ? round3.described[grants.holders.length] : null,
    deployment: creation && receipt ? { ...creation, block: receipt.blockNumber } : null,
    roles: roleGrants ? { grants: roleGrants, checks: round3.results, described: round3.described } : null,
    stored: storedNow.map((stored) => ({ stored, holder: round3.described[toDescribe.indexOf(stored.address)] })),
    written: writtenNow.map((written) => ({ written, holder: round3.described[toDescribe.indexOf(written.address)] })),
  };
}
