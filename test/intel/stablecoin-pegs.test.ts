// The stablecoins read against each other through the native coin: with three, each against their
// median; with two, whether they agree; with one, nothing to check. A depegged stablecoin never
// prices the native coin, and pools quoted in it are valued by what it buys of the native coin.
import { describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { networks } from "@/lib/chain/networks";
import { checkPegs, depegThresholdBps, nativeUsdPrice, usdPerQuote, type Pool, type QuoteAsset } from "@/lib/intel/reads/market";
import { formatRatio, ratio } from "@/lib/intel/answers/ratio";

const eth = networks.eth;
const weth = eth.wrappedNative.address;
const [usdc, usdt, dai] = eth.stablecoins.map((info) => ({ address: info.address, symbol: info.symbol, decimals: info.decimals, kind: "stablecoin" }) as QuoteAsset);

/** WETH against a stablecoin: `perNative` whole stablecoins per WETH, `weth` whole WETH deep. */
function reference(address: string, quote: QuoteAsset, perNative: bigint, wethDepth = 1_000n): Pool {
  const reserves = { token: wethDepth * 10n ** 18n, quote: wethDepth * perNative * 10n ** BigInt(quote.decimals) };
  return {
    address: getAddress(address),
    dex: eth.dexes[0],
    token: weth as Address,
    quote,
    feeTier: null,
    stable: null,
    tickSpacing: null,
    v4: null,
    token0: weth as Address,
    reserves,
    reservesSource: "getReserves",
    lpTotalSupply: 1n,
    v3: null,
    stableUnits: null,
    midPrice: ratio(reserves.quote, reserves.token),
  } as Pool;
}

describe("stablecoin pegs", () => {
  it("three stablecoins: the one 5 % off the median is depegged, never prices the native coin even as the deepest, and is valued by what it buys", () => {
    const pools = [reference("0x00000000000000000000000000000000000000d1", usdc, 2_000n, 10n), reference("0x00000000000000000000000000000000000000d2", usdt, 2_100n, 5_000n), reference("0x00000000000000000000000000000000000000d3", dai, 2_002n, 50n)];
    const peg = checkPegs(pools);
    expect(peg.status).toBe("checked");
    expect(peg.stablecoins.map((check) => [check.stablecoin.symbol, check.deviationBps, check.depegged])).toEqual([
      ["USDC", -10, false],
      ["USDT", 489, true],
      ["DAI", 0, false],
    ]);
    const nativeUsd = nativeUsdPrice(pools)!;
    // USDT's pool is by far the deepest, but it is depegged: DAI's (next deepest) prices WETH.
    expect(nativeUsd.stablecoin.symbol).toBe("DAI");
    expect(formatRatio(nativeUsd.usdPerNative)).toMatch(/^2002(\.|$)/);
    // One USDT buys 1/2100 WETH = 2002/2100 dollars.
    expect(formatRatio(usdPerQuote(usdt, nativeUsd)!)).toMatch(/^0\.9533/);
    expect(usdPerQuote(usdc, nativeUsd)).toEqual({ num: 1n, den: 1n });
  });

  it(`two that agree within ${depegThresholdBps} basis points are checked; two that do not are a disagreement nobody can settle`, () => {
    const agree = checkPegs([reference("0x00000000000000000000000000000000000000e1", usdc, 2_000n), reference("0x00000000000000000000000000000000000000e2", usdt, 2_010n)]);
    expect(agree).toMatchObject({ status: "checked" });
    expect(agree.stablecoins.map((check) => check.depegged)).toEqual([false, false]);

    const apart = [reference("0x00000000000000000000000000000000000000e3", usdc, 2_000n, 2_000n), reference("0x00000000000000000000000000000000000000e4", usdt, 2_200n)];
    const disagree = checkPegs(apart);
    expect(disagree.status).toBe("disagreement");
    expect(disagree.stablecoins.map((check) => [check.stablecoin.symbol, check.deviationBps, check.depegged])).toEqual([
      ["USDC", 0, null],
      ["USDT", 1_000, null],
    ]);
    // Neither is excluded: the deeper prices the native coin, and the answer says it is unconfirmed.
    expect(nativeUsdPrice(apart)!.stablecoin.symbol).toBe("USDC");
  });

  it("one stablecoin has nothing to be checked against", () => {
    const single = checkPegs([reference("0x00000000000000000000000000000000000000f1", usdc, 2_000n)]);
    expect(single).toMatchObject({ status: "single_stablecoin", stablecoins: [{ deviationBps: null, depegged: null }] });
  });
});
