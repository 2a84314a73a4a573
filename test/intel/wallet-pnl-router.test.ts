// wallet/pnl and wallet/exact-movements on trades through a fee-taking router (the demo chain's routerTrader scenario,
// demo-chain/contracts/FeeTakingRouter.sol, 1 % of the native side of every leg), on all three demo chains.
// The expected figures come from the scenario's record of what the trader's own balances did
// across each trade's block (not from this code): each trade costs or brings in what left or
// reached the trader, the router's fee inside it, and the average cost is worked out here again
// with bigint arithmetic (division rounding down). The trades straight through the canonical
// router beside them cost what the pool took. Through a provider that offers no traces, the
// sells' native proceeds cannot be seen: the trades stand at the pool's amounts, and the trades,
// data.unavailable and the limitations say so. wallet/exact-movements shows each trade the same way:
// its quote_amount what the trader paid or received, its swap the pool's side.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, formatUnits, http, parseAbi, type Address } from "viem";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import type { RouterTrade } from "@/demo-chain/scenarios/router-trader";
import { readExactMovements } from "@/lib/intel/wallet/exact-movements";
import { readPnl } from "@/lib/intel/wallet/pnl";
import { useDemoChains } from "../support/demo-chains";
import { startProviderProxy, type ProviderProxy, type ProviderRules } from "../support/provider-proxy";

const pairAbi = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"]);
const raw = (value: bigint, decimals = 18) => ({ raw: value.toString(), formatted: formatUnits(value, decimals) });

/** A full node that answers everything but traces (as Infura's and most public endpoints do), in geth's words. */
const noTraces: ProviderRules = {
  name: "full node without trace or debug methods",
  methodsOff: {
    methods: ["ots_getContractCreator", "trace_transaction", "trace_block", "debug_traceTransaction", "debug_traceBlockByNumber"],
    refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }),
  },
};

/** Average cost over the trades, in native base units, each trade at `price(trade)`: what is held, what it cost, what the sells realized. */
function averageCost(trades: readonly RouterTrade[], price: (trade: RouterTrade) => bigint) {
  let [held, cost, realized] = [0n, 0n, 0n];
  for (const trade of trades) {
    const tokens = BigInt(trade.tokenAmount);
    if (trade.side === "buy") {
      held += tokens;
      cost += price(trade);
      continue;
    }
    const soldCost = (cost * tokens) / held;
    realized += price(trade) - soldCost;
    cost -= soldCost;
    held -= tokens;
  }
  return { held, cost, realized };
}

const demo = useDemoChains();
const proxies: ProviderProxy[] = [];
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
});

