// The address book: everything a scenario put on chain and the facts it is expected to show,
// typed and JSON-serialisable (amounts are base-unit integers written as decimal strings, shares
// are basis points). Tests assert these facts against the chain; intelligence tests can use them
// as the expected answers.
import type { Address, Hex } from "viem";
import type { CanonicalMap } from "./canonical";
import type { PoolLaunch, PoolState, Trade } from "./market";
import type { DemoChainName } from "./networks";
import type { TxRef } from "./player";
import type { WalletRole } from "./wallets";
import type { VenueMap } from "./venues/place";
import type { VenueWalletRole } from "./venues/wallets";

export type { PoolLaunch, PoolState, Trade, TxRef };

export type ScenarioToken = {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  /** At the end of the build. */
  totalSupply: string;
};

export type Ownership = {
  model: "ownable" | "access-control";
  /** owner() at the end of the build; null when renounced or when the token has no owner. */
  owner: Address | null;
  renounced: boolean;
  ownerIsContract: boolean;
};

/** What every token scenario has: a token, its V2 pool against the wrapped native coin, and trades. */
export type TokenScenario<Facts> = {
  title: string;
  /** The signal this scenario exists to exercise. */
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  ownership: Ownership;
  pool: PoolLaunch;
  /** Swaps in this token's pool, in order (failed transactions excluded). */
  trades: Trade[];
  finalPool: PoolState;
  facts: Facts;
};

export type HealthyFacts = {
  renounced: true;
  renounceTx: TxRef;
  lpTotalSupply: string;
  /** LP tokens the deployer sent to 0x…dEaD. */
  lpBurnedToDead: string;
  lpBurnTx: TxRef;
  /** The pair's own MINIMUM_LIQUIDITY, minted to the zero address at creation. */
  lpAtZeroAddress: string;
  /** (dEaD + zero address) / total LP supply. */
  lpBurnedShareBps: number;
};

export type RugFacts = {
  liquidityPuller: Address;
  lpRemoved: string;
  lpRemovedShareOfProviderBps: number;
  removeLiquidityTx: TxRef;
  tokenReturned: string;
  nativeReturned: string;
  /** The deployer then sold everything it held into what was left of the pool. */
  dumpTrade: Trade;
  poolBeforePull: PoolState;
  poolAfterPull: PoolState;
  poolAfterDump: PoolState;
  priceDropBps: number;
};

export type TeamWallet = {
  address: Address;
  allocation: string;
  allocationTx: TxRef;
  sells: Trade[];
  finalBalance: string;
};

export type DumpFacts = {
  teamWallets: TeamWallet[];
  poolBeforeDump: PoolState;
  poolAfterDump: PoolState;
  priceDropBps: number;
};

export type MintableFacts = {
  owner: Address;
  mintTx: TxRef;
  minted: string;
  mintedTo: Address;
  supplyBefore: string;
  supplyAfter: string;
  /** The owner sold part of the new tokens. */
  ownerSell: Trade;
};

export type HoneypotFacts = {
  owner: Address;
  whitelisted: Address[];
  setMarketPairTx: TxRef;
  /** An ordinary holder's sell, mined and reverted. */
  failedSell: { wallet: Address; amount: string; approveTx: TxRef; tx: TxRef };
  sellRevertsForHolders: true;
  /** The whitelisted owner selling without trouble. */
  ownerSell: Trade;
};

export type TaxedTransfer = { tx: TxRef; wallet: Address; gross: string; tax: string; net: string };

export type TaxFacts = {
  buyTaxBps: number;
  sellTaxBps: number;
  taxWallet: Address;
  setMarketPairTx: TxRef;
  /** Buy: the pair sends `gross`; `tax` goes to the tax wallet, `net` to the buyer. */
  taxedBuy: TaxedTransfer;
  /** Sell: the seller sends `gross`; `tax` goes to the tax wallet, `net` into the pair. */
  taxedSell: TaxedTransfer & { nativeOut: string };
};

export type TransparentProxyFacts = {
  proxyKind: "transparent";
  proxy: Address;
  implementationV1: Address;
  /** The implementation after the upgrade (EIP-1967 implementation slot). */
  implementation: Address;
  /** The ProxyAdmin the proxy created (EIP-1967 admin slot). */
  proxyAdmin: Address;
  proxyAdminOwner: Address;
  upgradeTx: TxRef;
  versionAfterUpgrade: number;
};

export type UupsProxyFacts = {
  proxyKind: "uups";
  proxy: Address;
  implementationV1: Address;
  implementation: Address;
  /** UUPS proxies have no admin: the EIP-1967 admin slot is empty. */
  proxyAdmin: null;
  /** The token's owner authorises upgrades. */
  upgradeAuthority: Address;
  upgradeTx: TxRef;
  versionAfterUpgrade: number;
};

