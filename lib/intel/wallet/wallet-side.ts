// The wallet's own side of a trade (wallet/pnl and wallet/exact-movements): what left or reached the wallet in the trade's
// transaction, which is what the trade cost or brought in. A trade through a bot's or an
// aggregator's router is paid by the router, not by the pool, and the router keeps a fee: the
// pool's amounts would leave the fee out and overstate every profit.
//
// Native coin moves without logs: the wallet's share of it is read from the transaction's trace
// (every call that carried value, the transaction's own value among them, reverted frames left
// out), through trace_transaction where the node offers it, else geth's call tracer. Tokens move
// by Transfer logs in the receipt; the wrapped native also by its Deposit and Withdrawal events
// (a contract wallet that wraps or unwraps itself). Where the node shows no internal transfers,
// a trade in the native coin cannot be read from the wallet's side: it stands at its pool's
// amount, and the trade and the answer say so.
import { getAddress, type Address, type Hash, type TransactionReceipt } from "viem";
import { transactionTracers } from "@/lib/chain/capabilities";
import { profileOfClient, type ChainClient } from "@/lib/chain/clients";
import { faultKindOf, upstreamReason } from "@/lib/chain/upstream";
import { sameAddress } from "@/lib/intel/market";
import type { MovementLine } from "./movements";

/** What one transaction moved into (positive) or out of (negative) the wallet. */
export type WalletSide = {
  /** Native coin, gas left out; null when the node could not show it, with `nativeGap` saying why. */
  native: bigint | null;
  nativeGap: string | null;
  /** Per token (lower-case address), from the receipt's logs. */
  tokens: Map<string, bigint>;
};

const [TRACE_TRANSACTION, DEBUG_TRACE] = transactionTracers;

export const noTracesReason = `The node offers neither ${TRACE_TRANSACTION} nor ${DEBUG_TRACE}, so native coin that reached or left the wallet inside a transaction (a router paying out a sale) cannot be seen.`;

type ParityTrace = {
  type?: string;
  action?: { from?: string; to?: string; value?: string; callType?: string; address?: string; refundAddress?: string; balance?: string };
  result?: { address?: string } | null;
  error?: string;
  traceAddress?: number[];
};
type CallFrame = { type?: string; from?: string; to?: string; value?: string; error?: string; calls?: CallFrame[] };

const big = (value: string | undefined) => (value ? BigInt(value) : 0n);

/** The wallet's native net from Parity-style traces: calls that moved value (not delegate or static calls), creations, self-destructs; none under a reverted frame. */
export function nativeFromParity(traces: readonly ParityTrace[], wallet: Address): bigint {
  const reverted = traces.filter((trace) => trace.error).map((trace) => (trace.traceAddress ?? []).join(","));
  const underReverted = (trace: ParityTrace) => {
    const at = (trace.traceAddress ?? []).join(",");
    return reverted.some((prefix) => at === prefix || prefix === "" || at.startsWith(`${prefix},`));
  };
  let net = 0n;
  for (const trace of traces) {
    if (underReverted(trace) || !trace.action) continue;
    const { action } = trace;
    let [from, to, value] = [action.from, action.to, big(action.value)];
    if (trace.type === "call" && action.callType !== "call") continue;
    if (trace.type === "create") to = trace.result?.address;
    if (trace.type === "suicide") [from, to, value] = [action.address, action.refundAddress, big(action.balance)];
    if (value === 0n) continue;
    if (to && sameAddress(to, wallet)) net += value;
    if (from && sameAddress(from, wallet)) net -= value;
  }
  return net;
}

/** The same from geth's call tracer: nested frames, a reverted frame's value and its children left out. */
export function nativeFromCallFrames(frame: CallFrame, wallet: Address): bigint {
  if (frame.error) return 0n;
  const type = (frame.type ?? "").toUpperCase();
  const moves = type === "CALL" || type === "CREATE" || type === "CREATE2" || type === "SELFDESTRUCT";
  const value = moves ? big(frame.value) : 0n;
  let net = 0n;
  if (value !== 0n && frame.to && sameAddress(frame.to, wallet)) net += value;
  if (value !== 0n && frame.from && sameAddress(frame.from, wallet)) net -= value;
  for (const call of frame.calls ?? []) net += nativeFromCallFrames(call, wallet);
  return net;
}

type Traced = { native: bigint } | { gap: string };

