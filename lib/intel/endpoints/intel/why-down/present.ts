// intel/why-down, present: the price move, each driver with its measures and the logs behind
// them, the plain-language read, and the provenance. The prices and logs are facts; the scores,
// the dominant driver (and why it is the one), and the read are our reading, by the documented
// rules. Every sentence that speaks of the window tells it from reading.window, which data.window
// is made from too (window.ts).
import { getAddress, type Address, type Hash } from "viem";
import { getNetwork } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import { formatRatio } from "@/lib/intel/reads/market";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, isoTime, tokenView, venueOf } from "@/lib/intel/answers/present";
import { driverPrecedence, driverRules, shareBps, type Driver, type Trade, type WhyDownAssessment } from "./assess";
import { maxTimedBlocks, type WhyDownReading } from "./read";
import { describeWhyDownWindow, windowField, windowSpan } from "./window";

type Observation = { what: "sell" | "buy" | "liquidity_removal" | "team_transfer"; wallet: Address | null; amount: ReturnType<typeof amount>; quote_amount: ReturnType<typeof amount> | null; transaction: Hash; block: number; time: string | null; note?: string };

const pct = (bps: number) => `${(Math.abs(bps) / 100).toFixed(2)} %`;

const driverWords: Record<Driver, string> = { liquidity_pulled: "liquidity pulled", team_wallets_selling: "team wallets selling", heavy_selling: "heavy selling" };

/** Drivers named after `dominant` in precedence whose score is higher than its own: the rule's order, not the scores, put it first. */
function outrankedByPrecedence(assessment: WhyDownAssessment): Driver[] {
  const { dominant, scores } = assessment;
  if (!dominant) return [];
  return driverPrecedence.slice(driverPrecedence.indexOf(dominant) + 1).filter((driver) => scores[driver] > scores[dominant]);
}

const list = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

function readText(reading: WhyDownReading, assessment: WhyDownAssessment): string {
  const { price, dominant } = assessment;
  const symbol = reading.identity.symbol.value ?? "the token";
  const span = windowSpan(reading.window);
  if (price.changeBps === null) return `The pool's reserves do not give a price for ${symbol} at both edges of the window, ${span}.`;
  if (!price.down) return `${symbol} is not down ${span}: the pool price moved ${price.changeBps >= 0 ? "up" : "down"} ${pct(price.changeBps)}.`;
  const down = `${symbol} is down ${pct(price.changeBps)} ${span}`;
  const outranked = outrankedByPrecedence(assessment);
  const first = outranked.length ? `; by rule it comes before ${list(outranked.map((driver) => driverWords[driver]))}, whose ${outranked.length === 1 ? "score is" : "scores are"} higher (see dominant_reason)` : "";
  switch (dominant) {
    case "liquidity_pulled":
      return `${down}: liquidity was pulled — a single removal took ${pct(assessment.removedShareBps)} of the pool's ${reading.pool.quote.symbol}${assessment.pullers.length ? ` (by ${assessment.pullers.join(", ")})` : ""}, leaving the price exposed to the sells that followed${first}.`;
    case "team_wallets_selling":
      return `${down}: wallets linked to the team sold ${pct(assessment.teamShareOfSellsBps)} of everything sold into the pool${first}.`;
    case "heavy_selling":
      return `${down}: more was sold into the pool than bought (net ${pct(assessment.netSoldBps ?? 0)} of its starting reserve), led by ${assessment.sellers[0]?.wallet ?? "unidentified sellers"}.`;
    default:
      return `${down}, and none of the measured drivers explains it on chain.`;
  }
}

/** Each driver's rule as measured: what was found, and what the rule needs. */
function ruleAsMeasured(driver: Driver, reading: WhyDownReading, assessment: WhyDownAssessment): string {
  const verdict = `${driverWords[driver]} ${assessment.ruleHolds[driver] ? "holds" : "does not hold"}`;
  switch (driver) {
    case "liquidity_pulled": {
      const needs = `it needs one removal taking at least ${pct(driverRules.liquidityPulledBps)} of the pool's ${reading.pool.quote.symbol}`;
      if (assessment.removals.length === 0) return `${verdict}: there was no removal (${needs})`;
      return `${verdict}: the largest removal took ${pct(assessment.removedShareBps)} of the pool's ${reading.pool.quote.symbol} (${needs})`;
    }
    case "team_wallets_selling": {
      const needs = `it needs the team wallets to sell at least ${pct(driverRules.teamShareOfSellsBps)} of everything sold`;
      if (assessment.sold === 0n) return `${verdict}: nothing was sold into the pool (${needs})`;
      return `${verdict}: the team wallets sold ${pct(assessment.teamShareOfSellsBps)} of everything sold into the pool (${needs})`;
    }
    case "heavy_selling":
      return `${verdict}: ${assessment.ruleHolds.heavy_selling ? "more was" : "no more was"} sold into the pool than bought`;
  }
}

