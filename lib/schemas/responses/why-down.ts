// POST /v1/api/intel/why-down: why a token's price is down, from its main pool's activity over
// the last 24 hours of blocks — three drivers each measured from logs, the dominant one by rule
// (and why), and every observation behind them.
import { z } from "zod";
import { addressOut, amountOut, blockOut, bpsOut, chainReadMetaOf, decimalOut, defineResponse, isoTimeOut, limitationsOut, scanEndOut, tokenOut, txHashOut, unavailableOf } from "./common";
import { venueFields } from "./onchain-parts";
import { relationOut } from "./team-wallets";

/** The drivers of a fall, as the contract names them; intel/why-down measures these and no others. */
export const whyDownDrivers = ["liquidity_pulled", "team_wallets_selling", "heavy_selling"] as const;
export type WhyDownDriver = (typeof whyDownDrivers)[number];

const driverOut = z
  .enum(whyDownDrivers)
  .describe(
    "A candidate driver of the fall. liquidity_pulled: liquidity was removed from the pool. " +
      "team_wallets_selling: wallets intel/team-wallets links to the team sold or moved the token. heavy_selling: more was sold into the pool than bought.",
  );

const teamOut = z
  .array(relationOut)
  .nullable()
  .describe("How the wallet is linked to the token's team (its relations as intel/team-wallets reads them); null when it is not a team wallet.");

const observationOut = z
  .object({
    what: z
      .enum(["sell", "buy", "liquidity_removal", "team_transfer"])
      .describe("What happened: sell (tokens sold into the pool), buy (tokens bought from it), liquidity_removal (LP redeemed through the pool), team_transfer (a team wallet sent tokens somewhere other than the pool)."),
    wallet: addressOut.nullable().describe("Who did it: the seller, the buyer, the wallet that redeemed the LP, or the team wallet that sent; null when the transaction's token or LP transfer did not show it."),
    amount: amountOut.describe("Tokens sold, bought, taken out of the pool by the removal, or transferred."),
    quote_amount: amountOut.nullable().describe("The quote asset (pool.quote) the pool paid out or took in, or that the removal took out; null for team_transfer."),
    transaction: txHashOut.describe("The transaction of the log observed."),
    block: blockOut.describe("Its block."),
    time: isoTimeOut.nullable().describe("Its block time; null when the block's header could not be read."),
    note: z
      .string()
      .optional()
      .describe("Context in plain words: for a removal, the LP redeemed (or that its sender was not found); for a team wallet's trade, its relations; for a team_transfer, the recipient. Absent on ordinary trades."),
  })
  .describe("One on-chain observation behind a driver: a log with its amounts, wallet, transaction and time.");

const scoreOut = z
  .number()
  .min(0)
  .max(1)
  .describe(
    "How strongly this driver shows, 0 to 1: the share it measures (see measured and data.limitations). Each driver's score is a share of a different whole, so scores do not rank the drivers: dominant_driver follows the rules in their order (see dominant_reason).",
  );

const liquidityPulledOut = z
  .object({
    driver: z.literal("liquidity_pulled").describe("liquidity_pulled: liquidity was removed from the pool."),
    score: scoreOut,
    measured: z
      .object({
        removals: z.number().int().nonnegative().describe("How many liquidity removals the pool had in the window (its Burn events; a V4 pool's ModifyLiquidity with negative liquidity)."),
        largest_share_of_pool_bps: bpsOut.describe("The largest share of the pool's quote reserve one removal took, against what the pool held just before it; 0 when there was no removal."),
        quote_removed: amountOut.describe("The quote asset all removals took out together."),
        by: z
          .array(z.object({ wallet: addressOut.describe("A wallet that redeemed LP."), team: teamOut }).describe("A wallet that pulled liquidity."))
          .describe("The wallets that removed liquidity, once each."),
      })
      .describe("What was measured for this driver."),
    observations: z.array(observationOut).describe("Every removal in the window (what is liquidity_removal), with who made it: the wallet that redeemed the LP, or for a position (V3 style, V4) the wallet it was paid to or the transaction's sender."),
  })
  .describe("Liquidity pulled: each removal, who made it and the share of the pool it took.");

