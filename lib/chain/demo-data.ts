// Whether chain answers come from the local demo chains. The server sets this when it starts
// them (no *_RPC_URL configured), so every surface that shows chain results can say they are
// demo data: the API's `meta.demo_data` and the portal's "Demo data" label.
import { processWide } from "@/lib/process-wide";
export const demoChainDataSetting = "DEMO_CHAIN_DATA";

export function servesDemoChainData(env: Record<string, string | undefined> = process.env): boolean {
  return env[demoChainDataSetting] === "1";
}

/** What a response says about demo data: a flag, and a sentence for people reading it. */
export const demoDataNotice = "Demo data: played on local demo chains by this deployment, not read from a public network.";

/** A request body that answers on this deployment, by endpoint id. */
export type ExampleRequests = Record<string, Array<Record<string, unknown>>>;

// The server keeps requests that answer on its demo chains here when it starts them (it reads them
// from the demo's address books; the product never does), so the reference pages can offer a
// request that works on this deployment. Process-wide: the server script and the app's bundled
// modules are different copies of this file.
const holder = processWide<{ demoExampleRequests: ExampleRequests }>("lib/chain/demo-data");

export function setDemoExampleRequests(requests: ExampleRequests): void {
  holder.demoExampleRequests = requests;
}

/** The first request for an endpoint that answers on this deployment's demo chains, when it serves them. */
export function demoExampleRequest(endpointId: string): Record<string, unknown> | null {
  return servesDemoChainData() ? (holder.demoExampleRequests?.[endpointId]?.[0] ?? null) : null;
}
