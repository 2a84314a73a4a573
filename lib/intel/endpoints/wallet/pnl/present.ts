// wallet/pnl, present: the trades, the position and the profit figures, in the quote asset and
// in dollars, every null figure with its reason. The trades and their prices are facts (what the
// transaction's logs and trace (or balance) show reached or left the wallet, or the swap's own logged amounts
// where that could not be read, said per trade); what they add up to is a reading.
import { getNetwork } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import { formatRatio, type Ratio } from "@/lib/intel/reads/market";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, isoTime, tokenView, usdDigits, usdText, venueOf } from "@/lib/intel/answers/present";
import { describeWindow } from "@/lib/intel/answers/windows";
import { countByKind, primaryLeg } from "@/lib/intel/reads/wallet/movements";
import { assessPnl, type AssessedLine, type Figure } from "./assess";
import { costBasisMethod } from "./cost-basis";
import type { PositionHistory } from "./read";
import { internalNativeRead, poolPricedGap } from "@/lib/intel/reads/wallet/wallet-side";

/** Dollar figures are written to the cent's ten-thousandth, truncated. */

/** Why a figure is null: the whole field's reason when neither unit has it, else the missing unit's. */
function figureGap(field: string, figure: Figure): [string, string] | null {
  const { quoteGap, usdGap } = figure;
  if (figure.quote === null && figure.usd === null) return [field, quoteGap === usdGap || !usdGap ? (quoteGap ?? usdGap)! : `${quoteGap} In dollars: ${usdGap}`];
  if (figure.quote === null) return [`${field}.quote`, quoteGap!];
  if (figure.usd === null) return [`${field}.usd`, usdGap!];
  return null;
}

function presentLine({ line, usd, unpriced, quote, quotePerToken }: AssessedLine, decimals: number | null) {
  const swap = line.swap;
  return {
    kind: line.kind,
    transaction: line.transaction,
    block: Number(line.block),
    time: isoTime(line.timestamp),
    amount: amount(line.amount, decimals),
    counterparty: primaryLeg(line).counterparty,
    // Each Transfer log behind the line: a taxed sell shows the tax leg beside the rest.
    transfers: line.legs.map((leg) => ({ counterparty: leg.counterparty, amount: amount(leg.amount, decimals), log_index: leg.logIndex })),
    swap: swap
      ? {
          pool: swap.pool,
          ...venueOf(swap.dex),
          quote: { address: swap.quote.address, symbol: swap.quote.symbol },
          quote_amount: amount(swap.quoteAmount, swap.quote.decimals),
          quote_per_token: quotePerToken ? formatRatio(quotePerToken) : null,
        }
      : null,
    quote_amount: quote && swap ? amount(quote.amount, swap.quote.decimals) : null,
    quote_source: quote?.source ?? null,
    quote_source_reason: quote?.reason ?? null,
    value_usd: usdText(usd),
    unpriced,
  };
}

