// wallet/approvals, present: one page of the live approvals, the totals and the window. The
// logs and allowances are facts; the spenders' names come from the registry's address labels.
import { getAddress } from "viem";
import { getNetwork, labelKnownAddress } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, isoTime, tokenView, usdText } from "@/lib/intel/answers/present";
import { maxPricedTokens } from "./read";
import { assessApprovals } from "./assess";
import { approvalScan, type ApprovalGrants } from "./read";
import { valueAtRisk, type AtRisk } from "./value-at-risk";

function quoteSymbols(chain: ApprovalGrants["chain"]): string {
  const network = getNetwork(chain);
  return [network.wrappedNative, ...network.stablecoins, ...network.otherQuotes].map((token) => token.symbol).join(", ");
}

/** Permit2 allowances, and NFT operators, listed in one answer (their totals are always given). */
export const maxPermit2Listed = 200;

export function presentApprovals(reading: ApprovalGrants, page: { limit: number; offset: number }) {
  const { chain, wallet, block, scan } = reading;
  const { live, permit2, operators, unreadable } = assessApprovals(reading);
  const { limit, offset } = page;
  const risk = valueAtRisk(reading);
  const exposures = new Map(live.map((entry) => [entry, risk.of(getAddress(entry.grant.address), entry.allowance)]));
  // A Permit2 allowance that is not usable (no ERC-20 allowance to Permit2) can pull nothing now.
  const permit2Exposures = new Map(permit2.map((entry) => [entry, risk.of(entry.grant.args.token, entry.usable ? entry.amount : 0n)]));
  const atRiskView = (exposure: AtRisk | null, decimals: number | null | undefined) => (exposure ? { amount: amount(exposure.tokens, decimals), usd: usdText(exposure.usd) } : null);
  const total = risk.total([...exposures.values(), ...permit2Exposures.values()]);
  const covered = Number(reading.timeOf.get(block)! - reading.timeOf.get(scan.fromBlock)!);
  const days = Math.round((covered / 86_400) * 10) / 10;
  const approvals = live.slice(offset, offset + limit).map((entry) => {
    const { grant, allowance, unlimited } = entry;
    const token = getAddress(grant.address);
    const spender = getAddress(grant.args.spender);
    const identity = reading.identityOf.get(token);
    const known = labelKnownAddress(chain, spender);
    return {
      token: tokenView(token, identity),
      spender: { address: spender, label: known?.label ?? null, kind: known?.kind ?? null, is_contract: reading.spenderIsContract.get(spender) ?? null },
      allowance: amount(allowance, identity?.decimals.value),
      unlimited,
      at_risk: atRiskView(exposures.get(entry)!, identity?.decimals.value),
      granted: { transaction: grant.transactionHash, block: Number(grant.blockNumber), time: isoTime(reading.timeOf.get(grant.blockNumber)!) },
    };
  });

  const spenderView = (spender: `0x${string}`) => {
    const known = labelKnownAddress(chain, spender);
    return { address: spender, label: known?.label ?? null, kind: known?.kind ?? null, is_contract: reading.spenderIsContract.get(spender) ?? null };
  };
  const permit2Approvals = permit2.slice(0, maxPermit2Listed).map((entry) => {
    const { grant, amount: allowed, expiration, nonce, unlimited, usable } = entry;
    const identity = reading.identityOf.get(grant.args.token);
    return {
      token: tokenView(grant.args.token, identity),
      spender: spenderView(grant.args.spender),
      amount: amount(allowed, identity?.decimals.value),
      unlimited,
      expiration: isoTime(expiration),
      nonce: nonce.toString(),
      usable,
      at_risk: atRiskView(permit2Exposures.get(entry)!, identity?.decimals.value),
      granted: { transaction: grant.transactionHash, block: Number(grant.blockNumber), time: isoTime(reading.timeOf.get(grant.blockNumber)!) },
    };
  });

  const operatorApprovals = operators.slice(0, maxPermit2Listed).map((grant) => ({
    collection: getAddress(grant.address),
    operator: spenderView(grant.args.operator),
    granted: { transaction: grant.transactionHash, block: Number(grant.blockNumber), time: isoTime(reading.timeOf.get(grant.blockNumber)!) },
  }));

  const ledger = new ProvenanceLedger().fact("approvals", "permit2", "permit2_total", "nft_operators", "nft_operators_total").outside("approvals.spender.label").fact("total", "window").reading("value_at_risk", "limitations");
  if (unreadable.length > 0) ledger.gap("approvals", `allowance() did not answer on ${unreadable.join(", ")}; those approvals are left out rather than guessed.`);
  return {
    chain,
    block,
    provenance: ledger.provenance,
    honestEmpty: live.length === 0 && permit2.length === 0 && operators.length === 0,
    data: {
      wallet,
      approvals,
      total: live.length,
      unlimited_total: live.filter((entry) => entry.unlimited).length,
      page: { limit, offset, returned: approvals.length, has_more: offset + approvals.length < live.length },
      permit2: permit2Approvals,
      permit2_total: permit2.length,
      nft_operators: operatorApprovals,
      nft_operators_total: operators.length,
      value_at_risk: { usd: usdText(total.usd)!, priced_tokens: total.pricedTokens, unpriced_tokens: total.unpricedTokens },
      window: { from_block: Number(scan.fromBlock), to_block: Number(scan.toBlock), truncated: scan.truncated, end: scan.end, days },
      limitations: [
        scan.truncated
          ? `Approvals come from the wallet's Approval logs in blocks ${scan.fromBlock} to ` +
            `${scan.toBlock}, the last ${days} days on ${getNetwork(chain).displayName}: the read's budget ` +
            `(${approvalScan.historyBudgetMs / 1000} s, and the calls a scan may make on this provider) ` +
            `ran out before the chain's start, so an approval granted earlier and never touched since is ` +
            `not seen.`
          : `Approvals come from the wallet's Approval logs over ${getNetwork(chain).displayName}'s whole history (blocks ${scan.fromBlock} to ${scan.toBlock}, ${days} days).`,
        "Each allowance is what the token's allowance() answers at the read block. Permit2 allowances are " +
          "what Permit2's allowance(owner, token, spender) answers: expired ones and those a Lockdown " +
          "zeroed are not live; one is usable only while the wallet's ERC-20 allowance to Permit2 for that " +
          "token is live too.",
        `Unlimited means an allowance of at least 2^255 (the maximum, or what remains of it on tokens that lower it when spent).`,
        `Value at risk is the smaller of the wallet's balance and the allowance at the read block, in ` +
          `dollars where a price exists: ${getNetwork(chain).displayName}'s quote assets ` +
          `(${quoteSymbols(chain)}) from the registry's reference pools, stablecoins at their checked peg, ` +
          `and other tokens (the first ${maxPricedTokens} granted) at the mid price of their deepest ` +
          `V2-style pair against the wrapped native coin or a stablecoin on a registry DEX, which a sale ` +
          `of that size would not fetch; a token with no such pair has usd null. The total counts each ` +
          `token once, at the most any one spender can take.`,
      ],
      unavailable: ledger.unavailable,
    },
  } satisfies PresentedAnswer;
}
