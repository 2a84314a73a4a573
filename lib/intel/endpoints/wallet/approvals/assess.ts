// wallet/approvals, assess: which grants still stand. An approval set back to zero is gone; the
// allowance that counts is the one the token reports now, not the logged value (spending lowers
// it without a log on many tokens). Unlimited ones first, then the newest.
import { getAddress, type Address } from "viem";
import { valueOrNull } from "@/lib/chain/multicall";
import { sameAddress } from "@/lib/intel/reads/market";
import type { ApprovalLog } from "@/lib/chain/events";
import type { ApprovalGrants, Permit2Log } from "./read";

/** From this allowance up, an approval reads as unlimited (max uint256, and what is left of it after spending on tokens that lower it). */
export const unlimitedFrom = 2n ** 255n;

export type LiveApproval = { grant: ApprovalLog; allowance: bigint; unlimited: boolean };

/** Permit2 amounts are uint160: from 2^159 up it reads as unlimited. */
export const permit2UnlimitedFrom = 2n ** 159n;

/** A Permit2 allowance that stands: above zero and not expired; usable when the wallet's ERC-20 allowance to Permit2 is live too. */
export type LivePermit2 = { grant: Permit2Log; amount: bigint; expiration: bigint; nonce: bigint; unlimited: boolean; usable: boolean };

export function assessApprovals(reading: ApprovalGrants) {
  const unreadable: Address[] = [];
  const live = reading.grants
    .flatMap(({ log, allowance: answer }): LiveApproval[] => {
      const allowance = valueOrNull(answer);
      if (allowance === null) unreadable.push(getAddress(log.address));
      return allowance !== null && allowance > 0n ? [{ grant: log, allowance, unlimited: allowance >= unlimitedFrom }] : [];
    })
    .sort((a, b) => {
      const unlimited = Number(b.unlimited) - Number(a.unlimited);
      return unlimited !== 0 ? unlimited : a.grant.blockNumber === b.grant.blockNumber ? b.grant.logIndex - a.grant.logIndex : a.grant.blockNumber > b.grant.blockNumber ? -1 : 1;
    });
  const now = reading.timeOf.get(reading.block) ?? null;
  const toPermit2 = new Set(live.filter((entry) => sameAddress(entry.grant.args.spender, reading.permit2)).map((entry) => entry.grant.address.toLowerCase()));
  const permit2 = reading.permit2Grants
    .flatMap(({ log, allowance: answer }): LivePermit2[] => {
      const read = valueOrNull(answer);
      if (read === null) {
        unreadable.push(reading.permit2);
        return [];
      }
      const [amount, expiration, nonce] = [read[0], BigInt(read[1]), BigInt(read[2])];
      // Permit2 refuses a transfer once block.timestamp is past the expiration; a Lockdown set the amount to zero.
      if (amount === 0n || now === null || expiration < now) return [];
      return [{ grant: log, amount, expiration, nonce, unlimited: amount >= permit2UnlimitedFrom, usable: toPermit2.has(log.args.token.toLowerCase()) }];
    })
    .sort((a, b) => Number(b.unlimited) - Number(a.unlimited) || (a.grant.blockNumber === b.grant.blockNumber ? b.grant.logIndex - a.grant.logIndex : a.grant.blockNumber > b.grant.blockNumber ? -1 : 1));
  // NFT operators: set to true last, and isApprovedForAll still says so.
  const operators = reading.operatorGrants
    .filter(({ approved }) => valueOrNull(approved) === true)
    .map(({ log }) => log)
    .sort((a, b) => (a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1));
  return {
    live,
    permit2,
    operators,
    /** Tokens whose allowance() did not answer: their approvals are left out rather than guessed. */
    unreadable: [...new Set(unreadable)],
  };
}
