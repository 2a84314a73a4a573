// POST /v1/api/wallet/approvals: every live ERC-20 spending approval of a wallet, a page at a time,
// and its live Permit2 allowances (lib/intel/endpoints/wallet/approvals/). An empty list is an honest empty success (never charged).
import { z } from "zod";
import { knownAddressKinds } from "@/lib/chain/networks";
import { usdOut } from "./wallet-parts";
import { addressOut, amountOut, blockOut, chainDataSourceOut, defineResponse, isoTimeOut, limitationsOut, provenanceOf, tokenOut, txHashOut, unavailableOf, scanEndOut } from "./common";

const spenderOut = z
  .object({
    address: addressOut.describe("The address allowed to spend the wallet's tokens."),
    label: z.string().nullable().describe("The network registry's name for the spender (e.g. \"Uniswap V2 router\", a locker's name); null when the registry does not know it."),
    kind: z
      .enum(knownAddressKinds)
      .nullable()
      .describe(`What the registry knows the spender as: ${knownAddressKinds.join(", ")}; null when the registry does not know it.`),
    is_contract: z.boolean().nullable().describe("True when the spender has code at the read block (a contract), false for an account without code; null when the spender's code was not read."),
  })
  .describe("Who may spend.");

const atRiskOut = z
  .object({
    amount: amountOut.describe("The smaller of the wallet's balance and the allowance at the read block: what the spender could take now."),
    usd: usdOut.nullable().describe("That amount in dollars where a price exists: a quote asset (the " +
      "wrapped native coin, the stablecoins at their checked peg, the further quote assets) from the " +
      "registry's reference pools, any other token from its deepest V2-style pair against the wrapped " +
      "native coin or a stablecoin on a registry DEX (interpretation); null where it has none."),
  })
  .nullable()
  .describe("What this grant puts at risk; null when the wallet's balance of the token could not be read.");

const approvalOut = z
  .object({
    token: tokenOut.describe("The token the approval is on."),
    spender: spenderOut,
    allowance: amountOut.describe("What allowance(wallet, spender) answers at the read block, in the token: the current allowance, not the logged one (spending lowers it on many tokens without a log)."),
    unlimited: z.boolean().describe("True when the allowance is at least 2^255: the maximum, or what remains of it on tokens that lower it when spent."),
    at_risk: atRiskOut,
    granted: z
      .object({
        transaction: txHashOut.describe("The transaction of the latest Approval log for this token and spender."),
        block: blockOut.describe("Its block."),
        time: isoTimeOut.describe("Its block's time (UTC)."),
      })
      .describe("The grant that stands: the latest Approval of this token to this spender."),
  })
  .describe("A live approval: an allowance above zero.");

const permit2ApprovalOut = z
  .object({
    token: tokenOut.describe("The token the Permit2 allowance is on."),
    spender: spenderOut,
    amount: amountOut.describe("What Permit2's allowance(wallet, token, spender) answers at the read block, in the token."),
    unlimited: z.boolean().describe("True when the amount is at least 2^159 (Permit2 amounts are uint160: the maximum, or what remains of it)."),
    expiration: isoTimeOut.describe("When Permit2 stops honouring it (UTC); always after the read block's time, or it would not be listed."),
    nonce: z.string().regex(/^[0-9]+$/).describe("The pair's Permit2 nonce: the next signed permit must carry it."),
    usable: z.boolean().describe("True when the wallet's ERC-20 allowance to Permit2 for this token is live too, so the spender can pull tokens now; false when that allowance is gone (then nothing can be pulled until it is given again)."),
    at_risk: atRiskOut.describe("What this allowance puts at risk: the smaller of the wallet's balance and the amount, zero while it is not usable; null when the balance could not be read."),
    granted: z
      .object({
        transaction: txHashOut.describe("The transaction of the latest Permit2 Approval or Permit of this token to this spender."),
        block: blockOut.describe("Its block."),
        time: isoTimeOut.describe("Its block's time (UTC)."),
      })
      .describe("The grant that stands."),
  })
  .describe("A live Permit2 allowance: above zero and not expired.");

