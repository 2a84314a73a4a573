// Ownership that can be taken back: the "lock" pattern of SafeMoon-style Ownable contracts, where
// lock(time) sets the owner to the zero address (so the token reads as renounced) while keeping the
// previous owner in storage, and unlock() gives ownership back to that owner once the time has
// passed. On such a token a renounced owner neutralises nothing: every owner power can come back.
import { toFunctionSelector, type Address, type Hex } from "viem";
import { call, valueOrNull, type CallResult } from "@/lib/chain/multicall";
import { pushedSelectors } from "./selectors";

const reclaimFunctions = ["lock(uint256)", "unlock()"] as const;
const unlockTimeGetters = ["geUnlockTime", "getUnlockTime"] as const;
const unlockTimeAbi = unlockTimeGetters.map((name) => ({ type: "function" as const, name, stateMutability: "view" as const, inputs: [] as const, outputs: [{ type: "uint256" }] as const }));

export type Reclaim = { functions: { signature: string; selector: Hex }[]; unlockTime: bigint | null };

/** The reclaim functions the code dispatches; both must be there for the pattern. */
export function reclaimFunctionsIn(codes: readonly Hex[]): Reclaim["functions"] | null {
  const pushed = new Set(codes.flatMap((code) => [...pushedSelectors(code)]));
  const found = reclaimFunctions.map((signature) => ({ signature, selector: toFunctionSelector(signature) as Hex })).filter((entry) => pushed.has(entry.selector));
  return found.length === reclaimFunctions.length ? found : null;
}

export function unlockTimeCalls(token: Address) {
  return unlockTimeGetters.map((functionName) => call({ address: token, abi: unlockTimeAbi, functionName }));
}

export function readUnlockTime(results: readonly CallResult<bigint>[]): bigint | null {
  for (const result of results) {
    const value = valueOrNull(result);
    if (value !== null) return value;
  }
  return null;
}
