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

// ---- Aerodrome (Base only) ----
// Aerodrome classic and Aerodrome Slipstream at their Base addresses, with the pool
// implementations their factories clone (the routers derive pool addresses from them). The code
// placed there is this repository's (contracts/Aerodrome*.sol, contracts/Slipstream*.sol).

export type DemoAerodrome = {
  classic: { factory: Address; router: Address; poolImplementation: Address };
  slipstream: {
    factory: Address;
    swapRouter: Address;
    positionManager: Address;
    poolImplementation: Address;
    /** Enabled tick spacings and their default fee in pips (1e-6), as on Base. */
    tickSpacings: readonly { tickSpacing: number; fee: number }[];
    positionName: string;
    positionSymbol: string;
  };
};

export const DEMO_AERODROME: Partial<Record<DemoChainName, DemoAerodrome>> = {
  base: {
    classic: {
      factory: getAddress("0x420DD381b31aEf6683db6B902084cB0FFECe40Da"),
      router: getAddress("0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43"),
      poolImplementation: getAddress("0xA4e46b4f701c62e14DF11B48dCe76A7d793CD6d7"),
    },
    slipstream: {
      factory: getAddress("0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A"),
      swapRouter: getAddress("0xBE6D8f0d05cC4be24d5167a3eF062215bE6D18a5"),
      positionManager: getAddress("0x827922686190790b37229fd06084350E74485b72"),
      poolImplementation: getAddress("0xeC8E5342B19977B4eF8892e02D8DAEcfa1315831"),
      tickSpacings: [
        { tickSpacing: 1, fee: 100 },
        { tickSpacing: 50, fee: 500 },
        { tickSpacing: 100, fee: 500 },
        { tickSpacing: 200, fee: 3_000 },
        { tickSpacing: 2_000, fee: 10_000 },
      ],
      positionName: "Slipstream Position NFT v1",
      positionSymbol: "AERO-CL-POS",
    },
  },
};

// ---- Concentrated-liquidity venues (Uniswap V3, Uniswap V4 + Permit2 + Universal Router,
// PancakeSwap V3): the addresses the product registry names for them, repeated here on purpose.

/** A 32-byte hash written as hex (viem's Hex, spelled out so this block needs no import of its own). */
type Hash32 = `0x${string}`;

export type V3FeeTier = { fee: number; tickSpacing: number };

export type DemoVenues = {
  uniswapV3: {
    factory: Address;
    positionManager: Address;
    /** keccak256 of the UniswapV3Pool creation code the factory deploys with CREATE2. */
    poolInitCodeHash: Hash32;
    feeTiers: readonly V3FeeTier[];
  };
  uniswapV4: {
    poolManager: Address;
    positionManager: Address;
    stateView: Address;
    quoter: Address;
    universalRouter: Address;
  };
  permit2: Address;
  /** PancakeSwap V3 on BNB Chain only: the factory and the separate CREATE2 pool deployer. */
  pancakeV3: {
    factory: Address;
    poolDeployer: Address;
    poolInitCodeHash: Hash32;
    feeTiers: readonly V3FeeTier[];
  } | null;
};

const PERMIT2 = getAddress("0x000000000022D473030F116dDEE9F6B43aC78BA3");
const UNISWAP_V3_POOL_INIT_CODE_HASH: Hash32 = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";
/** The Uniswap V3 factory enables 500, 3000 and 10000 at deployment; 100 was added by governance. */
const UNISWAP_V3_FEE_TIERS: readonly V3FeeTier[] = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10000, tickSpacing: 200 },
];

