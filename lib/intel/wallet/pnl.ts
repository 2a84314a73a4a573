// POST /v1/api/wallet/pnl — one wallet's profit in one token, from its own trades. Every buy
// and sell comes from the shared movement reader (a swap through one of the token's pools in
// the same transaction), priced by that swap's own amounts; transfers in and out are listed
// as such. The cost basis is the average cost (pnl-cost-basis.ts), kept in the quote asset's
// smallest unit with integer arithmetic and, beside it, in exact dollars where a stablecoin
// route prices every trade at its own block.
// Three rounds: the block, the token's pools and identity; the wallet's transfers, its balance
// and the pools' reserves; receipts, block times and the dollar price at every trade's block.
import { erc20Abi, getAddress, type Address } from "viem";
import { ApiError } from "@/lib/contract/api-error";
import type { EndpointImplementation } from "@/lib/contract/endpoint";
import type { RequestOf } from "@/lib/schemas/requests";
import { chainReadMeta } from "@/lib/intel/meta";
import { getChainClient, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { getNetwork, type ChainEnv, type ChainId } from "@/lib/chain/networks";
import { readChain } from "@/lib/chain/upstream";
import type { Provenance } from "@/lib/intel/provenance";
import {
  aggregate,
  deepestPool,
  discoverPools,
  formatRatio,
  marketContext,
  nativeUsdPrice,
  priceToken,
  readPools,
  sameAddress,
  times,
  usdPerQuote,
  valueOrNull,
  type NativeUsd,
  type Pool,
  type QuoteAsset,
  type Ratio,
} from "@/lib/intel/market";
import { classifyTransfers, movementLines, movementScan, scanWalletTransfers, type MovementLine } from "./movements";
import { averageCost, baseUnits, exactDollars, unpricedReason, type AverageCost, type LedgerEntry } from "./pnl-cost-basis";
import { amount, isoTime, tokenView } from "@/lib/intel/present";

/** The most transfers of the token a PnL read replays; past it the read says it was capped. */
export const pnlMaxMovements = 1_000;

export const costBasisMethod = "average_cost";

/** Dollar figures are written to the cent's ten-thousandth, truncated. */
const usdDigits = 6;

const pow10 = (digits: number) => 10n ** BigInt(digits);
const usdOf = (quoteAmount: bigint, quote: Pick<QuoteAsset, "kind" | "decimals">, nativeUsd: NativeUsd | null): Ratio | null => {
  const perQuote = usdPerQuote(quote as QuoteAsset, nativeUsd);
  return perQuote ? times({ num: quoteAmount, den: pow10(quote.decimals) }, perQuote) : null;
};
const usdText = (value: Ratio | null) => (value ? formatRatio(value, usdDigits) : null);

export async function readPnl(input: { chain: ChainId; wallet: Address; token: Address; client?: ChainClient; env?: ChainEnv; /** Tests only: a smaller cap. */ maxMovements?: number }) {
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

    // Round 2: the wallet's transfers of the token, its balance, and what the pools hold now.
    const [scanned, readAll, [balanceResult]] = await Promise.all([
      scanWalletTransfers({ client, block, wallet, token, maxMovements: input.maxMovements ?? pnlMaxMovements }),
      readPools(ctx, [...discovery.candidates, ...discovery.reference]),
      aggregate(ctx, [{ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] }]),
    ]);
    const pools = readAll.slice(0, discovery.candidates.length);
    const referencePools = readAll.slice(discovery.candidates.length);
    const nativeUsdNow = nativeUsdPrice(referencePools);
    const balance = valueOrNull<bigint>(balanceResult);

    // Round 3: the transfers classified, and the dollar price of the native coin at each of their blocks.
    const blocks = [...new Set(scanned.logs.map((log) => log.blockNumber))];
    const [read, referenceAt] = await Promise.all([
      // The token's identity and pools were read in round 1: classifying does not read them again.
      classifyTransfers({ client, chain, block, known: { identities: new Map([[token.toLowerCase(), identity]]), pools: new Map([[token.toLowerCase(), discovery.candidates]]) } }, scanned),
      Promise.all(blocks.map((at) => readPools(marketContext({ client, chain, block: at }), discovery.reference))),
    ]);
    const nativeUsdAt = new Map(blocks.map((at, i) => [at, nativeUsdPrice(referenceAt[i])]));
    const lines = movementLines([...read.movements].reverse());
    const trades = lines.filter((line) => line.swap !== null);
    // A trade its swap does not price is listed as unpriced; with no priced trade at all there is no figure.
    const unpricedWhy = new Map(trades.map((line) => [line, unpricedReason(line)]));
    const priced = trades.filter((line) => unpricedWhy.get(line) === null);
    if (priced.length === 0) {
      const found = trades.length === 0 ? "has no buy or sell" : `has ${trades.length} swap${trades.length === 1 ? "" : "s"} but none that prices a buy or sell`;
      throw new ApiError(
        "insufficient_data",
        `${wallet} ${found} of ${token} through its pools on ${network.displayName} in blocks ${read.scan.fromBlock} to ${read.scan.toBlock}; with no priced trade there is no profit figure (which is not the same as zero).`,
      );
    }
    const quoteValue = (line: MovementLine) => (line.swap && unpricedWhy.get(line) === null ? line.swap.quoteAmount : null);

    // Each priced trade in dollars at its own block: the quote amount times the quote's dollar price then.
    const usdAt = (line: MovementLine) => {
      const paid = quoteValue(line);
      return paid === null ? null : usdOf(paid, line.swap!.quote, nativeUsdAt.get(line.block) ?? null);
    };
    const usdByLine = new Map(lines.map((line) => [line, usdAt(line)]));

    // One quote asset across the trades keeps the figures in it; otherwise only dollars can add them up.
    const quotes = [...new Map(priced.map((trade) => [trade.swap!.quote.address.toLowerCase(), trade.swap!.quote])).values()];
    const singleQuote = quotes.length === 1 ? quotes[0] : null;
    const multiQuote = `The trades are in more than one quote asset (${quotes.map((quote) => quote.symbol).join(", ")}), so only dollar figures can add them up.`;
    const noUsd = (line: MovementLine) => unpricedWhy.get(line) ?? `${line.transaction} (block ${line.block}) has no dollar price: no ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes prices ${line.swap!.quote.symbol} at that block.`;
    const entry = <T>(line: MovementLine, value: T | null, unpriced?: string): LedgerEntry<T> => ({ kind: line.kind, transaction: line.transaction, amount: line.amount, value, unpriced });

    let inQuote: AverageCost<bigint> = singleQuote
      ? averageCost(lines.map((line) => entry(line, quoteValue(line), unpricedWhy.get(line) ?? undefined)), baseUnits)
      : { held: 0n, cost: null, basisGap: multiQuote, realized: null, realizedGap: multiQuote };
    let inUsd = averageCost(lines.map((line) => entry(line, usdByLine.get(line) ?? null, line.swap ? noUsd(line) : undefined)), exactDollars);

    // The movements must add up to what the wallet holds, or part of its history is outside them
    // (before the window, past the cap) or the token moves balances without Transfer events: then
    // no average cost is defensible, for what is held nor for what was sold.
    const heldByMovements = inUsd.held;
    const unreconciled =
      balance === null
        ? `balanceOf(${wallet}) of ${token} could not be read at block ${block}, so the movements cannot be checked against the position.`
        : balance !== heldByMovements
          ? `The transfers in blocks ${read.scan.fromBlock} to ${read.scan.toBlock} leave ${heldByMovements} base units in the wallet but balanceOf reads ${balance}: part of the position's history is outside them.`
          : null;
    if (unreconciled) {
      const broken = <T>(ledger: AverageCost<T>): AverageCost<T> => ({ ...ledger, cost: null, basisGap: ledger.basisGap ?? unreconciled, realized: null, realizedGap: ledger.realizedGap ?? unreconciled });
      inQuote = broken(inQuote);
      inUsd = broken(inUsd);
    }

    // The position still held, valued at the mid price of the deepest pool in the trades' quote
    // asset (or, across quote assets, of the pool that prices the token best in dollars).
    const valuationPool = singleQuote ? deepestPool(pools, (pool) => sameAddress(pool.quote.address, singleQuote.address)) : (priceToken({ pools, referencePools }, decimals)?.pool ?? null);
    const held = balance ?? heldByMovements;
    const heldValue = valuationPool?.reserves && valuationPool.reserves.token > 0n ? (held * valuationPool.reserves.quote) / valuationPool.reserves.token : null;
    const heldUsd = heldValue !== null && valuationPool ? usdOf(heldValue, valuationPool.quote, nativeUsdNow) : null;
    const quoteFigure = (value: bigint | null) => (value !== null && singleQuote ? amount(value, singleQuote.decimals) : null);

    const unrealizedQuote = inQuote.cost !== null && heldValue !== null ? heldValue - inQuote.cost : null;
    const unrealizedUsd = inUsd.cost !== null && heldUsd !== null ? exactDollars.sub(heldUsd, inUsd.cost) : null;
    const noPoolValue = heldValue === null ? `No pool of the token${singleQuote ? ` in ${singleQuote.symbol}` : ""} with reserves prices the position at the read block.` : null;
    const noUsdValue = noPoolValue ?? (heldUsd === null ? `No ${network.wrappedNative.symbol}/stablecoin pool prices ${valuationPool!.quote.symbol} in dollars at the read block.` : null);

    const rows = lines.map((line) => presentLine(line, decimals, usdByLine.get(line) ?? null, unpricedWhy.get(line) ?? null));
    const unpriced = trades.length - priced.length;
    const withoutUsd = priced.filter((line) => usdByLine.get(line) === null).length;

    // Every null figure says why.
    const unavailable: Record<string, string> = {};
    const explain = (field: string, quoteGap: string | null, usdGap: string | null, quoteNull: boolean, usdNull: boolean) => {
      if (quoteNull && usdNull) unavailable[field] = quoteGap === usdGap || !usdGap ? (quoteGap ?? usdGap)! : `${quoteGap} In dollars: ${usdGap}`;
      else if (quoteNull) unavailable[`${field}.quote`] = quoteGap!;
      else if (usdNull) unavailable[`${field}.usd`] = usdGap!;
    };
    explain("realized", inQuote.realizedGap, inUsd.realizedGap, inQuote.realized === null, inUsd.realized === null);
    explain(
      "unrealized",
      inQuote.basisGap ?? noPoolValue,
      inUsd.basisGap ?? noUsdValue,
      unrealizedQuote === null,
      unrealizedUsd === null,
    );
    if (inQuote.cost === null && inUsd.cost === null) unavailable["position.cost_basis"] = inQuote.basisGap ?? inUsd.basisGap!;
    if (unpriced > 0) unavailable["trades.price"] = `${unpriced} swap${unpriced === 1 ? "" : "s"} could not be priced, listed with \`unpriced\` giving the reason, not dropped: ${trades.map((line) => unpricedWhy.get(line)).filter(Boolean).join(" ")}`;
    if (withoutUsd > 0) unavailable["trades.value_usd"] = `${withoutUsd} priced trade${withoutUsd === 1 ? "" : "s"} could not be priced in dollars: no ${network.wrappedNative.symbol}/stablecoin pool on the registry's V2-style DEXes at ${withoutUsd === 1 ? "its block" : "their blocks"}. Their prices in the quote asset stand.`;

    const realized = inQuote.realized !== null || inUsd.realized !== null ? { quote: quoteFigure(inQuote.realized), usd: usdText(inUsd.realized) } : null;
    const unrealized =
      unrealizedQuote !== null || unrealizedUsd !== null
        ? {
            quote: quoteFigure(unrealizedQuote),
            usd: usdText(unrealizedUsd),
            valued_at: {
              pool: valuationPool!.address,
              quote: { address: valuationPool!.quote.address, symbol: valuationPool!.quote.symbol },
              held_value: amount(heldValue!, valuationPool!.quote.decimals),
              held_value_usd: usdText(heldUsd),
              block: Number(block),
            },
          }
        : null;
    const provenance: Record<string, Provenance> = {
      trades: "verified_onchain",
      // Arithmetic on the swap's own logged amounts.
      "trades.price": "verified_onchain",
      "trades.value_usd": withoutUsd === priced.length ? "unavailable" : "interpretation",
      position: balance === null ? "unavailable" : "verified_onchain",
      "position.cost_basis": unavailable["position.cost_basis"] ? "unavailable" : "interpretation",
      realized: realized ? "interpretation" : "unavailable",
      unrealized: unrealized ? "interpretation" : "unavailable",
      window: "verified_onchain",
      limitations: "interpretation",
    };
    if (provenance.position === "unavailable") unavailable.position = unreconciled!;

    return {
      chain,
      block,
      provenance,
      data: {
        wallet,
        token: tokenView(token, identity),
        method: costBasisMethod,
        quote: singleQuote ? { address: singleQuote.address, symbol: singleQuote.symbol, decimals: singleQuote.decimals } : null,
        trades: rows,
        counts: {
          buys: lines.filter((line) => line.kind === "buy").length,
          sells: lines.filter((line) => line.kind === "sell").length,
          transfers_in: lines.filter((line) => line.kind === "transfer_in").length,
          transfers_out: lines.filter((line) => line.kind === "transfer_out").length,
          unpriced,
          unpriced_usd: withoutUsd,
        },
        position: {
          held: balance === null ? null : amount(balance, decimals),
          cost_basis: inQuote.cost !== null || inUsd.cost !== null ? { quote: quoteFigure(inQuote.cost), usd: usdText(inUsd.cost) } : null,
        },
        realized,
        unrealized,
        window: { from_block: Number(read.scan.fromBlock), to_block: Number(read.scan.toBlock), capped: read.scan.capped, truncated: read.scan.truncated },
        limitations: [
          `Trades and transfers come from the wallet's Transfer logs of the token in blocks ${read.scan.fromBlock} to ${read.scan.toBlock} (the last ${movementScan.lookbackBlocks} blocks, at most ${input.maxMovements ?? pnlMaxMovements} transfers); they must add up to the wallet's balanceOf, or no cost basis is given.`,
          "Cost basis: average cost. Each trade is priced by its own swap (what the pool took in or paid out), so fees and transfer taxes are inside the prices; the legs of one swap (a taxed sell's tax and the rest) are one trade.",
          "Realized: each sell's proceeds minus the average cost of the tokens it sold. A transfer out carries its share of the cost away without realizing anything.",
          "Held tokens are valued at the pool's mid price at the read block (reserves ratio), before the price impact a sale would have.",
          `Dollar figures take the registry's stablecoins at one dollar and price the native coin through the deepest wrapped-native/stablecoin pool at each trade's own block (reserves read there); truncated to ${usdDigits} decimals.`,
        ],
        unavailable,
      },
    };
  });
}

