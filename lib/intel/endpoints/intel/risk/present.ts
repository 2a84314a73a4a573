// intel/risk, present: the answer, every field with its provenance. The token, the simulation,
// LP custody and holder concentration are read from the node; the signals, the powers found in
// code and what upgradeability amounts to are readings, and so are the limitations.
import { getNetwork } from "@/lib/chain/networks";
import { ProvenanceLedger } from "@/lib/intel/answers/ledger";
import type { PresentedAnswer } from "@/lib/intel/runtime/endpoint-adapter";
import { amount, tokenView, totalSupplyOf, venueOf } from "@/lib/intel/answers/present";
import { assessRisk, unitsOf } from "./assess";
import { flatHeadline, headlineOf } from "./headline";
import { codeUnread, powersChecked } from "./power-signals";
import { holderScan, type ReceiverScan } from "./holders";
import { routeFor, type RiskReading, type TradeRead } from "./read";
import { tradedThrough } from "./simulate";
import { describeWindow } from "@/lib/intel/answers/windows";

type Ran = Extract<TradeRead, { ran: true }>;

function presentSimulation(trade: Ran, units: ReturnType<typeof unitsOf>) {
  const legView = (leg: Ran["buy"]) => ({ ok: leg.ok, tokens_sent: units.token(leg.tokensOut), tokens_arrived: units.token(leg.tokensIn), native: units.native(leg.native), revert: leg.revert });
  return {
    method: trade.mode === "separate_blocks" ? ("eth_simulateV1 with a state override (nothing sent)" as const) : ("eth_call with a state override (nothing sent)" as const),
    mode: trade.mode,
    pool: trade.pool.address,
    router: tradedThrough(routeFor(trade.pool)),
    ...venueOf(trade.pool.dex),
    ...(trade.pool.v4 ? { v4_pool_id: trade.pool.v4.id } : {}),
    simulated_as: trade.as.simulator,
    simulated_from: trade.as.sender,
    native_in: units.native(trade.nativeIn),
    ...(trade.quoteSource ? { quote: quoteView(trade, trade.quoteSource) } : {}),
    buy: legView(trade.buy),
    sell: trade.sell ? legView(trade.sell) : null,
    transfer: trade.transfer ? legView(trade.transfer) : null,
    buy_tax_bps: trade.buyTaxBps,
    sell_tax_bps: trade.sellTaxBps,
    transfer_tax_bps: trade.transferTaxBps,
  };
}

/** The quote asset of a pool against neither the native coin nor its wrapped token, where the simulator bought it, and how much of it each leg moved. */
function quoteView(trade: Ran, source: Ran["pool"]) {
  const { quote } = trade.pool;
  return {
    address: quote.address,
    symbol: quote.symbol,
    decimals: quote.decimals,
    kind: quote.kind,
    bought_in: { pool: source.address, router: tradedThrough(routeFor(source)), ...venueOf(source.dex) },
    paid: amount(trade.buy.quote, quote.decimals),
    received: trade.sell?.ok ? amount(trade.sell.quote, quote.decimals) : null,
  };
}

