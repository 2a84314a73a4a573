// The one registry of chain knowledge for the three served networks. Every address
// carries the public source it was taken from; an address we could not confirm is
// left out, because a wrong address turns into a wrong "fact" downstream.
import { getAddress, type Address, type Hex } from "viem";
import { z } from "zod";

export const CHAIN_IDS = ["eth", "base", "bsc"] as const;
export type ChainId = (typeof CHAIN_IDS)[number];

const chainMessage = "chain must be one of eth, base, bsc.";

/** Accepts eth, base, bsc in any case; rejects names such as `ethereum` and numeric chain ids. */
export const chainSchema = z
  .string({ error: chainMessage })
  .toLowerCase()
  .pipe(z.enum(CHAIN_IDS, { error: chainMessage }));

export function isChainId(value: unknown): value is ChainId {
  return typeof value === "string" && (CHAIN_IDS as readonly string[]).includes(value);
}

export type TokenInfo = {
  symbol: string;
  name: string;
  address: Address;
  decimals: number;
  source: string;
};

export type UniswapV2StyleDex = {
  kind: "uniswap-v2";
  key: string;
  name: string;
  factory: Address;
  router: Address;
  /** keccak256 of the pair creation code, for CREATE2 pair addresses. */
  initCodeHash: Hex;
  swapFeeBps: number;
  source: string;
};

export type UniswapV3StyleDex = {
  kind: "uniswap-v3";
  key: string;
  name: string;
  factory: Address;
  /** The CREATE2 deployer of pools when it is not the factory itself (PancakeSwap V3). */
  poolDeployer: Address;
  router: Address;
  /** The NFT contract that holds liquidity positions for their owners. */
  positionManager: Address;
  initCodeHash: Hex;
  /** Fee tiers in hundredths of a basis point, as getPool(tokenA, tokenB, fee) expects. */
  feeTiers: readonly number[];
  /** PancakeSwap V3 pools append protocol fees to the V3 Swap event. */
  eventShape: "uniswap-v3" | "pancakeswap-v3";
  source: string;
};

/**
 * Aerodrome Slipstream: Uniswap V3's pools and events, found by tick spacing instead of fee
 * (getPool(tokenA, tokenB, tickSpacing)); pools are clones, so no init code hash.
 */
export type SlipstreamDex = {
  kind: "slipstream";
  key: string;
  name: string;
  factory: Address;
  router: Address;
  positionManager: Address;
  /** The tick spacings the factory enables, each with its default fee in hundredths of a basis point. */
  tickSpacings: readonly { tickSpacing: number; fee: number }[];
  source: string;
};

/**
 * Uniswap V4: one PoolManager holds every pool, named by the id of its key (currencies, fee,
 * tick spacing, hooks); native ETH is the zero address as currency0. Pools are found from the
 * manager's Initialize events and read through StateView; trades go through the Universal Router.
 */
export type UniswapV4Dex = {
  kind: "uniswap-v4";
  key: string;
  name: string;
  poolManager: Address;
  stateView: Address;
  positionManager: Address;
  /** The Universal Router. */
  router: Address;
  quoter: Address;
  source: string;
};

/**
 * Solidly-style pools (Aerodrome): getPool(tokenA, tokenB, stable) on the factory,
 * getReserves() on the pool, a stable and a volatile curve, fees set per pool. Pools are
 * minimal-proxy clones, so there is no pair init code hash to derive addresses from.
 */
export type SolidlyStyleDex = {
  kind: "solidly-v2";
  key: string;
  name: string;
  factory: Address;
  router: Address;
  source: string;
};

export type DexInfo = UniswapV2StyleDex | UniswapV3StyleDex | SolidlyStyleDex | SlipstreamDex | UniswapV4Dex;
export type DexKind = DexInfo["kind"];

export type LockerInfo = {
  key: string;
  name: string;
  address: Address;
  /** The DEX whose LP tokens this locker holds, when it serves one DEX only. */
  dex: string | null;
  /** How its lock schedule is read; absent when this version does not decode it (custody is still "locked"). */
  pattern?: LockPattern;
  source: string;
};

/**
 * Lock schedules this service can decode. liquidity-timelock: Locked events and getLock(id) (a
 * locker recognised by its code). uncx-token-locks: UNCX's V1.0 Uniswap V2 locker interface, the
 * schedule read from state — getNumLocksForToken(lp) and tokenLocks(lp, index). team-finance-deposits:
 * Team.Finance's lock contract — getDepositsByTokenAddress(lp) lists deposit ids and lockedToken(id)
 * answers each (withdrawal address, amount, unlock time, withdrawn). pinklock-v2: PinkSale's PinkLock02 —
 * totalLockCountForToken(lp) and getLocksForToken(lp, start, end), normal and vesting locks.
 * uncx-token-lock-ids: UNCX's 2024 (V2) Uniswap V2 locker — getNumLocksForToken(lp), TOKEN_LOCKS(lp, i)
 * lists lock ids and LOCKS(id) answers each (LP token, amount still held, unlock date, owner).
 * pinklock-v1: PinkSale's first PinkLock — totalLockCountForToken(lp) and getLocksForToken(lp, start,
 * end), normal locks only (id, token, owner, amount, lock date, unlock date); an unlocked lock
 * leaves the list.
 * uncx-v3-positions: UNCX's V3 position lockers — getLocksLength() counts every lock, getLock(id)
 * answers each (position manager, pool, NFT id, owner, unlock date; type(uint256).max is eternal);
 * nothing lists a pool's locks, so the newest are searched for the pool.
 */
