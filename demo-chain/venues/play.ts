// Places the concentrated-liquidity venues and plays their scenarios, after every other scenario
// of the build: placing takes no transaction, and every transaction here comes after the last
// one of the scenarios before, so their addresses, hashes and blocks stay what they were.
import type { Address } from "viem";
import { playDustV2DeepV3, type DustV2DeepV3Scenario } from "../scenarios/dust-v2-deep-v3";
import { playLockers, type LockerScenarios } from "../scenarios/lockers";
import { playPancakeV3Trader, type PancakeV3TraderScenario } from "../scenarios/pancake-v3-trader";
import { playSignals, type SignalScenarios } from "../scenarios/signals";
import { playRouterTrader, type RouterTraderScenario } from "../scenarios/router-trader";
import { playSiphon } from "../scenarios/siphon";
import { playSupplyTricks, type HealthySpread } from "../scenarios/supply-tricks";
import { playTaxedV3, type TaxedV3Scenario } from "../scenarios/taxed-v3";
import { playV3Only, type V3OnlyScenario } from "../scenarios/v3-only";
import { playV4Hooked, type V4HookedScenario } from "../scenarios/v4-hooked";
import { playV4Native, type V4NativeScenario } from "../scenarios/v4-native";
import type { ScenarioContext } from "../scenarios/common";
import type { VenueContext } from "./common";
import { placeVenues, type VenueMap } from "./place";
import { deriveVenueWallets, VENUE_WALLET_ROLES, venueWalletAddresses, type VenueWalletRole } from "./wallets";

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

const VENUE_WALLET_BALANCE = 1_000n * 10n ** 18n;

export async function playVenues(ctx: ScenarioContext, healthy: { token: Address; deployer: Address }): Promise<VenueBook> {
  const venues = await placeVenues(ctx.player, {
    chain: ctx.network.chain,
    network: ctx.network,
    admin: ctx.wallets.dexAdmin.address,
    v2: { factory: ctx.canonical.dex.factory, pairInitCodeHash: ctx.canonical.dex.pairInitCodeHash },
    artifacts: ctx.player.artifacts,
  });
  const venueWallets = deriveVenueWallets();
  for (const role of VENUE_WALLET_ROLES) {
    await ctx.player.rpc("anvil_setBalance", [venueWallets[role].address, `0x${VENUE_WALLET_BALANCE.toString(16)}`]);
  }
  const venueCtx: VenueContext = { ...ctx, venues, venueWallets };

  const v3Only = await playV3Only(venueCtx);
  const v4Native = await playV4Native(venueCtx);
  const v4Hooked = await playV4Hooked(venueCtx);
  const pancakeV3Trader = await playPancakeV3Trader(venueCtx);
  const dustV2DeepV3 = await playDustV2DeepV3(venueCtx);
  const taxedV3 = await playTaxedV3(venueCtx);
  const signals = await playSignals(venueCtx);
  // After the signal scenarios, so their addresses, hashes and blocks stay what they were.
  const lockers = await playLockers(venueCtx);
  // After the lockers, for the same reason.
  const siphonedBalances = await playSiphon(venueCtx);
  // After the siphon scenario, for the same reason; the healthy token's spread too, so the trader's
  // and every other scenario's blocks on it stay what they were.
  const { healthySpread, elasticSupply, hiddenBalance } = await playSupplyTricks(venueCtx, healthy);
  // After the supply tricks, for the same reason.
  const routerTrader = await playRouterTrader(venueCtx);

  return {
    contracts: venues,
    wallets: venueWalletAddresses(venueWallets),
    scenarios: { v3Only, v4Native, v4Hooked, pancakeV3Trader, dustV2DeepV3, taxedV3 },
    signals: { ...signals, siphonedBalances, elasticSupply, hiddenBalance },
    lockers,
    routerTrader,
    healthySpread,
  };
}