export const walletApprovalsResponse = defineResponse({
  data: z
    .object({
      wallet: addressOut.describe("The wallet read."),
      approvals: z
        .array(approvalOut)
        .describe("This page of the wallet's live approvals: unlimited ones first, then newest grant first. Empty when the wallet has none (an honest empty answer, not charged) or the offset is past the end."),
      total: z.number().int().nonnegative().describe("Live approvals in the whole set, across pages."),
      unlimited_total: z.number().int().nonnegative().describe("Unlimited approvals in the whole set, across pages."),
      page: z
        .object({
          limit: z.number().int().min(1).max(200).describe("Page size asked for (1 to 200, default 50)."),
          offset: z.number().int().nonnegative().describe("Approvals skipped before this page (default 0)."),
          returned: z.number().int().nonnegative().describe("Approvals on this page."),
          has_more: z.boolean().describe("True when approvals follow this page: ask again with offset + returned."),
        })
        .describe("Where this page sits in the whole set."),
      value_at_risk: z
        .object({
          usd: usdOut.describe("Dollars the live grants could take now, over the whole set (every page, the usable Permit2 allowances too): each priced token counted once, at the most any one spender can take."),
          priced_tokens: z.number().int().nonnegative().describe("Tokens the total prices."),
          unpriced_tokens: z.number().int().nonnegative().describe("Tokens with live grants the total leaves out: no price (no V2-style pair against the wrapped native coin or a stablecoin on a registry DEX, or past the first 20 tokens granted; their at_risk gives the amount in tokens)."),
        })
        .describe("What the wallet's live grants put at risk, in dollars where a price is read."),
      window: z
        .object({
          from_block: blockOut.describe("First block of the Approval logs read."),
          to_block: blockOut.describe("Last block of the Approval logs read (the read block)."),
          truncated: z.boolean().describe("True when the read stopped before the chain's start (the provider served the history more slowly than the read's time budget allows): an approval granted earlier and never touched since is not seen."),
          end: scanEndOut,
          days: z.number().nonnegative().describe("How far back the read reached, in days from from_block's time to the read block's (one decimal): the whole history when end is history_start."),
        })
        .describe("The blocks the Approval logs were read from: the wallet's whole history where the provider serves it within the read's budget, otherwise the newest part, stated in days."),
      permit2: z
        .array(permit2ApprovalOut)
        .describe("The wallet's live Permit2 allowances (Uniswap's shared approval contract, which its routers pull tokens through), unlimited ones first, then newest; at most 200 (permit2_total counts all). Expired ones and those a Lockdown zeroed are not live."),
      permit2_total: z.number().int().nonnegative().describe("Live Permit2 allowances in all."),
      nft_operators: z
        .array(
          z
            .object({
              collection: addressOut.describe("The ERC-721 or ERC-1155 collection."),
              operator: spenderOut.describe("Who may move every token the wallet holds in the collection."),
              granted: z
                .object({
                  transaction: txHashOut.describe("The transaction of the latest ApprovalForAll of this collection to this operator."),
                  block: blockOut.describe("Its block."),
                  time: isoTimeOut.describe("Its block's time (UTC)."),
                })
                .describe("The grant that stands."),
            })
            .describe("A live NFT operator: ApprovalForAll set to true last, and isApprovedForAll still true at the read block."),
        )
        .describe("Operators over whole NFT collections (ERC-721 and ERC-1155 setApprovalForAll), newest first; at most 200 (nft_operators_total counts all)."),
      nft_operators_total: z.number().int().nonnegative().describe("Live NFT operators in all."),
      limitations: limitationsOut,
      unavailable: unavailableOf({ approvals: "some tokens did not answer allowance(); those approvals are left out rather than guessed, and the tokens are named." }),
    })
    .describe("A wallet's live ERC-20 approvals, its live Permit2 allowances and its NFT operators."),
  meta: z.object({
    provenance: provenanceOf(["approvals", "approvals.spender.label", "permit2", "permit2_total", "nft_operators", "nft_operators_total", "total", "window", "value_at_risk", "limitations"]),
    chain_data_source: chainDataSourceOut,
  }),
});
