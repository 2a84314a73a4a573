// Which kind of account holds control over a contract: a wallet, a Safe (with its owners and
// threshold), a timelock (with its delay), or another contract; read from its code and probes.
import type { Address, Hex } from "viem";
import { valueOrNull, type CallResult } from "@/lib/chain/multicall";

export type Holder =
  | { address: Address; is_contract: false; kind: "eoa" }
  | { address: Address; is_contract: true; kind: "safe"; safe: { owners: Address[]; threshold: number } }
  | { address: Address; is_contract: true; kind: "timelock"; timelock: { min_delay_seconds: number } }
  | { address: Address; is_contract: true; kind: "contract" };

/** What kind of account holds control: a wallet, a Safe (with owners and threshold), a timelock, or another contract. */
export function describeHolder(address: Address, code: Hex | undefined, [owners, threshold, minDelay]: CallResult[]): Holder {
  if (!code || code === "0x") return { address, is_contract: false, kind: "eoa" };
  const safeOwners = valueOrNull<readonly Address[]>(owners);
  const safeThreshold = valueOrNull<bigint>(threshold);
  if (safeOwners && safeThreshold !== null) return { address, is_contract: true, kind: "safe", safe: { owners: [...safeOwners], threshold: Number(safeThreshold) } };
  const delay = valueOrNull<bigint>(minDelay);
  if (delay !== null) return { address, is_contract: true, kind: "timelock", timelock: { min_delay_seconds: Number(delay) } };
  return { address, is_contract: true, kind: "contract" };
}