export type RoleChange = { role: string; roleId: Hex; account: Address; tx: TxRef };

export type RolesFacts = {
  roleIds: { DEFAULT_ADMIN_ROLE: Hex; MINTER_ROLE: Hex; PAUSER_ROLE: Hex };
  /** Holders at the end of the build. */
  holders: { DEFAULT_ADMIN_ROLE: Address[]; MINTER_ROLE: Address[]; PAUSER_ROLE: Address[] };
  grants: RoleChange[];
  revocations: RoleChange[];
  mint: { tx: TxRef; minter: Address; to: Address; amount: string };
  pauseTx: TxRef;
  unpauseTx: TxRef;
  pausedAtEnd: false;
};

export type LockedLiquidityFacts = {
  locker: Address;
  lockerDeployer: Address;
  lockerDeployTx: TxRef;
  lockId: number;
  lockTx: TxRef;
  lockOwner: Address;
  lockedAmount: string;
  unlockTime: number;
  unlockDate: string;
  lpTotalSupply: string;
  lockedShareBps: number;
  /** LP the deployer kept outside the locker. */
  lpKeptByDeployer: string;
};

export type TimelockOwnedFacts = {
  timelock: Address;
  timelockDeployTx: TxRef;
  minDelaySeconds: number;
  proposers: Address[];
  executors: Address[];
  transferOwnershipTx: TxRef;
  /** A mint the timelock scheduled and, after the delay, executed as the token's owner. */
  scheduledMint: { operationId: Hex; scheduleTx: TxRef; executeTx: TxRef; to: Address; amount: string };
};

export type ApprovalKind = "unlimited" | "limited" | "revoked";

export type ApprovalRecord = {
  kind: ApprovalKind;
  token: Address;
  spender: Address;
  /** allowance(wallet, spender) at the end of the build. */
  allowance: string;
  txs: TxRef[];
};

export type ApprovalsScenario = {
  title: string;
  proves: string;
  wallet: Address;
  approvals: ApprovalRecord[];
};

/**
 * Hand-checkable PnL of the trader in native base units. Prices are native base units per whole
 * token. Average cost: the cost of every token bought, spread evenly. FIFO: sold tokens are
 * the oldest ones. Unrealized figures value the remaining tokens at the final mid price.
 */
export type TraderExpectations = {
  tokensBought: string;
  nativeSpent: string;
  tokensSold: string;
  nativeReceived: string;
  tokensHeld: string;
  averageCostNativePerToken: string;
  realizedPnlNativeAverageCost: string;
  realizedPnlNativeFifo: string;
  finalMidPriceNativePerToken: string;
  heldValueNativeAtMid: string;
  unrealizedPnlNativeAverageCost: string;
  unrealizedPnlNativeFifo: string;
};

export type TraderScenario = {
  title: string;
  proves: string;
  wallet: Address;
  token: Address;
  pair: Address;
  trades: Trade[];
  expected: TraderExpectations;
};

export type Scenarios = {
  healthy: TokenScenario<HealthyFacts>;
  rug: TokenScenario<RugFacts>;
  dump: TokenScenario<DumpFacts>;
  mintable: TokenScenario<MintableFacts>;
  honeypot: TokenScenario<HoneypotFacts>;
  tax: TokenScenario<TaxFacts>;
  transparentProxy: TokenScenario<TransparentProxyFacts>;
  uupsProxy: TokenScenario<UupsProxyFacts>;
  roles: TokenScenario<RolesFacts>;
  lockedLiquidity: TokenScenario<LockedLiquidityFacts>;
  timelockOwned: TokenScenario<TimelockOwnedFacts>;
  approvals: ApprovalsScenario;
  trader: TraderScenario;
};

export type ReferencePool = {
  /** WRAPPED-NATIVE/STABLECOIN pool that prices the native coin; nothing trades in it. */
  pair: Address;
  provider: Address;
  nativeReserve: string;
  stableReserve: string;
  nativePriceInStable: string;
  addLiquidityTx: TxRef;
};

