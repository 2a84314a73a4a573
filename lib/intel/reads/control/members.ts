// Who the members of a permission mapping are (minters, operators, AccessControl roles): candidates
// from the token's own events, each confirmed by its entry at the block, bounded.
import { encodeAbiParameters, getAddress, keccak256, toEventSelector, zeroAddress, type Address, type Hash, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";

/** The most candidates whose entries are read, over all the token's mappings together. */
export const memberBound = 64;

/** A log of the token, as its log scan keeps it. */
export type TokenLog = { topics: readonly Hex[]; data: Hex; block: bigint; transaction: Hash };

/** Events that announce an appointment: their signature is named beside the log that added a member. */
const appointments = [
  "MinterConfigured(address,uint256)",
  "MinterAdded(address)",
  "RoleGranted(bytes32,address,address)",
  "OwnershipTransferred(address,address)",
  "OperatorAdded(address)",
  "WhitelistedAddressAdded(address)",
  "AdminChanged(address,address)",
];
const appointmentSignatures = new Map<Hex, string>(appointments.map((signature) => [toEventSelector(signature), signature]));
/** Their topic0s: the holder scan asks for these beside Transfer, not for every log (a busy token's Approvals would crowd its window). */
export const appointmentTopics = [...appointmentSignatures.keys()];

/** The log a member was first named in: the transaction that added it, as far as the window shows. */
export type AddedBy = { transaction: Hash; block: bigint; topic: Hex; signature: string | null };

export type MappingMember = { address: Address; addedBy: AddedBy };

export type MembersRead = {
  /** The members found, by the mapping slot they are members of. */
  bySlot: Map<bigint, MappingMember[]>;
  /** Addresses the logs named (the zero address and the token itself apart). */
  candidates: number;
  /** Of them, how many were read: at most memberBound. */
  checked: number;
  /** The blocks the token's logs were read in. */
  fromBlock: bigint;
  toBlock: bigint;
};

/**
 * A word is read as an address when its top 12 bytes are clear and it is at least 2^128: an
 * amount that large is no amount a token moves, and an address below it is one in four billion
 * (a vanity address of that many leading zeros is missed).
 */
function addressIn(word: string): Address | null {
  if (word.length !== 64 || !/^0{24}/.test(word) || /^0{32}/.test(word)) return null;
  return getAddress(`0x${word.slice(24)}`);
}

/** Every address a log names, in its topics after the first and in its data words. */
function addressesIn(log: TokenLog): Address[] {
  const words = [...log.topics.slice(1).map((topic) => topic.slice(2)), ...(log.data.slice(2).match(/.{64}/g) ?? [])];
  return words.map(addressIn).filter((address): address is Address => address !== null);
}

/** The addresses the logs name, each with the first log that named it, in the order they are read. */
export function memberCandidates(logs: readonly TokenLog[], token: Address): { address: Address; addedBy: AddedBy }[] {
  const perEvent = new Map<Hex, number>();
  for (const log of logs) if (log.topics[0]) perEvent.set(log.topics[0], (perEvent.get(log.topics[0]) ?? 0) + 1);
  const first = new Map<Address, AddedBy>();
  for (const log of logs) {
    const topic = log.topics[0];
    if (!topic) continue;
    for (const address of addressesIn(log)) {
      if (address === zeroAddress || address === token || first.has(address)) continue;
      first.set(address, { transaction: log.transaction, block: log.block, topic, signature: appointmentSignatures.get(topic) ?? null });
    }
  }
  const rank = (added: AddedBy) => (added.signature !== null ? 0 : perEvent.get(added.topic) ?? 0);
  return [...first]
    .map(([address, addedBy]) => ({ address, addedBy }))
    .sort((a, b) => rank(a.addedBy) - rank(b.addedBy) || (a.addedBy.block === b.addedBy.block ? 0 : a.addedBy.block < b.addedBy.block ? -1 : 1));
}

/** The slot of `account`'s entry in a mapping at `slot`, as Solidity lays it out (a nested mapping's slot is already its entry in the outer one). */
function entrySlot(account: Address, slot: bigint): Hex {
  return keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account, slot]));
}

/**
 * Who the members of a permission mapping are (a minter table, an operator table, an
 * AccessControl role's members): storage cannot list a mapping's keys, but the token announced
 * each member in its own events when it was added. The addresses its logs name are the
 * candidates; each is confirmed by reading its entry in the mapping at the block (non-zero: a
 * member), and named with the first log that named it. Bounded: at most `memberBound` candidates
 * are read, the addresses named by catalogued appointments first, then those of the rarest
 * events (an appointment is rare beside the transfers and mints members make).
 *
 * Each mapping's members among the candidates the logs name: one eth_getStorageAt per candidate and mapping, in one batch.
 */
export async function readMembers(input: { client: ChainClient; token: Address; block: bigint; slots: readonly bigint[]; logs: readonly TokenLog[]; fromBlock: bigint; toBlock: bigint }): Promise<MembersRead> {
  const { client, token, block, slots } = input;
  const all = slots.length === 0 ? [] : memberCandidates(input.logs, token);
  const read = all.slice(0, memberBound);
  const asked = slots.flatMap((slot) => read.map((candidate) => ({ slot, candidate })));
  const words = await Promise.all(asked.map(({ slot, candidate }) => client.getStorageAt({ address: token, slot: entrySlot(candidate.address, slot), blockNumber: block })));
  const bySlot = new Map<bigint, MappingMember[]>();
  asked.forEach(({ slot, candidate }, at) => {
    const word = words[at];
    if (!word || BigInt(word) === 0n) return;
    bySlot.set(slot, [...(bySlot.get(slot) ?? []), candidate]);
  });
  return { bySlot, candidates: all.length, checked: read.length, fromBlock: input.fromBlock, toBlock: input.toBlock };
}