export type LockPattern = "liquidity-timelock" | "uncx-token-locks" | "team-finance-deposits" | "pinklock-v2" | "uncx-token-lock-ids" | "uncx-v3-positions" | "pinklock-v1";

/**
 * A locker recognised by its exact runtime code rather than by address: wherever that code
 * runs, its rules are the same (here, LP goes back only to its depositor, only after the
 * unlock time, and no one else can move it), so the code hash proves the custody.
 */
export type LockerCodeInfo = {
  key: string;
  name: string;
  codeHash: Hex;
  pattern: LockPattern;
  source: string;
};

/**
 * A quote asset beyond the wrapped native coin and the stablecoins (BTC wrappers, bridged ETH):
 * pools against it are found and priced, and it is valued in dollars through its deepest pool
 * against the wrapped native coin, then the native coin's stablecoin reference pool.
 */
export type QuoteTokenInfo = TokenInfo & { usdRoute: "via_wrapped_native" };

export type NetworkInfo = {
  id: ChainId;
  evmChainId: number;
  displayName: string;
  nativeSymbol: string;
  /** The setting holding this network's JSON-RPC URL. */
  rpcUrlSetting: string;
  /** Whether reads are served from the operator's own node unless CHAIN_SERVICE_GROUNDED says otherwise. */
  serviceGroundedByDefault: boolean;
  /** The block interval the network is built for, used until the node's own recent blocks are measured (lib/chain/block-interval.ts). */
  blockInterval: { ms: number; source: string };
  wrappedNative: TokenInfo;
  stablecoins: readonly TokenInfo[];
  /** Other quote assets pools are read against, each with its route to USD. */
  otherQuotes: readonly QuoteTokenInfo[];
  dexes: readonly DexInfo[];
  lockers: readonly LockerInfo[];
  burnAddresses: readonly Address[];
  multicall3: Address;
  /** Uniswap's Permit2: token allowances that routers pull through. */
  permit2: Address;
  /**
   * The chain's canonical token bridge, where a bridge mints its tokens (the OP Stack's
   * L2StandardBridge predeploy on Base); absent where tokens are not minted by a standard bridge.
   */
  standardBridge?: { address: Address; name: string; source: string };
  /** DEX aggregators' routers: spenders a wallet commonly approves, named in approvals. */
  aggregators: readonly { name: string; address: Address; source: string }[];
};

const ONEINCH_V5 = {
  name: "1inch Aggregation Router V5",
  address: addr("0x1111111254EEB25477B68fb85Ed929f73A960582"),
  source: "1inch Go SDK, helpers/consts/contracts: AggregationRouterV5, identical on every chain but zkSync",
};
const KYBERSWAP_META_V2 = {
  name: "KyberSwap MetaAggregationRouterV2",
  address: addr("0x6131B5fae19EA4f9D964eAc0408E4408b66337b5"),
  source: "KyberSwap docs: Aggregator contract addresses (the same address on every supported chain)",
};

const ONEINCH_V6 = {
  name: "1inch Aggregation Router V6",
  address: addr("0x111111125421cA6dc452d289314280a0f8842A65"),
  source: "Superform docs, OneInchValidator: the Aggregation Router V6 interface taken from its verified Ethereum deployment (etherscan.io/address/0x111111125421ca6dc452d289314280a0f8842a65)",
};
const ZEROX_EXCHANGE_PROXY = {
  name: "0x Exchange Proxy",
  address: addr("0xDef1C0ded9bec7F1a1670819833240f027b25EfF"),
  source: "0x docs, Contract addresses: 0x v4 ExchangeProxy on Ethereum Mainnet and Binance Smart Chain",
};

/** Refuses a literal that is not already in checksum form, so a typo fails at load, not in a read. */
function addr(literal: string): Address {
  const checksummed = getAddress(literal);
  if (checksummed !== literal) throw new Error(`registry address is not checksummed: ${literal}`);
  return checksummed;
}

// Multicall3 README (mds1/multicall): deployed at the same address on every EVM chain;
// Base docs list it under ecosystem contracts.
const MULTICALL3 = addr("0xcA11bde05977b3631167028862bE2a173976CA11");

// Uniswap docs (v3 and v4 deployments): Permit2 at the same address on every network.
const PERMIT2 = addr("0x000000000022D473030F116dDEE9F6B43aC78BA3");

// Tokens sent to these are out of circulation by convention; nobody holds their keys.
const BURN_ADDRESSES = [
  addr("0x0000000000000000000000000000000000000000"),
  addr("0x000000000000000000000000000000000000dEaD"),
] as const;

