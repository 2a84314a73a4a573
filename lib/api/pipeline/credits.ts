// Whether the account can pay for this call, before anything is read. A refusal says the price and
// what is left, in the message and as numbers in `details`, so a caller can tell "top up by 1" from
// "this endpoint is beyond the account" without a second call.
import { ApiError } from "@/lib/api-contract/api-error";
import { canCover, freeCreditsLeft, paymentRequiredMessage } from "@/lib/billing/credits";

type Account = Parameters<typeof canCover>[0];

export function assertCredits(account: Account, price: number, now: Date, projectId: string) {
  if (canCover(account, price, now)) return;
  const free = freeCreditsLeft(account, now);
  const available = free + account.balance;
  const credits = (n: number) => `${n} credit${n === 1 ? "" : "s"}`;
  throw new ApiError(
    "payment_required",
    `This call costs ${credits(price)}; the account has ${credits(available)} left (${free} of today's free credits, a balance of ${account.balance}). ${paymentRequiredMessage(projectId)}`,
    { details: { price, available, free_credits_left: free, balance: account.balance } },
  );
}