function presentLine(line: MovementLine, decimals: number | null, usd: Ratio | null, unpriced: string | null) {
  const swap = line.swap;
  return {
    kind: line.kind,
    transaction: line.transaction,
    block: Number(line.block),
    time: isoTime(line.timestamp),
    amount: amount(line.amount, decimals),
    // The pool when a leg went to or came from it (a router trade), else the first leg's.
    counterparty: (line.legs.find((leg) => swap && sameAddress(leg.counterparty, swap.pool)) ?? line.legs[0]).counterparty,
    // Each Transfer log behind the line: a taxed sell shows the tax leg beside the rest.
    transfers: line.legs.map((leg) => ({ counterparty: leg.counterparty, amount: amount(leg.amount, decimals), log_index: leg.logIndex })),
    swap: swap
      ? {
          pool: swap.pool,
          dex: swap.dex,
          quote: { address: swap.quote.address, symbol: swap.quote.symbol },
          quote_amount: amount(swap.quoteAmount, swap.quote.decimals),
          // What the wallet paid or got per whole token it received or sent (the execution price).
          price_per_token: decimals === null || unpriced ? null : formatRatio({ num: swap.quoteAmount * pow10(decimals), den: line.amount * pow10(swap.quote.decimals) }),
        }
      : null,
    value_usd: usdText(usd),
    // Why the swap does not price this trade; null when it does (and always on a plain transfer).
    unpriced,
  };
}

export const pnlIntel: EndpointImplementation<RequestOf<"wallet/pnl">> = async ({ input }) => {
  const result = await readPnl({ chain: input.chain, wallet: input.wallet, token: input.token });
  return {
    data: result.data,
    meta: chainReadMeta(result),
  };
};