// Uniswap v2-sdk INIT_CODE_HASH; it equals keccak256 of the @uniswap/v2-core pair bytecode
// (checked in test/chain/networks.test.ts). Uniswap's later V2 deployments reuse the pair code.
const UNISWAP_V2_INIT_CODE_HASH: Hex = "0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f";
// Uniswap v3-sdk POOL_INIT_CODE_HASH, shared by the Ethereum and Base deployments.
const UNISWAP_V3_INIT_CODE_HASH: Hex = "0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54";
// Uniswap V3 factory: fee tiers enabled at deployment (100 added by governance in 2021).
const UNISWAP_V3_FEE_TIERS = [100, 500, 3000, 10000] as const;

const V3_DEPLOYMENTS = "Uniswap docs: v3 deployments";

/** Uniswap's later V2 deployments (Base, BNB Chain, …) share one factory and router address. */
function uniswapV2LaterDeployment(source: string): UniswapV2StyleDex {
  return {
    kind: "uniswap-v2",
    key: "uniswap-v2",
    name: "Uniswap V2",
    factory: addr("0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6"),
    router: addr("0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24"),
    initCodeHash: UNISWAP_V2_INIT_CODE_HASH,
    swapFeeBps: 30,
    source,
  };
}
const V4_DEPLOYMENTS = "Uniswap docs: v4 deployments (PoolManager, StateView, PositionManager, Quoter, Universal Router)";

