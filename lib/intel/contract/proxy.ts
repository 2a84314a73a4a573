// Which proxy standard a contract follows, read from its code and the standard
// storage slots (EIP-1967, EIP-1167, beacons, UUPS).
import { getAddress, type Address, type Hex } from "viem";
import { valueOrNull, type CallResult, type ContractCall } from "@/lib/chain/multicall";
import { beaconAbi, ownableAbi, uupsAbi } from "./abis";

export const slots = {
  // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
  implementation: "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
  // bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
  admin: "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
  // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
  beacon: "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50",
} as const satisfies Record<string, Hex>;

const minimalProxy = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i;

/** The three standard slots as read from the node (undefined when the node answered nothing). */
export type ProxySlotWords = { implementation: Hex | undefined; admin: Hex | undefined; beacon: Hex | undefined };

export type ProxyStandard = "eip1967_transparent" | "eip1967_uups" | "eip1967" | "beacon" | "eip1167_minimal" | "none";

/** The address held in a storage word, or null when the word is empty. */
export function addressInSlot(word: Hex | undefined): Address | null {
  if (!word || /^0x0*$/.test(word)) return null;
  return getAddress(`0x${word.slice(-40)}`);
}

export function minimalProxyTarget(code: Hex): Address | null {
  const match = code.match(minimalProxy);
  return match ? getAddress(`0x${match[1]}`) : null;
}

/**
 * The reading of the slots. Transparent proxies keep their admin in the admin slot;
 * a UUPS implementation answers proxiableUUID() with the implementation slot.
 */
export function classifyProxy(input: { code: Hex; implementation: Address | null; admin: Address | null; beacon: Address | null; implementationIsUups: boolean }): ProxyStandard {
  if (minimalProxyTarget(input.code)) return "eip1167_minimal";
  if (input.beacon) return "beacon";
  if (input.implementation) {
    if (input.admin) return "eip1967_transparent";
    return input.implementationIsUups ? "eip1967_uups" : "eip1967";
  }
  return "none";
}

export type ProxyReading = {
  standard: ProxyStandard;
  /** The logic contract: the beacon's answer behind a beacon, else the slot's (or the clone's) target. */
  implementation: Address | null;
  /** The implementation slot's (or the clone's) target, whatever a beacon says. */
  slotImplementation: Address | null;
  beacon: Address | null;
  admin: Address | null;
  /** owner() of the proxy admin contract, when it has one. */
  adminOwner: Address | null;
};

/**
 * The proxy probe: what the slots point at, asked in the caller's own aggregate so it shares a
 * round with the caller's other reads. `calls` go into the aggregate; `read` takes their results
 * (in the same order) and gives the reading.
 */
export function proxyProbe(code: Hex, words: ProxySlotWords) {
  const beacon = addressInSlot(words.beacon);
  const slotImplementation = addressInSlot(words.implementation) ?? minimalProxyTarget(code);
  const admin = addressInSlot(words.admin);
  const asks = { beacon: beacon !== null, uups: slotImplementation !== null && !admin && !beacon, adminOwner: admin !== null };
  const calls: ContractCall[] = [
    ...(beacon ? [{ address: beacon, abi: beaconAbi, functionName: "implementation" }] : []),
    ...(asks.uups && slotImplementation ? [{ address: slotImplementation, abi: uupsAbi, functionName: "proxiableUUID" }] : []),
    ...(admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []),
  ];
  return {
    admin,
    /** Known before the probe's round: a caller can read the implementation's code beside it. */
    slotImplementation,
    calls,
    read(results: readonly CallResult[]): ProxyReading {
      const answers = [...results];
      const beaconImplementation = asks.beacon ? valueOrNull<Address>(answers.shift()) : null;
      const uuid = asks.uups ? valueOrNull<Hex>(answers.shift()) : null;
      const adminOwner = asks.adminOwner ? valueOrNull<Address>(answers.shift()) : null;
      const implementation = beacon ? (beaconImplementation ? getAddress(beaconImplementation) : null) : slotImplementation;
      return {
        standard: classifyProxy({ code, implementation, admin, beacon, implementationIsUups: uuid === slots.implementation }),
        implementation,
        slotImplementation,
        beacon,
        admin,
        adminOwner: adminOwner ? getAddress(adminOwner) : null,
      };
    },
  };
}
