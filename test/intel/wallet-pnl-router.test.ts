// wallet/pnl and wallet/exact-movements on trades through a fee-taking router, on all three demo
// chains: each trade costs what left or reached the trader, the router's fee inside it. The cases
// in detail: the describes below.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeFunctionData, erc20Abi, formatUnits, http, maxUint256, parseAbi, parseEther, type Address, type Hash } from "viem";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import type { RouterTrade } from "@/demo-chain/scenarios/router-trader";
import { readExactMovements } from "@/lib/intel/endpoints/wallet/exact-movements";
import { readPnl } from "@/lib/intel/endpoints/wallet/pnl";
import { noTracesReason } from "@/lib/intel/reads/wallet/wallet-side";
import { rpc } from "../chain/support/anvil";
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

// wallet/pnl and wallet/exact-movements on trades through a fee-taking router (the demo chain's routerTrader scenario,
// demo-chain/contracts/FeeTakingRouter.sol, 1 % of the native side of every leg), on all three demo chains.
// The expected figures come from the scenario's record of what the trader's own balances did
// across each trade's block (not from this code): each trade costs or brings in what left or
// reached the trader, the router's fee inside it, and the average cost is worked out here again
// with bigint arithmetic (division rounding down). The trades straight through the canonical
// router beside them cost what the pool took. Through a provider that offers no traces, each
// trade's block holds that trade alone, so the trader's balance across it, gas added back, is the
// trade: the same figures as straight from the node. A router sell that shares its block with
// another transaction (one that pays the trader) cannot be read so: it stands at the pool's
// amount, and the trade, data.unavailable and the limitations say why. wallet/exact-movements shows
// each trade the same way, at the same quote amount: what the trader paid or received, its swap
// the pool's side.
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
      data.trades.map((trade) => ({
        kind: trade.kind,
        transaction: trade.transaction,
        amount: trade.amount,
        pool: trade.swap?.pool,
        pool_amount: trade.swap?.quote_amount,
        quote_amount: trade.quote_amount,
        quote_source: trade.quote_source,
        quote_source_reason: trade.quote_source_reason,
        unpriced: trade.unpriced,
      })),
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

  it("through a provider that offers no traces: each trade's block holds it alone, so the trader's balance across it (gas added back) prices it, to the figures straight from the node", async () => {
    const { trader, token, trades } = scenario();
    const straight = await readPnl({ chain, wallet: trader, token, env: demo.env(chain) });
    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, noTraces);
    proxies.push(proxy);
    const { data } = await readPnl({ chain, wallet: trader, token, env: env(proxy.url) });
    expect(proxy.stats.refused.methodsOff).toBeGreaterThan(0);
    expect(proxy.stats.byMethod.eth_getBalance).toBeGreaterThan(0);
    expect(data.trades.map((trade) => ({ transaction: trade.transaction, quote_amount: trade.quote_amount, quote_source: trade.quote_source, quote_source_reason: trade.quote_source_reason }))).toEqual(
      trades.map((trade) => ({ transaction: trade.tx.hash, quote_amount: raw(BigInt(trade.traderNative)), quote_source: "wallet", quote_source_reason: null })),
    );
    // The router's fee is in the realized figure, to the unit the trace gives.
    expect(data.realized?.quote).toEqual(raw(averageCost(trades, (trade) => BigInt(trade.traderNative)).realized));
    expect({ realized: data.realized, position: data.position, trades: data.trades }).toEqual({ realized: straight.data.realized, position: straight.data.position, trades: straight.data.trades });
    expect(data.unavailable).toEqual({});

    // The provider's refusal is remembered: the next read asks no tracer and keeps to three rounds.
    const refusedBefore = proxy.stats.refused.methodsOff;
    const { result: again, usage } = await withRpcMeter(() => readPnl({ chain, wallet: trader as Address, token, env: env(proxy.url) }));
    expect(proxy.stats.refused.methodsOff).toBe(refusedBefore);
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    expect(again.data.realized).toEqual(straight.data.realized);
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
    expect(data.movements.map((line) => ({ quote_amount: line.quote_amount, quote_source: line.quote_source, quote_source_reason: line.quote_source_reason }))).toEqual(
      newestFirst.map((trade) => ({ quote_amount: raw(BigInt(trade.traderNative)), quote_source: "wallet", quote_source_reason: null })),
    );
    expect(data.unavailable).toEqual({});
  });

  it("the same trade has the same quote amount in both answers, straight from the node and through a provider without traces", async () => {
    const { trader, token } = scenario();
    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, noTraces);
    proxies.push(proxy);
    for (const env_ of [demo.env(chain), env(proxy.url)]) {
      const [pnl, movements] = await Promise.all([readPnl({ chain, wallet: trader, token, env: env_ }), readExactMovements({ chain, wallet: trader, token, env: env_ })]);
      const quoteOf = (line: { transaction: string; quote_amount: unknown; quote_source: unknown; quote_source_reason: unknown }) => [line.transaction, { quote_amount: line.quote_amount, quote_source: line.quote_source, quote_source_reason: line.quote_source_reason }] as const;
      expect(new Map(movements.data.movements.map(quoteOf))).toEqual(new Map(pnl.data.trades.map(quoteOf)));
    }
  });
});

