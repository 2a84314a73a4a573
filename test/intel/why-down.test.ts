// intel/why-down on the demo chains (chain ids 1, 8453, 56): the rug's dominant driver is
// liquidity pulled (the deployer's removal, its transaction and amounts), the dump's is heavy
// selling (the wallets the deployer funded are context, not the team), a token that went up is not down, the price
// change is exact from the pool's reserves, a thin history says so, and no trade is a 422.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import type { Address } from "viem";
import { ApiError } from "@/lib/api-contract/api-error";
import type { ChainId } from "@/lib/chain/networks";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readWhyDown } from "@/lib/intel/why-down";

const demo = useDemoChains();

describe.each(DEMO_CHAINS)("intel/why-down on demo %s", (chain: ChainId) => {
  let book: AddressBook;
  const read = (address: Address) => {
    const rpcUrl = demo.chains[chain].rpcUrl;
    return readWhyDown({ chain, address, env: { ETH_RPC_URL: rpcUrl, BASE_RPC_URL: rpcUrl, BSC_RPC_URL: rpcUrl } });
  };
  /** (end − start) / start in basis points, from the launch's reserves and the pool's final state. */
  const changeBps = (launch: { tokenAdded: string; nativeAdded: string }, end: { reserveToken: string; reserveNative: string }) => {
    const [t0, q0, t1, q1] = [launch.tokenAdded, launch.nativeAdded, end.reserveToken, end.reserveNative].map(BigInt);
    return Number(((q1 * t0 - q0 * t1) * 10_000n) / (q0 * t1));
  };

  beforeAll(() => {
    book = demo.chains[chain].addressBook;
  });

  it("rug: liquidity pulled is the dominant driver, with the deployer's removal and the sell that followed", async () => {
    const rug = book.scenarios.rug;
    const result = await read(rug.token.address);
    expect(result.data.dominant_driver).toBe("liquidity_pulled");
    expect(result.data.price).toMatchObject({ down: true, change_bps: changeBps(rug.pool, rug.facts.poolAfterDump) });
    const pulled = result.data.drivers.find((driver) => driver.driver === "liquidity_pulled")!;
    expect(pulled.observations).toEqual([
      expect.objectContaining({ what: "liquidity_removal", wallet: rug.facts.liquidityPuller, transaction: rug.facts.removeLiquidityTx.hash, block: rug.facts.removeLiquidityTx.block, amount: expect.objectContaining({ raw: rug.facts.tokenReturned }), quote_amount: expect.objectContaining({ raw: rug.facts.nativeReturned }), note: `${rug.facts.lpRemoved} LP redeemed` }),
    ]);
    expect(pulled.measured.by).toEqual([{ wallet: rug.facts.liquidityPuller, team: expect.arrayContaining(["owner"]) }]);
    expect(pulled.score).toBe(pulled.measured.largest_share_of_pool_bps / 10_000);
    expect(pulled.score).toBeGreaterThanOrEqual(0.5);
    const selling = result.data.drivers.find((driver) => driver.driver === "heavy_selling")!;
    expect(selling.observations[0]).toMatchObject({ what: "sell", wallet: rug.deployer, transaction: rug.facts.dumpTrade.tx.hash, amount: { raw: rug.facts.dumpTrade.tokenAmount }, quote_amount: { raw: rug.facts.dumpTrade.nativeAmount } });
    expect(result.data.read).toMatch(/liquidity was pulled/);
    expect(result.sources.transactions).toContain(rug.facts.removeLiquidityTx.hash);
  });

  it("dump: the wallets the deployer funded are no team wallets (a transfer from the team is no deployment, ownership or control): their sells are heavy selling, not the team's", async () => {
    const dump = book.scenarios.dump;
    const result = await read(dump.token.address);
    expect(result.data.dominant_driver).toBe("heavy_selling");
    expect(result.data.price).toMatchObject({ down: true, change_bps: changeBps(dump.pool, dump.facts.poolAfterDump) });
    const team = result.data.drivers.find((driver) => driver.driver === "team_wallets_selling")!;
    expect(team.observations.filter((observation) => observation.what === "sell")).toEqual([]);
    expect(team.measured.share_of_sells_bps).toBe(0);
    expect(team.score).toBe(0);
    const selling = result.data.drivers.find((driver) => driver.driver === "heavy_selling")!;
    const funded = dump.facts.teamWallets.map((wallet) => wallet.address);
    const sellers = selling.measured.largest_sellers.filter((seller) => funded.includes(seller.wallet!));
    expect(sellers.map((seller) => seller.wallet).sort()).toEqual([...funded].sort());
    for (const seller of sellers) expect(seller.team).toBeNull();
    expect(result.data.drivers.find((driver) => driver.driver === "liquidity_pulled")!.score).toBe(0);
  });

  it("a token whose price went up is not down: no dominant driver", async () => {
    const healthy = book.scenarios.healthy;
    const result = await read(healthy.token.address);
    expect({ down: result.data.price.down, dominant: result.data.dominant_driver }).toEqual({ down: false, dominant: null });
    expect(result.data.read).toMatch(/is not down in this window/);
  });

  it("counts every trade in the pool; a history of fewer than five trades is thin and says so", async () => {
    const honeypot = book.scenarios.honeypot;
    const result = await read(honeypot.token.address);
    const selling = result.data.drivers.find((driver) => driver.driver === "heavy_selling")!;
    expect({ sells: selling.measured.sells, buys: selling.measured.buys }).toEqual({
      sells: honeypot.trades.filter((trade) => trade.side === "sell").length,
      buys: honeypot.trades.filter((trade) => trade.side === "buy").length,
    });
    expect(result.data.thin).toBe(honeypot.trades.length < 5);
    expect(result.data.thin ? result.data.thin_note : undefined).toEqual(honeypot.trades.length < 5 ? expect.stringMatching(/thin history/) : undefined);
  });

  it("a token with no pool is 422 insufficient_data", async () => {
    const error = await read(book.scenarios.lockedLiquidity.facts.locker).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
  });
});