export type AddressBook = {
  formatVersion: 1;
  /** Everything here is demo data played on a local chain, never real activity. */
  label: "demo data";
  chain: DemoChainName;
  chainId: number;
  /** Hash of the contracts, the builder and the tool versions the state was made from. */
  sourceHash: string;
  mnemonic: string;
  derivationPath: string;
  genesisTimestamp: number;
  firstTimestamp: number;
  lastTimestamp: number;
  latestBlock: number;
  canonical: CanonicalMap;
  referencePool: ReferencePool;
  wallets: Record<WalletRole, Address>;
  burnAddress: Address;
  scenarios: Scenarios;
  /** Uniswap V3/V4 and PancakeSwap V3: the placed contracts and their scenarios. */
  venues: VenueBook;
  /** Base only: Aerodrome classic and Slipstream, and their scenarios. */
  aerodrome?: AerodromeBook;
  /** Real published token contracts and the powers they give, played after everything above. */
  realTokens: RealTokenBook;
};

// ---- Concentrated-liquidity venues (Uniswap V3, Uniswap V4, PancakeSwap V3) and their scenarios.
// Played after every scenario above; their wallets are accounts from index 100 of the mnemonic.

/** A swap in a V3/V4 pool: the Trade fields, plus the pool's state right after it from its Swap event. */
export type VenueTrade = Trade & {
  sqrtPriceX96After: string;
  tickAfter: number;
  liquidityAfter: string;
  /** V4: the LP fee the swap paid, in hundredths of a basis point (from the Swap event). */
  lpFee?: number;
  /** PancakeSwap V3: the protocol's share of the fee, the last two fields of its Swap event. */
  protocolFeesToken0?: string;
  protocolFeesToken1?: string;
};

/** A V3-style pool (Uniswap V3 or PancakeSwap V3) of a token against the wrapped native coin. */
export type V3PoolRecord = {
  venue: "uniswap-v3" | "pancakeswap-v3";
  factory: Address;
  /** The CREATE2 deployer: the factory itself for Uniswap, the pool deployer for PancakeSwap. */
  deployer: Address;
  address: Address;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
  initialSqrtPriceX96: string;
};

export type V3PoolState = {
  block: number;
  sqrtPriceX96: string;
  tick: number;
  liquidity: string;
  /** Mid price from sqrtPriceX96: native base units per whole token. */
  priceNativePerToken: string;
  /** What the pool contract holds of each side (all ranges, fees included). */
  tokenBalance: string;
  nativeBalance: string;
};

export type V4PoolKey = { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };

export type V4PoolState = {
  block: number;
  sqrtPriceX96: string;
  tick: number;
  liquidity: string;
  protocolFee: number;
  lpFee: number;
  priceNativePerToken: string;
};

/** A liquidity position NFT (V3 NonfungiblePositionManager or V4 PositionManager). */
export type PositionRecord = {
  positionManager: Address;
  tokenId: string;
  owner: Address;
  tickLower: number;
  tickUpper: number;
  liquidity: string;
  tokenAdded: string;
  nativeAdded: string;
  mintTx: TxRef;
};

export type LiquidityRemoval = {
  tokenId: string;
  liquidityRemoved: string;
  liquidityLeft: string;
  tokenOut: string;
  nativeOut: string;
  /** V3: decreaseLiquidity + collect (+ unwrap and sweep) in one multicall; V4: DECREASE_LIQUIDITY + TAKE_PAIR. */
  tx: TxRef;
};

/** The approvals a wallet gave so routers can pull its tokens: to Permit2, then through Permit2. */
export type Permit2Approvals = {
  wallet: Address;
  token: Address;
  /** token.approve(Permit2, max). */
  tokenApproveTx: TxRef;
  /** Permit2.approve(token, spender, amount, expiration), in order. */
  permits: { spender: Address; amount: string; expiration: number; tx: TxRef }[];
};

type VenueScenarioBase = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  trades: VenueTrade[];
};

export type V3OnlyScenario = VenueScenarioBase & {
  pool: V3PoolRecord;
  position: PositionRecord & { approveTx: TxRef };
  traderApprovals: Permit2Approvals;
  liquidityRemoval: LiquidityRemoval;
  finalPool: V3PoolState;
};

export type V4Position = PositionRecord & { approvals: Permit2Approvals };

export type V4NativeScenario = VenueScenarioBase & {
  poolId: Hex;
  poolKey: V4PoolKey;
  initialSqrtPriceX96: string;
  position: V4Position;
  traderApprovals: Permit2Approvals;
  liquidityRemoval: LiquidityRemoval;
  finalPool: V4PoolState;
};

