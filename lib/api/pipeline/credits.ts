// Whether the account can pay for this call, before anything is read. A refusal says the price and
// what is left, in the message and as numbers in `details`, so a caller can tell "top up by 1" from
// "this endpoint is beyond the account" without a second call.
import { canCover, freeCreditsLeft, paymentRequired } from "@/lib/billing/credits";

type Account = Parameters<typeof canCover>[0];

export function assertCredits(account: Account, price: number, now: Date, projectId: string) {
  if (canCover(account, price, now)) return;
  throw paymentRequired({ price, freeLeft: freeCreditsLeft(account, now), balance: account.balance }, projectId);
}
