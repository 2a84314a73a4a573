// The address book: everything a scenario put on chain and the facts it is expected to show,
// typed and JSON-serialisable (amounts are base-unit integers written as decimal strings, shares
// are basis points). Tests assert these facts against the chain; intelligence tests can use them
// as the expected answers. Each scenario's own types live beside it (scenarios/, venues/,
// aerodrome/); this file composes the book from them.
import type { Address } from "viem";
import type { AerodromeBook } from "./aerodrome/play";
import type { CanonicalMap } from "./canonical";
import type { PoolLaunch, PoolState, Trade } from "./market";
import type { DemoChainName } from "./networks";
import type { TxRef } from "./player";
import type { ReferencePool } from "./reference-pool";
import type { ApprovalsScenario } from "./scenarios/approvals";
import type { TokenScenario } from "./scenarios/common";
import type { DumpFacts } from "./scenarios/dump";
import type { HealthyFacts } from "./scenarios/healthy";
import type { HoneypotFacts } from "./scenarios/honeypot";
import type { LockedLiquidityFacts } from "./scenarios/locked-liquidity";
import type { MintableFacts } from "./scenarios/mintable";
import type { TransparentProxyFacts, UupsProxyFacts } from "./scenarios/proxies";
import type { RealTokenBook } from "./scenarios/real-tokens";
import type { RolesFacts } from "./scenarios/roles";
import type { RugFacts } from "./scenarios/rug";
import type { TaxFacts } from "./scenarios/tax";
import type { TimelockOwnedFacts } from "./scenarios/timelock-owned";
import type { TraderScenario } from "./scenarios/trader";
import type { VenueBook } from "./venues/play";
import type { WalletRole } from "./wallets";

export type { PoolLaunch, PoolState, Trade, TxRef };

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