function limitations(receivers: ReceiverScan, reading: RiskReading): string[] {
  const control = reading.storedControl;
  return [
    powersLimitation(reading),
    `Holder concentration covers the ${holderScan.maxCandidates} largest receivers of Transfer logs in blocks ${receivers.fromBlock} to ${receivers.toBlock}, ${describeWindow(receivers.window)}; older holders that have not moved since are not seen.`,
    "Hidden balances are looked for in the balances read: those receivers, the token itself and the team's wallets (deployer, owner, launch-mint recipients and those they sent the token to); a balance credited without a Transfer to any other address is not seen until it moves.",
    `The simulation buys with the native coin and sells back through the token's deepest pool in dollars ` +
      `${tradedAgainst(reading)}, on any registry venue (a V2 router, or straight against a V3-style or ` +
      `Aerodrome pool or the V4 PoolManager, as routers do), as a fresh contract address after the read ` +
      `block (the buy in one block, the sell in the next where the node offers eth_simulateV1; otherwise ` +
      `both in one call, where a same-block anti-bot rule reads as a honeypot); a token that treats ` +
      `contracts, or this address, differently from wallets can behave differently for people. V3-style ` +
      `and V4 pools refuse tokens that tax their own transfers, so such a token's sell reverts there for ` +
      `everyone.`,
    control === null
      ? "The code that runs is not known (a proxy whose implementation did not answer), so the addresses it keeps in storage and lets through its msg.sender checks are not read."
      : `The addresses the code lets through its msg.sender checks and delegatecalls are found by walking ` +
        `its paths from constant storage ` +
        `slots${control.paths.complete ? "" : " (the walk stopped at its step budget, so some paths were not followed)"}; a ` +
        `mapping keyed by msg.sender (a minter table) is followed one level deep, roles kept in nested ` +
        `mappings (AccessControl) are not.`,
  ];
}

/** The quote asset the simulation traded against, as the limitation states it: a stablecoin or further quote asset is named with where the native coin bought it. */
function tradedAgainst(reading: RiskReading): string {
  const { trade } = reading;
  if (!trade.ran || !trade.quoteSource) return "against the native coin or its wrapped token";
  const wrapped = getNetwork(reading.chain).wrappedNative.symbol;
  return `(here against ${trade.pool.quote.symbol}, first bought with the native coin in its pool against ${wrapped} and sold back there after the token's sell; a pool against the native coin or its wrapped token is traded with it straight)`;
}

/** How the owner powers were read: run as their holders, or (where the node could not) by name only. */
function powersLimitation(reading: RiskReading): string {
  const powers = reading.powers;
  const how =
    "Owner powers are proven by effect: each function the code lets only a stored address (or a member of " +
      "a mapping keyed by msg.sender) call is run as that holder in one eth_call with a state override, in " +
      "the common argument shapes, and what it changed for two funded probe wallets (supply, balances, " +
      "whether they can send, receive and sell, the taxes, a large transfer) names the power; a function " +
      "whose effect these measurements do not show is listed with no effect. Roles kept in nested mappings " +
      "(AccessControl) are not followed, so their powers are read by catalogued name.";
  if (!powers) return `${how} Here the code that runs is not known, so the powers are read by name only.`;
  if (!powers.simulated && powers.reason) return `${how} Here: ${powers.reason} A power under a name the catalogue does not hold is then not seen.`;
  return powers.reason ? `${how} ${powers.reason}` : how;
}

export function presentRisk(reading: RiskReading) {
  const { chain, block, trade } = reading;
  const { signals, flags, summary, custodyRead, concentrationRead } = assessRisk(reading);
  const ledger = new ProvenanceLedger().fact("token").reading("headline", "signals", "limitations");
  if (trade.ran) ledger.fact("simulation");
  else ledger.missing("simulation", trade.reason);
  ledger.reading("powers", "upgradeability");
  ledger.factOr("lp_custody", custodyRead, () => (reading.pools.length === 0 ? "No pool, so no LP to follow." : "No V2-style pool: V3 liquidity is held as NFT positions, whose custody is not read."));
  ledger.factOr("holder_concentration", concentrationRead, () => "The token did not answer totalSupply(), so no share of supply can be formed.");

  const simulation = trade.ran ? presentSimulation(trade, unitsOf(reading)) : null;
  return {
    chain,
    block,
    data: {
      token: { ...tokenView(reading.token, reading.identity), total_supply: totalSupplyOf(reading.identity) },
      headline: flatHeadline(headlineOf(signals, simulation, powersChecked(reading), codeUnread(reading))),
      summary,
      flags: flags.map((flag) => flag.id),
      signals,
      simulation,
      fallback: !trade.ran,
      limitations: limitations(reading.receivers, reading),
      unavailable: ledger.unavailable,
    },
    provenance: ledger.provenance,
  } satisfies PresentedAnswer;
}
