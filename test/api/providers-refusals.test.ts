// Every intelligence endpoint's demo requests through emulated providers: the same `data` as the
// node, or an honest 503, never a 500. This file: a proxy that refuses large batches and fails at
// random, and providers that do not serve a method an endpoint reads.
import { describe, expect, it } from "vitest";
import { providers } from "../support/provider-proxy";
import { describeThroughProfiles, itAnswersStraightFromTheNode, useProviderSuite } from "./support/providers-suite";

const suite = useProviderSuite({ straight: true });

itAnswersStraightFromTheNode(suite);

// Every intelligence endpoint's demo requests, answered through emulated providers (the provider
// proxy in front of the eth demo chain) and straight from the node: the same `data`, or, where a
// provider cannot serve what the endpoint reads, an honest 503 naming it — never a 500.
// This file: a public proxy that refuses large batches and fails at random, and providers that do
// not serve a method an endpoint reads (eth_getLogs, ots_getContractCreator). The others:
// providers-limits.test.ts and providers-ots-failing-{analysis,rest}.test.ts (shared steps in
// support/providers-suite.ts).
describeThroughProfiles(suite, [
  ["Base's public proxyd (10 calls per batch) with seeded faults", () => ({ ...providers.basePublic({ maxBatch: 10 }), faults: { probability: 0.1, seed: 3, kinds: ["http_503", "reset", "lagging_backend"] } })],
]);

describe("through a provider that cannot serve what an endpoint reads", () => {
  it("BNB Chain's public endpoint (no eth_getLogs, no ots_): 503 naming eth_getLogs, or the same data, never a 500; and quickly", async () => {
    const { answers, stats } = await suite.through(providers.bnbPublic());
    let refused = 0;
    answers.forEach((answer, i) => {
      if (answer.status === 503) {
        refused += 1;
        // Read on an intelligence thread, the refusal crosses with its code and its wait: a node that
        // lacks a method will not have it in seconds.
        expect({ label: answer.label, error: answer.error, message: answer.message, retryAfter: answer.retryAfter }).toEqual({
          label: suite.straight[i].label,
          error: "unavailable",
          message: "Ethereum node did not answer: it does not serve eth_getLogs (JSON-RPC error -32005: limit exceeded)",
          retryAfter: "60",
        });
      } else {
        expect({ label: answer.label, status: answer.status }).toEqual({ label: suite.straight[i].label, status: 200 });
      }
    });
    expect(refused).toBeGreaterThan(0);
    // Learned at the first refusal: the later requests are answered without asking for logs again.
    expect(stats.byMethod.eth_getLogs).toBeLessThanOrEqual(8);
    console.info(`BNB public: ${refused} of ${answers.length} answered 503; ${stats.byMethod.eth_getLogs} eth_getLogs calls in all`);
  }, 180_000);

  it("Alchemy pay-as-you-go as it is (no ots_getContractCreator): the deployer found from the code history, every answer the same as straight from the node", async () => {
    const { answers, stats } = await suite.through(providers.alchemyPayg());
    answers.forEach((answer, i) => {
      expect({ label: answer.label, status: answer.status }).toEqual({ label: suite.straight[i].label, status: 200 });
      expect(answer.data, answer.label).toEqual(suite.straight[i].data);
    });
    // Refused once, then not asked again; the creation found by eth_getCode at past blocks and the block's receipts.
    expect(stats.byMethod.ots_getContractCreator).toBe(1);
    expect(stats.byMethod.eth_getCode).toBeGreaterThan(10);
    expect(stats.byMethod.eth_getBlockReceipts).toBeGreaterThan(0);
    console.info(`Alchemy PAYG without ots_: ${stats.byMethod.eth_getCode} eth_getCode and ${stats.byMethod.eth_getBlockReceipts} eth_getBlockReceipts calls for ${answers.length} API requests`);
  }, 180_000);
});
