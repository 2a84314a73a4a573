// The wallet's own side of a trade (wallet/pnl, wallet/exact-movements): what left or reached the
// wallet in the trade's transaction, which is what the trade cost or brought in.
import { getAddress, numberToHex, type Address, type Hash, type TransactionReceipt } from "viem";
import { transactionTracers } from "@/lib/chain/capabilities";
import { profileOfClient, type ChainClient } from "@/lib/chain/clients";
import { faultKindOf, upstreamReason } from "@/lib/chain/upstream";
import { sameAddress } from "@/lib/intel/reads/market";
import type { MovementBlock, MovementLine, MovementRead } from "./movements";

/** How the answers' limitations say the native coin paid in inside a transaction was read. */
export const internalNativeRead = "traced, or where the node offers no tracer read from the wallet's balance across a block that holds the transaction alone, gas added back";

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

/**
 * What the node showed of the native coin one transaction moved for the wallet: its trace; where
 * the node offers no tracer, the wallet's balance before and after the transaction's block (which
 * nativeAcrossBlock, given the block and the receipt, may or may not take as the transaction's);
 * or why neither.
 */
export type NativeReading = { traced: bigint } | { balances: { before: bigint; after: bigint } } | { gap: string };

const tracers = [
  { method: TRACE_TRANSACTION, params: (hash: Hash) => [hash], native: (answer: unknown, wallet: Address) => nativeFromParity((answer ?? []) as ParityTrace[], wallet) },
  { method: DEBUG_TRACE, params: (hash: Hash) => [hash, { tracer: "callTracer" }], native: (answer: unknown, wallet: Address) => nativeFromCallFrames((answer ?? {}) as CallFrame, wallet) },
];

/** The tracers the provider has not refused, first one first. */
const tracersOffered = (client: ChainClient) => tracers.filter((tracer) => !profileOfClient(client)?.refusesMethod(tracer.method));

