// intel/why-down on the demo chains and on measures set by hand: the dominant driver, the exact
// price change, the window told as one story. The cases in detail: the describes below.
import { beforeAll, describe, expect, it } from "vitest";
import { useDemoChains } from "../support/demo-chains";
import type { Address } from "viem";
import { ApiError } from "@/lib/errors/api-error";
import type { ChainId } from "@/lib/chain/networks";
import { DEMO_CHAINS, type AddressBook } from "@/demo-chain";
import { readWhyDown } from "@/lib/intel/endpoints/intel/why-down";
import { dominantReason } from "@/lib/intel/endpoints/intel/why-down/present";
import { windowAfterScans, windowStart } from "@/lib/intel/endpoints/intel/why-down/window";
import { describeSpan, windowFor } from "@/lib/intel/answers/windows";

const demo = useDemoChains();

type WhyDownData = Awaited<ReturnType<typeof readWhyDown>>["data"];

/** Seconds a span in words stands for: "28 days 6 hours 53 minutes". */
function spanSeconds(words: string): number {
  const unit = { day: 86_400, hour: 3_600, minute: 60, second: 1 } as const;
  return [...words.matchAll(/(\d[\d,]*) (day|hour|minute|second)s?/g)].reduce((sum, [, count, name]) => sum + Number(count.replace(/,/g, "")) * unit[name as keyof typeof unit], 0);
}

/**
 * Every sentence of the answer that speaks of the window holds to data.window: the limitation that
 * describes it names its first and last block with their times, its block count and its span, and
 * says why it starts there (end); every other "from block … to block …" (the read, the thin note) is
 * the same blocks with the same span; and only that limitation names the 24 hours asked for.
 */
