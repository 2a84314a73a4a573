// intel/why-down, present: the price move, each driver with its measures and the logs behind
// them, the plain-language read, and the provenance. The prices and logs are facts; the scores,
// the dominant driver and the read are our reading, by the documented rules.
import { getAddress, type Address, type Hash } from "viem";
import { getNetwork } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/ledger";
import { formatRatio } from "@/lib/intel/market";
import type { PresentedAnswer } from "@/lib/intel/endpoint-adapter";
import { amount, isoTime, tokenView, venueOf } from "@/lib/intel/present";
import { driverRules, shareBps, type Trade, type WhyDownAssessment } from "./assess";
import { describeWindow } from "@/lib/intel/windows";
import { maxTimedBlocks, type WhyDownReading } from "./read";

type Observation = { what: "sell" | "buy" | "liquidity_removal" | "team_transfer"; wallet: Address | null; amount: ReturnType<typeof amount>; quote_amount: ReturnType<typeof amount> | null; transaction: Hash; block: number; time: string | null; note?: string };

const pct = (bps: number) => `${(Math.abs(bps) / 100).toFixed(2)} %`;

function readText(reading: WhyDownReading, assessment: WhyDownAssessment): string {
  const { price, dominant } = assessment;
  const symbol = reading.identity.symbol.value ?? "the token";
  if (price.changeBps === null) return `The pool's reserves do not give a price for ${symbol} at both edges of the window.`;
  if (!price.down) return `${symbol} is not down in this window: the pool price moved ${price.changeBps >= 0 ? "up" : "down"} ${pct(price.changeBps)}.`;
  const down = `${symbol} is down ${pct(price.changeBps)}`;
  switch (dominant) {
    case "liquidity_pulled":
      return `${down}: liquidity was pulled — a single removal took ${pct(assessment.removedShareBps)} of the pool's ${reading.pool.quote.symbol}${assessment.pullers.length ? ` (by ${assessment.pullers.join(", ")})` : ""}, leaving the price exposed to the sells that followed.`;
    case "team_wallets_selling":
      return `${down}: wallets linked to the team sold ${pct(assessment.teamShareOfSellsBps)} of everything sold into the pool in the window.`;
    case "heavy_selling":
      return `${down}: more was sold into the pool than bought (net ${pct(assessment.netSoldBps ?? 0)} of its starting reserve), led by ${assessment.sellers[0]?.wallet ?? "unidentified sellers"}.`;
    default:
      return `${down}, and none of the measured drivers explains it on chain in this window.`;
  }
}

export function presentWhyDown(reading: WhyDownReading, assessment: WhyDownAssessment) {
  const { chain, token, block, pool, from, identity, team } = reading;
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
        ...assessment.teamTransfers.map<Observation>((log) => ({ what: "team_transfer", wallet: getAddress(log.args.from), amount: amount(log.args.value, decimals), quote_amount: null, transaction: log.transactionHash, block: Number(log.blockNumber), time: when(log.blockNumber), note: `to ${getAddress(log.args.to)}` })),
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

  const ledger = new ProvenanceLedger().fact("price", "drivers").reading("dominant_driver", "read").fact("window").reading("limitations");
  return {
    chain,
    block,
    provenance: ledger.provenance,
    sources: { transactions: [...new Set(drivers.flatMap((driver) => driver.observations.map((observation) => observation.transaction)))], pool: pool.address },
    data: {
      token: tokenView(token, identity),
      pool: { address: pool.address, ...venueOf(pool.dex), ...(pool.v4 ? { v4_pool_id: pool.v4.id } : {}), quote: { address: pool.quote.address, symbol: pool.quote.symbol } },
      window: { from_block: Number(from), to_block: Number(block), from_time: isoTime(reading.fromTimestamp), to_time: isoTime(reading.timestamp), blocks: Number(block - from) },
      price: {
        start: price.start ? formatRatio(price.start) : null,
        end: price.end ? formatRatio(price.end) : null,
        change_bps: price.changeBps,
        down: price.down,
        start_from: "reservesAt" in price.startFrom ? `reserves at block ${price.startFrom.reservesAt}` : `the pool's first liquidity in the window (block ${price.startFrom.firstLiquidityAt})`,
      },
      dominant_driver: assessment.dominant,
      read: readText(reading, assessment),
      thin: assessment.thin,
      ...(assessment.thin ? { thin_note: `Only ${trades.length} trade${trades.length === 1 ? "" : "s"} in the window: a thin history, so this read rests on little.` } : {}),
      drivers,
      limitations: [
        `The window is ${describeWindow(reading.window)} on ${getNetwork(chain).displayName}; the main pool is the token's ${pool.dex.name} pool against ${pool.quote.symbol}, the deepest in dollars at the window's start across every registry venue. Activity in its other pools is not read.`,
        "Each driver's score (0 to 1) is the share it measures: of the pool's quote side one removal took, of everything sold that the team sold, of the starting token reserve sold net.",
        `Times come from the headers of at most ${maxTimedBlocks.toLocaleString("en-US")} blocks: every removal's, the largest sells', then the newest; an observation in another block has no time.`,
        `Dominant driver, by rule: liquidity pulled when one removal took at least ${pct(driverRules.liquidityPulledBps)} of the pool's ${pool.quote.symbol}; else team wallets selling when they sold at least ${pct(driverRules.teamShareOfSellsBps)} of all tokens sold; else heavy selling when more was sold than bought.`,
        "Team wallets are those intel/team-wallets links by on-chain relations; a seller not linked there counts as an ordinary seller.",
      ],
      // Nothing is left unread here: no pool or no trade fails the call instead (422).
      unavailable: {},
    },
  } satisfies PresentedAnswer;
}
