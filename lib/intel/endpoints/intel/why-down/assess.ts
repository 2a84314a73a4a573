// intel/why-down, assess: the price change from the pool's mid price at the window's edges, the
// three candidate drivers each measured from the pool's events (whatever its venue), and which one
// dominates by the rules: checked in a fixed order, the first that holds names the driver. The
// scores are not compared — each is a share of a different whole (docs/endpoints/intel-why-down.md).
import { getAddress, type Address, type Hash } from "viem";
import { labelKnownAddress } from "@/lib/chain/networks";
import { bpsOf, hasFungibleLp, sameAddress, sidesOf, stableMidPrice, type Amounts, type Ratio } from "@/lib/intel/reads/market";
import { amountsForLiquidity, sqrtPriceAtTick } from "@/lib/intel/reads/market/liquidity-math";
import type { LogPlace, PoolEvent, WhyDownReading } from "./read";
import type { WhyDownDriver } from "@/lib/schemas/responses/why-down";

/** Rules for the dominant driver, in order (documented in docs/endpoints/intel-why-down.md). */
export const driverRules = { liquidityPulledBps: 5_000, teamShareOfSellsBps: 5_000, thinTradesBelow: 5 } as const;

/** The contract's names for the drivers of a fall: a driver it does not name cannot be measured here. */
export type Driver = WhyDownDriver;

/**
 * The order the rules are checked in; the first whose rule holds is the dominant driver. A pull of
 * half the pool comes first: it is the rug a holder must hear of, and it leaves every later sell
 * moving the price further. The team's own selling comes next, then selling by anyone.
 */
export const driverPrecedence = ["liquidity_pulled", "team_wallets_selling", "heavy_selling"] as const satisfies readonly Driver[];

/** Basis points of `whole`, 0 when there is no whole to share. */
export const shareBps = (part: bigint, whole: bigint) => bpsOf(part, whole) ?? 0;

/** A driver's score, 0 to 1 (interpretation): the share its measure names. */
const score = (bps: number | null) => (bps === null ? 0 : Math.min(1, Math.max(0, bps / 10_000)));

type Sides = Amounts;

/** Logs by their transaction, in the order given. */
function groupByTransaction<T extends { transactionHash: Hash }>(logs: readonly T[]): Map<Hash, T[]> {
  const byTransaction = new Map<Hash, T[]>();
  for (const log of logs) {
    const same = byTransaction.get(log.transactionHash);
    if (same) same.push(log);
    else byTransaction.set(log.transactionHash, [log]);
  }
  return byTransaction;
}


/** The pool's quote reserve just before `removal`'s transaction, from the last reserves event of an earlier transaction (a removal's own Sync comes after it); null for pools that do not report reserves. */
function quoteBefore(events: readonly PoolEvent[], removal: PoolEvent, tokenIsToken0: boolean): bigint | null {
  const earlier = (event: PoolEvent) => event.blockNumber < removal.blockNumber || (event.blockNumber === removal.blockNumber && event.logIndex < removal.logIndex);
  const last = events.filter((event) => event.activity.what === "reserves" && event.transactionHash !== removal.transactionHash && earlier(event)).at(-1);
  if (!last || last.activity.what !== "reserves") return null;
  return sidesOf(tokenIsToken0, last.activity.reserve0, last.activity.reserve1).quote;
}

/** The price the pool's first event in the window leaves, when the pool did not exist at the window's start. */
function firstPrice(reading: WhyDownReading): { price: Ratio; start: Sides | null; at: bigint } | null {
  for (const event of reading.poolEvents) {
    const { activity } = event;
    if (activity.what === "reserves") {
      const sides = sidesOf(reading.tokenIsToken0, activity.reserve0, activity.reserve1);
      if (sides.token === 0n) continue;
      // A stable-curve pool is priced on its curve, with the decimals the pool states.
      const price = reading.pool.stable ? (reading.pool.stableUnits ? stableMidPrice(sides, reading.pool.stableUnits) : null) : { num: sides.quote, den: sides.token };
      if (price) return { price, start: sides, at: event.blockNumber };
    } else if (activity.what === "swap" && activity.sqrtPriceX96) {
      const token1PerToken0 = { num: activity.sqrtPriceX96 * activity.sqrtPriceX96, den: 2n ** 192n };
      return { price: reading.tokenIsToken0 ? token1PerToken0 : { num: token1PerToken0.den, den: token1PerToken0.num }, start: null, at: event.blockNumber };
    }
  }
  return null;
}

