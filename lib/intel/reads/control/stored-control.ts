// Who the code that runs lets through, beyond owner(): the addresses it keeps in storage and
// compares msg.sender with, and the ones it delegatecalls to, read at the answer's block. The
// slots come from walking the code (./code-paths); their values are one eth_getStorageAt each,
// asked beside the simulation, so no round is added. Addresses written into the code itself (a
// constant, an immutable) need no read: they are in `paths.codeCallers`.
import { getAddress, numberToHex, type Address, type Hex } from "viem";
import type { ChainClient } from "@/lib/chain/clients";
import { readCodePaths, type CodeCaller, type CodePaths, type SlotUse } from "./code-paths";

export type StoredAddress = SlotUse & { address: Address };

export type StoredControl = {
  /** What the code that runs does (joined over a diamond's facets). */
  paths: CodePaths;
  /** Addresses the code compares msg.sender with, as stored at the block (the zero address included). */
  callers: StoredAddress[];
  /** Addresses the code delegatecalls to, as stored at the block. */
  delegates: StoredAddress[];
  /** Stored addresses the code CALLs (outside contracts it asks), as stored at the block. */
  calls: StoredAddress[];
  /** The slots' whole words, as read: a packed slot keeps other values beside the address. */
  words: Map<bigint, bigint>;
};

/** Most slots read per answer: a token's own checks use a handful; more is a sign of something else. */
export const maxSlotsRead = 12;

const ADDRESS_MASK = (1n << 160n) - 1n;

/** One entry per address: a diamond's facets may each compare msg.sender with the same one. */
function joinCodeCallers(found: CodeCaller[]): CodeCaller[] {
  const joined = new Map<Address, CodeCaller>();
  for (const caller of found) {
    const known = joined.get(caller.address);
    joined.set(caller.address, known ? { address: caller.address, functions: [...new Set([...known.functions, ...caller.functions])] } : caller);
  }
  return [...joined.values()];
}

function joinPaths(all: CodePaths[]): CodePaths {
  const unique = (uses: SlotUse[]) => {
    const joined = new Map<string, SlotUse>();
    for (const use of uses) {
      const id = `${use.slot}:${use.shift}`;
      const known = joined.get(id);
      joined.set(id, known ? { ...known, functions: [...new Set([...known.functions, ...use.functions])] } : use);
    }
    return [...joined.values()];
  };
  return {
    callerSlots: unique(all.flatMap((paths) => paths.callerSlots)),
    codeCallers: joinCodeCallers(all.flatMap((paths) => paths.codeCallers)),
    callerMappings: unique(all.flatMap((paths) => paths.callerMappings)),
    callerReads: unique(all.flatMap((paths) => paths.callerReads)),
    callSlots: unique(all.flatMap((paths) => paths.callSlots)),
    writtenSlots: unique(all.flatMap((paths) => paths.writtenSlots)),
    delegateSlots: unique(all.flatMap((paths) => paths.delegateSlots)),
    // A selector in two facets is one function: its first reading stands.
    arguments: [...new Map(all.flatMap((paths) => paths.arguments).reverse().map((entry) => [entry.function, entry])).values()],
    clockReads: [...new Set(all.flatMap((paths) => paths.clockReads))].sort((a, b) => a - b),
    selfDestruct: all.some((paths) => paths.selfDestruct),
    complete: all.every((paths) => paths.complete),
  };
}

/** What the codes do with msg.sender, walked once: read before the slots where another read of the same round needs it. */
export function pathsOf(codes: readonly Hex[]): CodePaths {
  return joinPaths(codes.map(readCodePaths));
}

export async function readStoredControl(client: ChainClient, token: Address, block: bigint, codes: readonly Hex[], walked: CodePaths = pathsOf(codes)): Promise<StoredControl> {
  const paths = walked;
  const slots = [...new Set([...paths.callerSlots, ...paths.delegateSlots, ...paths.callSlots].map((part) => part.slot))].slice(0, maxSlotsRead);
  const words = await Promise.all(slots.map((slot) => client.getStorageAt({ address: token, slot: numberToHex(slot, { size: 32 }), blockNumber: block })));
  const wordAt = new Map(slots.map((slot, i) => [slot, BigInt(words[i] ?? "0x0")]));
  const stored = (parts: SlotUse[]) =>
    parts.flatMap((part) => {
      const word = wordAt.get(part.slot);
      return word === undefined ? [] : [{ ...part, address: getAddress(numberToHex((word >> BigInt(part.shift)) & ADDRESS_MASK, { size: 20 })) }];
    });
  return { paths, callers: stored(paths.callerSlots), delegates: stored(paths.delegateSlots), calls: stored(paths.callSlots), words: wordAt };
}

/**
 * Where a contract's fallback delegatecalls an address it keeps in storage, that address: the code
 * that runs as the contract, whatever slot or standard (or none) names it (Gnosis's proxy keeps OWL's
 * master copy in slot 0, with no EIP-1967 slot and no implementation()). Null when the fallback
 * delegates nowhere, or to the zero address.
 */
export function delegatingFallback(control: StoredControl | null): Address | null {
  return control?.delegates.find((stored) => stored.functions.includes(null) && BigInt(stored.address) !== 0n)?.address ?? null;
}

/**
 * The control the code would have if every slot it checks msg.sender against held `holder`: what a
 * read behind a proxy runs its powers on while the real slots are read in the same round.
 */
export function assumedControl(codes: readonly Hex[], holder: Address): StoredControl {
  const paths = joinPaths(codes.map(readCodePaths));
  return { paths, callers: paths.callerSlots.map((use) => ({ ...use, address: holder })), delegates: [], calls: [], words: new Map() };
}