export type V4HookedScenario = VenueScenarioBase & {
  poolId: Hex;
  poolKey: V4PoolKey;
  initialSqrtPriceX96: string;
  hook: {
    address: Address;
    contract: "DynamicFeeHook";
    owner: Address;
    deployTx: TxRef;
    /** Through the CREATE2 deployer at 0x4e59…956C, with a salt mined for the flag bits. */
    create2Deployer: Address;
    salt: Hex;
    /** address & 0x3fff: afterInitialize (1 << 12) | beforeSwap (1 << 7). */
    flags: number;
    permissions: ("afterInitialize" | "beforeSwap")[];
    initialFee: number;
  };
  position: V4Position;
  traderApprovals: Permit2Approvals;
  feeChanges: { fee: number; tx: TxRef }[];
  blockSwapsTx: TxRef;
  /** A sell after the owner blocked swaps: mined, reverted. */
  failedSwap: { wallet: Address; amount: string; tx: TxRef };
  swapsBlockedAtEnd: true;
  finalPool: V4PoolState;
};

export type PancakeV3TraderScenario = VenueScenarioBase & {
  pool: V3PoolRecord & { createTx: TxRef; initializeTx: TxRef };
  /** contracts/DemoPancakeV3Router.sol: PancakeSwap's own periphery is not on the demo chain. */
  router: { address: Address; deployer: Address; deployTx: TxRef };
  /** The position belongs to the deployer in the pool itself (no NFT manager). */
  position: { owner: Address; tickLower: number; tickUpper: number; liquidity: string; tokenAdded: string; nativeAdded: string; approveTx: TxRef; tx: TxRef };
  trader: Address;
  finalPool: V3PoolState;
};

export type DustV2DeepV3Scenario = VenueScenarioBase & {
  v2Pool: PoolLaunch & { finalPool: PoolState };
  v3Pool: V3PoolRecord;
  v3Position: PositionRecord & { approveTx: TxRef };
  /** The trader's position from one tick spacing below the price to two above, minted after the buy. */
  narrowPosition: PositionRecord & { approveTx: TxRef };
  finalV3Pool: V3PoolState;
  /** (V2 mid price - V3 mid price) / V3 mid price, at the end. */
  v2PremiumOverV3Bps: number;
};

export type TaxedV3Scenario = VenueScenarioBase & {
  pool: V3PoolRecord;
  position: PositionRecord & { approveTx: TxRef };
  /** setMarketPair(pool, true): from here the pool's transfers are taxed. */
  markTx: TxRef;
  buyTaxBps: number;
  sellTaxBps: number;
};

export type VenueScenarios = {
  v3Only: V3OnlyScenario;
  v4Native: V4NativeScenario;
  v4Hooked: V4HookedScenario;
  /** bsc only. */
  pancakeV3Trader: PancakeV3TraderScenario | null;
  dustV2DeepV3: DustV2DeepV3Scenario;
  taxedV3: TaxedV3Scenario;
};

export type VenueBook = {
  contracts: VenueMap;
  wallets: Record<VenueWalletRole, Address>;
  scenarios: VenueScenarios;
  /** The signal scenarios (proxies the EIP-1967 slots do not show, a simulation dodger), played after the venue scenarios. */
  signals: SignalScenarios;
  /** LP in Team.Finance's and PinkLock's lockers (scenarios/lockers.ts), played after the signal scenarios. */
  lockers: LockerScenarios;
  /** Trades through a fee-taking router and beside it (scenarios/router-trader.ts), played last. */
  routerTrader: RouterTraderScenario;
  /** The healthy token's remaining supply handed to community wallets (scenarios/supply-tricks.ts), played last. */
  healthySpread: HealthySpread;
};

/** One trade of the router trader, with what its own balances did across the trade's block. */
export type RouterTrade = {
  /** Through contracts/FeeTakingRouter.sol, or through the canonical V2 router (no fee). */
  via: "router" | "pool";
  side: "buy" | "sell";
  tx: TxRef;
  /** Tokens that reached (buy) or left (sell) the trader. */
  tokenAmount: string;
  /** Native coin that left (buy) or reached (sell) the trader, gas left out: the trade's cost or proceeds. */
  traderNative: string;
  /** What the pool took in (buy) or paid out (sell) of the wrapped native in its Swap. */
  poolNative: string;
  /** The router's cut: traderNative - poolNative on a buy, poolNative - traderNative on a sell (0 beside the router). */
  fee: string;
  /** traderNative per whole token, rounded down. */
  priceNativePerToken: string;
};

export type RouterTraderScenario = {
  title: string;
  proves: string;
  token: Address;
  tokenDeployer: Address;
  tokenDeployTx: TxRef;
  pool: PoolLaunch;
  router: { address: Address; deployer: Address; deployTx: TxRef; feeBps: number };
  trader: Address;
  /** The trader's approval of the fee router, before the trades. */
  approveTx: TxRef;
  trades: RouterTrade[];
  /** balanceOf(trader) after the last trade. */
  tokensHeld: string;
};

