// wallet/pnl on the demo chains, every expected figure worked out here again from the address book
// with bigint arithmetic. The wallets and what each proves: the describe below.
import { beforeAll, describe, expect, it } from "vitest";
import { createPublicClient, encodeFunctionData, formatUnits, http, parseAbi, parseEther, parseEventLogs, toHex, type Address, type Hash, type Hex } from "viem";
import { rpc } from "../chain/support/anvil";
import { getNetwork, type ChainId } from "@/lib/chain/networks";
import { compilePlaced } from "@/lib/intel/reads/placed/compile";
import { useDemoChains } from "../support/demo-chains";
import { ApiError } from "@/lib/errors/api-error";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readPnl } from "@/lib/intel/endpoints/wallet/pnl";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];
const pairAbi = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"]);
const swapAbi = parseAbi(["event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)"]);
const transferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"]);

/** `num / den` written to 6 decimals, truncated toward zero, trailing zeros dropped: how the API writes dollars. */
function dollars(num: bigint, den: bigint): string {
  const negative = num < 0n;
  const micro = ((negative ? -num : num) * 1_000_000n) / den;
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return `${negative && micro !== 0n ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

const raw = (value: bigint, decimals = 18) => ({ raw: value.toString(), formatted: formatUnits(value, decimals) });

const demo = useDemoChains();
/** The bench's looping trader, compiled once for every chain and token that places it. */
let compiledTrader: ReturnType<typeof compilePlaced> | undefined;
const busyTrader = () => (compiledTrader ??= compilePlaced("bench/contracts/BusyTrader.sol", "BusyTrader"));

// wallet/pnl on the demo chains (chain ids 1, 8453, 56). Every expected figure is worked out
// here again from the address book with bigint arithmetic (average cost, division rounding
// down; dollars exact, truncated to 6 decimals at the end):
// - the trader: two buys and a partial sell, each priced by its own swap and in dollars through
//   the reference pool at its block; realized, cost basis and unrealized to the smallest unit;
// - the tax token's buyer: a taxed sell moves the wallet's tokens twice in one transaction (tax
//   and rest) and is one trade, its proceeds counted once;
// - a team wallet whose tokens came by transfer: sells listed and priced, no defensible basis,
//   so realized and unrealized are null with the reason;
// - a wallet with no trade: 422, never a zero; and never more than three sequential rounds.
describe.each(DEMO_CHAINS)("wallet/pnl on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  /** Dollars of `wei` native base units: the reference pool's fixed reserves, stablecoin at $1. */
  let usdDen: bigint;
  let usdNum: (wei: bigint) => bigint;
  const read = async (wallet: Address, token: Address) => {
    const { result, usage } = await withRpcMeter(() => readPnl({ chain, wallet, token, env: demo.env(chain) }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    for (const [field, label] of Object.entries(result.provenance)) {
      expect(labels).toContain(label);
      if (label === "unavailable") expect(result.data.unavailable[field]).toBeTruthy();
    }
    return result;
  };
  const client = () => createPublicClient({ transport: http(demo.chains[chain].rpcUrl) });

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
    const reference = book.referencePool;
    usdDen = BigInt(reference.nativeReserve) * 10n ** BigInt(book.canonical.stablecoin.decimals);
    usdNum = (wei) => wei * BigInt(reference.stableReserve);
  });

  it("the trader: every trade priced by its swap and in dollars at its block; average-cost figures exact", async () => {
    const trader = book.scenarios.trader;
    const result = await read(trader.wallet, trader.token);
    const data = result.data;

    expect(data.trades.map((trade) => ({ kind: trade.kind, transaction: trade.transaction, block: trade.block, amount: trade.amount, counterparty: trade.counterparty, swap: trade.swap, value_usd: trade.value_usd, unpriced: trade.unpriced }))).toEqual(
      trader.trades.map((trade) => ({
        kind: trade.side,
        transaction: trade.tx.hash,
        block: trade.tx.block,
        amount: raw(BigInt(trade.tokenAmount)),
        counterparty: trader.pair,
        swap: {
          pool: trader.pair,
          dex: book.canonical.dex.key,
          dex_name: book.canonical.dex.name,
          quote: { address: book.canonical.wrappedNative.address, symbol: expect.any(String) },
          quote_amount: raw(BigInt(trade.nativeAmount)),
          // The address book's execution price is native base units per whole token, rounded down.
          quote_per_token: formatUnits(BigInt(trade.priceNativePerToken), 18),
        },
        value_usd: dollars(usdNum(BigInt(trade.nativeAmount)), usdDen),
        unpriced: null,
      })),
    );
    expect(data.counts).toEqual({ buy: 2, sell: 1, transfer_in: 0, transfer_out: 0, total: 3 });
    expect(data.unpriced_counts).toEqual({ no_quote_price: 0, no_usd_price: 0 });
    expect(data.method).toBe("average_cost");

    // Average cost by hand, from the trades alone.
    const buys = trader.trades.filter((trade) => trade.side === "buy");
    const sells = trader.trades.filter((trade) => trade.side === "sell");
    const sum = (list: typeof buys, field: "tokenAmount" | "nativeAmount") => list.reduce((total, trade) => total + BigInt(trade[field]), 0n);
    const [bought, spent, sold, received] = [sum(buys, "tokenAmount"), sum(buys, "nativeAmount"), sum(sells, "tokenAmount"), sum(sells, "nativeAmount")];
    const held = bought - sold;
    const soldCost = (spent * sold) / bought;
    const realized = received - soldCost;
    expect(realized.toString()).toBe(trader.expected.realizedPnlNativeAverageCost);
    expect(data.realized).toEqual({
      quote: raw(realized),
      // In dollars the cost is exact: received − spent·sold/bought, over one denominator.
      usd: dollars(usdNum(received * bought - spent * sold), usdDen * bought),
    });
    const costHeld = spent - soldCost;
    expect(data.position).toEqual({ held: raw(held), cost_basis: { quote: raw(costHeld), usd: dollars(usdNum(spent * held), usdDen * bought) } });
    expect(held.toString()).toBe(trader.expected.tokensHeld);

    // The held position at the pool's mid price now; the reserves agree with the address book's final mid price.
    const [r0, r1] = await client().readContract({ address: trader.pair, abi: pairAbi, functionName: "getReserves" });
    const token0 = await client().readContract({ address: trader.pair, abi: pairAbi, functionName: "token0" });
    const [reserveToken, reserveNative] = token0.toLowerCase() === trader.token.toLowerCase() ? [r0, r1] : [r1, r0];
    expect(((reserveNative * 10n ** 18n) / reserveToken).toString()).toBe(trader.expected.finalMidPriceNativePerToken);
    const heldValue = (held * reserveNative) / reserveToken;
    expect(data.unrealized).toEqual({
      quote: raw(heldValue - costHeld),
      usd: dollars(usdNum(heldValue * bought - spent * held), usdDen * bought),
      valued_at: { pool: trader.pair, quote: { address: book.canonical.wrappedNative.address, symbol: expect.any(String) }, held_value: raw(heldValue), held_value_usd: dollars(usdNum(heldValue), usdDen), block: Number(result.block) },
    });
    // The address book values the position at a whole-token mid price rounded down: never above, and off by less than one wei per whole token.
    const bookHeldValue = BigInt(trader.expected.heldValueNativeAtMid);
    expect(heldValue >= bookHeldValue && heldValue - bookHeldValue <= held / 10n ** 18n + 1n).toBe(true);

    expect(data.unavailable).toEqual({});
    expect(result.provenance).toMatchObject({ trades: "verified_onchain", "trades.value_usd": "interpretation", position: "verified_onchain", realized: "interpretation", unrealized: "interpretation" });
  });

  it("a taxed sell is one trade: the tax leg and the rest summed, its proceeds counted once", async () => {
    const tax = book.scenarios.tax;
    const { taxedBuy, taxedSell, taxWallet } = tax.facts;
    // What the buy paid is the transaction's value: the router swapped exactly that much native coin.
    const paid = (await client().getTransaction({ hash: taxedBuy.tx.hash as Hash })).value;
    const result = await read(taxedSell.wallet, tax.token.address);
    const data = result.data;

    expect(data.trades.map((trade) => [trade.kind, trade.transaction, trade.amount.raw, trade.swap?.quote_amount.raw, trade.transfers.map((leg) => [leg.counterparty, leg.amount.raw])])).toEqual([
      ["buy", taxedBuy.tx.hash, taxedBuy.net, paid.toString(), [[tax.pool.pair, taxedBuy.net]]],
      ["sell", taxedSell.tx.hash, taxedSell.gross, taxedSell.nativeOut, [[taxWallet, taxedSell.tax], [tax.pool.pair, taxedSell.net]]],
    ]);
    expect(data.counts).toEqual({ buy: 1, sell: 1, transfer_in: 0, transfer_out: 0, total: 2 });
    expect(data.unpriced_counts).toEqual({ no_quote_price: 0, no_usd_price: 0 });
    const bought = BigInt(taxedBuy.net);
    const sold = BigInt(taxedSell.gross);
    const soldCost = (paid * sold) / bought;
    expect(data.realized!.quote).toEqual(raw(BigInt(taxedSell.nativeOut) - soldCost));
    // The taxes make this a loss: what the sell brought in is well under what its tokens cost.
    expect(BigInt(data.realized!.quote!.raw)).toBeLessThan(0n);
    expect(data.position).toMatchObject({ held: raw(bought - sold), cost_basis: { quote: raw(paid - soldCost) } });
    expect(data.unrealized).not.toBeNull();
  });

  it("a team wallet whose tokens came by transfer: sells listed and priced, no defensible basis, so null with the reason", async () => {
    const dump = book.scenarios.dump;
    const team = dump.facts.teamWallets[0];
    const result = await read(team.address, dump.token.address);
    const data = result.data;
    expect(data.trades[0]).toMatchObject({ kind: "transfer_in", transaction: team.allocationTx.hash, amount: { raw: team.allocation }, swap: null, value_usd: null });
    expect(data.trades.slice(1).map((trade) => [trade.kind, trade.transaction, trade.amount.raw, trade.swap!.quote_amount.raw, trade.value_usd])).toEqual(
      team.sells.map((sell) => ["sell", sell.tx.hash, sell.tokenAmount, sell.nativeAmount, dollars(usdNum(BigInt(sell.nativeAmount)), usdDen)]),
    );
    expect(data.counts).toEqual({ buy: 0, sell: team.sells.length, transfer_in: 1, transfer_out: 0, total: team.sells.length + 1 });
    expect(data.unpriced_counts).toEqual({ no_quote_price: 0, no_usd_price: 0 });
    expect({ realized: data.realized, unrealized: data.unrealized, position: data.position }).toEqual({ realized: null, unrealized: null, position: { held: raw(BigInt(team.finalBalance)), cost_basis: null } });
    const reason = `${team.allocationTx.hash} brought ${team.allocation} base units in by transfer, with no purchase price.`;
    expect(data.unavailable).toEqual({
      realized: `No defensible cost basis for the sell${team.sells.length === 1 ? "" : "s"} in ${team.sells.map((sell) => sell.tx.hash).join(", ")}: ${reason}`,
      unrealized: reason,
      "position.cost_basis": reason,
    });
    expect(result.provenance).toMatchObject({ realized: "unavailable", unrealized: "unavailable", "position.cost_basis": "unavailable", trades: "verified_onchain" });
  });

  it("transfers that do not add up to the balance (history cut off by the cap): no cost basis, realized and unrealized null with the reason", async () => {
    const trader = book.scenarios.trader;
    const { result, usage } = await withRpcMeter(() => readPnl({ chain, wallet: trader.wallet, token: trader.token, env: demo.env(chain), maxMovements: 2 }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    const data = result.data;
    // Only the two newest trades are seen: the second buy and the sell.
    expect(data.trades.map((trade) => trade.transaction)).toEqual(trader.trades.slice(1).map((trade) => trade.tx.hash));
    const seen = BigInt(trader.trades[1].tokenAmount) - BigInt(trader.trades[2].tokenAmount);
    const reason = `The transfers in blocks ${data.window.from_block} to ${data.window.to_block} leave ${seen} base units in the wallet but balanceOf reads ${trader.expected.tokensHeld}: part of the position's history is outside them.`;
    expect({ realized: data.realized, unrealized: data.unrealized, position: data.position, capped: data.window.capped }).toEqual({
      realized: null,
      unrealized: null,
      position: { held: raw(BigInt(trader.expected.tokensHeld)), cost_basis: null },
      capped: true,
    });
    expect(data.unavailable).toEqual({ realized: reason, unrealized: reason, "position.cost_basis": reason });
  });

  it.each(["healthy", "tax"] as const)("a contract that buys and sells the %s token in a loop within one transaction: each swap is its own trade, priced by its own amounts", async (scenario) => {
    const { rpcUrl } = demo.chains[chain];
    const { token, pool } = book.scenarios[scenario];
    const wrapped = book.canonical.wrappedNative.address;
    // The V2-style router whose factory made the token's pair.
    const factoryAbi = parseAbi(["function getPair(address, address) view returns (address)"]);
    const v2 = getNetwork(chain).dexes.filter((dex) => dex.kind === "uniswap-v2");
    // (Not every registry DEX is placed on every demo chain: a factory that is not there answers nothing.)
    const pairs = await Promise.all(v2.map((dex) => client().readContract({ address: dex.factory, abi: factoryAbi, functionName: "getPair", args: [token.address, wrapped] }).catch(() => null)));
    const router = v2[pairs.findIndex((pair) => pair?.toLowerCase() === pool.pair.toLowerCase())].router;
    const looper = "0x00000000000000000000000000000000100b7ade" as Address;
    const sender = "0x00000000000000000000000000000000005e4de7" as Address;
    const { runtime, abi } = busyTrader();
    const snapshot = await rpc<Hex>(rpcUrl, "evm_snapshot");
    try {
      await rpc(rpcUrl, "anvil_setCode", [looper, runtime]);
      await rpc(rpcUrl, "anvil_setBalance", [looper, toHex(parseEther("10"))]);
      await rpc(rpcUrl, "anvil_setBalance", [sender, toHex(parseEther("1"))]);
      await rpc(rpcUrl, "anvil_impersonateAccount", [sender]);
      // Buy, sell a tenth, buy, sell a tenth: four swaps through one pair in one transaction.
      const data = encodeFunctionData({ abi, functionName: "trade", args: [router, wrapped, token.address, 4n, parseEther("0.01")] });
      const hash = await rpc<Hash>(rpcUrl, "eth_sendTransaction", [{ from: sender, to: looper, data, gas: toHex(3_000_000) }]);
      const receipt = await client().waitForTransactionReceipt({ hash });
      expect(receipt.status).toBe("success");
      // Read here without the classifier: the pair's Swap events, and the wallet's transfers, each
      // belonging to the swap whose event follows it (a V2 pair moves the tokens, then says Swap).
      const tokenIs0 = token.address.toLowerCase() < wrapped.toLowerCase();
      const swapLogs = parseEventLogs({ abi: swapAbi, logs: receipt.logs.filter((log) => log.address.toLowerCase() === pool.pair.toLowerCase()), eventName: "Swap" });
      const moves = parseEventLogs({ abi: transferAbi, logs: receipt.logs.filter((log) => log.address.toLowerCase() === token.address.toLowerCase()), eventName: "Transfer" });
      const swaps = swapLogs.map(({ args, logIndex }, k) => {
        const [tokenIn, tokenOut, nativeIn, nativeOut] = tokenIs0 ? [args.amount0In, args.amount0Out, args.amount1In, args.amount1Out] : [args.amount1In, args.amount1Out, args.amount0In, args.amount0Out];
        const kind = tokenOut > 0n ? "buy" : "sell";
        const after = k === 0 ? -1 : swapLogs[k - 1].logIndex;
        const walletSide = (move: (typeof moves)[number]) => (kind === "buy" ? move.args.to : move.args.from).toLowerCase() === looper.toLowerCase();
        const amount = moves.filter((move) => move.logIndex > after && move.logIndex < logIndex && walletSide(move)).reduce((sum, move) => sum + move.args.value, 0n);
        return { kind, amount: raw(amount), quote_amount: raw(kind === "buy" ? nativeIn : nativeOut), unpriced: null };
      });
      expect(swaps.map((swap) => swap.kind)).toEqual(["buy", "sell", "buy", "sell"]);

      const result = await read(looper, token.address);
      expect(result.data.trades.map((trade) => ({ kind: trade.kind, amount: trade.amount, quote_amount: trade.swap?.quote_amount, unpriced: trade.unpriced }))).toEqual(swaps);
      expect(result.data.counts).toMatchObject({ buy: 2, sell: 2 });
      expect(result.data.unpriced_counts.no_quote_price).toBe(0);
      expect(result.data.realized?.quote).toBeTruthy();
    } finally {
      await rpc(rpcUrl, "anvil_stopImpersonatingAccount", [sender]);
      await rpc(rpcUrl, "evm_revert", [snapshot]);
    }
  });

  it("a wallet with no trade of the token is 422 insufficient_data, never a zero", async () => {
    const error = await read(book.wallets.limitedSpender, book.scenarios.trader.token).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
    expect((error as ApiError).message).toMatch(/not the same as zero/);
  });
});