export const DEMO_VENUES: Record<DemoChainName, DemoVenues> = {
  eth: {
    uniswapV3: {
      factory: getAddress("0x1F98431c8aD98523631AE4a59f267346ea31F984"),
      positionManager: getAddress("0xC36442b4a4522E871399CD717aBDD847Ab11FE88"),
      poolInitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
    },
    uniswapV4: {
      poolManager: getAddress("0x000000000004444c5dc75cB358380D2e3dE08A90"),
      positionManager: getAddress("0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e"),
      stateView: getAddress("0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227"),
      quoter: getAddress("0x52F0E24D1c21C8A0cB1e5a5dD6198556BD9E1203"),
      universalRouter: getAddress("0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af"),
    },
    permit2: PERMIT2,
    pancakeV3: null,
  },
  base: {
    uniswapV3: {
      factory: getAddress("0x33128a8fC17869897dcE68Ed026d694621f6FDfD"),
      positionManager: getAddress("0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1"),
      poolInitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
    },
    uniswapV4: {
      poolManager: getAddress("0x498581fF718922c3f8e6A244956aF099B2652b2b"),
      positionManager: getAddress("0x7C5f5A4bBd8fD63184577525326123B519429bDc"),
      stateView: getAddress("0xA3c0c9b65baD0b08107Aa264b0f3dB444b867A71"),
      quoter: getAddress("0x0d5e0F971ED27FBfF6c2837bf31316121532048D"),
      universalRouter: getAddress("0x6fF5693b99212Da76ad316178A184AB56D299b43"),
    },
    permit2: PERMIT2,
    pancakeV3: null,
  },
  bsc: {
    uniswapV3: {
      factory: getAddress("0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7"),
      positionManager: getAddress("0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613"),
      poolInitCodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
    },
    uniswapV4: {
      poolManager: getAddress("0x28e2Ea090877bF75740558f6BFB36A5ffeE9e9dF"),
      positionManager: getAddress("0x7A4a5c919aE2541AeD11041A1AEeE68f1287f95b"),
      stateView: getAddress("0xd13Dd3D6E93f276FAfc9Db9E6BB47C1180aeE0c4"),
      quoter: getAddress("0x9F75dD27D6664c475B90e105573E550ff69437B0"),
      universalRouter: getAddress("0x1906c1d672b88cD1B9aC7593301cA990F94Eae07"),
    },
    permit2: PERMIT2,
    pancakeV3: {
      factory: getAddress("0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865"),
      poolDeployer: getAddress("0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9"),
      poolInitCodeHash: "0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2",
      feeTiers: [
        { fee: 100, tickSpacing: 1 },
        { fee: 500, tickSpacing: 10 },
        { fee: 2500, tickSpacing: 50 },
        { fee: 10000, tickSpacing: 200 },
      ],
    },
  },
};

/** How a locker keeps its locks, as the demo's stand-ins reproduce them. */
export type DemoLockPattern = "uncx-token-locks" | "uncx-token-lock-ids" | "team-finance-deposits" | "pinklock-v1" | "pinklock-v2" | "uncx-v3-positions";

/** A real locker's mainnet address, where the demo places a stand-in with the same interface. */
export type DemoLocker = { key: string; address: Address; dex: string | null; pattern: DemoLockPattern };

export const DEMO_LOCKERS: Record<DemoChainName, readonly DemoLocker[]> = {
  eth: [
    { key: "uncx-uniswap-v2-v1", address: getAddress("0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214"), dex: "uniswap-v2", pattern: "uncx-token-locks" },
    { key: "uncx-uniswap-v2-v2", address: getAddress("0x59d7D55DdC58494FbBbca29904f108ece82Ac7FB"), dex: "uniswap-v2", pattern: "uncx-token-lock-ids" },
    { key: "uncx-sushiswap-v2", address: getAddress("0xED9180976c2a4742C7A57354FD39d8BEc6cbd8AB"), dex: "sushiswap-v2", pattern: "uncx-token-locks" },
    { key: "team-finance", address: getAddress("0xE2fE530C047f2d85298b07D9333C05737f1435fB"), dex: null, pattern: "team-finance-deposits" },
    { key: "pinklock-v1", address: getAddress("0x33d4cC8716Beb13F814F538Ad3b2de3b036f5e2A"), dex: null, pattern: "pinklock-v1" },
    { key: "pinklock-v2", address: getAddress("0x71B5759d73262FBb223956913ecF4ecC51057641"), dex: null, pattern: "pinklock-v2" },
    { key: "uncx-uniswap-v3-v1", address: getAddress("0x231278eDd38B00B07fBd52120CEf685B9BaEBCC1"), dex: "uniswap-v3", pattern: "uncx-v3-positions" },
  ],
  base: [{ key: "uncx-uniswap-v2-v2", address: getAddress("0xc4E637D37113192F4F1F060DaEbD7758De7F4131"), dex: "uniswap-v2", pattern: "uncx-token-lock-ids" }],
  bsc: [
    { key: "uncx-pancakeswap-v2", address: getAddress("0xC765bddB93b0D1c1A88282BA0fa6B2d00E3e0c83"), dex: "pancakeswap-v2", pattern: "uncx-token-locks" },
    { key: "team-finance", address: getAddress("0x0C89C0407775dd89b12918B9c0aa42Bf96518820"), dex: null, pattern: "team-finance-deposits" },
    { key: "pinklock-v1", address: getAddress("0x7ee058420e5937496F5a2096f04caA7721cF70cc"), dex: null, pattern: "pinklock-v1" },
    { key: "pinklock-v2", address: getAddress("0x407993575c91ce7643a4d4cCACc9A98c36eE1BBE"), dex: null, pattern: "pinklock-v2" },
    { key: "uncx-v3-v1", address: getAddress("0x0D29598EC01fa03665feEAD91d4Fb423F393886c"), dex: null, pattern: "uncx-v3-positions" },
  ],
};

/** The chain's standard bridge (Base's L2StandardBridge predeploy), where the demo places a stand-in; null where there is none. */
export const DEMO_STANDARD_BRIDGE: Record<DemoChainName, Address | null> = {
  eth: null,
  base: getAddress("0x4200000000000000000000000000000000000010"),
  bsc: null,
};
