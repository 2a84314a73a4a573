// Which pool is the token's main one: the deepest in dollars across quote assets, never the one
// with the most raw base units (18-decimal USDT on BNB Chain, 6-decimal USDC on Ethereum).
import { describe, expect, it } from "vitest";
import { getAddress, type Address } from "viem";
import { networks } from "@/lib/chain/networks";
import { deepestPoolUsd, nativeUsdPrice, type Pool, type QuoteAsset } from "@/lib/intel/reads/market";
import { ratio } from "@/lib/intel/answers/ratio";

const token = getAddress("0x00000000000000000000000000000000000000aa");

function pool(chain: "eth" | "bsc", address: string, quote: QuoteAsset, reserves: { token: bigint; quote: bigint }, forToken: Address = token): Pool {
  const dex = networks[chain].dexes[0];
  return {
    address: getAddress(address),
    dex,
    token: forToken,
    quote,
    feeTier: null,
    stable: null,
    tickSpacing: null,
    v4: null,
    token0: forToken,
    reserves,
    reservesSource: "getReserves",
    lpTotalSupply: 1n,
    v3: null,
    stableUnits: null,
    midPrice: ratio(reserves.quote, reserves.token),
  };
}

const asQuote = (info: { address: Address; symbol: string; decimals: number }, kind: QuoteAsset["kind"]): QuoteAsset => ({ address: info.address, symbol: info.symbol, decimals: info.decimals, kind });

describe("the deepest pool in dollars", () => {
  it("BNB Chain: a 500-WBNB pool beats a $1,000 USDT pool (USDT has 18 decimals, so its raw units are larger)", () => {
    const bsc = networks.bsc;
    const wbnb = asQuote(bsc.wrappedNative, "wrapped_native");
    const usdt = asQuote(bsc.stablecoins[0], "stablecoin");
    // WBNB at $600 through the reference pool.
    const reference = pool("bsc", "0x00000000000000000000000000000000000000f1", usdt, { token: 10n ** 21n, quote: 600n * 10n ** 21n }, bsc.wrappedNative.address);
    const nativeUsd = nativeUsdPrice([reference]);
    const deepWbnb = pool("bsc", "0x00000000000000000000000000000000000000b1", wbnb, { token: 10n ** 24n, quote: 500n * 10n ** 18n });
    const shallowUsdt = pool("bsc", "0x00000000000000000000000000000000000000b2", usdt, { token: 10n ** 24n, quote: 1_000n * 10n ** 18n });
    expect(deepestPoolUsd([shallowUsdt, deepWbnb], nativeUsd)?.address).toBe(deepWbnb.address);
  });

  it("Ethereum: a $1M USDC pool beats a 0.01-WETH pool, and without a dollar price whole units still decide", () => {
    const eth = networks.eth;
    const weth = asQuote(eth.wrappedNative, "wrapped_native");
    const usdc = asQuote(eth.stablecoins[0], "stablecoin");
    const reference = pool("eth", "0x00000000000000000000000000000000000000f2", usdc, { token: 10n ** 21n, quote: 2_500n * 10n ** 9n }, eth.wrappedNative.address);
    const tinyWeth = pool("eth", "0x00000000000000000000000000000000000000c1", weth, { token: 10n ** 20n, quote: 10n ** 16n });
    const bigUsdc = pool("eth", "0x00000000000000000000000000000000000000c2", usdc, { token: 10n ** 20n, quote: 1_000_000n * 10n ** 6n });
    expect(deepestPoolUsd([tinyWeth, bigUsdc], nativeUsdPrice([reference]))?.address).toBe(bigUsdc.address);
    // No native price known: the WETH pool is not priced; the priced USDC pool still comes first.
    expect(deepestPoolUsd([tinyWeth, bigUsdc], null)?.address).toBe(bigUsdc.address);
  });

  it("a further quote asset is valued through its pool against the wrapped native coin", () => {
    const eth = networks.eth;
    const weth = asQuote(eth.wrappedNative, "wrapped_native");
    const usdc = asQuote(eth.stablecoins[0], "stablecoin");
    const wbtcInfo = eth.otherQuotes[0];
    const wbtc = asQuote(wbtcInfo, "other");
    // ETH at $2,500; 1 WBTC (8 decimals) = 40 WETH.
    const ethUsd = pool("eth", "0x00000000000000000000000000000000000000f3", usdc, { token: 10n ** 21n, quote: 2_500n * 10n ** 9n }, eth.wrappedNative.address);
    const wbtcInWeth = pool("eth", "0x00000000000000000000000000000000000000f4", weth, { token: 10n ** 8n * 100n, quote: 4_000n * 10n ** 18n }, wbtcInfo.address);
    const nativeUsd = nativeUsdPrice([ethUsd, wbtcInWeth]);
    // A pool holding 1 WBTC (= $100,000) beats one holding $50,000 of USDC.
    const wbtcPool = pool("eth", "0x00000000000000000000000000000000000000d1", wbtc, { token: 10n ** 20n, quote: 10n ** 8n });
    const usdcPool = pool("eth", "0x00000000000000000000000000000000000000d2", usdc, { token: 10n ** 20n, quote: 50_000n * 10n ** 6n });
    expect(deepestPoolUsd([usdcPool, wbtcPool], nativeUsd)?.address).toBe(wbtcPool.address);
  });
});
