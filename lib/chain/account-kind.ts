// Which kind of account an address is: a wallet, a Safe (with its owners and threshold), a
// timelock (OpenZeppelin's or Compound's, with its delay), or another contract; read from its code and five probes. Shared by
// the reads that describe who holds control (contract/analysis, intel/risk) and the LP custody
// read, which counts a plain contract's LP as unverified custody rather than a team wallet's.
import { parseAbi, type Address, type Hex } from "viem";
import { calls, valueOrNull, type CallResults } from "@/lib/chain/multicall";

const safeAbi = parseAbi(["function getOwners() view returns (address[])", "function getThreshold() view returns (uint256)"]);
const timelockAbi = parseAbi(["function getMinDelay() view returns (uint256)"]);
/** Compound's Timelock (as Compound, Uniswap and SushiSwap govern with it): a delay and a grace period, no getMinDelay. */
const compoundTimelockAbi = parseAbi(["function delay() view returns (uint256)", "function GRACE_PERIOD() view returns (uint256)"]);

/** The probes that tell a Safe or a timelock from another contract, in the order describeHolder reads them. */
export function holderProbes(address: Address) {
  return calls([
    { address, abi: safeAbi, functionName: "getOwners" },
    { address, abi: safeAbi, functionName: "getThreshold" },
    { address, abi: timelockAbi, functionName: "getMinDelay" },
    { address, abi: compoundTimelockAbi, functionName: "delay" },
    { address, abi: compoundTimelockAbi, functionName: "GRACE_PERIOD" },
  ]);
}

/** The answers to one address's holderProbes, in their order. */
export type HolderProbeResults = CallResults<ReturnType<typeof holderProbes>>;

export type Holder =
  | { address: Address; is_contract: false; kind: "eoa" }
  | { address: Address; is_contract: true; kind: "safe"; safe: { owners: Address[]; threshold: number } }
  | { address: Address; is_contract: true; kind: "timelock"; timelock: { min_delay_seconds: number } }
  | { address: Address; is_contract: true; kind: "contract" };

/** What kind of account holds control: a wallet, a Safe (with owners and threshold), a timelock, or another contract. */
export function describeHolder(address: Address, code: Hex | true | undefined, [owners, threshold, minDelay, compoundDelay, gracePeriod]: HolderProbeResults): Holder {
  if (!code || code === "0x") return { address, is_contract: false, kind: "eoa" };
  const safeOwners = valueOrNull(owners);
  const safeThreshold = valueOrNull(threshold);
  if (safeOwners && safeThreshold !== null) return { address, is_contract: true, kind: "safe", safe: { owners: [...safeOwners], threshold: Number(safeThreshold) } };
  // A delay() alone is too common a name to tell a timelock by; with Compound's GRACE_PERIOD() beside it, it is its Timelock.
  const delay = valueOrNull(minDelay) ?? (valueOrNull(gracePeriod) !== null ? valueOrNull(compoundDelay) : null);
  if (delay !== null) return { address, is_contract: true, kind: "timelock", timelock: { min_delay_seconds: Number(delay) } };
  return { address, is_contract: true, kind: "contract" };
}

/**
 * Several addresses described at once: `results` holds their probes as `addresses.map(holderProbes)`
 * asked them (a group of aggregateGroups); `code` is each one's code (or `true` where only its presence is known).
 */
export function describeHolders(addresses: readonly Address[], code: (address: Address, at: number) => Hex | true | undefined, results: readonly HolderProbeResults[]): Holder[] {
  return addresses.map((address, at) => describeHolder(address, code(address, at), results[at]));
}