/** The price at the edges: the pool's mid price at the window's start (or after its first event in the window) and now. */
function priceChange(reading: WhyDownReading) {
  const { startPool, pool } = reading;
  const decimals = reading.identity.decimals.value;
  const opened = startPool ? null : firstPrice(reading);
  const startMid = startPool?.midPrice ?? opened?.price ?? null;
  const endMid = pool.midPrice;
  const whole = (mid: Ratio | null): Ratio | null => (decimals === null || !mid || mid.den === 0n ? null : { num: mid.num * 10n ** BigInt(decimals), den: mid.den * 10n ** BigInt(pool.quote.decimals) });
  // Change in basis points of the start price: (end − start) / start, exact to the basis point (rounded toward zero).
  const changeBps = startMid && endMid && startMid.num > 0n && endMid.den > 0n ? Number(((endMid.num * startMid.den - startMid.num * endMid.den) * 10_000n) / (startMid.num * endMid.den)) : null;
  const startSides = startPool?.reserves ?? opened?.start ?? null;
  return {
    startToken: startSides?.token ?? null,
    startQuote: startSides?.quote ?? null,
    start: whole(startMid),
    end: whole(endMid),
    changeBps,
    down: changeBps !== null && changeBps < 0,
    /** Where the start price comes from: the pool at the window's first block, or its first activity in the window. */
    startFrom: startPool ? { reservesAt: reading.window.from } : { firstLiquidityAt: opened?.at ?? reading.window.from },
  };
}

/** The sqrt price at a removal: the last swap's before it, else the pool's at the window's start, else now. */
function sqrtPriceBefore(reading: WhyDownReading, removal: PoolEvent): bigint | null {
  const earlier = reading.poolEvents.filter((event) => event.activity.what === "swap" && event.activity.sqrtPriceX96 !== null && byPlaceBefore(event, removal)).at(-1);
  if (earlier?.activity.what === "swap" && earlier.activity.sqrtPriceX96) return earlier.activity.sqrtPriceX96;
  return reading.startPool?.v3?.sqrtPriceX96 ?? reading.pool.v3?.sqrtPriceX96 ?? null;
}

const byPlaceBefore = (a: PoolEvent, b: PoolEvent) => a.blockNumber < b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex < b.logIndex);

