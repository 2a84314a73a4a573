// The wallet's side of a trade on plain inputs: the rules the demo chains do not reach (trace
// formats, wrapped native events, which figure a trade takes, when a block's balance may stand in).
// The cases in detail: the describes below.
import { describe, expect, it } from "vitest";
import { encodeAbiParameters, pad, type Address, type Hash, type Hex, type TransactionReceipt } from "viem";
import type { MovementLine, SwapLeg } from "@/lib/intel/reads/wallet/movements";
import { nativeAcrossBlock, nativeFromCallFrames, nativeFromParity, noTracesReason, tokensOfReceipt, tradeQuotes, type WalletSide } from "@/lib/intel/reads/wallet/wallet-side";

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as Address;
const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;
const hex = (value: bigint) => `0x${value.toString(16)}`;
const [wallet, router, pool, weth, usdc, other] = [address(0xa11e7), address(0x5007e5), address(0x9001), address(0x3e7), address(0x05dc), address(0x07e5)];

const transferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const depositTopic = "0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c";
const withdrawalTopic = "0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65";
const word = (value: bigint) => encodeAbiParameters([{ type: "uint256" }], [value]);
const log = (at: Address, topics: Hex[], data: Hex) => ({ address: at, topics, data });
const receipt = (logs: ReturnType<typeof log>[]) => ({ logs }) as unknown as TransactionReceipt;

// The wallet's side of a trade on plain inputs: the rules the demo chains do not reach. Native
// coin from both trace formats (a reverted frame and everything under it moves nothing; a
// delegate or static call moves nothing; a self-destruct pays its beneficiary), the wrapped
// native's Deposit and Withdrawal beside Transfer logs, and which figure a trade takes: what the
// wallet paid, or, said with the reason, the pool's amount (another asset paid, no trace, several
// trades in one transaction that the wallet's side does not split between). And, where the node
// offers no tracer, when the wallet's balance across a block may stand in for one transaction's
// native coin: only when nothing else in the block can have moved it.
describe("native coin from a transaction's trace", () => {
  it("trace_transaction (Parity): value calls and creations count; delegate and static calls, reverted frames and their children do not; a self-destruct pays its beneficiary", () => {
    const traces = [
      { type: "call", action: { from: wallet, to: router, value: hex(10n), callType: "call" }, traceAddress: [] },
      { type: "call", action: { from: router, to: wallet, value: hex(3n), callType: "call" }, traceAddress: [0] },
      // A reverted frame: neither it nor what it called moved anything.
      { type: "call", action: { from: router, to: wallet, value: hex(100n), callType: "call" }, traceAddress: [1], error: "Reverted" },
      { type: "call", action: { from: router, to: wallet, value: hex(1000n), callType: "call" }, traceAddress: [1, 0] },
      // A delegate call carries the caller's value without moving it.
      { type: "call", action: { from: wallet, to: other, value: hex(10n), callType: "delegatecall" }, traceAddress: [2] },
      { type: "call", action: { from: wallet, to: other, value: hex(0n), callType: "staticcall" }, traceAddress: [3] },
      { type: "create", action: { from: wallet, value: hex(2n) }, result: { address: other }, traceAddress: [4] },
      { type: "suicide", action: { address: other, refundAddress: wallet, balance: hex(1n) }, traceAddress: [5] },
    ];
    // −10 sent, +3 paid back, −2 into the creation, +1 from the self-destruct.
    expect(nativeFromParity(traces, wallet)).toBe(-8n);
    // A reverted top frame moved nothing at all.
    expect(nativeFromParity([{ ...traces[0], error: "Reverted" }, traces[1]], wallet)).toBe(0n);
  });

  it("debug_traceTransaction's call tracer: the same rules on nested frames", () => {
    const frame = {
      type: "CALL",
      from: wallet,
      to: router,
      value: hex(10n),
      calls: [
        { type: "CALL", from: router, to: wallet, value: hex(3n) },
        { type: "CALL", from: router, to: wallet, value: hex(100n), error: "execution reverted", calls: [{ type: "CALL", from: router, to: wallet, value: hex(1000n) }] },
        { type: "DELEGATECALL", from: wallet, to: other, value: hex(10n) },
        { type: "STATICCALL", from: wallet, to: other },
        { type: "SELFDESTRUCT", from: other, to: wallet, value: hex(1n) },
      ],
    };
    expect(nativeFromCallFrames(frame, wallet)).toBe(-6n);
    expect(nativeFromCallFrames({ ...frame, error: "execution reverted" }, wallet)).toBe(0n);
  });
});