function expectOneWindow(data: WhyDownData) {
  const { window } = data;
  const seconds = (Date.parse(window.to_time) - Date.parse(window.from_time)) / 1000;
  const expectSpan = (words: string) => {
    const told = spanSeconds(words);
    expect({ words, short: seconds - told >= 0 && seconds - told < 60 }).toEqual({ words, short: true });
  };
  expect(window.blocks).toBe(window.to_block - window.from_block);
  const described = data.limitations.filter((line) => line.startsWith("The window runs "));
  expect(described).toHaveLength(1);
  const match = /^The window runs from block (\d+) \((.+?)\) to block (\d+) \((.+?)\): ([\d,]+) blocks?, (.+?) — (.+?) on /.exec(described[0]);
  expect(match, described[0]).not.toBeNull();
  const [, from, fromTime, to, toTime, blocks, span, basis] = match!;
  expect({ from: Number(from), fromTime, to: Number(to), toTime, blocks: Number(blocks.replace(/,/g, "")) }).toEqual({ from: window.from_block, fromTime: window.from_time, to: window.to_block, toTime: window.to_time, blocks: window.blocks });
  expectSpan(span);
  expect(basis).toMatch({ window_ended: /^the last 24 hours \(/, history_start: /^the chain's whole history, which holds fewer blocks than the last 24 hours \(/, cap_reached: /^the newest part of the last 24 hours \(/ }[window.end]);
  const others = [data.read, data.thin_note ?? "", data.dominant_reason, ...data.limitations.filter((line) => line !== described[0])];
  for (const text of others) {
    expect(text, "only the window's limitation names the window asked for").not.toMatch(/24 hours|last day/);
    for (const [, start, end, words] of text.matchAll(/from block (\d+) to block (\d+) \(([^)]+)\)/g)) {
      expect({ start: Number(start), end: Number(end) }).toEqual({ start: window.from_block, end: window.to_block });
      expectSpan(words);
    }
  }
  expect(data.read).toMatch(new RegExp(`from block ${window.from_block} to block ${window.to_block} \\(`));
  if (data.thin_note) expect(data.thin_note).toMatch(new RegExp(`from block ${window.from_block} to block ${window.to_block} \\(`));
}

const precedence = ["liquidity_pulled", "team_wallets_selling", "heavy_selling"] as const;

/**
 * The rule of docs/endpoints/intel-why-down.md: the rules checked in order, the first that holds names the driver (a removal of
 * at least half the pool's quote side; the team selling at least half of everything sold; more sold
 * than bought) — never the highest score; and a driver that scores higher than the one named is
 * named in dominant_reason, with why it is not the one.
 */
function expectDominantByRule(data: WhyDownData) {
  const measured = Object.fromEntries(data.drivers.map((driver) => [driver.driver, driver])) as { [D in (typeof precedence)[number]]: Extract<WhyDownData["drivers"][number], { driver: D }> };
  const holds = {
    liquidity_pulled: measured.liquidity_pulled.measured.largest_share_of_pool_bps >= 5_000,
    team_wallets_selling: measured.team_wallets_selling.measured.share_of_sells_bps >= 5_000,
    heavy_selling: BigInt(measured.heavy_selling.measured.sold.raw) > BigInt(measured.heavy_selling.measured.bought.raw),
  };
  const dominant = data.dominant_driver;
  expect(dominant).toBe(data.price.down ? (precedence.find((driver) => holds[driver]) ?? null) : null);
  if (!dominant) {
    expect(data.dominant_reason).toMatch(/^No driver is named: /);
    return;
  }
  expect(data.dominant_reason).toMatch(new RegExp(`^${dominant} is the first driver whose rule holds, the rules checked in order \\(liquidity pulled, then team wallets selling, then heavy selling\\)`));
  const named = measured[dominant].score;
  for (const other of precedence.filter((driver) => measured[driver].score > named)) {
    if (precedence.indexOf(other) > precedence.indexOf(dominant)) {
      expect(data.dominant_reason).toContain(`It is named ahead of ${other} (score ${measured[other].score} against its ${named}) by that order, not by score`);
    } else {
      expect(data.dominant_reason).toMatch(new RegExp(`${other}[^.]* higher \\([^)]*${measured[other].score}[^)]* against ${named}\\) but (its rule does|their rules do) not hold`));
    }
  }
}

/** Whole quote units per whole token, cut at 18 fractional digits, as the answer writes it. */
function quotePerToken(quoteRaw: bigint, tokenRaw: bigint, tokenDecimals: number, quoteDecimals = 18): string {
  const scaled = (quoteRaw * 10n ** BigInt(tokenDecimals) * 10n ** 18n) / (tokenRaw * 10n ** BigInt(quoteDecimals));
  const digits = scaled.toString().padStart(19, "0");
  const fraction = digits.slice(-18).replace(/0+$/, "");
  return `${digits.slice(0, -18)}${fraction ? `.${fraction}` : ""}`;
}

// intel/why-down on the demo chains (chain ids 1, 8453, 56): the rug's dominant driver is
// liquidity pulled (the deployer's removal, its transaction and amounts), the dump's is heavy
// selling (the wallets the deployer funded are context, not the team), a token that went up is not down, the price
// change is exact from the pool's reserves, a thin history says so, and no trade is a 422.
// One story: every sentence that speaks of the window states data.window's blocks and span —
// the demo chains hold fewer blocks than 24 hours make, so their window is the whole history, and a
// node whose scans stop at a cap gives the newest part — the dominant driver is the first in the
// order of docs/endpoints/intel-why-down.md whose rule holds, with the reason when a higher score is passed over, and the
// prices are quote per token.
describe("intel/why-down's dominant_reason, on measures set by hand", () => {
  type Reading = Parameters<typeof dominantReason>[0];
  type Assessment = Parameters<typeof dominantReason>[1];
  const reading = { pool: { quote: { symbol: "WETH" } } } as unknown as Reading;
  const measures = (over: { scores: Record<string, number>; ruleHolds: Record<string, boolean>; dominant: string | null; removedShareBps?: number; teamShareOfSellsBps?: number }) =>
    ({ price: { changeBps: -2_000, down: true }, removals: [{}], removedShareBps: 0, sold: 10n, teamShareOfSellsBps: 0, ...over }) as unknown as Assessment;

  it("a driver checked earlier that scores higher is passed over because its rule's threshold is not met", () => {
    const reason = dominantReason(reading, measures({ scores: { liquidity_pulled: 0.3, team_wallets_selling: 0, heavy_selling: 0.1 }, ruleHolds: { liquidity_pulled: false, team_wallets_selling: false, heavy_selling: true }, dominant: "heavy_selling", removedShareBps: 3_000 }));
    expect(reason).toMatch(
      new RegExp(
        [
          String.raw`^heavy_selling is the first driver whose rule holds, the rules checked in order \(liquidity pulled, `,
          String.raw`then team wallets selling, then heavy selling\)\. Liquidity pulled does not hold: the largest removal `,
          String.raw`took 30\.00 % of the pool's WETH \(it needs one removal taking at least 50\.00 % of the pool's WETH\)`,
        ].join(""),
      ),
    );
    expect(reason).toContain("liquidity_pulled scores higher (0.3 against 0.1) but its rule does not hold: a rule's threshold decides, not the score.");
  });

  it("a driver checked later that scores higher is passed over by the order, and the answer says why the order", () => {
    const reason = dominantReason(
      reading,
      measures({ scores: { liquidity_pulled: 0.6, team_wallets_selling: 1, heavy_selling: 0.7 }, ruleHolds: { liquidity_pulled: true, team_wallets_selling: true, heavy_selling: true }, dominant: "liquidity_pulled", removedShareBps: 6_000, teamShareOfSellsBps: 10_000 }),
    );
    expect(reason).toContain("It is named ahead of team_wallets_selling (score 1 against its 0.6) and heavy_selling (score 0.7 against its 0.6) by that order, not by score");
    expect(reason).toMatch(/A pull of half the pool comes first: it is the rug a holder must hear of/);
  });

  it("no driver named: every rule as measured", () => {
    const reason = dominantReason(reading, measures({ scores: { liquidity_pulled: 0, team_wallets_selling: 0, heavy_selling: 0 }, ruleHolds: { liquidity_pulled: false, team_wallets_selling: false, heavy_selling: false }, dominant: null, removals: [] } as never));
    expect(reason).toMatch(/^No driver is named: none of the rules holds\. Liquidity pulled does not hold: there was no removal .*; team wallets selling does not hold: .*; heavy selling does not hold: no more was sold into the pool than bought\.$/);
  });
});

describe("intel/why-down's window, settled once", () => {
  const asked = windowFor("whyDown", { ms: 12_000, source: "registry" });

  it("the last 24 hours of blocks; the whole history on a chain that holds fewer; the newest part when a scan stops at its cap", () => {
    expect(windowStart(asked, 10_000n)).toEqual({ from: 2_800n, end: "window_ended" });
    expect(windowStart(asked, 7_200n)).toEqual({ from: 0n, end: "window_ended" });
    expect(windowStart(asked, 436n)).toEqual({ from: 0n, end: "history_start" });
    const planned = windowStart(asked, 10_000n);
    // Each scan asked for the blocks after 2,800; one stopped at its cap at 9,001: the window starts at 9,000, for the price too.
    expect(windowAfterScans(planned, [{ fromBlock: 2_801n, truncated: false }, { fromBlock: 9_001n, truncated: true }, { fromBlock: 5_001n, truncated: true }])).toEqual({ from: 9_000n, end: "cap_reached" });
    expect(windowAfterScans(planned, [{ fromBlock: 2_801n, truncated: false }])).toEqual(planned);
    expect(windowAfterScans(windowStart(asked, 436n), [{ fromBlock: 1n, truncated: false }])).toEqual({ from: 0n, end: "history_start" });
  });

  it("states its span in words, to the minute", () => {
    expect(describeSpan(86_400)).toBe("24 hours");
    expect(describeSpan(86_388)).toBe("23 hours 59 minutes");
    expect(describeSpan(2_443_992)).toBe("28 days 6 hours 53 minutes");
    expect(describeSpan(172_800)).toBe("2 days");
    expect(describeSpan(36)).toBe("36 seconds");
  });
});

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
      expect.objectContaining({
        what: "liquidity_removal",
        wallet: rug.facts.liquidityPuller,
        transaction: rug.facts.removeLiquidityTx.hash,
        block: rug.facts.removeLiquidityTx.block,
        amount: expect.objectContaining({ raw: rug.facts.tokenReturned }),
        quote_amount: expect.objectContaining({ raw: rug.facts.nativeReturned }),
        note: `${rug.facts.lpRemoved} LP redeemed`,
      }),
    ]);
    expect(pulled.measured.by).toEqual([{ wallet: rug.facts.liquidityPuller, team: expect.arrayContaining(["owner"]) }]);
    // The rug is the case measured on main: liquidity_pulled (0.9499) named over team_wallets_selling (1), the deployer's
    // own sells being all that was sold. The order of the rules names it, and the answer says so.
    const team = result.data.drivers.find((driver) => driver.driver === "team_wallets_selling")!;
    expect(team.score).toBeGreaterThan(pulled.score);
    expect(result.data.dominant_reason).toContain(`It is named ahead of team_wallets_selling (score ${team.score} against its ${pulled.score}) by that order, not by score`);
    expect(result.data.read).toMatch(/by rule it comes before team wallets selling, whose score is higher/);
    expectDominantByRule(result.data);
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
    expect(result.data.read).toMatch(/is not down from block \d+ to block \d+ \(/);
    expect(result.data.dominant_reason).toBe("No driver is named: the price is not down in the window.");
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

  it("the price at the window's edges is quote per token: whole quote units per whole token, from the pool's reserves", async () => {
    const rug = book.scenarios.rug;
    const { data } = await read(rug.token.address);
    const decimals = data.token.decimals!;
    expect(Object.keys(data.price).sort()).toEqual(["change_bps", "down", "end_quote_per_token", "start_from", "start_quote_per_token"]);
    // The pool opened inside the window: the start is its first liquidity, the end its reserves after the dump.
    expect(data.price).toMatchObject({
      start_quote_per_token: quotePerToken(BigInt(rug.pool.nativeAdded), BigInt(rug.pool.tokenAdded), decimals),
      end_quote_per_token: quotePerToken(BigInt(rug.facts.poolAfterDump.reserveNative), BigInt(rug.facts.poolAfterDump.reserveToken), decimals),
      start_from: expect.stringMatching(/^the pool's first liquidity in the window \(block \d+\)$/),
    });
  });

  it("every sentence states the window data.window reports: the chain's whole history here, fewer blocks than 24 hours make", async () => {
    const targets = [book.scenarios.rug, book.scenarios.dump, book.scenarios.healthy, book.scenarios.honeypot, book.venues.scenarios.v3Only].map((scenario) => scenario.token.address);
    const answer = await fetch(demo.chains[chain].rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }) });
    const head = Number(BigInt(((await answer.json()) as { result: string }).result));
    for (const address of targets) {
      const { data } = await read(address);
      expect({ address, from: data.window.from_block, to: data.window.to_block, end: data.window.end }).toEqual({ address, from: 0, to: head, end: "history_start" });
      expectOneWindow(data);
      expectDominantByRule(data);
    }
  });

  it("a token with no pool is 422 insufficient_data", async () => {
    const error = await read(book.scenarios.lockedLiquidity.facts.locker).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("insufficient_data");
  });
});