const eth: NetworkInfo = {
  id: "eth",
  evmChainId: 1,
  displayName: "Ethereum",
  nativeSymbol: "ETH",
  rpcUrlSetting: "ETH_RPC_URL",
  serviceGroundedByDefault: true,
  blockInterval: { ms: 12_000, source: "Ethereum proof-of-stake: one slot every 12 seconds" },
  wrappedNative: {
    symbol: "WETH",
    name: "Wrapped Ether",
    address: addr("0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"),
    decimals: 18,
    source: "Etherscan verified contract WETH9; Uniswap docs (WETH on mainnet)",
  },
  stablecoins: [
    {
      symbol: "USDC",
      name: "USD Coin",
      address: addr("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
      decimals: 6,
      source: "Circle docs: USDC contract addresses (Ethereum)",
    },
    {
      symbol: "USDT",
      name: "Tether USD",
      address: addr("0xdAC17F958D2ee523a2206206994597C13D831ec7"),
      decimals: 6,
      source: "Tether: supported protocols (Ethereum); Etherscan verified contract TetherToken",
    },
    {
      symbol: "DAI",
      name: "Dai Stablecoin",
      address: addr("0x6B175474E89094C44Da98b954EedeAC495271d0F"),
      decimals: 18,
      source: "Maker chainlog MCD_DAI; Etherscan verified contract Dai",
    },
  ],
  otherQuotes: [
    {
      symbol: "WBTC",
      name: "Wrapped BTC",
      address: addr("0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599"),
      decimals: 8,
      usdRoute: "via_wrapped_native",
      source: "Etherscan verified contract WBTC (BitGo); wbtc.network",
    },
    {
      symbol: "cbBTC",
      name: "Coinbase Wrapped BTC",
      address: addr("0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf"),
      decimals: 8,
      usdRoute: "via_wrapped_native",
      source: "Coinbase: cbBTC contract address (Ethereum and Base); Etherscan verified contract",
    },
  ],
  dexes: [
    {
      kind: "uniswap-v2",
      key: "uniswap-v2",
      name: "Uniswap V2",
      factory: addr("0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f"),
      router: addr("0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D"),
      initCodeHash: UNISWAP_V2_INIT_CODE_HASH,
      swapFeeBps: 30,
      source: "Uniswap docs: V2 deployment addresses (Mainnet)",
    },
    {
      kind: "uniswap-v3",
      key: "uniswap-v3",
      name: "Uniswap V3",
      factory: addr("0x1F98431c8aD98523631AE4a59f267346ea31F984"),
      poolDeployer: addr("0x1F98431c8aD98523631AE4a59f267346ea31F984"),
      router: addr("0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45"),
      positionManager: addr("0xC36442b4a4522E871399CD717aBDD847Ab11FE88"),
      initCodeHash: UNISWAP_V3_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
      eventShape: "uniswap-v3",
      source: `${V3_DEPLOYMENTS}, Ethereum (UniswapV3Factory, SwapRouter02, NonfungiblePositionManager)`,
    },
    {
      kind: "uniswap-v4",
      key: "uniswap-v4",
      name: "Uniswap V4",
      poolManager: addr("0x000000000004444c5dc75cB358380D2e3dE08A90"),
      stateView: addr("0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227"),
      positionManager: addr("0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e"),
      router: addr("0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af"),
      quoter: addr("0x52F0E24D1c21C8A0cB1e5a5dD6198556BD9E1203"),
      source: `${V4_DEPLOYMENTS}, Ethereum: 1`,
    },
    {
      kind: "uniswap-v2",
      key: "sushiswap-v2",
      name: "SushiSwap V2",
      factory: addr("0xC0AEe478e3658e2610c5F7A4A2E1777cE9e4f2Ac"),
      router: addr("0xd9e1cE17f2641f24aE83637ab66a2cca9C378B9F"),
      initCodeHash: "0xe18a34eb0e04b04f7a0ac29a6e80748dca96319b42c54d679cb821dca90c6303",
      swapFeeBps: 30,
      source: "SushiSwap core README: deployed contracts and pair init code hash (Ethereum)",
    },
  ],
  lockers: [
    {
      key: "uncx-uniswap-v2-v1",
      name: "UNCX (Unicrypt) Uniswap V2 locker",
      address: addr("0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214"),
      dex: "uniswap-v2",
      pattern: "uncx-token-locks",
      source: "uncx-network/liquidity-locker-univ2-contracts README: V1.0 lockers, Mainnet Uniswap V2",
    },
    {
      key: "uncx-uniswap-v2-v2",
      name: "UNCX Uniswap V2 locker (2024)",
      address: addr("0x59d7D55DdC58494FbBbca29904f108ece82Ac7FB"),
      dex: "uniswap-v2",
      pattern: "uncx-token-lock-ids",
      source: "uncx-network/liquidity-locker-univ2-contracts README: latest deployments, ETH lockerV2",
    },
    {
      key: "uncx-sushiswap-v2",
      name: "UNCX (Unicrypt) SushiSwap locker",
      address: addr("0xED9180976c2a4742C7A57354FD39d8BEc6cbd8AB"),
      dex: "sushiswap-v2",
      pattern: "uncx-token-locks",
      source: "uncx-network/liquidity-locker-univ2-contracts README: V1.0 lockers, Mainnet Sushiswap V1",
    },
    {
      key: "team-finance",
      name: "Team.Finance lock",
      address: addr("0xE2fE530C047f2d85298b07D9333C05737f1435fB"),
      dex: null,
      pattern: "team-finance-deposits",
      source: "Team.Finance web app: per-chain lock contract map (chain 0x1)",
    },
    {
      key: "pinklock-v1",
      name: "PinkLock (PinkSale)",
      address: addr("0x33d4cC8716Beb13F814F538Ad3b2de3b036f5e2A"),
      dex: null,
      pattern: "pinklock-v1",
      source: "DefiLlama-Adapters projects/pinksale: PinkLock vaults (ethereum)",
    },
    {
      key: "pinklock-v2",
      name: "PinkLock V2 (PinkSale)",
      address: addr("0x71B5759d73262FBb223956913ecF4ecC51057641"),
      dex: null,
      pattern: "pinklock-v2",
      source: "DefiLlama-Adapters projects/pinksale: PinkLock vaults (ethereum)",
    },
    {
      // Holds Uniswap V3 position NFTs: getLocksLength() counts its locks and getLock(id) names each
      // lock's pool, NFT, owner and unlock date.
      key: "uncx-uniswap-v3-v1",
      name: "UNCX Uniswap V3 locker (proof of reserves V1)",
      address: addr("0x231278eDd38B00B07fBd52120CEf685B9BaEBCC1"),
      dex: "uniswap-v3",
      pattern: "uncx-v3-positions",
      source: "uncx-network/liquidity-locker-univ3-contracts settings.js: ProofOfReservesV1 (chain 1)",
    },
  ],
  burnAddresses: BURN_ADDRESSES,
  multicall3: MULTICALL3,
  permit2: PERMIT2,
  aggregators: [ONEINCH_V5, KYBERSWAP_META_V2, ONEINCH_V6, ZEROX_EXCHANGE_PROXY],
};

const base: NetworkInfo = {
  id: "base",
  evmChainId: 8453,
  displayName: "Base",
  nativeSymbol: "ETH",
  rpcUrlSetting: "BASE_RPC_URL",
  serviceGroundedByDefault: false,
  blockInterval: { ms: 2_000, source: "Base (OP Stack): a block every 2 seconds" },
  wrappedNative: {
    symbol: "WETH",
    name: "Wrapped Ether",
    address: addr("0x4200000000000000000000000000000000000006"),
    decimals: 18,
    source: "OP Stack predeploy WETH9; Base docs: contract addresses",
  },
  stablecoins: [
    {
      symbol: "USDC",
      name: "USD Coin",
      address: addr("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
      decimals: 6,
      source: "Circle docs: USDC contract addresses (Base)",
    },
    {
      symbol: "USDbC",
      name: "USD Base Coin",
      address: addr("0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA"),
      decimals: 6,
      source: "Base docs: bridged USDC (USDbC); BaseScan verified contract",
    },
  ],
  otherQuotes: [
    {
      symbol: "cbBTC",
      name: "Coinbase Wrapped BTC",
      address: addr("0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf"),
      decimals: 8,
      usdRoute: "via_wrapped_native",
      source: "Coinbase: cbBTC contract address (Ethereum and Base); BaseScan verified contract",
    },
  ],
  dexes: [
    uniswapV2LaterDeployment("Uniswap docs: V2 deployment addresses (Base); Base docs: ecosystem contracts"),
    {
      kind: "uniswap-v3",
      key: "uniswap-v3",
      name: "Uniswap V3",
      factory: addr("0x33128a8fC17869897dcE68Ed026d694621f6FDfD"),
      poolDeployer: addr("0x33128a8fC17869897dcE68Ed026d694621f6FDfD"),
      router: addr("0x2626664c2603336E57B271c5C0b26F421741e481"),
      positionManager: addr("0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1"),
      initCodeHash: UNISWAP_V3_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
      eventShape: "uniswap-v3",
      source: `${V3_DEPLOYMENTS}, Base (UniswapV3Factory, SwapRouter02, NonfungiblePositionManager)`,
    },
    {
      kind: "uniswap-v4",
      key: "uniswap-v4",
      name: "Uniswap V4",
      poolManager: addr("0x498581fF718922c3f8e6A244956aF099B2652b2b"),
      stateView: addr("0xA3c0c9b65baD0b08107Aa264b0f3dB444b867A71"),
      positionManager: addr("0x7C5f5A4bBd8fD63184577525326123B519429bDc"),
      router: addr("0x6fF5693b99212Da76ad316178A184AB56D299b43"),
      quoter: addr("0x0d5e0F971ED27FBfF6c2837bf31316121532048D"),
      source: `${V4_DEPLOYMENTS}, Base: 8453`,
    },
    {
      kind: "solidly-v2",
      key: "aerodrome",
      name: "Aerodrome",
      factory: addr("0x420DD381b31aEf6683db6B902084cB0FFECe40Da"),
      router: addr("0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43"),
      source: "Aerodrome docs: security page, contract addresses (PoolFactory, Router)",
    },
    {
      kind: "slipstream",
      key: "aerodrome-slipstream",
      name: "Aerodrome Slipstream",
      factory: addr("0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A"),
      router: addr("0xBE6D8f0d05cC4be24d5167a3eF062215bE6D18a5"),
      positionManager: addr("0x827922686190790b37229fd06084350E74485b72"),
      // As enabled at deployment (the repository's DeployCL fork test checks each fee).
      tickSpacings: [
        { tickSpacing: 1, fee: 100 },
        { tickSpacing: 50, fee: 500 },
        { tickSpacing: 100, fee: 500 },
        { tickSpacing: 200, fee: 3000 },
        { tickSpacing: 2000, fee: 10000 },
      ],
      source: "aerodrome-finance/slipstream README: deployment (PoolFactory, SwapRouter, NonfungiblePositionManager)",
    },
  ],
  lockers: [
    {
      key: "uncx-uniswap-v2-v2",
      name: "UNCX Uniswap V2 locker (2024)",
      address: addr("0xc4E637D37113192F4F1F060DaEbD7758De7F4131"),
      dex: "uniswap-v2",
      pattern: "uncx-token-lock-ids",
      source: "uncx-network/liquidity-locker-univ2-contracts README: latest deployments, Base lockerV2",
    },
  ],
  burnAddresses: BURN_ADDRESSES,
  multicall3: MULTICALL3,
  permit2: PERMIT2,
  aggregators: [ONEINCH_V5, KYBERSWAP_META_V2],
  standardBridge: {
    address: addr("0x4200000000000000000000000000000000000010"),
    name: "Base's L2StandardBridge (OP Stack predeploy)",
    source: "OP Stack specs: predeploys (L2StandardBridge 0x4200000000000000000000000000000000000010); Base docs: contract addresses",
  },
};

const bsc: NetworkInfo = {
  id: "bsc",
  evmChainId: 56,
  displayName: "BNB Chain",
  nativeSymbol: "BNB",
  rpcUrlSetting: "BSC_RPC_URL",
  serviceGroundedByDefault: false,
  blockInterval: { ms: 450, source: "BEP-619, the Fermi hard fork (mainnet since 2026-01-14): 0.45 s, after 0.75 s under Maxwell" },
  wrappedNative: {
    symbol: "WBNB",
    name: "Wrapped BNB",
    address: addr("0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c"),
    decimals: 18,
    source: "BscScan verified contract WBNB; PancakeSwap SDK WBNB constant",
  },
  stablecoins: [
    {
      symbol: "USDT",
      name: "Tether USD (Binance-Peg BSC-USD)",
      address: addr("0x55d398326f99059fF775485246999027B3197955"),
      decimals: 18,
      source: "BscScan verified contract BEP20USDT (BSC-USD, 18 decimals)",
    },
    {
      symbol: "USDC",
      name: "USD Coin (Binance-Peg)",
      address: addr("0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d"),
      decimals: 18,
      source: "BscScan verified contract Binance-Peg USD Coin (18 decimals)",
    },
    {
      symbol: "BUSD",
      name: "BUSD Token (Binance-Peg)",
      address: addr("0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56"),
      decimals: 18,
      source: "BscScan verified contract Binance-Peg BUSD Token (18 decimals)",
    },
  ],
  otherQuotes: [
    {
      symbol: "BTCB",
      name: "BTCB Token (Binance-Peg)",
      address: addr("0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c"),
      decimals: 18,
      usdRoute: "via_wrapped_native",
      source: "BscScan verified contract BTCB Token (18 decimals)",
    },
    {
      symbol: "ETH",
      name: "Ethereum Token (Binance-Peg)",
      address: addr("0x2170Ed0880ac9A755fd29B2688956BD959F933F8"),
      decimals: 18,
      usdRoute: "via_wrapped_native",
      source: "BscScan verified contract Binance-Peg Ethereum Token (18 decimals)",
    },
  ],
  dexes: [
    {
      kind: "uniswap-v2",
      key: "pancakeswap-v2",
      name: "PancakeSwap V2",
      factory: addr("0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73"),
      router: addr("0x10ED43C718714eb63d5aA57B78B54704E256024E"),
      initCodeHash: "0x00fb7f630766e6a796048ea87d01acd3068e8ff67d078148a3fa3f4a84f69bd5",
      swapFeeBps: 25,
      source: "PancakeSwap developer docs: v2 addresses (BSC); PancakeSwap SDK INIT_CODE_HASH",
    },
    {
      kind: "uniswap-v3",
      key: "pancakeswap-v3",
      name: "PancakeSwap V3",
      factory: addr("0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865"),
      poolDeployer: addr("0x41ff9AA7e16B8B1a8a8dc4f0eFacd93D02d071c9"),
      router: addr("0x13f4EA83D0bd40E75C8222255bc855a974568Dd4"),
      positionManager: addr("0x46A15B0b27311cedF172AB29E4f4766fbE7F4364"),
      initCodeHash: "0x6ce8eb472fa82df5469c6ab6d485f17c3ad13c8cd7af59b3d4a8026c5ce0f7e2",
      feeTiers: [100, 500, 2500, 10000],
      eventShape: "pancakeswap-v3",
      source: "PancakeSwap developer docs: v3 addresses (PancakeV3Factory, PancakeV3PoolDeployer, SmartRouter, NonfungiblePositionManager)",
    },
    uniswapV2LaterDeployment("Uniswap docs: V2 deployment addresses (BNB Chain)"),
    {
      kind: "uniswap-v3",
      key: "uniswap-v3",
      name: "Uniswap V3",
      factory: addr("0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7"),
      poolDeployer: addr("0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7"),
      router: addr("0xB971eF87ede563556b2ED4b1C0b0019111Dd85d2"),
      positionManager: addr("0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613"),
      initCodeHash: UNISWAP_V3_INIT_CODE_HASH,
      feeTiers: UNISWAP_V3_FEE_TIERS,
      eventShape: "uniswap-v3",
      source: `${V3_DEPLOYMENTS}, BNB (UniswapV3Factory, SwapRouter02, NonfungiblePositionManager)`,
    },
    {
      kind: "uniswap-v4",
      key: "uniswap-v4",
      name: "Uniswap V4",
      poolManager: addr("0x28e2Ea090877bF75740558f6BFB36A5ffeE9e9dF"),
      stateView: addr("0xd13Dd3D6E93f276FAfc9Db9E6BB47C1180aeE0c4"),
      positionManager: addr("0x7A4a5c919aE2541AeD11041A1AEeE68f1287f95b"),
      router: addr("0x1906c1d672b88cD1B9aC7593301cA990F94Eae07"),
      quoter: addr("0x9F75dD27D6664c475B90e105573E550ff69437B0"),
      source: `${V4_DEPLOYMENTS}, BNB Smart Chain: 56`,
    },
  ],
  lockers: [
    {
      key: "uncx-pancakeswap-v2",
      name: "UNCX (Unicrypt) PancakeSwap V2 locker",
      address: addr("0xC765bddB93b0D1c1A88282BA0fa6B2d00E3e0c83"),
      dex: "pancakeswap-v2",
      pattern: "uncx-token-locks",
      source: "uncx-network/liquidity-locker-univ2-contracts README: V1.0 lockers, BSC Pancakeswap V2",
    },
    {
      key: "team-finance",
      name: "Team.Finance lock",
      address: addr("0x0C89C0407775dd89b12918B9c0aa42Bf96518820"),
      dex: null,
      pattern: "team-finance-deposits",
      source: "Team.Finance web app: per-chain lock contract map (chain 0x38)",
    },
    {
      key: "pinklock-v1",
      name: "PinkLock (PinkSale)",
      address: addr("0x7ee058420e5937496F5a2096f04caA7721cF70cc"),
      dex: null,
      pattern: "pinklock-v1",
      source: "DefiLlama-Adapters projects/pinksale: PinkLock vaults (bsc)",
    },
    {
      key: "pinklock-v2",
      name: "PinkLock V2 (PinkSale)",
      address: addr("0x407993575c91ce7643a4d4cCACc9A98c36eE1BBE"),
      dex: null,
      pattern: "pinklock-v2",
      source: "DefiLlama-Adapters projects/pinksale: PinkLock vaults (bsc)",
    },
    {
      // Holds PancakeSwap V3 and Uniswap V3 position NFTs (both managers in the same source), with
      // the same getLocksLength() and getLock(id) as on Ethereum.
      key: "uncx-v3-v1",
      name: "UNCX V3 locker (proof of reserves V1)",
      address: addr("0x0D29598EC01fa03665feEAD91d4Fb423F393886c"),
      dex: null,
      pattern: "uncx-v3-positions",
      source: "uncx-network/liquidity-locker-univ3-contracts settings.js: ProofOfReservesV1 (chain 56)",
    },
  ],
  burnAddresses: BURN_ADDRESSES,
  multicall3: MULTICALL3,
  permit2: PERMIT2,
  aggregators: [ONEINCH_V5, KYBERSWAP_META_V2, ZEROX_EXCHANGE_PROXY],
};

export const networks: Readonly<Record<ChainId, NetworkInfo>> = { eth, base, bsc };

/**
 * Locker code recognised on every network. The hash is of the deployed code of
 * demo-chain/contracts/LiquidityTimelock.sol as the demo chain compiles it (solc-js from node_modules,
 * optimizer on); test/intel/market.test.ts fails when the compiler output drifts from it.
 */
export const recognisedLockerCode: readonly LockerCodeInfo[] = [
  {
    key: "liquidity-timelock",
    name: "LiquidityTimelock",
    codeHash: "0xa9c2b5b819a49a57f9ad03f84040c31e1c7622a4b7758591c3bbc9ebe249d161",
    pattern: "liquidity-timelock",
    source: "demo-chain/contracts/LiquidityTimelock.sol in this repository (no admin; withdraw only by the depositor after unlockTime)",
  },
];

export function findLockerCode(codeHash: Hex): LockerCodeInfo | undefined {
  const wanted = codeHash.toLowerCase();
  return recognisedLockerCode.find((entry) => entry.codeHash.toLowerCase() === wanted);
}

export function getNetwork(chain: ChainId): NetworkInfo {
  return networks[chain];
}

export function networkByEvmChainId(evmChainId: number): NetworkInfo | undefined {
  return Object.values(networks).find((network) => network.evmChainId === evmChainId);
}

export type ChainEnv = Readonly<Record<string, string | undefined>>;

/**
 * The networks whose reads come from the operator's own node. CHAIN_SERVICE_GROUNDED
 * (e.g. "eth,base") replaces the defaults when set; unknown names are ignored, so a typo
 * can only make a network read as not grounded, never the reverse.
 */
export function serviceGroundedChains(env: ChainEnv = process.env): ReadonlySet<ChainId> {
  const setting = env.CHAIN_SERVICE_GROUNDED;
  if (setting === undefined) {
    return new Set(CHAIN_IDS.filter((chain) => networks[chain].serviceGroundedByDefault));
  }
  const named = setting.split(",").map((part) => part.trim().toLowerCase());
  return new Set(CHAIN_IDS.filter((chain) => named.includes(chain)));
}

export function isServiceGrounded(chain: ChainId, env: ChainEnv = process.env): boolean {
  return serviceGroundedChains(env).has(chain);
}

/**
 * An established quote asset of the network: its wrapped native coin, a stablecoin or a further
 * quote asset (wrapped majors). The one list pools are read against, and the one that says a
 * token is the market's money rather than a launch.
 */
export function isQuoteAsset(chain: ChainId, address: Address): boolean {
  const network = getNetwork(chain);
  return [network.wrappedNative, ...network.stablecoins, ...network.otherQuotes].some((token) => token.address.toLowerCase() === address.toLowerCase());
}

/** Every address the registry names on one network, for lookups such as "is this a known locker". */
export function knownAddresses(network: NetworkInfo): Address[] {
  return [
    network.wrappedNative.address,
    ...network.stablecoins.map((token) => token.address),
    ...network.otherQuotes.map((token) => token.address),
    ...network.dexes.flatMap((dex) => venueContracts(dex).map((contract) => contract.address)),
    ...network.lockers.map((locker) => locker.address),
    ...network.burnAddresses,
    network.multicall3,
    network.permit2,
    ...network.aggregators.map((aggregator) => aggregator.address),
  ];
}

export const venueContractRoles = ["factory", "router", "position_manager", "pool_manager", "state_view", "quoter", "pool_deployer"] as const;
export type VenueContractRole = (typeof venueContractRoles)[number];

/** What the registry can call an address (labelKnownAddress). */
export const knownAddressKinds = [...venueContractRoles, "locker", "wrapped_native", "stablecoin", "quote_asset", "multicall", "permit2", "burn", "aggregator"] as const;
export type KnownAddressKind = (typeof knownAddressKinds)[number];

/** The contracts a venue deploys, each with its role: what holder scans set apart and approvals label. */
export function venueContracts(dex: DexInfo): { address: Address; role: VenueContractRole; label: string }[] {
  const named = (address: Address, role: VenueContractRole, what: string) => ({ address, role, label: `${dex.name} ${what}` });
  switch (dex.kind) {
    case "uniswap-v2":
    case "solidly-v2":
      return [named(dex.factory, "factory", "factory"), named(dex.router, "router", "router")];
    case "uniswap-v3":
      return [
        named(dex.factory, "factory", "factory"),
        ...(dex.poolDeployer === dex.factory ? [] : [named(dex.poolDeployer, "pool_deployer", "pool deployer")]),
        named(dex.router, "router", "router"),
        named(dex.positionManager, "position_manager", "position manager"),
      ];
    case "slipstream":
      return [named(dex.factory, "factory", "factory"), named(dex.router, "router", "router"), named(dex.positionManager, "position_manager", "position manager")];
    case "uniswap-v4":
      return [
        named(dex.poolManager, "pool_manager", "PoolManager"),
        named(dex.stateView, "state_view", "StateView"),
        named(dex.positionManager, "position_manager", "position manager"),
        named(dex.router, "router", "Universal Router"),
        named(dex.quoter, "quoter", "quoter"),
      ];
  }
}

/**
 * A network's lockers, burn addresses and venue contracts by lower-case address, the first in
 * registry order where one address is listed twice: built once per network, so the holder checks
 * of a read (a hundred addresses, each asked several ways) are lookups rather than walks.
 */
type AddressTables = {
  lockers: Map<string, LockerInfo>;
  burns: Set<string>;
  venueContracts: Map<string, ReturnType<typeof venueContracts>[number]>;
};

const addressTables = new Map<ChainId, AddressTables>();

function addressTablesOf(chain: ChainId): AddressTables {
  const built = addressTables.get(chain);
  if (built) return built;
  const network = networks[chain];
  const tables: AddressTables = { lockers: new Map(), burns: new Set(network.burnAddresses.map((burn) => burn.toLowerCase())), venueContracts: new Map() };
  for (const locker of network.lockers) if (!tables.lockers.has(locker.address.toLowerCase())) tables.lockers.set(locker.address.toLowerCase(), locker);
  for (const dex of network.dexes) {
    for (const contract of venueContracts(dex)) if (!tables.venueContracts.has(contract.address.toLowerCase())) tables.venueContracts.set(contract.address.toLowerCase(), contract);
  }
  addressTables.set(chain, tables);
  return tables;
}

export function findLocker(chain: ChainId, address: Address): LockerInfo | undefined {
  return addressTablesOf(chain).lockers.get(address.toLowerCase());
}

export function isBurnAddress(chain: ChainId, address: Address): boolean {
  return addressTablesOf(chain).burns.has(address.toLowerCase());
}

/** The venue contract at an address on one network (a router, a PoolManager, a position manager, …), if any. */
export function findVenueContract(chain: ChainId, address: Address): ReturnType<typeof venueContracts>[number] | undefined {
  const contract = addressTablesOf(chain).venueContracts.get(address.toLowerCase());
  return contract ? { ...contract } : undefined;
}

type KnownAddressLabel = { label: string; kind: KnownAddressKind };

/**
 * Every address the registry names on a network, by its lower-case form, first name first in the
 * order labelKnownAddress looks: built once, so a read that checks a hundred holders does a hundred
 * lookups instead of walking every venue's contracts, lockers and quote assets for each.
 */
const knownLabels = new Map<ChainId, Map<string, KnownAddressLabel>>();

function knownLabelsOf(chain: ChainId): Map<string, KnownAddressLabel> {
  const built = knownLabels.get(chain);
  if (built) return built;
  const network = networks[chain];
  const labels = new Map<string, KnownAddressLabel>();
  const name = (address: Address, label: string, kind: KnownAddressKind) => {
    const key = address.toLowerCase();
    if (!labels.has(key)) labels.set(key, { label, kind });
  };
  for (const dex of network.dexes) for (const contract of venueContracts(dex)) name(contract.address, contract.label, contract.role);
  for (const locker of network.lockers) name(locker.address, locker.name, "locker");
  name(network.wrappedNative.address, network.wrappedNative.symbol, "wrapped_native");
  for (const token of network.stablecoins) name(token.address, token.symbol, "stablecoin");
  for (const token of network.otherQuotes) name(token.address, token.symbol, "quote_asset");
  name(network.multicall3, "Multicall3", "multicall");
  name(network.permit2, "Permit2", "permit2");
  for (const burn of network.burnAddresses) name(burn, "burn address", "burn");
  for (const aggregator of network.aggregators) name(aggregator.address, aggregator.name, "aggregator");
  knownLabels.set(chain, labels);
  return labels;
}

/** What the registry calls an address on one network (a DEX router, a locker, …), or null when it does not name it. */
export function labelKnownAddress(chain: ChainId, address: Address): KnownAddressLabel | null {
  const known = knownLabelsOf(chain).get(address.toLowerCase());
  return known ? { ...known } : null;
}

