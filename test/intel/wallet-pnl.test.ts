// wallet/pnl on the demo chains (chain ids 1, 8453, 56): the trader's buys and sell priced by
// their own swaps, the average-cost realized and unrealized figures computed here again from
// the address book with integer arithmetic, a team wallet whose tokens came by transfer (no
// defensible basis: null with the reason), a wallet with no trades (422), and three rounds.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import { createPublicClient, formatUnits, http, parseAbi } from "viem";
import { ApiError } from "@/lib/api/errors";
import type { ChainId } from "@/lib/chain/networks";
import { withRpcMeter } from "@/lib/chain/rpc-meter";
import { DEMO_CHAINS, type AddressBook } from "@/lib/demo-chain";
import { readPnl } from "@/lib/intel/wallet/pnl";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];
const pairAbi = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)", "function token0() view returns (address)"]);

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("wallet/pnl on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const read = async (wallet: `0x${string}`, token: `0x${string}`) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    const { result, usage } = await withRpcMeter(() => readPnl({ chain, wallet, token, env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } }));
    expect(usage.roundTrips).toBeLessThanOrEqual(3);
    for (const [field, label] of Object.entries(result.provenance)) {
      expect(labels).toContain(label);
      if (label === "unavailable") expect(result.data.unavailable[field]).toBeTruthy();
    }
    return result;
  };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("the trader: every trade priced by its swap; realized and unrealized at average cost, exactly", async () => {
    const trader = book.scenarios.trader;
    const result = await read(trader.wallet, trader.token);
    expect(result.data.trades.map((trade) => [trade.kind, trade.transaction, trade.amount.raw, trade.swap?.quote_amount.raw])).toEqual(
      trader.trades.map((trade) => [trade.side, trade.tx.hash, trade.tokenAmount, trade.nativeAmount]),
    );
    expect(result.data.counts).toEqual({ buys: 2, sells: 1, transfers_in: 0, transfers_out: 0, unpriced: 0 });
    expect(result.data.method).toBe("average_cost");

    // The same figures from the address book, independently: average cost in wei, integer division.
    const e = trader.expected;
    expect(result.data.realized!.quote).toEqual({ raw: e.realizedPnlNativeAverageCost, formatted: formatUnits(BigInt(e.realizedPnlNativeAverageCost), 18) });
    const spent = BigInt(e.nativeSpent);
    const costHeld = spent - (spent * BigInt(e.tokensSold)) / BigInt(e.tokensBought);
    const client = createPublicClient({ transport: http(demo.chains[chain].rpcUrl) });
    const [r0, r1] = await client.readContract({ address: trader.pair, abi: pairAbi, functionName: "getReserves" });
    const token0 = await client.readContract({ address: trader.pair, abi: pairAbi, functionName: "token0" });
    const [reserveToken, reserveNative] = token0.toLowerCase() === trader.token.toLowerCase() ? [r0, r1] : [r1, r0];
    const heldValue = (BigInt(e.tokensHeld) * reserveNative) / reserveToken;
    expect(result.data.position).toEqual({ held: { raw: e.tokensHeld, formatted: formatUnits(BigInt(e.tokensHeld), 18) }, cost_basis: { raw: costHeld.toString(), formatted: formatUnits(costHeld, 18) } });
    expect(result.data.unrealized).toMatchObject({ quote: { raw: (heldValue - costHeld).toString() }, valued_at: { pool: trader.pair, held_value: { raw: heldValue.toString() } } });
    // Within a few wei of the address book's figure, which values the position at a whole-token mid price rounded down.
    expect(Number(heldValue - costHeld - BigInt(e.unrealizedPnlNativeAverageCost))).toBeLessThan(1e9);
    expect(result.provenance).toMatchObject({ realized: "interpretation", unrealized: "interpretation", trades: "verified_onchain" });
  });

  it("a team wallet whose tokens came by transfer: sells listed and priced, no defensible basis, so null with the reason", async () => {
    const dump = book.scenarios.dump;
    const team = dump.facts.teamWallets[0];
    const result = await read(team.address, dump.token.address);
    expect(result.data.trades[0]).toMatchObject({ kind: "transfer_in", transaction: team.allocationTx.hash, amount: { raw: team.allocation }, swap: null });
    expect(result.data.trades.filter((trade) => trade.kind === "sell").map((trade) => [trade.transaction, trade.swap!.quote_amount.raw])).toEqual(team.sells.map((sell) => [sell.tx.hash, sell.nativeAmount]));
    expect({ realized: result.data.realized, unrealized: result.data.unrealized }).toEqual({ realized: null, unrealized: null });
    expect(result.data.unavailable.unrealized).toMatch(/by transfer, with no purchase price/);
    expect(result.data.unavailable.realized).toContain(team.allocationTx.hash);
  });

  it("a wallet with no trade of the token is 422 insufficient_data, never a zero", async () => {
    const error = await read(book.wallets.limitedSpender, book.scenarios.trader.token).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
    expect((error as ApiError).message).toMatch(/not the same as zero/);
  });
});