describe.each(DEMO_CHAINS)("wallet/pnl through a fee-taking router on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });
  const scenario = () => book.venues.routerTrader;
  const env = (url: string) => ({ ETH_RPC_URL: url, BASE_RPC_URL: url, BSC_RPC_URL: url });

  it("the scenario: every router leg's fee is 1 % of its native side, and the trades beside it pay none", () => {
    const { trades, router } = scenario();
    expect(router.feeBps).toBe(100);
    expect(trades.map((trade) => [trade.via, trade.side])).toEqual([
      ["router", "buy"],
      ["pool", "buy"],
      ["router", "sell"],
      ["router", "buy"],
      ["pool", "sell"],
      ["router", "sell"],
    ]);
    for (const trade of trades) {
      const [paid, pool, fee] = [BigInt(trade.traderNative), BigInt(trade.poolNative), BigInt(trade.fee)];
      if (trade.via === "pool") expect(fee).toBe(0n);
      else expect(fee).toBe(((trade.side === "buy" ? paid : pool) * 100n) / 10_000n);
      expect(trade.side === "buy" ? paid - pool : pool - paid).toBe(fee);
    }
  });

  it("every trade is priced by what left or reached the trader's wallet; realized and the cost basis by the trader's own average cost", async () => {
    const { trader, token, pool, trades, tokensHeld } = scenario();
    const { result, usage } = await withRpcMeter(() => readPnl({ chain, wallet: trader, token, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    const data = result.data;

    expect(
      data.trades.map((trade) => ({ kind: trade.kind, transaction: trade.transaction, amount: trade.amount, pool: trade.swap?.pool, pool_amount: trade.swap?.quote_amount, quote_amount: trade.quote_amount, quote_source: trade.quote_source, quote_source_reason: trade.quote_source_reason, unpriced: trade.unpriced })),
    ).toEqual(
      trades.map((trade) => ({
        kind: trade.side,
        transaction: trade.tx.hash,
        amount: raw(BigInt(trade.tokenAmount)),
        pool: pool.pair,
        pool_amount: raw(BigInt(trade.poolNative)),
        quote_amount: raw(BigInt(trade.traderNative)),
        quote_source: "wallet",
        quote_source_reason: null,
        unpriced: null,
      })),
    );
    // The execution price is the trader's: the scenario's own, native base units per whole token rounded down.
    expect(data.trades.map((trade) => trade.swap?.quote_per_token)).toEqual(trades.map((trade) => formatUnits(BigInt(trade.priceNativePerToken), 18)));
    expect(data.counts).toEqual({ buy: 3, sell: 3, transfer_in: 0, transfer_out: 0, total: 6 });
    expect(data.unpriced_counts).toEqual({ no_quote_price: 0, no_usd_price: 0 });

    const mine = averageCost(trades, (trade) => BigInt(trade.traderNative));
    expect(mine.held.toString()).toBe(tokensHeld);
    expect(data.realized?.quote).toEqual(raw(mine.realized));
    expect(data.position).toMatchObject({ held: raw(mine.held), cost_basis: { quote: raw(mine.cost) } });
    // The pool's amounts would have overstated the profit by the router's fees (and their share of the cost).
    const atPool = averageCost(trades, (trade) => BigInt(trade.poolNative));
    expect(atPool.realized).toBeGreaterThan(mine.realized);

    // What is held, at the pool's mid price now, against the trader's own cost.
    const client = createPublicClient({ transport: http(demo.chains[chain].rpcUrl) });
    const [[r0, r1], token0] = await Promise.all([client.readContract({ address: pool.pair, abi: pairAbi, functionName: "getReserves" }), client.readContract({ address: pool.pair, abi: pairAbi, functionName: "token0" })]);
    const [reserveToken, reserveNative] = token0.toLowerCase() === token.toLowerCase() ? [r0, r1] : [r1, r0];
    expect(data.unrealized?.quote).toEqual(raw((mine.held * reserveNative) / reserveToken - mine.cost));

    expect(data.unavailable).toEqual({});
    expect(data.limitations.join(" ")).not.toMatch(/stand.? at (its|their) pool/);
  });

  it("through a provider that offers no traces: the trades stand at the pool's amounts, and the trades, data.unavailable and the limitations say so", async () => {
    const { trader, token, trades } = scenario();
    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, noTraces);
    proxies.push(proxy);
    const first = await readPnl({ chain, wallet: trader, token, env: env(proxy.url) });
    expect(proxy.stats.refused.methodsOff).toBeGreaterThan(0);
    const data = first.data;
    const reason = (hash: string) =>
      `${hash}: The node offers neither trace_transaction nor debug_traceTransaction, so native coin that reached or left the wallet inside a transaction (a router paying out a sale) cannot be seen. The pool's amount stands in; a fee kept between the pool and the wallet is not in it.`;
    expect(data.trades.map((trade) => ({ transaction: trade.transaction, quote_amount: trade.quote_amount, quote_source: trade.quote_source, quote_source_reason: trade.quote_source_reason }))).toEqual(
      trades.map((trade) => ({ transaction: trade.tx.hash, quote_amount: raw(BigInt(trade.poolNative)), quote_source: "pool", quote_source_reason: reason(trade.tx.hash) })),
    );
    // Nothing is silently filled in: the figures are the pool's, and every place a client reads says so.
    expect(data.realized?.quote).toEqual(raw(averageCost(trades, (trade) => BigInt(trade.poolNative)).realized));
    expect(data.unavailable["trades.quote_amount"]).toMatch(/^6 trades are priced by their pools' amounts \(quote_source "pool"\), not by what left or reached the wallet/);
    expect(data.unavailable["trades.quote_amount"]).toContain("neither trace_transaction nor debug_traceTransaction");
    expect(data.limitations).toContain(
      "6 trades stand at their pools' amounts instead (quote_source \"pool\", the reason in quote_source_reason): where a router kept a fee between the pool and the wallet, those trades' costs are understated and their proceeds overstated, and so is the profit.",
    );

    // The provider's refusal is remembered: the next read asks no tracer and keeps to three rounds.
    const refusedBefore = proxy.stats.refused.methodsOff;
    const { result: again, usage } = await withRpcMeter(() => readPnl({ chain, wallet: trader as Address, token, env: env(proxy.url) }));
    expect(proxy.stats.refused.methodsOff).toBe(refusedBefore);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(again.data.trades.map((trade) => trade.quote_source)).toEqual(trades.map(() => "pool"));
  });

  it("wallet/exact-movements: each trade's quote_amount is what the trader paid or received, its swap the pool's side; without traces, the pool's amount said so", async () => {
    const { trader, token, pool, trades } = scenario();
    const newestFirst = [...trades].reverse();
    const { result, usage } = await withRpcMeter(() => readExactMovements({ chain, wallet: trader, token, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(result.data.movements.map((line) => ({ kind: line.kind, transaction: line.transaction, pool: line.swap?.pool, pool_amount: line.swap?.quote_amount, quote_amount: line.quote_amount, quote_source: line.quote_source, quote_source_reason: line.quote_source_reason }))).toEqual(
      newestFirst.map((trade) => ({ kind: trade.side, transaction: trade.tx.hash, pool: pool.pair, pool_amount: raw(BigInt(trade.poolNative)), quote_amount: raw(BigInt(trade.traderNative)), quote_source: "wallet", quote_source_reason: null })),
    );
    expect(result.data.unavailable).toEqual({});

    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, noTraces);
    proxies.push(proxy);
    const { data } = await readExactMovements({ chain, wallet: trader, token, env: env(proxy.url) });
    expect(data.movements.map((line) => ({ quote_amount: line.quote_amount, quote_source: line.quote_source }))).toEqual(newestFirst.map((trade) => ({ quote_amount: raw(BigInt(trade.poolNative)), quote_source: "pool" })));
    expect(data.movements.every((line) => line.quote_source_reason?.includes("neither trace_transaction nor debug_traceTransaction"))).toBe(true);
    expect(data.unavailable["movements.quote_amount"]).toMatch(/^6 trades are priced by their pools' amounts \(quote_source "pool"\)/);
    expect(data.limitations.join(" ")).toContain('stand at their pools\' amounts instead (quote_source "pool"');
  });
});
