// The real mainnet addresses the demo chain reproduces. They repeat what the product's network
// registry holds on purpose: the demo chain must not depend on the code it exists to test.
import { getAddress, type Address } from "viem";

export const DEMO_CHAINS = ["eth", "base", "bsc"] as const;
export type DemoChainName = (typeof DEMO_CHAINS)[number];

export function isDemoChainName(value: unknown): value is DemoChainName {
  return typeof value === "string" && (DEMO_CHAINS as readonly string[]).includes(value);
}

export type CanonicalToken = {
  address: Address;
  /** The fixture contract whose runtime code is placed there. */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
};

export type DemoNetwork = {
  chain: DemoChainName;
  chainId: number;
  /** Seconds between consecutive blocks of one burst of activity, as on the real network. */
  blockTimeSeconds: number;
  nativeSymbol: string;
  wrappedNative: CanonicalToken;
  stablecoin: CanonicalToken;
  dex: { key: string; name: string; factory: Address; router: Address };
  multicall3: Address;
  /** Price of one native coin in whole stablecoin units, fixed by the seeded reference pool. */
  nativePriceInStable: bigint;
};

const MULTICALL3 = getAddress("0xcA11bde05977b3631167028862bE2a173976CA11");

export const BURN_ADDRESS = getAddress("0x000000000000000000000000000000000000dEaD");

const WETH_FIXTURE = { contract: "WETH9", name: "Wrapped Ether", symbol: "WETH", decimals: 18 } as const;
const USDC_FIXTURE = { contract: "FixtureUSDC", name: "USD Coin", symbol: "USDC", decimals: 6 } as const;

export const DEMO_NETWORKS: Record<DemoChainName, DemoNetwork> = {
  eth: {
    chain: "eth",
    chainId: 1,
    blockTimeSeconds: 12,
    nativeSymbol: "ETH",
    wrappedNative: { ...WETH_FIXTURE, address: getAddress("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2") },
    stablecoin: { ...USDC_FIXTURE, address: getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48") },
    dex: {
      key: "uniswap-v2",
      name: "Uniswap V2",
      factory: getAddress("0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f"),
      router: getAddress("0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D"),
    },
    multicall3: MULTICALL3,
    nativePriceInStable: 2_500n,
  },
  base: {
    chain: "base",
    chainId: 8453,
    blockTimeSeconds: 2,
    nativeSymbol: "ETH",
    wrappedNative: { ...WETH_FIXTURE, address: getAddress("0x4200000000000000000000000000000000000006") },
    stablecoin: { ...USDC_FIXTURE, address: getAddress("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913") },
    dex: {
      key: "uniswap-v2",
      name: "Uniswap V2",
      factory: getAddress("0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6"),
      router: getAddress("0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24"),
    },
    multicall3: MULTICALL3,
    nativePriceInStable: 2_500n,
  },
  bsc: {
    chain: "bsc",
    chainId: 56,
    blockTimeSeconds: 3,
    nativeSymbol: "BNB",
    wrappedNative: {
      contract: "WBNB",
      name: "Wrapped BNB",
      symbol: "WBNB",
      decimals: 18,
      address: getAddress("0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c"),
    },
    stablecoin: {
      contract: "FixtureUSDT",
      name: "Tether USD",
      symbol: "USDT",
      decimals: 18,
      address: getAddress("0x55d398326f99059fF775485246999027B3197955"),
    },
    dex: {
      key: "pancakeswap-v2",
      name: "PancakeSwap V2",
      factory: getAddress("0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73"),
      router: getAddress("0x10ED43C718714eb63d5aA57B78B54704E256024E"),
    },
    multicall3: MULTICALL3,
    nativePriceInStable: 600n,
  },
};