export type HealthySpread = {
  token: Address;
  deployer: Address;
  /** What the deployer held after the launch and handed out, all of it. */
  spread: string;
  holders: { address: Address; amount: string; tx: TxRef }[];
};

export type ZeppelinosProxyFacts = {
  proxyKind: "zeppelinos";
  proxy: Address;
  /** keccak256("org.zeppelinos.proxy.implementation"). */
  implementation: Address;
  /** keccak256("org.zeppelinos.proxy.admin"): who can upgrade. */
  proxyAdmin: Address;
  /** The powers the implementation's code holds. */
  powers: readonly ["mint", "pause", "blacklist"];
};

export type BeaconProxyFacts = {
  proxyKind: "beacon";
  proxy: Address;
  beacon: Address;
  /** What the beacon's implementation() names. */
  implementation: Address;
  beaconOwner: Address;
  powers: readonly ["mint"];
};

export type DiamondFacts = {
  proxyKind: "eip2535_diamond";
  proxy: Address;
  /** What facetAddresses() lists. */
  facets: Address[];
  owner: Address;
  cutTx: TxRef;
  powers: readonly ["mint"];
};

export type SimulationDodgerFacts = {
  /** Addresses its sells are let through for besides the owner: the simulator address answers used to publish. */
  whitelisted: Address[];
  setMarketPairTx: TxRef;
  /** A holder's sell that reverted. */
  failedSellTx: TxRef;
};

export type NoReturnTokenFacts = { returnsNothing: readonly ["approve", "transfer", "transferFrom"] };

export type WalletTransferTaxFacts = {
  /** What a transfer between two ordinary wallets loses, in basis points. */
  walletTaxBps: number;
  setMarketPairTx: TxRef;
};

export type UncxLocksFacts = {
  /** The UNCX V1.0 locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { amount: string; unlockTime: number; tx: TxRef };
  keptByDeployer: string;
};

export type TradeLimitsFacts = {
  /** _maxTxAmount(), in base units. */
  maxTransaction: string;
  /** _maxWalletSize(), in base units. */
  maxWallet: string;
  setMarketPairTx: TxRef;
};

export type Permit2GrantsScenario = {
  title: string;
  proves: string;
  wallet: Address;
  token: Address;
  permit2: Address;
  /** The wallet's unlimited ERC-20 approval of the token to Permit2. */
  erc20ApproveTx: TxRef;
  /** Unlimited (uint160 max) to the Universal Router until 2100: live at the read. */
  live: { spender: Address; amount: string; expiration: number; tx: TxRef };
  /** Expired two days before the read. */
  expired: { spender: Address; expiration: number; tx: TxRef };
  /** Zeroed by a Lockdown. */
  revoked: { spender: Address; tx: TxRef; lockdownTx: TxRef };
  /** The wallet's operators over a demo ERC-721 collection: one standing, one set back to false. */
  nft: { collection: Address; operator: Address; operatorTx: TxRef; revokedOperator: Address; operatorRevokedTx: TxRef };
};

export type ReclaimableOwnerFacts = {
  /** Who locked ownership away and can take it back. */
  previousOwner: Address;
  lockTx: TxRef;
  /** Unix seconds: when unlock() becomes possible (geUnlockTime()). */
  unlockTime: number;
};

export type BridgedTokenFacts = {
  /** The chain's L2StandardBridge predeploy, where the demo placed a stand-in. */
  bridge: Address;
  /** What REMOTE_TOKEN() names. */
  remoteToken: Address;
  /** The deposits the bridge minted. */
  deposits: TxRef[];
  bridgers: Address[];
};

export type SameBlockGuardFacts = {
  /** The pool marked as the market pair: a transfer out of it marks its receiver for the block. */
  setMarketPairTx: TxRef;
};

export type HiddenOwnerFacts = {
  /** The address the code lets past its own msg.sender checks, and the storage slot that keeps it. */
  dev: Address;
  devSlot: number;
  /** What the dev set as the delegatecall helper, and its slot. */
  helper: Address;
  helperSlot: number;
  renounceTx: TxRef;
  setHelperTx: TxRef;
};

