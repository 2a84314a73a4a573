// POST /v1/api/wallet/pnl — one wallet's profit in one token, from its own trades. Every buy
// and sell comes from the shared movement reader (a swap through one of the token's pools in
// the same transaction), priced by that swap's own amounts; transfers in and out are listed
// as such. The cost basis is the average cost, kept in the quote asset's smallest unit with
// integer arithmetic; dollars ride along where a stablecoin route prices every trade.
// Three rounds: the block, the token's pools and identity; the wallet's transfers and the
// pools' reserves; receipts, block times and the dollar price at every trade's block.
import { getAddress, type Address } from "viem";
import { ApiError } from "@/lib/api/errors";
import type { EndpointImplementation } from "@/lib/api/handler";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { getNetwork, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import type { Provenance } from "@/lib/intel/contract/analysis";
import { discoverPools, formatRatio, marketContext, nativeUsdPrice, readPools, sameAddress, times, usdPerQuote, type NativeUsd, type Pool, type Ratio } from "@/lib/intel/market";
import { classifyTransfers, movementScan, scanWalletTransfers, type Movement, type SwapLeg } from "./movements";
import { amount, isoTime } from "./present";

/** The most transfers of the token a PnL read replays; past it the read says it was capped. */
export const pnlMaxMovements = 1_000;

export const costBasisMethod = "average_cost";

type Quote = SwapLeg["quote"];

const pow10 = (digits: number) => 10n ** BigInt(digits);
const addRatio = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
const negate = (a: Ratio): Ratio => ({ num: -a.num, den: a.den });
const scale = (a: Ratio, num: bigint, den: bigint): Ratio => ({ num: a.num * num, den: a.den * den });
const usdOf = (quoteAmount: bigint, quote: Quote, nativeUsd: NativeUsd | null): Ratio | null => {
  const perQuote = usdPerQuote({ ...quote }, nativeUsd);
  return perQuote ? times({ num: quoteAmount, den: pow10(quote.decimals) }, perQuote) : null;
};

/** The average-cost ledger: tokens held, what they cost (in the quote and, while known, in dollars), and what was realized. */
class AverageCostLedger {
  held = 0n;
  cost = 0n;
  costUsd: Ratio | null = { num: 0n, den: 1n };
  realized = 0n;
  realizedUsd: Ratio | null = { num: 0n, den: 1n };
  /** Why the cost basis stopped being defensible, once it did. */
  broken: string | null = null;
  /** Sells whose realized figure could not be formed. */
  unbasedSells: string[] = [];

  buy(tokens: bigint, paid: bigint, paidUsd: Ratio | null) {
    this.held += tokens;
    this.cost += paid;
    this.costUsd = this.costUsd && paidUsd ? addRatio(this.costUsd, paidUsd) : null;
  }

  receiveUnpriced(tokens: bigint, why: string) {
    this.held += tokens;
    this.broken ??= why;
  }

  /** Tokens leaving at their average cost; a sale also realizes its proceeds against that cost. */
  remove(tokens: bigint, proceeds: { quote: bigint; usd: Ratio | null } | null, transaction: string) {
    if (this.broken || tokens > this.held) {
      if (tokens > this.held) this.broken ??= `${transaction} moved out more tokens than the wallet was seen to acquire in the window.`;
      if (proceeds) this.unbasedSells.push(transaction);
      this.held = tokens > this.held ? 0n : this.held - tokens;
      return;
    }
    const costOut = (this.cost * tokens) / this.held;
    const costOutUsd = this.costUsd ? scale(this.costUsd, tokens, this.held) : null;
    if (proceeds) {
      this.realized += proceeds.quote - costOut;
      this.realizedUsd = this.realizedUsd && proceeds.usd && costOutUsd ? addRatio(this.realizedUsd, addRatio(proceeds.usd, negate(costOutUsd))) : null;
    }
    this.cost -= costOut;
    this.costUsd = this.costUsd && costOutUsd ? addRatio(this.costUsd, negate(costOutUsd)) : null;
    this.held -= tokens;
  }
}

export async function readPnl(input: { chain: ChainId; wallet: Address; token: Address; client?: ChainClient; env?: ChainEnv }) {
  const { chain } = input;
  const network = getNetwork(chain);
  const client = input.client ?? getChainClient(chain, { env: input.env });
  const wallet = getAddress(input.wallet);
  const token = getAddress(input.token);

  return readChain(chain, async () => {
    // Round 1, at the latest block.
    const [latest, identity, discovery] = await Promise.all([client.getBlock(), erc20Identity(client, token), discoverPools({ client, chain, network }, token)]);
    if (latest.number === null) throw new Error("the latest block has no number");
    const block = latest.number;
    const ctx = marketContext({ client, chain, block, blockTimestamp: latest.timestamp });
    const decimals = identity.decimals.value;

    // Round 2: the wallet's transfers of the token, and what the pools hold now.
    const [scanned, readAll] = await Promise.all([
      scanWalletTransfers({ client, block, wallet, token, maxMovements: pnlMaxMovements }),
      readPools(ctx, [...discovery.candidates, ...discovery.reference]),
    ]);
    const pools = readAll.slice(0, discovery.candidates.length);
    const nativeUsdNow = nativeUsdPrice(readAll.slice(discovery.candidates.length));

    // Round 3: the transfers classified, and the dollar price of the native coin at each of their blocks.
    const blocks = [...new Set(scanned.logs.map((log) => log.blockNumber))];
    const [read, referenceAt] = await Promise.all([
      classifyTransfers({ client, chain, block }, scanned),
      Promise.all(blocks.map((at) => readPools(marketContext({ client, chain, block: at }), discovery.reference))),
    ]);
    const nativeUsdAt = new Map(blocks.map((at, i) => [at, nativeUsdPrice(referenceAt[i])]));
    const chronological = [...read.movements].reverse();
    const trades = chronological.filter((movement) => movement.swap !== null);
    if (trades.length === 0) {
      throw new ApiError(
        "insufficient_data",
        `${wallet} has no buy or sell of ${token} through its pools on ${network.displayName} in blocks ${read.scan.fromBlock} to ${read.scan.toBlock}; with no priced trade there is no profit figure (which is not the same as zero).`,
      );
    }

    // One quote asset across the trades keeps the figures in it; otherwise only dollars can add them up.
    const quotes = [...new Map(trades.map((trade) => [trade.swap!.quote.address.toLowerCase(), trade.swap!.quote])).values()];
    const singleQuote = quotes.length === 1 ? quotes[0] : null;
    const ledger = new AverageCostLedger();
    const rows = chronological.map((movement) => {
      const swap = movement.swap;
      const usd = swap ? usdOf(swap.quoteAmount, swap.quote, nativeUsdAt.get(movement.block) ?? null) : null;
      if (movement.kind === "buy") ledger.buy(movement.amount, singleQuote ? swap!.quoteAmount : 0n, usd);
      else if (movement.kind === "transfer_in") ledger.receiveUnpriced(movement.amount, `${movement.transaction} brought ${movement.amount} base units in by transfer, with no purchase price.`);
      else ledger.remove(movement.amount, movement.kind === "sell" ? { quote: singleQuote ? swap!.quoteAmount : 0n, usd } : null, movement.transaction);
      return presentTrade(movement, decimals, usd);
    });
    if (!singleQuote) ledger.broken ??= `The trades are in more than one quote asset (${quotes.map((quote) => quote.symbol).join(", ")}), so only dollar figures can be added up.`;

    // The position still held, valued at the mid price of the pool the trades went through.
    const valuationPool = singleQuote ? deepestPoolIn(pools, singleQuote.address) : null;
    const heldValue = valuationPool?.reserves && valuationPool.reserves.token > 0n ? (ledger.held * valuationPool.reserves.quote) / valuationPool.reserves.token : null;
    const heldUsd = heldValue !== null && singleQuote ? usdOf(heldValue, singleQuote, nativeUsdNow) : null;
    const quoteFigure = (value: bigint) => (singleQuote ? amount(value, singleQuote.decimals) : null);

    const unavailable: Record<string, string> = {};
    const realizedDefensible = ledger.unbasedSells.length === 0 && singleQuote !== null;
    if (!realizedDefensible) {
      unavailable.realized = ledger.unbasedSells.length > 0 ? `No defensible cost basis for the sells in ${ledger.unbasedSells.join(", ")}: ${ledger.broken}` : ledger.broken!;
    }
    const unrealizedDefensible = ledger.broken === null && heldValue !== null;
    if (!unrealizedDefensible) unavailable.unrealized = ledger.broken ?? "No pool prices the position at the read block.";
    const unpriced = rows.filter((row) => row.swap !== null && row.value_usd === null).length;
    if (unpriced > 0) unavailable["trades.value_usd"] = `${unpriced} trade${unpriced === 1 ? "" : "s"} could not be priced in dollars: no ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes at ${unpriced === 1 ? "its block" : "their blocks"}. They are listed as unpriced, not dropped.`;

    const provenance: Record<string, Provenance> = {
      trades: "verified_onchain",
      "trades.value_usd": unpriced === rows.filter((row) => row.swap).length ? "unavailable" : "interpretation",
      position: "verified_onchain",
      realized: realizedDefensible ? "interpretation" : "unavailable",
      unrealized: unrealizedDefensible ? "interpretation" : "unavailable",
      window: "verified_onchain",
      limitations: "interpretation",
    };
    if (unpriced === 0) delete unavailable["trades.value_usd"];
    const usdText = (value: Ratio | null) => (value ? formatRatio(value, 6) : null);

    return {
      chain,
      block,
      provenance,
      data: {
        wallet,
        token: { address: token, name: identity.name.value, symbol: identity.symbol.value, decimals },
        method: costBasisMethod,
        quote: singleQuote ? { address: singleQuote.address, symbol: singleQuote.symbol, decimals: singleQuote.decimals } : null,
        trades: rows,
        counts: {
          buys: chronological.filter((m) => m.kind === "buy").length,
          sells: chronological.filter((m) => m.kind === "sell").length,
          transfers_in: chronological.filter((m) => m.kind === "transfer_in").length,
          transfers_out: chronological.filter((m) => m.kind === "transfer_out").length,
          unpriced,
        },
        position: { held: amount(ledger.held, decimals), cost_basis: unrealizedDefensible ? quoteFigure(ledger.cost) : null },
        realized: realizedDefensible ? { quote: quoteFigure(ledger.realized), usd: usdText(ledger.realizedUsd) } : null,
        unrealized: unrealizedDefensible
          ? {
              quote: quoteFigure(heldValue! - ledger.cost),
              usd: heldUsd && ledger.costUsd ? usdText(addRatio(heldUsd, negate(ledger.costUsd))) : null,
              valued_at: { pool: valuationPool!.address, held_value: quoteFigure(heldValue!), block: Number(block) },
            }
          : null,
        window: { from_block: Number(read.scan.fromBlock), to_block: Number(read.scan.toBlock), capped: read.scan.capped, truncated: read.scan.truncated },
        limitations: [
          `Trades and transfers come from the wallet's Transfer logs of the token in blocks ${read.scan.fromBlock} to ${read.scan.toBlock} (the last ${movementScan.lookbackBlocks} blocks, at most ${pnlMaxMovements} transfers); anything earlier is outside the figures.`,
          "Cost basis: average cost. Each trade is priced by its own swap (what the pool took in or paid out), so fees and transfer taxes are inside the prices.",
          "Held tokens are valued at the pool's mid price at the read block (reserves ratio), before the price impact a sale would have.",
          "Dollar figures take the registry's stablecoins at one dollar and price the native coin through the deepest wrapped-native/stablecoin pool at each trade's block.",
        ],
        unavailable,
      },
    };
  });
}

function deepestPoolIn(pools: readonly Pool[], quote: Address): Pool | null {
  const candidates = pools.filter((pool) => sameAddress(pool.quote.address, quote) && pool.reserves);
  return candidates.sort((a, b) => (a.reserves!.quote === b.reserves!.quote ? 0 : a.reserves!.quote > b.reserves!.quote ? -1 : 1))[0] ?? null;
}

function presentTrade(movement: Movement, decimals: number | null, usd: Ratio | null) {
  const swap = movement.swap;
  return {
    kind: movement.kind,
    transaction: movement.transaction,
    block: Number(movement.block),
    time: isoTime(movement.timestamp),
    amount: amount(movement.amount, decimals),
    counterparty: movement.counterparty,
    swap: swap
      ? {
          pool: swap.pool,
          dex: swap.dex,
          quote: { address: swap.quote.address, symbol: swap.quote.symbol },
          quote_amount: amount(swap.quoteAmount, swap.quote.decimals),
          // What the wallet paid or got per whole token it received or sent.
          price_per_token: decimals === null ? null : formatRatio({ num: swap.quoteAmount * pow10(decimals), den: movement.amount * pow10(swap.quote.decimals) }),
        }
      : null,
    value_usd: usd ? formatRatio(usd, 6) : null,
  };
}

export const pnlIntel: EndpointImplementation = async ({ input, chain }) => {
  const result = await readPnl({ chain: chain as ChainId, wallet: input.wallet as Address, token: input.token as Address });
  return {
    data: result.data,
    meta: chainReadMeta(result),
  };
};