/** Why a driver comes before the ones after it in precedence. */
const whyFirst: Record<Driver, string> = {
  liquidity_pulled: "A pull of half the pool comes first: it is the rug a holder must hear of, and it leaves every later sell moving the price further.",
  team_wallets_selling: "The team's own selling comes before selling by anyone: insiders leaving is the story, whoever else sells beside them.",
  heavy_selling: "Selling by anyone comes last.",
};

/** Why dominant_driver is what it is: the rules in their order, as measured, and why a higher score did not win. */
export function dominantReason(reading: WhyDownReading, assessment: WhyDownAssessment): string {
  const { price, dominant, scores } = assessment;
  if (price.changeBps === null) return "No driver is named: the pool does not give a price at both edges of the window, so there is no fall to explain.";
  if (!price.down) return "No driver is named: the price is not down in the window.";
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  const asMeasured = (drivers: readonly Driver[]) => capital(drivers.map((driver) => ruleAsMeasured(driver, reading, assessment)).join("; "));
  if (!dominant) return `No driver is named: none of the rules holds. ${asMeasured(driverPrecedence)}.`;
  const order = driverPrecedence.map((driver) => driverWords[driver]).join(", then ");
  const sentences = [`${dominant} is the first driver whose rule holds, the rules checked in order (${order}). ${asMeasured(driverPrecedence.slice(0, driverPrecedence.indexOf(dominant) + 1))}.`];
  // A driver checked earlier scores higher, but its rule's threshold was not met.
  const belowThreshold = driverPrecedence.slice(0, driverPrecedence.indexOf(dominant)).filter((driver) => scores[driver] > scores[dominant]);
  if (belowThreshold.length) {
    const one = belowThreshold.length === 1;
    sentences.push(`${list(belowThreshold)} ${one ? "scores" : "score"} higher (${list(belowThreshold.map((driver) => String(scores[driver])))} against ${scores[dominant]}) but ${one ? "its rule does" : "their rules do"} not hold: a rule's threshold decides, not the score.`);
  }
  // A driver checked later scores higher: the order puts this one first.
  const outranked = outrankedByPrecedence(assessment);
  if (outranked.length) {
    sentences.push(
      `It is named ahead of ` +
        `${list(outranked.map((driver) => `${driver} (score ${scores[driver]} against its ${scores[dominant]})`))} by ` +
        `that order, not by score: the scores are shares of different wholes — of the pool's quote side, ` +
        `of everything sold, of the starting reserve — so they do not rank the drivers. ` +
        `${whyFirst[dominant]}`,
    );
  }
  return sentences.join(" ");
}