describe("without traces, a router sell that shares its block with another transaction (demo eth)", () => {
  const chain: ChainId = "eth";
  const routerAbi = parseAbi(["function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)"]);
  // Another account pays the trader in the same block: across the block, the trader's balance would count it as the sale's.
  const payer = "0x00000000000000000000000000000000000a11ce" as Address;
  const paid = parseEther("0.5");
  let sale: { hash: Hash; block: bigint };

  beforeAll(async () => {
    const url = demo.chains[chain].rpcUrl;
    const { trader, token, router } = demo.chains[chain].addressBook.venues.routerTrader;
    const wrapped = getNetwork(chain).wrappedNative;
    const held = await createPublicClient({ transport: http(url) }).readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [trader] });
    await rpc(url, "anvil_setBalance", [payer, `0x${parseEther("10").toString(16)}`]);
    for (const account of [trader, payer]) await rpc(url, "anvil_impersonateAccount", [account]);
    await rpc(url, "evm_setAutomine", [false]);
    try {
      const data = encodeFunctionData({ abi: routerAbi, functionName: "swapExactTokensForETHSupportingFeeOnTransferTokens", args: [held / 10n, 0n, [token, wrapped.address], trader, maxUint256] });
      const hash = await rpc<Hash>(url, "eth_sendTransaction", [{ from: trader, to: router.address, data, gas: "0x7a120" }]);
      await rpc(url, "eth_sendTransaction", [{ from: payer, to: trader, value: `0x${paid.toString(16)}`, gas: "0x5208" }]);
      await rpc(url, "evm_mine");
      sale = { hash, block: BigInt((await rpc<{ blockNumber: string }>(url, "eth_getTransactionReceipt", [hash])).blockNumber) };
    } finally {
      await rpc(url, "evm_setAutomine", [true]);
    }
  });

  it("the sale stands at the pool's amount with the reason; straight from the node its trace prices it; the trades around it keep the trader's side", async () => {
    const { trader, token } = demo.chains[chain].addressBook.venues.routerTrader;
    const straight = await readPnl({ chain, wallet: trader, token, env: demo.env(chain) });
    const traced = straight.data.trades.find((trade) => trade.transaction === sale.hash)!;
    expect(traced).toMatchObject({ kind: "sell", quote_source: "wallet" });
    // The router kept its 1 %: the trace shows the trader got less than the pool paid out.
    expect(BigInt(traced.quote_amount!.raw)).toBeLessThan(BigInt(traced.swap!.quote_amount.raw));
    // Across the block the balance holds the payer's coin too: that is why the rule refuses the block.
    const client = createPublicClient({ transport: http(demo.chains[chain].rpcUrl) });
    const [before, after, receipt] = await Promise.all([client.getBalance({ address: trader, blockNumber: sale.block - 1n }), client.getBalance({ address: trader, blockNumber: sale.block }), client.getTransactionReceipt({ hash: sale.hash })]);
    expect(after - before + receipt.gasUsed * receipt.effectiveGasPrice).toBe(BigInt(traced.quote_amount!.raw) + paid);

    const proxy = await startProviderProxy(demo.chains[chain].rpcUrl, noTraces);
    proxies.push(proxy);
    const url = proxy.url;
    const { data } = await readPnl({ chain, wallet: trader, token, env: { ETH_RPC_URL: url, BASE_RPC_URL: url, BSC_RPC_URL: url } });
    const reason = `${sale.hash}: ${noTracesReason} Its balance across the block cannot stand in: block ` +
      `${sale.block} holds 1 other transaction, which can have moved the wallet's native coin by an ` +
      `internal call that only a trace shows. The pool's amount stands in; a fee kept between the pool and ` +
      `the wallet is not in it.`;
    expect(data.trades.map((trade) => ({ transaction: trade.transaction, quote_amount: trade.quote_amount, quote_source: trade.quote_source, quote_source_reason: trade.quote_source_reason }))).toEqual(
      straight.data.trades.map((trade) =>
        trade.transaction === sale.hash
          ? { transaction: trade.transaction, quote_amount: trade.swap!.quote_amount, quote_source: "pool", quote_source_reason: reason }
          : { transaction: trade.transaction, quote_amount: trade.quote_amount, quote_source: "wallet", quote_source_reason: null },
      ),
    );
    expect(data.unavailable["trades.quote_amount"]).toBe(`1 trade is priced by its pool's amount (quote_source "pool"), not by what left or reached the wallet, so a fee kept between the pool and the wallet is not in it: ${reason}`);
    expect(data.limitations).toContain(
      "1 trade stands at its pool's amount instead (quote_source \"pool\", the reason in quote_source_reason): where a router kept a fee between the pool and the wallet, those trades' costs are understated and their proceeds overstated, and so is the profit.",
    );
  });
});