describe("intel/why-down through a node whose log scans stop at a cap (eth)", () => {
  // 2 blocks a call, and as many calls a scan as leave the chain's first 26 or 27 blocks out (the
  // rug's launch is in them, its removal at 31): the window starts where the scans stop — and the
  // price is read there too. Counted from the head, so scenarios played later move nothing here.
  // Its own URL, so the limits are that node's alone.
  it("the window is the newest part the logs cover (cap_reached), the start price read at its first block, and every sentence says so", async () => {
    const { rpcUrl, addressBook: book } = demo.chains.eth;
    const rug = book.scenarios.rug;
    const answer = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }) });
    const head = Number(BigInt(((await answer.json()) as { result: string }).result));
    const calls = Math.floor((head - 26) / 2);
    const { data } = await readWhyDown({ chain: "eth", address: rug.token.address, env: { ETH_RPC_URL: `${rpcUrl}/?why-down-capped`, ETH_RPC_MAX_BLOCK_RANGE: "2", ETH_RPC_MAX_SCAN_REQUESTS: String(calls) } });
    expect(data.window).toMatchObject({ end: "cap_reached", blocks: calls * 2, from_block: data.window.to_block - calls * 2 });
    expect(data.window.from_block).toBeLessThan(rug.facts.removeLiquidityTx.block);
    expectOneWindow(data);
    // The pool already held its launch at the window's first block: the start is its reserves there.
    expect(data.price.start_from).toBe(`reserves at block ${data.window.from_block}`);
    for (const driver of data.drivers) for (const observation of driver.observations) expect(observation.block).toBeGreaterThan(data.window.from_block);
    expect(data.dominant_driver).toBe("liquidity_pulled");
  });
});
