// Which proxy standard a contract follows, read from its code and the standard
// storage slots (EIP-1967, EIP-1167, beacons, UUPS).
import { getAddress, type Address, type Hex } from "viem";

export const slots = {
  // bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
  implementation: "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc",
  // bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
  admin: "0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103",
  // bytes32(uint256(keccak256("eip1967.proxy.beacon")) - 1)
  beacon: "0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50",
} as const satisfies Record<string, Hex>;

const minimalProxy = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i;

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
