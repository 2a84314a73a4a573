// The demo requests each intelligence endpoint is exercised on: the scenarios it exists to read,
// on one network's demo chain. The reference pages show the first as the example request when the
// deployment serves the demo chains; the tests and benchmarks run them all.
import type { AddressBook } from "@/demo-chain";
import { endpoints, type EndpointId } from "@/lib/api-contract/endpoints";
import type { ExampleRequests } from "@/lib/chain/demo-data";

export function demoRequestsFor(id: EndpointId, chain: string, book: AddressBook): Array<Record<string, unknown>> {
  const s = book.scenarios;
  const tokens = (...names: Array<keyof typeof s>) => names.map((name) => ({ chain, address: (s[name] as { token: { address: string } }).token.address }));
  switch (id) {
    case "contract/analysis":
      return tokens("healthy", "transparentProxy", "roles", "timelockOwned");
    case "intel/risk":
      return tokens("healthy", "honeypot", "tax", "mintable");
    case "intel/liquidity":
      return tokens("healthy", "rug", "lockedLiquidity");
    case "intel/team-wallets":
      return tokens("dump", "rug", "healthy");
    case "intel/why-down":
      return tokens("dump", "rug");
    case "wallet/pnl":
      return [{ chain, wallet: s.trader.wallet, token: s.trader.token }];
    case "wallet/approvals":
      return [{ chain, address: s.approvals.wallet }];
    case "wallet/exact-movements":
      return [{ chain, wallet: s.trader.wallet }, { chain, wallet: s.trader.wallet, token: s.trader.token }];
    default:
      return [];
  }
}

/**
 * The requests that read the venue scenarios (Uniswap V3 and V4, PancakeSwap V3 on bsc, Aerodrome
 * classic and Slipstream on base): what the benchmarks and the document checks add to the
 * demo requests above.
 */
export function venueRequestsFor(id: EndpointId, chain: string, book: AddressBook): Array<Record<string, unknown>> {
  const v = book.venues.scenarios;
  const tokens = [v.v3Only, v.v4Native, v.v4Hooked, v.dustV2DeepV3, v.taxedV3, ...(v.pancakeV3Trader ? [v.pancakeV3Trader] : [])].map((scenario) => scenario.token.address as string);
  const aerodrome = book.aerodrome ? [book.aerodrome.scenarios.aerodromeVolatile, book.aerodrome.scenarios.aerodromeStable, book.aerodrome.scenarios.slipstream].map((scenario) => scenario.token.address as string) : [];
  const traders = [v.v3Only, v.v4Native, ...(v.pancakeV3Trader ? [v.pancakeV3Trader] : [])].map((scenario) => ({ wallet: scenario.trades[0].wallet as string, token: scenario.token.address as string }));
  switch (id) {
    case "intel/risk":
    case "intel/liquidity":
    case "intel/why-down":
    case "intel/team-wallets":
      return [...tokens, ...aerodrome].map((address) => ({ chain, address }));
    case "wallet/pnl":
      return traders.map((trader) => ({ chain, ...trader }));
    case "wallet/exact-movements":
      return traders.map((trader) => ({ chain, wallet: trader.wallet }));
    default:
      return [];
  }
}

/**
 * The requests that read the signal scenarios (proxies the EIP-1967 slots miss, a simulation
 * dodger, a USDT-style token, a wallet-transfer tax, trade limits, UNCX locks, Permit2 grants):
 * risk and contract/analysis on each token, liquidity (with lock proof) on the UNCX-locked one,
 * approvals of the Permit2 wallet.
 */
export function signalRequestsFor(id: EndpointId, chain: string, book: AddressBook): Array<Record<string, unknown>> {
  const scenarios = Object.values(book.venues.signals).filter((scenario) => scenario !== null && "pool" in scenario);
  const uncx = book.venues.signals.uncxLocks;
  switch (id) {
    case "intel/risk":
    case "contract/analysis":
      return scenarios.map((scenario) => ({ chain, address: scenario.token.address as string }));
    case "intel/liquidity":
      return uncx ? [{ chain, address: uncx.token.address as string, locks: true }] : [];
    case "wallet/approvals":
      return [{ chain, address: book.venues.signals.permit2Grants.wallet as string }];
    default:
      return [];
  }
}

/**
 * The requests that read the locker scenarios (Team.Finance, PinkLock V2, UNCX 2024 and UNCX V3 locks, where the
 * network's registry has those lockers): liquidity with lock proof, and risk, on each token.
 */
export function lockerRequestsFor(id: EndpointId, chain: string, book: AddressBook): Array<Record<string, unknown>> {
  const tokens = Object.values(book.venues.lockers)
    .filter((scenario): scenario is NonNullable<typeof book.venues.lockers.pinkLocks> => scenario !== null && typeof scenario === "object" && "pool" in scenario)
    .map((scenario) => scenario.token.address as string);
  switch (id) {
    case "intel/liquidity":
      return tokens.map((address) => ({ chain, address, locks: true }));
    case "intel/risk":
      return tokens.map((address) => ({ chain, address }));
    default:
      return [];
  }
}

/** What the server hands the reference pages: every endpoint's demo requests on one demo chain. */
export function demoExampleRequests(chain: string, book: AddressBook): ExampleRequests {
  return Object.fromEntries(endpoints.map((endpoint) => [endpoint.id, demoRequestsFor(endpoint.id, chain, book)]));
}