export function presentPnl(history: PositionHistory) {
  const { chain, block, balance, identity } = history;
  const { scan } = history.movements;
  const network = getNetwork(chain);
  const decimals = identity.decimals.value;
  const assessment = assessPnl(history);
  const { singleQuote, unpriced, withoutUsd, poolPriced, costBasis, valuation } = assessment;
  const lines = assessment.lines.map((assessed) => assessed.line);
  const quoteFigure = (value: bigint | null) => (value !== null && singleQuote ? amount(value, singleQuote.decimals) : null);
  const realized = assessment.realized.quote !== null || assessment.realized.usd !== null ? { quote: quoteFigure(assessment.realized.quote), usd: usdText(assessment.realized.usd) } : null;
  const unrealized =
    assessment.unrealized.quote !== null || assessment.unrealized.usd !== null
      ? {
          quote: quoteFigure(assessment.unrealized.quote),
          usd: usdText(assessment.unrealized.usd),
          valued_at: {
            pool: valuation!.pool.address,
            quote: { address: valuation!.pool.quote.address, symbol: valuation!.pool.quote.symbol },
            held_value: amount(valuation!.heldValue, valuation!.pool.quote.decimals),
            held_value_usd: usdText(valuation!.heldUsd),
            block: Number(block),
          },
        }
      : null;
  const hasCostBasis = costBasis.quote !== null || costBasis.usd !== null;

  // Every null figure says why. `unavailable` lists the figures' reasons first, then the trades'
  // and the position's; the labels after them follow the answer's own order.
  const gaps = new Map(
    [
      figureGap("realized", assessment.realized),
      figureGap("unrealized", assessment.unrealized),
      hasCostBasis ? null : ["position.cost_basis", costBasis.quoteGap ?? costBasis.usdGap!],
      unpriced > 0
        ? ["trades.price", `${unpriced} swap${unpriced === 1 ? "" : "s"} could not be priced, listed with \`unpriced\` giving the reason, not dropped: ${assessment.lines.map((line) => line.unpriced).filter(Boolean).join(" ")}`]
        : null,
      poolPriced > 0 ? ["trades.quote_amount", poolPricedGap(assessment.lines.map((line) => line.quote))!] : null,
      withoutUsd > 0
        ? ["trades.value_usd", `${withoutUsd} priced trade${withoutUsd === 1 ? "" : "s"} could not be priced in dollars: no ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes at ${withoutUsd === 1 ? "its block" : "their blocks"}. Their prices in the quote asset stand.`]
        : null,
      balance === null ? ["position", assessment.unreconciled!] : null,
    ].filter((gap): gap is [string, string] => gap !== null),
  );
  const ledger = new ProvenanceLedger();
  for (const [field, reason] of gaps) ledger.gap(field, reason);
  const readingOr = (field: string, known: boolean) => (known ? ledger.reading(field) : ledger.missing(field, gaps.get(field)!));
  // The price is what the logs and the trace (or the balance) show left or reached the wallet (or the swap's own logged amounts, said per trade).
  ledger.fact("trades", "trades.price");
  readingOr("trades.value_usd", withoutUsd < assessment.priced);
  ledger.factOr("position", balance !== null, () => gaps.get("position")!);
  readingOr("position.cost_basis", hasCostBasis);
  readingOr("realized", realized !== null);
  readingOr("unrealized", unrealized !== null);
  ledger.fact("window").reading("limitations");

  const counts = countByKind(lines);
  return {
    chain,
    block,
    provenance: ledger.provenance,
    data: {
      wallet: history.wallet,
      token: tokenView(history.token, identity),
      method: costBasisMethod,
      quote: singleQuote ? { address: singleQuote.address, symbol: singleQuote.symbol, decimals: singleQuote.decimals } : null,
      trades: assessment.lines.map((line) => presentLine(line, decimals)),
      counts,
      unpriced_counts: { no_quote_price: unpriced, no_usd_price: withoutUsd },
      position: {
        held: balance === null ? null : amount(balance, decimals),
        cost_basis: hasCostBasis ? { quote: quoteFigure(costBasis.quote), usd: usdText(costBasis.usd) } : null,
      },
      realized,
      unrealized,
      window: { from_block: Number(scan.fromBlock), to_block: Number(scan.toBlock), capped: scan.capped, truncated: scan.truncated, end: scan.end },
      limitations: [
        `Trades and transfers come from the wallet's Transfer logs of the token in blocks ${scan.fromBlock} to ${scan.toBlock} (${describeWindow(scan.window)}, at most ${history.maxMovements} transfers); they must add up to the wallet's balanceOf, or no cost basis is given.`,
        `Cost basis: average cost. Each trade is priced by what left the wallet (a buy) or reached it (a ` +
          `sell) of the quote asset in its transaction, the native coin and its wrapped form together: the ` +
          `transaction's value, native coin paid in by internal transfers (${internalNativeRead}), and the ` +
          `quote asset's Transfer logs. So a router's or a bot's fee, the pool's fee and transfer taxes ` +
          `are inside the prices; gas is not. The legs of one swap (a taxed sell's tax and the rest) are ` +
          `one trade.`,
        ...(poolPriced > 0
          ? [
              `${poolPriced} trade${poolPriced === 1 ? " stands" : "s stand"} at ` +
                `${poolPriced === 1 ? "its pool's amount" : "their pools' amounts"} instead (quote_source ` +
                `"pool", the reason in quote_source_reason): where a router kept a fee between the pool ` +
                `and the wallet, those trades' costs are understated and their proceeds overstated, and so ` +
                `is the profit.`,
            ]
          : []),
        "Realized: each sell's proceeds minus the average cost of the tokens it sold. A transfer out carries its share of the cost away without realizing anything.",
        "Held tokens are valued at the pool's mid price at the read block (reserves ratio), before the price impact a sale would have.",
        `Dollar figures take the registry's stablecoins at one dollar and price the native coin through the deepest wrapped-native/stablecoin pool at each trade's own block (reserves read there); truncated to ${usdDigits} decimals.`,
      ],
      unavailable: ledger.unavailable,
    },
  } satisfies PresentedAnswer;
}
