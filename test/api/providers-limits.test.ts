// Every intelligence endpoint's demo requests, answered through emulated providers (the provider
// proxy in front of the eth demo chain) and straight from the node: the same `data`, or, where a
// provider cannot serve what the endpoint reads, an honest 503 naming it — never a 500.
// This file: the providers whose limits (batch size, block range, logs per call) are met and
// worked within, and how a history read ended. The others: providers-refusals.test.ts and
// providers-ots-failing-{analysis,rest}.test.ts (shared steps in support/providers-suite.ts).
import { describe, expect, it } from "vitest";
import { demoRequestsFor } from "@/demo-chain/requests";
import { providers, startProviderProxy } from "../support/provider-proxy";
import { describeThroughProfiles, intelligence, itAnswersStraightFromTheNode, providerSettingsChanged, useProviderSuite, withOts } from "./support/providers-suite";

const suite = useProviderSuite({ straight: true });

itAnswersStraightFromTheNode(suite);

describeThroughProfiles(suite, [
  // Batches over 10 calls split (and the size learned) — every endpoint answers, never a 500.
  ["geth with --rpc.batch-request-limit 10", () => withOts(providers.geth({ maxBatch: 10 }))],
  ["Alchemy free tier (10 blocks per eth_getLogs), 20 ms from us", () => ({ ...withOts(providers.alchemyFree()), latencyMs: 20 })],
  // The demo chain is a few hundred blocks with sparse logs: caps scaled down so they are met.
  ["Infura (caps scaled to 3 logs and 100 blocks)", () => withOts(providers.infura({ maxLogs: 3, maxBlockRange: 100 }))],
  ["reth (caps scaled to 3 logs and 200 blocks)", () => withOts(providers.reth({ maxLogs: 3, maxBlockRange: 200 }))],
]);

describe("how a history read ended, in the answer", () => {
  it("history_start straight from the node; cap_reached through a provider whose scan budget runs out (Alchemy free, 10 blocks a call, 3 calls a scan)", async () => {
    const approvals = intelligence.find((endpoint) => endpoint.id === "wallet/approvals")!;
    const [body] = demoRequestsFor("wallet/approvals", "eth", suite.chain.addressBook);
    const direct = suite.straight.find((answer) => answer.label === `wallet/approvals ${JSON.stringify(body)}`)!;
    expect((direct.data as { window: { end: string; truncated: boolean } }).window).toMatchObject({ end: "history_start", truncated: false });

    const proxy = await startProviderProxy(suite.chain.rpcUrl, withOts(providers.alchemyFree()));
    process.env.ETH_RPC_URL = proxy.url;
    process.env.ETH_RPC_MAX_SCAN_REQUESTS = "3";
    await providerSettingsChanged();
    try {
      const capped = await suite.answer(approvals, body);
      expect(capped.status).toBe(200);
      expect((capped.data as { window: { end: string; truncated: boolean } }).window).toMatchObject({ end: "cap_reached", truncated: true });
    } finally {
      delete process.env.ETH_RPC_MAX_SCAN_REQUESTS;
      await proxy.close();
    }
  }, 180_000);
});