export type SignalScenarios = {
  zeppelinosProxy: TokenScenario<ZeppelinosProxyFacts>;
  beaconProxy: TokenScenario<BeaconProxyFacts>;
  diamond: TokenScenario<DiamondFacts>;
  simulationDodger: TokenScenario<SimulationDodgerFacts>;
  noReturnToken: TokenScenario<NoReturnTokenFacts>;
  walletTransferTax: TokenScenario<WalletTransferTaxFacts>;
  /** Null on Base, which has no UNCX V1.0 locker. */
  uncxLocks: TokenScenario<UncxLocksFacts> | null;
  tradeLimits: TokenScenario<TradeLimitsFacts>;
  permit2Grants: Permit2GrantsScenario;
  reclaimableOwner: TokenScenario<ReclaimableOwnerFacts>;
  /** Base only. */
  bridgedToken: TokenScenario<BridgedTokenFacts> | null;
  sameBlockGuard: TokenScenario<SameBlockGuardFacts>;
  hiddenOwner: TokenScenario<HiddenOwnerFacts>;
  /** Played after the locker scenarios (scenarios/siphon.ts). */
  siphonedBalances: TokenScenario<SiphonFacts>;
  /** Played after the siphon scenario (scenarios/supply-tricks.ts). */
  elasticSupply: TokenScenario<ElasticSupplyFacts>;
  /** Played after the siphon scenario (scenarios/supply-tricks.ts). */
  hiddenBalance: TokenScenario<HiddenBalanceFacts>;
};

export type ElasticSupplyFacts = {
  owner: Address;
  /** The only address the token lets rebase; the owner can re-point it. */
  monetaryPolicy: Address;
  setPolicyTx: TxRef;
  lpBurnTx: TxRef;
  /** rebase(epoch, delta) by the monetary policy, then the pool's sync(). */
  rebase: { epoch: number; supplyBefore: string; supplyAfter: string; delta: string; tx: TxRef; syncTx: TxRef };
  /** Bought before the rebase: their balances fell by a tenth with it. */
  boughtBefore: Address[];
  /** Bought after it: its balance is what it received. */
  boughtAfter: Address;
};

export type HiddenBalanceFacts = {
  /** The address credited with no Transfer log: the token contract itself. */
  holder: Address;
  balance: string;
  /** Callable by anyone: sells the hidden balance into the pool for the dev. */
  dumpFunction: string;
  renounceTx: TxRef;
  lpBurnTx: TxRef;
};

export type SiphonFacts = {
  /** Holders the owner took tokens from with syncRewards, which emits no Transfer. */
  siphoned: { holder: Address; received: string; taken: string; tx: TxRef }[];
  /** A buyer left alone. */
  untouched: { holder: Address; received: string };
};

// ---- Aerodrome (Base only) ----
// Aerodrome classic and Slipstream, placed at their Base addresses as this repository's contracts,
// and the three scenarios played on them after every other scenario.

import type { AerodromeCanonical } from "./aerodrome/placement";
import type { ClassicPoolState, SlipstreamPoolState } from "./aerodrome/venue";

export type { AerodromeCanonical, AerodromePlacedContract } from "./aerodrome/placement";
export type { ClassicPoolState, SlipstreamPoolState } from "./aerodrome/venue";

export type LpHolding = { holder: Address; balance: string };

/** An Aerodrome classic pool as created: the factory's clone for (token0, token1, stable). */
export type AerodromePoolRecord = {
  address: Address;
  factory: Address;
  stable: boolean;
  token0: Address;
  token1: Address;
  /** The factory's fee for this pool, in basis points. */
  feeBps: number;
  /** Where the pool keeps swap fees until liquidity providers claim them. */
  poolFees: Address;
  lpName: string;
  lpSymbol: string;
};

export type AerodromeVolatileScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  pool: AerodromePoolRecord;
  launch: {
    provider: Address;
    tokenAdded: string;
    nativeAdded: string;
    lpMinted: string;
    /** The pool's MINIMUM_LIQUIDITY, minted to 0x…0001 at the first deposit. */
    lockedLiquidity: LpHolding;
    approveTx: TxRef;
    /** addLiquidityETH, which also created the pool through the factory (PoolCreated). */
    addLiquidityTx: TxRef;
  };
  lpBurn: { amount: string; to: Address; tx: TxRef };
  /** Swaps through the Router, in order. */
  trades: Trade[];
  /** The deployer's share of the swap fees, claimed from the pool's fee holder. */
  feeClaim: { wallet: Address; tx: TxRef; tokenAmount: string; nativeAmount: string };
  removal: {
    wallet: Address;
    lpAmount: string;
    /** Share of the deployer's LP at the time, in basis points. */
    shareOfHeldBps: number;
    tokenOut: string;
    nativeOut: string;
    approveTx: TxRef;
    /** removeLiquidityETH; the pool's Burn names the Router as `to`. */
    tx: TxRef;
  };
  lpHolders: LpHolding[];
  finalPool: ClassicPoolState;
};

