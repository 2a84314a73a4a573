import { parseAbi, parseAbiItem } from "viem";

export const ownableAbi = parseAbi(["function owner() view returns (address)"]);
/** BEP-20's getter for the owner (BNB Chain's token template names it getOwner()). */
export const getOwnerAbi = parseAbi(["function getOwner() view returns (address)"]);
export const uupsAbi = parseAbi(["function proxiableUUID() view returns (bytes32)"]);
export const beaconAbi = parseAbi(["function implementation() view returns (address)"]);
export const eip897Abi = parseAbi(["function implementation() view returns (address)", "function proxyType() view returns (uint256)"]);
export const diamondLoupeAbi = parseAbi(["function facetAddresses() view returns (address[])"]);
export const accessControlAbi = parseAbi(["function hasRole(bytes32 role, address account) view returns (bool)"]);
export const roleGranted = parseAbiItem("event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)");
export const roleRevoked = parseAbiItem("event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)");
