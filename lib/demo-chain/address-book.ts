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
};