export function presentWhyDown(reading: WhyDownReading, assessment: WhyDownAssessment) {
  const { chain, token, block, pool, identity, team } = reading;
  const { price, teamOf, trades, sells, scores } = assessment;
  const decimals = identity.decimals.value;
  const quoteDecimals = pool.quote.decimals;
  const when = (n: bigint) => (reading.timeOf.has(n) ? isoTime(reading.timeOf.get(n)!) : null);
  const teamRelations = (wallet: Address) => teamOf.get(wallet.toLowerCase()) ?? null;

  const observationOf = (trade: Trade): Observation => {
    const relations = trade.wallet ? teamRelations(trade.wallet) : null;
    return {
      what: trade.side,
      wallet: trade.wallet,
      amount: amount(trade.tokens, decimals),
      quote_amount: amount(trade.quote, quoteDecimals),
      transaction: trade.swap.transactionHash,
      block: Number(trade.swap.blockNumber),
      time: when(trade.swap.blockNumber),
      ...(relations ? { note: `team wallet (${relations.join(", ")})` } : {}),
    };
  };
  const drivers = [
    {
      driver: "liquidity_pulled" as const,
      score: scores.liquidity_pulled,
      measured: {
        removals: assessment.removals.length,
        largest_share_of_pool_bps: assessment.removedShareBps,
        quote_removed: amount(assessment.quoteRemoved, quoteDecimals),
        by: assessment.pullers.map((wallet) => ({ wallet, team: teamRelations(wallet) })),
      },
      observations: assessment.removals.map<Observation>((removal) => ({
        what: "liquidity_removal",
        wallet: removal.by,
        amount: amount(removal.tokenOut, decimals),
        quote_amount: amount(removal.quoteOut, quoteDecimals),
        transaction: removal.burn.transactionHash,
        block: Number(removal.burn.blockNumber),
        time: when(removal.burn.blockNumber),
        note: removal.liquidity !== null ? `${removal.liquidity} of the position's liquidity removed` : removal.lp === null ? "LP sender not found in the transaction" : `${removal.lp} LP redeemed`,
      })),
    },
    {
      driver: "team_wallets_selling" as const,
      score: scores.team_wallets_selling,
      measured: { team_wallets: team.wallets.length, sold: amount(assessment.teamSold, decimals), share_of_sells_bps: assessment.teamShareOfSellsBps, transfers_out: assessment.teamTransfers.length },
      observations: [
        ...assessment.teamSells.map(observationOf),
        ...assessment.teamTransfers.map<Observation>((log) => ({
          what: "team_transfer",
          wallet: getAddress(log.args.from),
          amount: amount(log.args.value, decimals),
          quote_amount: null,
          transaction: log.transactionHash,
          block: Number(log.blockNumber),
          time: when(log.blockNumber),
          note: `to ${getAddress(log.args.to)}`,
        })),
      ],
    },
    {
      driver: "heavy_selling" as const,
      score: scores.heavy_selling,
      measured: {
        sells: sells.length,
        buys: trades.length - sells.length,
        sold: amount(assessment.sold, decimals),
        bought: amount(assessment.bought, decimals),
        net_sold: amount(assessment.sold - assessment.bought, decimals),
        net_sold_share_of_start_reserve_bps: assessment.netSoldBps,
        largest_sellers: assessment.sellers.slice(0, 5).map((seller) => ({ wallet: seller.wallet, sold: amount(seller.sold, decimals), share_bps: shareBps(seller.sold, assessment.sold), transactions: seller.transactions, team: teamRelations(seller.wallet) })),
      },
      observations: [...sells].sort((a, b) => (a.tokens === b.tokens ? 0 : a.tokens > b.tokens ? -1 : 1)).slice(0, 10).map(observationOf),
    },
  ];

  const ledger = new ProvenanceLedger().fact("price", "drivers").reading("dominant_driver", "dominant_reason", "read").fact("window").reading("limitations");
  return {
    chain,
    block,
    provenance: ledger.provenance,
    sources: { transactions: [...new Set(drivers.flatMap((driver) => driver.observations.map((observation) => observation.transaction)))], pool: pool.address },
    data: {
      token: tokenView(token, identity),
      pool: { address: pool.address, ...venueOf(pool.dex), ...(pool.v4 ? { v4_pool_id: pool.v4.id } : {}), quote: { address: pool.quote.address, symbol: pool.quote.symbol } },
      window: windowField(reading.window),
      price: {
        start_quote_per_token: price.start ? formatRatio(price.start) : null,
        end_quote_per_token: price.end ? formatRatio(price.end) : null,
        change_bps: price.changeBps,
        down: price.down,
        start_from: "reservesAt" in price.startFrom ? `reserves at block ${price.startFrom.reservesAt}` : `the pool's first liquidity in the window (block ${price.startFrom.firstLiquidityAt})`,
      },
      dominant_driver: assessment.dominant,
      dominant_reason: dominantReason(reading, assessment),
      read: readText(reading, assessment),
      thin: assessment.thin,
      ...(assessment.thin ? { thin_note: `Only ${trades.length} trade${trades.length === 1 ? "" : "s"} ${windowSpan(reading.window)}: a thin history, so this read rests on little.` } : {}),
      drivers,
      limitations: [
        `The window runs ${describeWhyDownWindow(reading.window)} on ${getNetwork(chain).displayName}. The ` +
          `price moves from the pool's state at its first block to its state at its last; the drivers are ` +
          `the events of the blocks after the first, through the last. The main pool is the token's ` +
          `${pool.dex.name} pool against ${pool.quote.symbol}, the deepest in dollars at the window's ` +
          `start across every registry venue; activity in its other pools is not read.`,
        "Each driver's score (0 to 1) is the share it measures: of the pool's quote side one removal took, of everything sold that the team sold, of the starting token reserve sold net. The scores are shares of different wholes, so they do not rank the drivers: the rules below do.",
        `Times come from the headers of at most ${maxTimedBlocks.toLocaleString("en-US")} blocks: every removal's, the largest sells', then the newest; an observation in another block has no time.`,
        `Dominant driver, by rule, checked in this order whatever the scores: liquidity pulled when one ` +
          `removal took at least ${pct(driverRules.liquidityPulledBps)} of the pool's ` +
          `${pool.quote.symbol}; else team wallets selling when they sold at least ` +
          `${pct(driverRules.teamShareOfSellsBps)} of all tokens sold; else heavy selling when more was ` +
          `sold than bought.`,
        "Team wallets are those intel/team-wallets links by on-chain relations; a seller not linked there counts as an ordinary seller.",
      ],
      // Nothing is left unread here: no pool or no trade fails the call instead (422).
      unavailable: {},
    },
  } satisfies PresentedAnswer;
}