describe("native coin from the wallet's balance across the block, where the node offers no tracer", () => {
  // A sell paid 0.99 in native coin by an internal transfer; the wallet sent it and paid 21 of gas.
  const sent = { transactionHash: tx(1), blockNumber: 7n, from: wallet, gasUsed: 3n, effectiveGasPrice: 7n } as unknown as TransactionReceipt;
  const balances = { before: 1_000n, after: 1_000n + 99n - 21n };
  const alone = { transactions: [tx(1)], miner: other, withdrawals: [] };
  const cannot = (why: string) => ({ gap: `${noTracesReason} Its balance across the block cannot stand in: ${why}.` });

  it("a block that holds the transaction alone: the balance's change with the sender's gas added back (a blob transaction's blob gas too)", () => {
    expect(nativeAcrossBlock(balances, sent, alone, wallet)).toEqual({ native: 99n });
    const blob = { ...sent, blobGasUsed: 2n, blobGasPrice: 5n } as TransactionReceipt;
    expect(nativeAcrossBlock({ before: 1_000n, after: 1_000n + 99n - 31n }, blob, alone, wallet)).toEqual({ native: 99n });
    // A contract wallet someone else's transaction traded for paid no gas.
    expect(nativeAcrossBlock({ before: 1_000n, after: 1_099n }, { ...sent, from: router } as TransactionReceipt, alone, wallet)).toEqual({ native: 99n });
  });

  it("anything else in the block that can move the balance: another transaction, the block's fees, a validator withdrawal; the reason says which", () => {
    expect(nativeAcrossBlock(balances, sent, { ...alone, transactions: [tx(9), tx(1)] }, wallet)).toEqual(
      cannot("block 7 holds 1 other transaction, which can have moved the wallet's native coin by an internal call that only a trace shows"),
    );
    expect(nativeAcrossBlock(balances, sent, { ...alone, transactions: [tx(1), tx(8), tx(9)] }, wallet)).toMatchObject(cannot("block 7 holds 2 other transactions, which can have moved the wallet's native coin by an internal call that only a trace shows"));
    expect(nativeAcrossBlock(balances, sent, { ...alone, miner: wallet }, wallet)).toEqual(cannot("the wallet is block 7's fee recipient, so the block's fees are in its balance"));
    expect(nativeAcrossBlock(balances, sent, { ...alone, withdrawals: [{ address: wallet }] }, wallet)).toEqual(cannot("block 7 pays the wallet a validator withdrawal"));
    expect(nativeAcrossBlock(balances, sent, undefined, wallet)).toEqual(cannot("block 7 was not read"));
  });
});

describe("tokens from a receipt", () => {
  it("Transfer logs into and out of the wallet, and the wrapped native's Deposit and Withdrawal; an ERC-721 Transfer is not an amount", () => {
    const at = (who: Address) => pad(who);
    const found = tokensOfReceipt(
      receipt([
        log(usdc, [transferTopic, at(wallet), at(pool)], word(500n)),
        log(usdc, [transferTopic, at(router), at(wallet)], word(20n)),
        log(weth, [depositTopic, at(wallet)], word(7n)),
        log(weth, [transferTopic, at(wallet), at(pool)], word(7n)),
        log(weth, [withdrawalTopic, at(wallet)], word(1n)),
        // Another wallet's wrapping, and an NFT moving to the wallet (token id as a topic).
        log(weth, [depositTopic, at(router)], word(9n)),
        log(other, [transferTopic, at(router), at(wallet), word(1n)], "0x"),
      ]),
      wallet,
      weth,
    );
    expect(Object.fromEntries(found)).toEqual({ [usdc.toLowerCase()]: -480n, [weth.toLowerCase()]: -1n });
  });
});

