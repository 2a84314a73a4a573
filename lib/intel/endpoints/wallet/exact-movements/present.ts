// wallet/exact-movements, present: each line with its token, exact amount, counterparty, swap and
// what the trade cost or brought in; the logs, traces and balances are facts, the kind each amounts to (buy,
// sell, transfer) a reading.
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, isoTime, tokenView, venueOf } from "@/lib/intel/answers/present";
import { primaryLeg } from "@/lib/intel/reads/wallet/movements";
import { internalNativeRead, poolPricedGap } from "@/lib/intel/reads/wallet/wallet-side";
import { assessMovements } from "./assess";
import { maxMovementsPerCall, type RecentMovements } from "./read";

export function presentMovements(reading: RecentMovements) {
  const { chain, block, scan } = reading;
  const { lines, quotes, counts } = assessMovements(reading);
  const ledger = new ProvenanceLedger().fact("movements").reading("movements.kind").fact("counts", "window").reading("limitations");
  const poolPriced = poolPricedGap(quotes.values());
  if (poolPriced) ledger.gap("movements.quote_amount", poolPriced);
  return {
    chain,
    block,
    provenance: ledger.provenance,
    data: {
      wallet: reading.wallet,
      token: reading.token,
      movements: lines.map((line) => {
        const movement = primaryLeg(line);
        const identity = reading.tokens.get(movement.token.toLowerCase());
        const quote = quotes.get(line) ?? null;
        return {
          kind: line.kind,
          token: tokenView(movement.token, identity),
          amount: amount(line.amount, identity?.decimals.value),
          counterparty: movement.counterparty,
          transaction: movement.transaction,
          block: Number(movement.block),
          log_index: movement.logIndex,
          time: isoTime(movement.timestamp),
          ...(line.legs.length > 1 ? { legs: line.legs.map((leg) => ({ counterparty: leg.counterparty, amount: amount(leg.amount, identity?.decimals.value), log_index: leg.logIndex })) } : {}),
          swap: movement.swap
            ? { pool: movement.swap.pool, ...venueOf(movement.swap.dex), quote: { address: movement.swap.quote.address, symbol: movement.swap.quote.symbol }, quote_amount: amount(movement.swap.quoteAmount, movement.swap.quote.decimals) }
            : null,
          quote_amount: quote && movement.swap ? amount(quote.amount, movement.swap.quote.decimals) : null,
          quote_source: quote?.source ?? null,
          quote_source_reason: quote?.reason ?? null,
        };
      }),
      counts,
      window: { from_block: Number(scan.fromBlock), to_block: Number(scan.toBlock), more_before: scan.capped || scan.truncated, end: scan.end },
      limitations: [
        `Movements come from Transfer logs in blocks ${scan.fromBlock} to ${scan.toBlock}, newest first, at most ${maxMovementsPerCall}; counts are of the movements returned.`,
        "A movement is a buy or a sell when the same transaction swaps the token through one of its pools on the registry's DEXes (against the wrapped native coin or a registry stablecoin); a trade through any other venue reads as a transfer.",
        `A trade's quote_amount is what left the wallet (a buy) or reached it (a sell) of the quote asset ` +
          `in its transaction, the native coin and its wrapped form together (the native coin paid in ` +
          `inside it ${internalNativeRead}), so a router's or a bot's fee is inside it; swap.quote_amount ` +
          `is the pool's side.`,
        ...(poolPriced ? ["Some trades stand at their pools' amounts instead (quote_source \"pool\", the reason in quote_source_reason): a fee kept between the pool and the wallet is not in them."] : []),
      ],
      unavailable: ledger.unavailable,
    },
  } satisfies PresentedAnswer;
}
