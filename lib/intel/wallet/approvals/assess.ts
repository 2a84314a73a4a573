// wallet/approvals, assess: which grants still stand. An approval set back to zero is gone; the
// allowance that counts is the one the token reports now, not the logged value (spending lowers
// it without a log on many tokens). Unlimited ones first, then the newest.
import { getAddress, type Address } from "viem";
import { valueOrNull } from "@/lib/chain/multicall";
import type { ApprovalGrants, ApprovalLog } from "./read";

/** From this allowance up, an approval reads as unlimited (max uint256, and what is left of it after spending on tokens that lower it). */
export const unlimitedFrom = 2n ** 255n;

export type LiveApproval = { grant: ApprovalLog; allowance: bigint; unlimited: boolean };

export function assessApprovals(reading: ApprovalGrants) {
  const unreadable: Address[] = [];
  const live = reading.grants
    .flatMap(({ log, allowance: answer }): LiveApproval[] => {
      const allowance = valueOrNull<bigint>(answer);
      if (allowance === null) unreadable.push(getAddress(log.address));
      return allowance !== null && allowance > 0n ? [{ grant: log, allowance, unlimited: allowance >= unlimitedFrom }] : [];
    })
    .sort((a, b) => {
      const unlimited = Number(b.unlimited) - Number(a.unlimited);
      return unlimited !== 0 ? unlimited : a.grant.blockNumber === b.grant.blockNumber ? b.grant.logIndex - a.grant.logIndex : a.grant.blockNumber > b.grant.blockNumber ? -1 : 1;
    });
  return {
    live,
    /** Tokens whose allowance() did not answer: their approvals are left out rather than guessed. */
    unreadable: [...new Set(unreadable)],
  };
}