export type StableSwapRecord = {
  wallet: Address;
  tx: TxRef;
  approveTx: TxRef;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: string;
  amountOut: string;
  /** Router.getAmountsOut just before the swap. */
  quotedOut: string;
  /** The fee the pool took from the input (Fees event). */
  fee: string;
  /** What a volatile (x·y = k) pool with the same reserves and fee would have paid. */
  constantProductOut: string;
};

export type AerodromeStableScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  /** The other side of the pool: the demo USDC (6 decimals). */
  quote: Address;
  deployer: Address;
  deployTx: TxRef;
  pool: AerodromePoolRecord;
  launch: {
    provider: Address;
    tokenAdded: string;
    quoteAdded: string;
    lpMinted: string;
    lockedLiquidity: LpHolding;
    quoteMintTx: TxRef;
    approveTxs: TxRef[];
    /** addLiquidity, which also created the pool. */
    addLiquidityTx: TxRef;
  };
  swaps: StableSwapRecord[];
  lpHolders: LpHolding[];
  finalPool: ClassicPoolState;
};

export type SlipstreamTrade = Trade & {
  /** The pool's Swap event: price, tick and in-range liquidity after the swap. */
  sqrtPriceX96After: string;
  tickAfter: number;
  liquidity: string;
};

export type SlipstreamScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  deployer: Address;
  deployTx: TxRef;
  pool: {
    address: Address;
    factory: Address;
    token0: Address;
    token1: Address;
    tickSpacing: number;
    /** Swap fee in pips (1e-6). */
    fee: number;
    initialSqrtPriceX96: string;
    initialTick: number;
    /** The position manager's mint, which created the pool (PoolCreated, Initialize) and minted the position. */
    createdTx: TxRef;
  };
  position: {
    positionManager: Address;
    tokenId: string;
    owner: Address;
    tickLower: number;
    tickUpper: number;
    liquidityMinted: string;
    tokenAdded: string;
    nativeAdded: string;
    approveTx: TxRef;
    mintTx: TxRef;
    /** positions(tokenId).liquidity at the end of the build. */
    finalLiquidity: string;
  };
  /** Swaps through the SwapRouter, in order. */
  trades: SlipstreamTrade[];
  decrease: { tx: TxRef; liquidity: string; tokenAmount: string; nativeAmount: string };
  /** collect after the decrease: the removed liquidity plus the position's fees (WETH stays WETH). */
  collect: { tx: TxRef; recipient: Address; tokenAmount: string; nativeAmount: string; feesToken: string; feesNative: string };
  finalPool: SlipstreamPoolState & { balanceToken: string; balanceNative: string };
};

export type AerodromeScenarios = {
  aerodromeVolatile: AerodromeVolatileScenario;
  aerodromeStable: AerodromeStableScenario;
  slipstream: SlipstreamScenario;
};

export type AerodromeBook = {
  canonical: AerodromeCanonical;
  scenarios: AerodromeScenarios;
};

export type TeamFinanceLocksFacts = {
  /** Team.Finance's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { depositId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { depositId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then taken back by its owner: still listed, withdrawn. */
  withdrawn: { depositId: number; amount: string; unlockTime: number; tx: TxRef; withdrawTx: TxRef };
  keptByDeployer: string;
};

export type PinkLocksFacts = {
  /** PinkLock V2's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** A normal lock running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** A normal lock unlocked two days before the read: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** A vesting lock: tgeBps of total at tgeTime, then cycleBps every cycleSeconds; `claimed` (the TGE part) taken by its owner. */
  vesting: { lockId: number; total: string; tgeTime: number; tgeBps: number; cycleSeconds: number; cycleBps: number; tx: TxRef; tgeClaimTx: TxRef; claimed: string };
  keptByDeployer: string;
};

export type UncxV2LocksFacts = {
  /** UNCX's 2024 Uniswap V2 locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked two days before the read: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then taken out in full by its owner: still listed, holding nothing. */
  withdrawn: { lockId: number; amount: string; unlockTime: number; tx: TxRef; withdrawTx: TxRef };
  keptByDeployer: string;
};

/** A position NFT under a UNCX V3 lock: unlockTime null for an eternal lock. */
export type PositionLockRecord = { lockId: number; tokenId: string; liquidity: string; unlockTime: number | null; tx: TxRef };

export type UncxV3LocksScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  owner: Address;
  deployTx: TxRef;
  pool: V3PoolRecord;
  /** The UNCX V3 position locker's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: PositionLockRecord;
  /** Unlocked twenty minutes before the read: withdrawable. */
  expired: PositionLockRecord;
  /** UNCX's eternal lock (unlock date type(uint256).max): never withdrawable. */
  eternal: PositionLockRecord;
  /** A position the owner kept. */
  kept: { tokenId: string; liquidity: string };
  approvalTx: TxRef;
};