const teamWalletsSellingOut = z
  .object({
    driver: z.literal("team_wallets_selling").describe("team_wallets_selling: wallets linked to the team sold or moved the token."),
    score: scoreOut,
    measured: z
      .object({
        team_wallets: z.number().int().nonnegative().describe("How many wallets intel/team-wallets links to the team."),
        sold: amountOut.describe("Tokens the team wallets sold into the pool in the window."),
        share_of_sells_bps: bpsOut.describe("Those tokens as a share of everything sold into the pool in the window; 0 when nothing was sold."),
        transfers_out: z.number().int().nonnegative().describe("How many transfers team wallets made to addresses other than the pool."),
      })
      .describe("What was measured for this driver."),
    observations: z.array(observationOut).describe("The team wallets' sells (what is sell), then their transfers elsewhere (what is team_transfer)."),
  })
  .describe("Team wallets selling: the sells and transfers of the wallets linked to the team.");

const heavySellingOut = z
  .object({
    driver: z.literal("heavy_selling").describe("heavy_selling: more was sold into the pool than bought."),
    score: scoreOut,
    measured: z
      .object({
        sells: z.number().int().nonnegative().describe("How many swaps sold the token into the pool."),
        buys: z.number().int().nonnegative().describe("How many swaps bought it from the pool."),
        sold: amountOut.describe("Tokens sold into the pool."),
        bought: amountOut.describe("Tokens bought from the pool."),
        net_sold: amountOut.describe("Sold minus bought; negative (raw starts with -) when more was bought than sold."),
        net_sold_share_of_start_reserve_bps: bpsOut.nullable().describe("Net sold as a share of the pool's token reserve at the window's start; negative when net bought; null when that reserve was zero."),
        largest_sellers: z
          .array(
            z
              .object({
                wallet: addressOut.describe("The seller."),
                sold: amountOut.describe("Tokens it sold into the pool in the window."),
                share_bps: bpsOut.describe("Its share of everything sold in the window."),
                transactions: z.array(txHashOut).describe("Its sell transactions, oldest first."),
                team: teamOut,
              })
              .describe("One seller."),
          )
          .describe("The five largest sellers, largest first; sells whose seller the transaction does not show are left out."),
      })
      .describe("What was measured for this driver."),
    observations: z.array(observationOut).describe("The ten largest sells (what is sell), largest first."),
  })
  .describe("Heavy selling: tokens sold against tokens bought, and the largest sellers.");