describe("which figure prices a trade", () => {
  const quoteOf = (kind: "wrapped_native" | "stablecoin") => (kind === "stablecoin" ? { address: usdc, symbol: "USDC", decimals: 6, kind } : { address: weth, symbol: "WETH", decimals: 18, kind });
  const swap = (quoteAmount: bigint, kind: "wrapped_native" | "stablecoin" = "wrapped_native", logIndex = 5): SwapLeg => ({ pool, logIndex, dex: { key: "uniswap-v2", name: "Uniswap V2" }, quote: quoteOf(kind), tokenAmount: 1_000n, quoteAmount });
  const line = (kind: "buy" | "sell", transaction: Hash, legSwap: SwapLeg): MovementLine => ({ kind, transaction, block: 1n, timestamp: 1n, amount: 1_000n, legs: [], swap: legSwap });
  const side = (native: bigint | null, tokens: Record<string, bigint> = {}, nativeGap: string | null = null): WalletSide => ({ native, nativeGap, tokens: new Map(Object.entries(tokens).map(([token, amount]) => [token.toLowerCase(), amount])) });

  it("one trade per transaction: what left or reached the wallet, the native coin and the wrapped native together, fees inside", () => {
    const buy = line("buy", tx(1), swap(99n));
    const sell = line("sell", tx(2), swap(100n));
    const wrappedSell = line("sell", tx(3), swap(100n));
    const stableBuy = line("buy", tx(4), swap(990n, "stablecoin"));
    const quotes = tradeQuotes(
      [buy, sell, wrappedSell, stableBuy],
      new Map([
        [tx(1), side(-100n)],
        [tx(2), side(99n)],
        [tx(3), side(0n, { [weth]: 98n })],
        // A stablecoin trade needs no trace: its Transfer logs are the wallet's whole side.
        [tx(4), side(null, { [usdc]: -1_000n }, noTracesReason)],
      ]),
      weth,
    );
    expect([buy, sell, wrappedSell, stableBuy].map((trade) => quotes.get(trade))).toEqual([
      { amount: 100n, source: "wallet", reason: null },
      { amount: 99n, source: "wallet", reason: null },
      { amount: 98n, source: "wallet", reason: null },
      { amount: 1_000n, source: "wallet", reason: null },
    ]);
  });

  it("the pool's amount stands in, with the reason, where the wallet's side is not readable or not in the quote asset", () => {
    const untraced = line("sell", tx(1), swap(100n));
    const otherAsset = line("buy", tx(2), swap(100n));
    const quotes = tradeQuotes([untraced, otherAsset], new Map([[tx(1), side(null, {}, noTracesReason)], [tx(2), side(0n, { [usdc]: -250n })]]), weth);
    expect(quotes.get(untraced)).toEqual({ amount: 100n, source: "pool", reason: `${tx(1)}: ${noTracesReason} The pool's amount stands in; a fee kept between the pool and the wallet is not in it.` });
    expect(quotes.get(otherAsset)).toEqual({ amount: 100n, source: "pool", reason: `${tx(2)}: no WETH or the native coin left the wallet in it (it paid or was paid in another asset), so its pool's amount stands in.` });
  });

  it("several trades in one transaction keep their swaps' amounts only when those add up to the wallet's side", () => {
    const [buy, sell] = [line("buy", tx(1), swap(100n, "wrapped_native", 5)), line("sell", tx(1), swap(60n, "wrapped_native", 9))];
    expect([buy, sell].map((trade) => tradeQuotes([buy, sell], new Map([[tx(1), side(-40n)]]), weth).get(trade)?.source)).toEqual(["wallet", "wallet"]);
    const split = tradeQuotes([buy, sell], new Map([[tx(1), side(-41n)]]), weth);
    expect(split.get(buy)).toEqual({
      amount: 100n,
      source: "pool",
      reason: `${tx(1)} holds 2 trades of the token; the wallet's side (-41 base units of WETH or the native coin) is not what their swaps add up to (-40) and cannot be split between them, so each stands at its pool's amount.`,
    });
    expect(split.get(sell)?.amount).toBe(60n);
  });
});