async function traceAll(client: ChainClient, hashes: readonly Hash[], wallet: Address): Promise<Traced[] | null> {
  const profile = profileOfClient(client);
  const tracers = [
    { method: TRACE_TRANSACTION, params: (hash: Hash) => [hash], native: (answer: unknown) => nativeFromParity((answer ?? []) as ParityTrace[], wallet) },
    { method: DEBUG_TRACE, params: (hash: Hash) => [hash, { tracer: "callTracer" }], native: (answer: unknown) => nativeFromCallFrames((answer ?? {}) as CallFrame, wallet) },
  ];
  for (const tracer of tracers) {
    if (profile?.refusesMethod(tracer.method)) continue;
    const answers = await Promise.all(
      hashes.map((hash) =>
        client.request({ method: tracer.method as never, params: tracer.params(hash) as never }).then(
          (answer): Traced | "refused" => ({ native: tracer.native(answer) }),
          (error: unknown): Traced | "refused" => (faultKindOf(error) === "method_not_offered" ? "refused" : { gap: `The trace of ${hash} did not answer (${upstreamReason(error)}), so native coin that moved inside it cannot be seen.` }),
        ),
      ),
    );
    if (answers.some((answer) => answer === "refused")) {
      profile?.methodRefused(tracer.method);
      continue;
    }
    return answers as Traced[];
  }
  return null;
}

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const depositTopic = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
const withdrawalTopic = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";
const topicAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(26)}` : "");

/** Every token's net into the wallet in one receipt: ERC-20 Transfer logs, and the wrapped native's Deposit and Withdrawal. */
export function tokensOfReceipt(receipt: TransactionReceipt, wallet: Address, wrappedNative: Address): Map<string, bigint> {
  const net = new Map<string, bigint>();
  const add = (token: string, amount: bigint) => net.set(token.toLowerCase(), (net.get(token.toLowerCase()) ?? 0n) + amount);
  for (const log of receipt.logs) {
    const [topic, first, second] = log.topics;
    // ERC-20 only: an ERC-721 Transfer indexes its token id as a third topic and has no data.
    if (topic === transferTopic && log.topics.length === 3 && log.data.length === 66) {
      const amount = BigInt(log.data);
      if (sameAddress(topicAddress(second), wallet)) add(log.address, amount);
      if (sameAddress(topicAddress(first), wallet)) add(log.address, -amount);
    } else if ((topic === depositTopic || topic === withdrawalTopic) && sameAddress(log.address, wrappedNative) && sameAddress(topicAddress(first), wallet) && log.data.length === 66) {
      add(log.address, topic === depositTopic ? BigInt(log.data) : -BigInt(log.data));
    }
  }
  return net;
}

/** The wallet's side of each transaction: traced native coin (one round, two where the first tracer is refused) and the receipt's tokens. */
export async function readWalletSides(input: { client: ChainClient; wallet: Address; hashes: readonly Hash[] }): Promise<Map<Hash, { native: bigint | null; nativeGap: string | null }>> {
  const { client, wallet, hashes } = input;
  if (hashes.length === 0) return new Map();
  const traced = await traceAll(client, hashes, wallet);
  return new Map(
    hashes.map((hash, i) => {
      const found = traced?.[i];
      if (!found) return [hash, { native: null, nativeGap: noTracesReason }];
      return [hash, "native" in found ? { native: found.native, nativeGap: null } : { native: null, nativeGap: found.gap }];
    }),
  );
}

/** How a trade's quote amount was read. */
export type TradeQuote = {
  amount: bigint;
  /** wallet: what left or reached the wallet; pool: the pool's amount, standing in for a wallet side that could not be read or split. */
  source: "wallet" | "pool";
  /** Why the pool's amount stands in; null when the wallet's side prices the trade. */
  reason: string | null;
};

/**
 * Each priced trade's quote amount from the wallet's side of its transaction, in the swap's quote
 * asset (the native coin and its wrapped form counted together). One trade in a transaction is
 * what the wallet paid or received. Several trades of the token in one transaction (a contract
 * trading in a loop) share one wallet side that cannot be split between them: each keeps its
 * swap's amount when those add up to the wallet's side exactly, and otherwise stands at its
 * pool's amount with the reason.
 */
export function tradeQuotes(trades: readonly MovementLine[], sides: ReadonlyMap<Hash, WalletSide>, wrappedNative: Address): Map<MovementLine, TradeQuote> {
  const byTransaction = new Map<Hash, MovementLine[]>();
  for (const line of trades) byTransaction.set(line.transaction, [...(byTransaction.get(line.transaction) ?? []), line]);
  const quotes = new Map<MovementLine, TradeQuote>();
  const pool = (line: MovementLine, reason: string): TradeQuote => ({ amount: line.swap!.quoteAmount, source: "pool", reason });

  for (const [transaction, lines] of byTransaction) {
    const side = sides.get(transaction);
    const quote = lines[0].swap!.quote;
    const mixed = lines.some((line) => !sameAddress(line.swap!.quote.address, quote.address));
    const nativeLike = quote.kind === "native" || quote.kind === "wrapped_native";
    const gap = !side
      ? `${transaction}: the wallet's side of the transaction was not read.`
      : mixed
        ? `${transaction} trades the token against more than one quote asset, and the wallet's side cannot be split between them.`
        : nativeLike && side.native === null
          ? `${transaction}: ${side.nativeGap}`
          : null;
    if (gap) {
      for (const line of lines) quotes.set(line, pool(line, `${gap} The pool's amount stands in; a fee kept between the pool and the wallet is not in it.`));
      continue;
    }
    // Positive: the quote asset reached the wallet.
    const net = (side!.tokens.get(quote.address.toLowerCase()) ?? 0n) + (nativeLike ? side!.native! + (quote.kind === "native" ? (side!.tokens.get(wrappedNative.toLowerCase()) ?? 0n) : 0n) : 0n);
    const asset = nativeLike ? `${quote.symbol} or the native coin` : quote.symbol;
    if (lines.length === 1) {
      const [line] = lines;
      const amount = line.kind === "buy" ? -net : net;
      quotes.set(
        line,
        amount > 0n
          ? { amount, source: "wallet", reason: null }
          : pool(line, `${transaction}: no ${asset} ${line.kind === "buy" ? "left" : "reached"} the wallet in it (it paid or was paid in another asset), so its pool's amount stands in.`),
      );
      continue;
    }
    const swapsNet = lines.reduce((total, line) => total + (line.kind === "sell" ? line.swap!.quoteAmount : -line.swap!.quoteAmount), 0n);
    for (const line of lines) {
      quotes.set(
        line,
        swapsNet === net
          ? { amount: line.swap!.quoteAmount, source: "wallet", reason: null }
          : pool(line, `${transaction} holds ${lines.length} trades of the token; the wallet's side (${net} base units of ${asset}) is not what their swaps add up to (${swapsNet}) and cannot be split between them, so each stands at its pool's amount.`),
      );
    }
  }
  return quotes;
}