export type PinkLockV1LocksFacts = {
  /** The first PinkLock's registry address, where the demo placed the same interface. */
  locker: Address;
  lockerKey: string;
  /** Running until 2030-01-01. */
  locked: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Unlocked before the read and not taken: withdrawable. */
  expired: { lockId: number; amount: string; unlockTime: number; tx: TxRef };
  /** Expired, then unlocked by its owner: off the list, the LP back with the owner. */
  unlocked: { lockId: number; amount: string; unlockTime: number; tx: TxRef; unlockTx: TxRef };
  keptByDeployer: string;
};

export type LockerScenarios = {
  /** The scenarios' own wallets (from account 300 of the demo mnemonic). */
  wallets: Record<"teamFinanceLockOwner" | "pinkLockOwner" | "lockersBuyer" | "uncxV2LockOwner" | "uncxV3LockOwner" | "pinkLockV1Owner", Address>;
  /** Null where the registry has no Team.Finance locker (Base). */
  teamFinanceLocks: TokenScenario<TeamFinanceLocksFacts> | null;
  /** Null where the registry has no PinkLock V2 (Base). */
  pinkLocks: TokenScenario<PinkLocksFacts> | null;
  /** Null where the registry has no UNCX 2024 locker for the demo's DEX (BNB Chain). */
  uncxV2Locks: TokenScenario<UncxV2LocksFacts> | null;
  /** Null where the registry has no UNCX V3 position locker (Base). */
  uncxV3Locks: UncxV3LocksScenario | null;
  /** Null where the registry has no first PinkLock (Base). */
  pinkLockV1Locks: TokenScenario<PinkLockV1LocksFacts> | null;
};

// ---- Real published token contracts (scenarios/real-tokens.ts) ----
// Compiled from their publishers' own files (contracts/real-tokens/), placed after every other
// scenario, each with its privileged roles held by named wallets (account 340 on of the mnemonic).

/** What a power does to the token, in the vocabulary intel/risk reports powers with. */
export type RealTokenPowerKind =
  | "mint"
  | "pause"
  | "blacklist"
  | "balance_edit"
  | "fees"
  | "limits"
  | "trading_switch"
  | "exemptions"
  /** Replaces the code the token runs (a proxy's implementation or master copy). */
  | "upgrade"
  /** Hands a power (or the token's control) to another address. */
  | "role_admin";

export type RealTokenPower = {
  kind: RealTokenPowerKind;
  /** The function as the contract declares it, e.g. "blacklist(address)". */
  signature: string;
  selector: Hex;
  /** The address the code checks msg.sender against, at the end of the build. */
  holder: Address;
  /** The contract's own name for that address (its getter, or the variable when there is no getter). */
  role: string;
  /** The getter that reads the holder, or null when the code keeps it in storage no getter exposes. */
  holderGetter: string | null;
  /** The storage slot holding the holder when no getter reads it (for anyone: a proxy's admin getter answers only its admin); null otherwise. */
  holderSlot: Hex | null;
  /** The holder's wallet role in `realTokens.wallets`. */
  holderWallet: string;
  /** Where the history shows the power used; null when it was left for a simulation to find. */
  exercisedTx: TxRef | null;
};

export type RealTokenSourceRecord = {
  folder: string;
  package: string;
  version: string;
  repository: string;
  license: string;
  compiler: string;
};

export type RealTokenScenario = {
  title: string;
  proves: string;
  token: ScenarioToken;
  /** Deployed contracts by name (a proxy's implementation and libraries included). */
  contracts: Record<string, Address>;
  deployer: Address;
  deployTx: TxRef;
  source: RealTokenSourceRecord;
  /** Every privileged function the code gives, with its holder; an empty list for a token with none. */
  powers: RealTokenPower[];
  /** What was played, in order, beside the launch and the trades. */
  history: { what: string; tx: TxRef }[];
  pool: PoolLaunch;
  trades: Trade[];
  finalPool: PoolState;
};

export type RealTokenScenarios = {
  circleFiatToken: RealTokenScenario;
  uniswapUni: RealTokenScenario;
  minime: RealTokenScenario;
  gnosisOwl: RealTokenScenario;
  tbtc: RealTokenScenario;
  across: RealTokenScenario;
  zrx: RealTokenScenario;
  aave: RealTokenScenario;
};

export type RealTokenBook = {
  wallets: Record<string, Address>;
  scenarios: RealTokenScenarios;
};
