// The demo and test chain: real contracts on anvil at the real mainnet addresses, with
// deterministic scenario histories and an address book of what is where and what should be seen.
export type * from "./address-book";
// Each scenario's own types live beside it; these are the ones read from outside the wing.
export type { AerodromeBook } from "./aerodrome/play";
export type { RealTokenPower, RealTokenScenario } from "./scenarios/real-tokens";
export type { CanonicalMap, PlacedContract } from "./canonical";
export { buildScenarios, type BuildScenariosOptions } from "./build";
export { DEMO_CHAINS, DEMO_NETWORKS, BURN_ADDRESS, isDemoChainName, type DemoChainName, type DemoNetwork } from "./networks";
export {
  startDemoChain,
  startDemoChains,
  ensureDemoChainStates,
  type DemoChain,
  type DemoChains,
  type StartDemoChainOptions,
  type StartDemoChainsOptions,
} from "./start";
export { DEMO_GENESIS_TIMESTAMP, DEMO_START_TIMESTAMP } from "./timeline";
export { demoDiscoverCards, type DemoCard } from "./cards";
export { LP_UNLOCK_TIME } from "./scenarios/locked-liquidity";
export { DEMO_MNEMONIC, WALLET_ROLES, type WalletRole } from "./wallets";
export { DEMO_VENUES, type DemoVenues, type V3FeeTier } from "./networks";
export type { PlacedVenueContract, VenueMap } from "./venues/place";
