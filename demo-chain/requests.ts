// The demo requests each intelligence endpoint is exercised on: the scenarios it exists to read,
// on one network's demo chain. The reference pages show the first as the example request when the
// deployment serves the demo chains; the tests and benchmarks run them all.
import type { AddressBook } from "@/demo-chain";
import { endpoints, type EndpointId, type IntelEndpointId } from "@/lib/api-contract/endpoints";
import type { ExampleRequests } from "@/lib/chain/demo-data";

type Requests = Array<Record<string, unknown>>;
/** Each endpoint's requests on one demo chain, from the address book. */
type RequestTable<Ids extends IntelEndpointId> = { [Id in Ids]: (chain: string, book: AddressBook) => Requests };

/** An endpoint's requests from a table; none where the table has no row for it. */
function fromTable(table: Partial<Record<IntelEndpointId, (chain: string, book: AddressBook) => Requests>>) {
  return (id: EndpointId, chain: string, book: AddressBook): Requests => table[id as IntelEndpointId]?.(chain, book) ?? [];
}

const tokensOf = (chain: string, book: AddressBook, ...names: Array<keyof AddressBook["scenarios"]>) =>
  names.map((name) => ({ chain, address: (book.scenarios[name] as { token: { address: string } }).token.address }));

/** Every intelligence endpoint has its demo requests: an endpoint added to the registry without a row here does not compile. */
const demoRequests: RequestTable<IntelEndpointId> = {
  "contract/analysis": (chain, book) => tokensOf(chain, book, "healthy", "transparentProxy", "roles", "timelockOwned"),
  "intel/risk": (chain, book) => tokensOf(chain, book, "healthy", "honeypot", "tax", "mintable"),
  "intel/liquidity": (chain, book) => tokensOf(chain, book, "healthy", "rug", "lockedLiquidity"),
  "intel/team-wallets": (chain, book) => tokensOf(chain, book, "dump", "rug", "healthy"),
  "intel/why-down": (chain, book) => tokensOf(chain, book, "dump", "rug"),
  "wallet/pnl": (chain, book) => [{ chain, wallet: book.scenarios.trader.wallet, token: book.scenarios.trader.token }],
  "wallet/approvals": (chain, book) => [{ chain, address: book.scenarios.approvals.wallet }],
  "wallet/exact-movements": (chain, book) => [
    { chain, wallet: book.scenarios.trader.wallet },
    { chain, wallet: book.scenarios.trader.wallet, token: book.scenarios.trader.token },
  ],
};

export const demoRequestsFor = fromTable(demoRequests);

/** The venue scenarios' tokens (Uniswap V3 and V4, PancakeSwap V3 on bsc, Aerodrome classic and Slipstream on base), and their traders. */
function venueParts(book: AddressBook) {
  const v = book.venues.scenarios;
  const tokens = [v.v3Only, v.v4Native, v.v4Hooked, v.dustV2DeepV3, v.taxedV3, ...(v.pancakeV3Trader ? [v.pancakeV3Trader] : [])].map((scenario) => scenario.token.address as string);
  const aerodrome = book.aerodrome ? [book.aerodrome.scenarios.aerodromeVolatile, book.aerodrome.scenarios.aerodromeStable, book.aerodrome.scenarios.slipstream].map((scenario) => scenario.token.address as string) : [];
  const traders = [v.v3Only, v.v4Native, ...(v.pancakeV3Trader ? [v.pancakeV3Trader] : [])].map((scenario) => ({ wallet: scenario.trades[0].wallet as string, token: scenario.token.address as string }));
  return { tokens: [...tokens, ...aerodrome], traders };
}
const venueTokens = (chain: string, book: AddressBook) => venueParts(book).tokens.map((address) => ({ chain, address }));

/**
 * The requests that read the venue scenarios: what the benchmarks and the document checks add to
 * the demo requests above.
 */
export const venueRequestsFor = fromTable({
  "intel/risk": venueTokens,
  "intel/liquidity": venueTokens,
  "intel/why-down": venueTokens,
  "intel/team-wallets": venueTokens,
  "wallet/pnl": (chain, book) => venueParts(book).traders.map((trader) => ({ chain, ...trader })),
  "wallet/exact-movements": (chain, book) => venueParts(book).traders.map((trader) => ({ chain, wallet: trader.wallet })),
});

/** The signal scenarios that trade through a pool (proxies the EIP-1967 slots miss, a simulation dodger, a USDT-style token, a wallet-transfer tax, trade limits). */
const signalTokens = (chain: string, book: AddressBook) =>
  Object.values(book.venues.signals)
    .filter((scenario) => scenario !== null && "pool" in scenario)
    .map((scenario) => ({ chain, address: scenario.token.address as string }));

/**
 * The requests that read the signal scenarios: risk and contract/analysis on each token, liquidity
 * (with lock proof) on the UNCX-locked one, approvals of the Permit2 wallet.
 */
export const signalRequestsFor = fromTable({
  "intel/risk": signalTokens,
  "contract/analysis": signalTokens,
  "intel/liquidity": (chain, book) => (book.venues.signals.uncxLocks ? [{ chain, address: book.venues.signals.uncxLocks.token.address as string, locks: true }] : []),
  "wallet/approvals": (chain, book) => [{ chain, address: book.venues.signals.permit2Grants.wallet as string }],
});

/** The locker scenarios' tokens (Team.Finance, PinkLock V2, UNCX 2024 and UNCX V3 locks, where the network's registry has those lockers). */
const lockerTokens = (book: AddressBook) =>
  Object.values(book.venues.lockers)
    .filter((scenario): scenario is NonNullable<typeof book.venues.lockers.pinkLocks> => scenario !== null && typeof scenario === "object" && "pool" in scenario)
    .map((scenario) => scenario.token.address as string);

/** The requests that read the locker scenarios: liquidity with lock proof, and risk, on each token. */
export const lockerRequestsFor = fromTable({
  "intel/liquidity": (chain, book) => lockerTokens(book).map((address) => ({ chain, address, locks: true })),
  "intel/risk": (chain, book) => lockerTokens(book).map((address) => ({ chain, address })),
});

/** What the server hands the reference pages: every endpoint's demo requests on one demo chain. */
export function demoExampleRequests(chain: string, book: AddressBook): ExampleRequests {
  return Object.fromEntries(endpoints.map((endpoint) => [endpoint.id, demoRequestsFor(endpoint.id, chain, book)]));
}