export const whyDownResponse = defineResponse({
  data: z
    .object({
      token: tokenOut,
      pool: z
        .object({
          address: addressOut.describe("The pool's address; for a Uniswap V4 pool, the PoolManager holding it."),
          ...venueFields,
          v4_pool_id: z
            .string()
            .regex(/^0x[0-9a-f]{64}$/)
            .optional()
            .describe("The Uniswap V4 pool's id in the PoolManager; present only for a V4 pool."),
          quote: z
            .object({ address: addressOut.describe("The quote asset's address."), symbol: z.string().describe("Its symbol, e.g. WETH or WBNB.") })
            .describe("The asset the token is priced in: the wrapped native coin when the token has such a pool, else a stablecoin."),
        })
        .describe("The token's main pool: the deepest in dollars at the window's start across every registry venue and quote asset (a pool opened inside the window counts from now)."),
      window: z
        .object({
          from_block: blockOut.describe("The window's first block: the start price is the pool's state at this block; the events read are those of the blocks after it."),
          to_block: blockOut.describe("The window's last block: the latest block, which the answer is pinned to; the end price is the pool's state at it."),
          from_time: isoTimeOut.describe("Time of the first block."),
          to_time: isoTimeOut.describe("Time of the last block; to_time − from_time is the span the read, the thin note and the limitations state."),
          blocks: z
            .number()
            .int()
            .nonnegative()
            .describe(
              "to_block − from_block: the blocks whose events are read. The last 24 hours at the network's " +
                "block interval (Ethereum 7,200 at 12 s, Base 43,200 at 2 s, BNB Chain 192,000 at 0.45 s; " +
                "measured on the node when it can be) when end is window_ended; fewer when the chain holds " +
                "fewer blocks (history_start) or a log read stopped at its cap (cap_reached).",
            ),
          end: scanEndOut.describe(
            "Why the window starts where it does. window_ended: the last 24 hours of blocks, whole. " +
              "history_start: the chain holds fewer blocks than that, so the window is its whole history, " +
              "from block 0. cap_reached: a log read stopped at its cap (the logs or calls one scan may " +
              "take) before the 24 hours' start, so the window is their newest part, starting where the " +
              "logs read do — the price and every driver cover the same blocks.",
          ),
        })
        .describe("The blocks read. Every sentence of the answer that speaks of the window (read, thin_note, limitations) states these blocks and the span from from_time to to_time."),
      price: z
        .object({
          start_quote_per_token: decimalOut
            .nullable()
            .describe("The token's price at the window's start: whole quote units (pool.quote) per whole token at the pool's mid price, as a decimal string (up to 18 fractional digits); null when the token's decimals could not be read or the pool held no tokens."),
          end_quote_per_token: decimalOut.nullable().describe("The token's price at the window's end, likewise; null in the same cases."),
          change_bps: bpsOut
            .nullable()
            .describe("(end − start) / start in basis points, of the pool's mid price at the window's edges (the two prices above), exact from the reserves, rounded toward zero; negative when down; null when a reserve at either edge was zero."),
          down: z.boolean().describe("True when change_bps is negative."),
          start_from: z.string().describe("Where the start price comes from: the reserves at the window's first block, or, for a pool born in the window, its first liquidity."),
        })
        .describe("The pool price at the window's edges."),
      dominant_driver: driverOut
        .nullable()
        .describe(
          "The driver that explains the fall, by rule (interpretation), the rules checked in this order whatever the scores: liquidity_pulled when one removal took at least half the pool's quote side; else team_wallets_selling when the team sold at least half of everything sold; " +
            "else heavy_selling when more was sold than bought. null when the price is not down or no driver explains it. A driver with a higher score can come after the one named (the scores are shares of different wholes): dominant_reason says so.",
        ),
      dominant_reason: z
        .string()
        .describe(
          "Why dominant_driver is what it is, in plain words: each rule checked up to the one that holds, " +
            "as measured, and — when another driver scores higher — why it is not named (its rule does not " +
            "hold, or the order puts the named one first). Says why no driver is named when " +
            "dominant_driver is null.",
        ),
      read: z.string().describe("The answer in one plain sentence: whether the token is down, by how much over which blocks and span (data.window's), and why."),
      thin: z.boolean().describe("True when the window holds fewer than five trades, so the read rests on little."),
      thin_note: z.string().optional().describe("Present only when thin: says how many trades the read rests on, in which blocks and span (data.window's)."),
      drivers: z
        .array(z.discriminatedUnion("driver", [liquidityPulledOut, teamWalletsSellingOut, heavySellingOut]))
        .describe("All three drivers, always in this order: liquidity_pulled, team_wallets_selling, heavy_selling; each with its score, what was measured and the observations behind it."),
      limitations: limitationsOut,
      unavailable: unavailableOf({}).describe("Always empty: nothing in this answer is left unread without failing the call (no pool or no trade is 422 insufficient_data)."),
    })
    .describe("Why the token's price is down: the price move, three measured drivers, the dominant one and the observations behind it."),
  meta: chainReadMetaOf(["price", "drivers", "dominant_driver", "dominant_reason", "read", "window", "limitations"]),
  sources: z
    .object({
      transactions: z.array(txHashOut).describe("Every transaction cited in the drivers' observations, once each."),
      pool: addressOut.describe("The pool read."),
    })
    .describe("What the answer cites: the observed transactions and the pool."),
});