async function traceAll(client: ChainClient, hashes: readonly Hash[], wallet: Address): Promise<NativeReading[] | null> {
  const profile = profileOfClient(client);
  for (const tracer of tracersOffered(client)) {
    const answers = await Promise.all(
      hashes.map((hash) =>
        client.request({ method: tracer.method as never, params: tracer.params(hash) as never }).then(
          (answer): NativeReading | "refused" => ({ traced: tracer.native(answer, wallet) }),
          (error: unknown): NativeReading | "refused" => (faultKindOf(error) === "method_not_offered" ? "refused" : { gap: `The trace of ${hash} did not answer (${upstreamReason(error)}), so native coin that moved inside it cannot be seen.` }),
        ),
      ),
    );
    if (answers.some((answer) => answer === "refused")) {
      profile?.methodRefused(tracer.method);
      continue;
    }
    return answers as NativeReading[];
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

/**
 * The wallet's own side of a trade (wallet/pnl and wallet/exact-movements): what left or reached the wallet in the trade's
 * transaction, which is what the trade cost or brought in. A trade through a bot's or an
 * aggregator's router is paid by the router, not by the pool, and the router keeps a fee: the
 * pool's amounts would leave the fee out and overstate every profit.
 *
 * Native coin moves without logs: the wallet's share of it is read from the transaction's trace
 * (every call that carried value, the transaction's own value among them, reverted frames left
 * out), through trace_transaction where the node offers it, else geth's call tracer. Where the
 * node offers neither (most hosted plans, every public endpoint), the wallet's balance before and
 * after the transaction's block stands in, gas added back, but only when nothing else in that
 * block can have moved it (nativeAcrossBlock). Tokens move by Transfer logs in the receipt; the
 * wrapped native also by its Deposit and Withdrawal events (a contract wallet that wraps or
 * unwraps itself). Where neither shows the native coin, a trade in it cannot be read from the
 * wallet's side: it stands at its pool's amount, and the trade and the answer say why.
 *
 * The native coin of each transaction behind the wallet's Transfer logs: traced (one round, two
 * where the first tracer is refused), else the wallet's balances around each block (one more round
 * where the refusal is news, none where the provider's profile already holds it).
 */
export async function readWalletSides(input: { client: ChainClient; wallet: Address; logs: readonly { transactionHash: Hash; blockNumber: bigint }[] }): Promise<Map<Hash, NativeReading>> {
  const { client, wallet } = input;
  const blockOf = new Map(input.logs.map((log) => [log.transactionHash, log.blockNumber]));
  const hashes = [...blockOf.keys()];
  if (hashes.length === 0) return new Map();
  // Where the provider is known to refuse both tracers, the balances go out at once, in the batch
  // of the round's other reads (eth_getBalance itself: viem would make it a multicall of its own).
  const traced = tracersOffered(client).length > 0 ? await traceAll(client, hashes, wallet) : null;
  if (traced) return new Map(hashes.map((hash, i) => [hash, traced[i]]));

  const heights = [...new Set([...blockOf.values()].flatMap((block) => [block - 1n, block]))];
  const balances = await Promise.all(
    heights.map((height) => client.request({ method: "eth_getBalance", params: [wallet, numberToHex(height)] }).then(BigInt, (error: unknown) => new Error(upstreamReason(error)))),
  );
  const balanceAt = new Map(heights.map((height, i) => [height, balances[i]]));
  return new Map(
    [...blockOf].map(([hash, block]): [Hash, NativeReading] => {
      const [before, after] = [balanceAt.get(block - 1n)!, balanceAt.get(block)!];
      const failed = [before, after].find((balance) => balance instanceof Error);
      if (failed) return [hash, { gap: `${noTracesReason} The wallet's balance around block ${block} did not answer (${failed.message}), so it cannot stand in.` }];
      return [hash, { balances: { before: before as bigint, after: after as bigint } }];
    }),
  );
}

/**
 * The wallet's balance across a block, gas added back, is what one transaction in it moved of the
 * wallet's native coin only when nothing else in the block can have moved that balance. Without a
 * trace, any other transaction in the block can have paid the wallet (or, a contract wallet,
 * taken from it) by an internal call no log records, so the block must hold this transaction
 * alone; the block's fees reach its fee recipient and validator withdrawals their addresses
 * outside any transaction, so the wallet must be neither. Otherwise, why not.
 */
export function nativeAcrossBlock(balances: { before: bigint; after: bigint }, receipt: TransactionReceipt, block: MovementBlock | undefined, wallet: Address): { native: bigint } | { gap: string } {
  const at = receipt.blockNumber;
  const others = block ? block.transactions.filter((hash) => hash.toLowerCase() !== receipt.transactionHash.toLowerCase()).length : 0;
  const why = !block
    ? `block ${at} was not read`
    : others > 0
      ? `block ${at} holds ${others} other transaction${others === 1 ? "" : "s"}, which can have moved the wallet's native coin by an internal call that only a trace shows`
      : sameAddress(block.miner, wallet)
        ? `the wallet is block ${at}'s fee recipient, so the block's fees are in its balance`
        : block.withdrawals?.some((withdrawal) => sameAddress(withdrawal.address, wallet))
          ? `block ${at} pays the wallet a validator withdrawal`
          : null;
  if (why) return { gap: `${noTracesReason} Its balance across the block cannot stand in: ${why}.` };
  // The sender's gas left its balance beside the trade. An OP-stack block always opens with its
  // L1-attributes deposit, so the rule never reaches the L1 data fee those chains charge outside
  // gasUsed × effectiveGasPrice.
  const gas = sameAddress(receipt.from, wallet) ? receipt.gasUsed * receipt.effectiveGasPrice + (receipt.blobGasUsed ?? 0n) * (receipt.blobGasPrice ?? 0n) : 0n;
  return { native: balances.after - balances.before + gas };
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

/** The wallet's side of each transaction behind the movements: its native coin (readWalletSides) beside its receipt, in its block. */
export function walletSidesOf(read: Pick<MovementRead, "receipts" | "blocks">, native: ReadonlyMap<Hash, NativeReading>, wallet: Address, wrappedNative: Address): Map<Hash, WalletSide> {
  return new Map([...read.receipts].map(([hash, receipt]) => [hash, walletSide(receipt, read.blocks.get(receipt.blockNumber), native.get(hash), wallet, wrappedNative)]));
}

/** The wallet's side of a transaction, from its native reading and its receipt. */
export function walletSide(receipt: TransactionReceipt, block: MovementBlock | undefined, reading: NativeReading | undefined, wallet: Address, wrappedNative: Address): WalletSide {
  const native = !reading ? { gap: noTracesReason } : "traced" in reading ? { native: reading.traced } : "balances" in reading ? nativeAcrossBlock(reading.balances, receipt, block, wallet) : reading;
  return { native: "native" in native ? native.native : null, nativeGap: "gap" in native ? native.gap : null, tokens: tokensOfReceipt(receipt, getAddress(wallet), wrappedNative) };
}

/** Why some trades' quote amounts are their pools' (the `unavailable` entry both wallet answers give); null when every trade is priced by the wallet's side. */
export function poolPricedGap(quotes: Iterable<TradeQuote | null | undefined>): string | null {
  const standing = [...quotes].filter((quote): quote is TradeQuote => quote?.source === "pool");
  if (standing.length === 0) return null;
  const one = standing.length === 1;
  return `${standing.length} trade${one ? " is" : "s are"} priced by ` +
    `${one ? "its pool's amount" : "their pools' amounts"} (quote_source "pool"), not by what left or ` +
    `reached the wallet, so a fee kept between the pool and the wallet is not in ${one ? "it" : "them"}: ` +
    `${[...new Set(standing.map((quote) => quote.reason))].join(" ")}`;
}