export function assessWhyDown(reading: WhyDownReading) {
  const { pool, poolEvents: events, transfers, lpTransfers, tokenIsToken0 } = reading;
  const price = priceChange(reading);
  const teamOf = new Map(reading.team.wallets.map((wallet) => [wallet.address.toLowerCase(), wallet.relations.map((proof) => proof.relation)]));
  const isTeam = (wallet: Address | null) => wallet !== null && teamOf.has(wallet.toLowerCase());

  // The token's transfers and the pool's events by transaction: each lookup below is then one
  // transaction's few logs, not the whole window's (a busy token has 100,000 transfers).
  const transfersIn = groupByTransaction(transfers);
  const eventsIn = groupByTransaction(events);

  // Sells and buys: each swap (the pool's side of it) matched with the token transfer into or out of the pool in its transaction.
  const trades = events.flatMap((swap) => {
    if (swap.activity.what !== "swap") return [];
    const delta = sidesOf(tokenIsToken0, swap.activity.delta0, swap.activity.delta1);
    const side = delta.token > 0n ? ("sell" as const) : ("buy" as const);
    const leg = (transfersIn.get(swap.transactionHash) ?? []).find((log) => (side === "sell" ? sameAddress(log.args.to, pool.address) : sameAddress(log.args.from, pool.address)));
    const wallet = leg ? getAddress(side === "sell" ? leg.args.from : leg.args.to) : null;
    const abs = (value: bigint) => (value < 0n ? -value : value);
    return [{ side, wallet, tokens: abs(delta.token), quote: abs(delta.quote), swap }];
  });
  const sells = trades.filter((trade) => trade.side === "sell");
  const sold = sells.reduce((sum, trade) => sum + trade.tokens, 0n);
  const bought = trades.filter((trade) => trade.side === "buy").reduce((sum, trade) => sum + trade.tokens, 0n);
  const bySeller = new Map<string, { wallet: Address; sold: bigint; transactions: Hash[] }>();
  for (const sell of sells) {
    if (!sell.wallet) continue;
    const entry = bySeller.get(sell.wallet.toLowerCase()) ?? { wallet: sell.wallet, sold: 0n, transactions: [] };
    entry.sold += sell.tokens;
    entry.transactions.push(sell.swap.transactionHash);
    bySeller.set(sell.wallet.toLowerCase(), entry);
  }
  const sellers = [...bySeller.values()].sort((a, b) => (a.sold === b.sold ? 0 : a.sold > b.sold ? -1 : 1));

  // Liquidity pulled: each removal with what it took out and by whom — the LP sent into the pool
  // (fungible LP), the recipient of the position's collect (V3 style), or of the token paid out (V4).
  type Removal = { by: Address | null; lp: bigint | null; liquidity: bigint | null; tokenOut: bigint; quoteOut: bigint; burn: PoolEvent };
  const removals = events.flatMap((burn): Removal[] => {
    const { activity } = burn;
    if (activity.what !== "liquidity_removed" || activity.liquidity === 0n) return [];
    let taken: Sides | null = activity.amount0 !== null && activity.amount1 !== null ? sidesOf(tokenIsToken0, activity.amount0, activity.amount1) : null;
    if (!taken && activity.ticks && activity.liquidity !== null) {
      const current = sqrtPriceBefore(reading, burn);
      if (current) {
        const amounts = amountsForLiquidity(current, sqrtPriceAtTick(activity.ticks.lower), sqrtPriceAtTick(activity.ticks.upper), activity.liquidity);
        taken = sidesOf(tokenIsToken0, amounts.amount0, amounts.amount1);
      }
    }
    const sameTransaction = (log: LogPlace) => log.transactionHash === burn.transactionHash;
    if (hasFungibleLp(pool)) {
      const sentIn = lpTransfers.filter((log) => sameTransaction(log) && sameAddress(log.args.to, pool.address) && log.logIndex < burn.logIndex).at(-1);
      return [{ by: sentIn ? getAddress(sentIn.args.from) : null, lp: sentIn?.args.value ?? null, liquidity: null, tokenOut: taken?.token ?? 0n, quoteOut: taken?.quote ?? 0n, burn }];
    }
    const collected = (eventsIn.get(burn.transactionHash) ?? []).find((event) => event.activity.what === "fees_collected");
    const paidOut = (transfersIn.get(burn.transactionHash) ?? []).find((log) => sameAddress(log.args.from, pool.address));
    const sender = reading.senders.get(burn.transactionHash);
    const recipient = collected?.activity.what === "fees_collected" ? collected.activity.recipient : paidOut ? paidOut.args.to : null;
    // A position manager or router that collects on its owner's behalf is not who pulled: the transaction's sender is.
    const by = recipient && !labelKnownAddress(reading.chain, recipient) ? getAddress(recipient) : sender ? getAddress(sender) : recipient ? getAddress(recipient) : null;
    return [{ by, lp: null, liquidity: activity.liquidity, tokenOut: taken?.token ?? 0n, quoteOut: taken?.quote ?? 0n, burn }];
  });
  const quoteRemoved = removals.reduce((sum, removal) => sum + removal.quoteOut, 0n);
  // Share of the pool's quote side taken out, against what it held before each removal (from the reserves before it, else at the window's start).
  // Without reserves events (concentrated liquidity), what the pool held at the start, else what it holds now with the removals put back.
  const heldBefore = reading.startPool?.reserves?.quote ?? (pool.reserves ? pool.reserves.quote + quoteRemoved : null) ?? price.startQuote ?? 0n;
  const removedShareBps = removals.length === 0 ? 0 : Math.max(...removals.map((removal) => shareBps(removal.quoteOut, quoteBefore(events, removal.burn, tokenIsToken0) ?? (hasFungibleLp(pool) ? (price.startQuote ?? heldBefore) : heldBefore))));
  const pullers = [...new Set(removals.map((removal) => removal.by).filter((by): by is Address => by !== null))];

  const teamSells = sells.filter((sell) => isTeam(sell.wallet));
  const teamSold = teamSells.reduce((sum, sell) => sum + sell.tokens, 0n);
  const teamShareOfSellsBps = shareBps(teamSold, sold);
  const netSoldBps = price.startToken === null ? null : bpsOf(sold - bought, price.startToken);
  const teamTransfers = transfers.filter((log) => teamOf.has(log.args.from.toLowerCase()) && !sameAddress(log.args.to, pool.address));

  // Each driver's rule, and the first in precedence that holds, when the price is down.
  const ruleHolds = {
    liquidity_pulled: removedShareBps >= driverRules.liquidityPulledBps,
    team_wallets_selling: teamShareOfSellsBps >= driverRules.teamShareOfSellsBps,
    heavy_selling: sold > bought,
  } satisfies Record<Driver, boolean>;
  const dominant: Driver | null = price.down ? (driverPrecedence.find((driver) => ruleHolds[driver]) ?? null) : null;

  return {
    price,
    teamOf,
    trades,
    sells,
    sold,
    bought,
    sellers,
    removals,
    quoteRemoved,
    removedShareBps,
    pullers,
    teamSells,
    teamSold,
    teamShareOfSellsBps,
    teamTransfers,
    netSoldBps,
    /** Each driver's score: the share of the pool's quote side one removal took; the team's share of everything sold; net selling against the pool's starting token reserve. */
    scores: { liquidity_pulled: score(removedShareBps), team_wallets_selling: score(teamShareOfSellsBps), heavy_selling: score(netSoldBps) } satisfies Record<Driver, number>,
    ruleHolds,
    dominant,
    thin: trades.length < driverRules.thinTradesBelow,
  };
}

export type WhyDownAssessment = ReturnType<typeof assessWhyDown>;
export type Trade = WhyDownAssessment["trades"][number];