/** The wallet's side of each transaction: its trace (readWalletSides) beside its receipt. */
export function walletSidesOf(hashes: readonly Hash[], receipts: ReadonlyMap<Hash, TransactionReceipt>, traced: ReadonlyMap<Hash, { native: bigint | null; nativeGap: string | null }>, wallet: Address, wrappedNative: Address): Map<Hash, WalletSide> {
  return new Map(hashes.map((hash) => [hash, walletSide(receipts.get(hash)!, traced.get(hash), wallet, wrappedNative)]));
}

/** The wallet's side of a transaction, from its trace and its receipt. */
export function walletSide(receipt: TransactionReceipt, traced: { native: bigint | null; nativeGap: string | null } | undefined, wallet: Address, wrappedNative: Address): WalletSide {
  return { native: traced?.native ?? null, nativeGap: traced?.nativeGap ?? noTracesReason, tokens: tokensOfReceipt(receipt, getAddress(wallet), wrappedNative) };
}

/** Why some trades' quote amounts are their pools' (the `unavailable` entry both wallet answers give); null when every trade is priced by the wallet's side. */
export function poolPricedGap(quotes: Iterable<TradeQuote | null | undefined>): string | null {
  const standing = [...quotes].filter((quote): quote is TradeQuote => quote?.source === "pool");
  if (standing.length === 0) return null;
  const one = standing.length === 1;
  return `${standing.length} trade${one ? " is" : "s are"} priced by ${one ? "its pool's amount" : "their pools' amounts"} (quote_source "pool"), not by what left or reached the wallet, so a fee kept between the pool and the wallet is not in ${one ? "it" : "them"}: ${[...new Set(standing.map((quote) => quote.reason))].join(" ")}`;
}
