// Which proxy standard a contract follows, read from its code, the standard storage slots
// (EIP-1967 and its beacons and UUPS; the older unstructured-storage slots of ZeppelinOS proxies,
// which USDC's still uses), the clone pattern (EIP-1167), and what the contract answers itself:
// EIP-897's implementation() with proxyType(), and an EIP-2535 diamond's facets through its loupe.
import { getAddress, zeroAddress, type Address, type Hex } from "viem";
import { valueOrNull, type CallResult, type ContractCall } from "@/lib/chain/multicall";
import { beaconAbi, diamondLoupeAbi, eip897Abi, ownableAbi, uupsAbi } from "./abis";

export const slots = {
  // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
  implementation: "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
  // bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
  admin: "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
  // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
  beacon: "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50",
  // keccak256("org.zeppelinos.proxy.implementation"): ZeppelinOS's AdminUpgradeabilityProxy (USDC)
  legacyImplementation: "0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3",
  // keccak256("org.zeppelinos.proxy.admin")
  legacyAdmin: "0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b",
} as const satisfies Record<string, Hex>;

/** The most facets of a diamond whose code is read for powers. */
export const maxFacetsRead = 16;

const minimalProxy = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i;

/** The standard slots as read from the node (undefined when the node answered nothing). */
export type ProxySlotWords = Record<keyof typeof slots, Hex | undefined>;

export type ProxyStandard = "eip1967_transparent" | "eip1967_uups" | "eip1967" | "beacon" | "eip1167_minimal" | "none" | "zeppelinos" | "eip897" | "eip2535_diamond";

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
export function classifyProxy(input: {
  code: Hex;
  implementation: Address | null;
  admin: Address | null;
  beacon: Address | null;
  implementationIsUups: boolean;
  legacy?: boolean;
  eip897?: boolean;
  facets?: readonly Address[];
}): ProxyStandard {
  if (minimalProxyTarget(input.code)) return "eip1167_minimal";
  if (input.beacon) return "beacon";
  if (input.legacy && input.implementation) return "zeppelinos";
  if (input.implementation && !input.eip897) {
    if (input.admin) return "eip1967_transparent";
    return input.implementationIsUups ? "eip1967_uups" : "eip1967";
  }
  if (input.facets && input.facets.length > 0) return "eip2535_diamond";
  if (input.eip897 && input.implementation) return "eip897";
  return "none";
}

export type ProxyReading = {
  standard: ProxyStandard;
  /** The logic contract: the beacon's answer behind a beacon, EIP-897's answer, else the slot's (or the clone's) target; null for a diamond. */
  implementation: Address | null;
  /** The implementation slot's (or the clone's) target, whatever a beacon says: known before the probe's round. */
  slotImplementation: Address | null;
  beacon: Address | null;
  admin: Address | null;
  /** owner() of the proxy admin contract, when it has one. */
  adminOwner: Address | null;
  /** A diamond's facets, as its loupe lists them; empty for anything else. */
  facets: Address[];
};

/** The code that runs behind the proxy, learned only from the probe's answers (a beacon, EIP-897, a diamond's facets). */
export function codeLearnedByProbe(reading: ProxyReading): Address[] {
  if (reading.standard === "eip2535_diamond") return reading.facets.slice(0, maxFacetsRead);
  return reading.implementation && reading.implementation !== reading.slotImplementation ? [reading.implementation] : [];
}

/**
 * The proxy probe: what the slots point at, asked in the caller's own aggregate so it shares a
 * round with the caller's other reads. `calls` go into the aggregate; `read` takes their results
 * (in the same order) and gives the reading. A contract with none of the slots set is asked
 * whether it names an implementation itself (EIP-897, with proxyType() 1 or 2 so that an ordinary
 * contract with an implementation() getter is not taken for one) or is a diamond (facetAddresses()).
 */
export function proxyProbe(code: Hex, words: ProxySlotWords, self?: Address) {
  const beacon = addressInSlot(words.beacon);
  const eip1967Implementation = addressInSlot(words.implementation);
  const legacyImplementation = eip1967Implementation ? null : addressInSlot(words.legacyImplementation);
  const legacy = legacyImplementation !== null;
  const slotImplementation = eip1967Implementation ?? legacyImplementation ?? minimalProxyTarget(code);
  const admin = addressInSlot(words.admin) ?? (legacy ? addressInSlot(words.legacyAdmin) : null);
  const asks = {
    beacon: beacon !== null,
    uups: slotImplementation !== null && !admin && !beacon && !legacy,
    adminOwner: admin !== null,
    itself: slotImplementation === null && beacon === null && self !== undefined,
  };
  const calls: ContractCall[] = [
    ...(beacon ? [{ address: beacon, abi: beaconAbi, functionName: "implementation" }] : []),
    ...(asks.uups && slotImplementation ? [{ address: slotImplementation, abi: uupsAbi, functionName: "proxiableUUID" }] : []),
    ...(admin ? [{ address: admin, abi: ownableAbi, functionName: "owner" }] : []),
    ...(asks.itself && self
      ? [
          { address: self, abi: eip897Abi, functionName: "implementation" },
          { address: self, abi: eip897Abi, functionName: "proxyType" },
          { address: self, abi: diamondLoupeAbi, functionName: "facetAddresses" },
        ]
      : []),
  ];
  return {
    admin,
    /** Known before the probe's round: a caller can read the implementation's code beside it. */
    slotImplementation,
    calls,
    read(results: readonly CallResult[]): ProxyReading {
      // The probe's calls depend on what the slots hold, and its caller sends them in a round of its
      // own calls, so they come back as one list read in order: each answer is its call's return type.
      const answers = [...results];
      const beaconImplementation = asks.beacon ? (valueOrNull(answers.shift()) as Address | null) : null;
      const uuid = asks.uups ? (valueOrNull(answers.shift()) as Hex | null) : null;
      const adminOwner = asks.adminOwner ? (valueOrNull(answers.shift()) as Address | null) : null;
      const named = asks.itself ? (valueOrNull(answers.shift()) as Address | null) : null;
      const proxyType = asks.itself ? (valueOrNull(answers.shift()) as bigint | null) : null;
      const facetList = asks.itself ? (valueOrNull(answers.shift()) as readonly Address[] | null) : null;
      const eip897 = named !== null && named !== zeroAddress && (proxyType === 1n || proxyType === 2n);
      const facets = [...new Set((facetList ?? []).filter((facet) => facet !== zeroAddress).map((facet) => getAddress(facet)))];
      const implementation = beacon ? (beaconImplementation ? getAddress(beaconImplementation) : null) : eip897 ? getAddress(named!) : facets.length > 0 ? null : slotImplementation;
      return {
        standard: classifyProxy({ code, implementation, admin, beacon, implementationIsUups: uuid === slots.implementation, legacy, eip897, facets }),
        implementation,
        slotImplementation,
        beacon,
        admin,
        adminOwner: adminOwner ? getAddress(adminOwner) : null,
        facets,
      };
    },
  };
}
