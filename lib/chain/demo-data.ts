import type { AddressBook } from "@/lib/demo-chain";

// Whether chain answers come from the local demo chains. The server sets this when it starts
// them (no *_RPC_URL configured), so every surface that shows chain results can say they are
// demo data: the API's `meta.demo_data` and the portal's "Demo data" label.
export const demoChainDataSetting = "DEMO_CHAIN_DATA";

export function servesDemoChainData(env: Record<string, string | undefined> = process.env): boolean {
  return env[demoChainDataSetting] === "1";
}

/** What a response says about demo data: a flag, and a sentence for people reading it. */
export const demoDataNotice = "Demo data: played on local demo chains by this deployment, not read from a public network.";

// The server keeps the demo chains' address books here when it starts them, so the reference pages
// can offer requests that work on this deployment. On globalThis: the server script and the app's
// bundled modules are different copies of this file.
const holder = globalThis as unknown as { __demoAddressBooks?: Record<string, AddressBook> };

export function setDemoAddressBooks(books: Record<string, AddressBook>): void {
  holder.__demoAddressBooks = books;
}

/** The address book of a network's demo chain, when this deployment serves one. */
export function demoAddressBook(chain: string): AddressBook | null {
  return servesDemoChainData() ? (holder.__demoAddressBooks?.[chain] ?? null) : null;
}
