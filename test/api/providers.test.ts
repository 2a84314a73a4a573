// Every intelligence endpoint's demo requests, answered through emulated providers (the provider
// proxy in front of the eth demo chain) and straight from the node: the same `data`, or, where a
// provider cannot serve what the endpoint reads, an honest 503 naming it — never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@/lib/api-contract/endpoints";
import { clearChainClients } from "@/lib/chain/clients";
import { factsCache } from "@/lib/chain/facts-cache";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import type { DemoChain } from "@/demo-chain";
import { useSharedDemoChains } from "../support/demo-chains";
import { demoRequestsFor, lockerRequestsFor, signalRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { createHarness, type Harness } from "../support/harness";
import { providers, startProviderProxy, type ProviderRules, type ProxyStats } from "../support/provider-proxy";

let chain: DemoChain;
let h: Harness;
const savedUrl = process.env.ETH_RPC_URL;

type Answer = { label: string; status: number; data: unknown; error?: string; message?: string };
let straight: Answer[];

const intelligence = endpoints.filter((endpoint) => endpoint.surface === "intelligence");
// The demo requests, the venue scenarios' (Uniswap V3 and V4 on the real contracts, the taxed V3 token, the dust pool beside the deep one)
// and the signal scenarios' (proxies, the simulation dodger, UNCX locks, Permit2 and NFT grants, ...)
// and the locker scenarios' (Team.Finance, PinkLock and UNCX 2024 locks).
const requests = () =>
  intelligence.flatMap((endpoint) =>
    [...demoRequestsFor(endpoint.id, "eth", chain.addressBook), ...venueRequestsFor(endpoint.id, "eth", chain.addressBook), ...signalRequestsFor(endpoint.id, "eth", chain.addressBook), ...lockerRequestsFor(endpoint.id, "eth", chain.addressBook)].map((body) => ({ endpoint, body })),
  );

async function answerAll(url: string): Promise<Answer[]> {
  process.env.ETH_RPC_URL = url;
  clearChainClients();
  forgetProviderProfiles();
  // Deployers and token identities are cached per process: each provider must read them itself.
  factsCache.clear();
  const answers: Answer[] = [];
  // One at a time, as separate API requests: what one learns about the provider, the next uses.
  for (const { endpoint, body } of requests()) answers.push(await answer(endpoint, body));
  return answers;
}

async function answer(endpoint: Endpoint, body: Record<string, unknown>): Promise<Answer> {
  // A fresh key per call: the metadata budget allows one call a second per key.
  const { key } = await h.key();
  const response = await h.call(endpoint.method, endpoint.id, { key, body });
  return { label: `${endpoint.id} ${JSON.stringify(body)}`, status: response.status, data: response.body.data, error: response.body.error, message: response.body.message };
}

async function through(rules: ProviderRules): Promise<{ answers: Answer[]; stats: ProxyStats }> {
  const proxy = await startProviderProxy(chain.rpcUrl, rules);
  try {
    return { answers: await answerAll(proxy.url), stats: { ...proxy.stats } };
  } finally {
    await proxy.close();
  }
}

/** The node's other methods served, as an operator's Erigon or reth with the ots namespace would: the profile's limits are what is compared. */
const withOts = (rules: ProviderRules): ProviderRules => ({ ...rules, methodsOff: undefined });

const sharedChains = useSharedDemoChains(["eth"]);
beforeAll(async () => {
  chain = sharedChains.get("eth");
  h = await createHarness("pglite+memory");
  straight = await answerAll(chain.rpcUrl);
}, 180_000);

afterAll(async () => {
  if (savedUrl === undefined) delete process.env.ETH_RPC_URL;
  else process.env.ETH_RPC_URL = savedUrl;
  clearChainClients();
  forgetProviderProfiles();
  await h?.close();
});

it("straight from the node, every demo request answers 200", () => {
  expect(straight.length).toBeGreaterThanOrEqual(20);
  for (const answer of straight) expect({ label: answer.label, status: answer.status }).toEqual({ label: answer.label, status: 200 });
});

describe.each<[string, () => ProviderRules]>([
  // Batches over 10 calls split (and the size learned) — every endpoint answers, never a 500.
  ["geth with --rpc.batch-request-limit 10", () => withOts(providers.geth({ maxBatch: 10 }))],
  ["Alchemy free tier (10 blocks per eth_getLogs), 20 ms from us", () => ({ ...withOts(providers.alchemyFree()), latencyMs: 20 })],
  // The demo chain is a few hundred blocks with sparse logs: caps scaled down so they are met.
  ["Infura (caps scaled to 3 logs and 100 blocks)", () => withOts(providers.infura({ maxLogs: 3, maxBlockRange: 100 }))],
  ["reth (caps scaled to 3 logs and 200 blocks)", () => withOts(providers.reth({ maxLogs: 3, maxBlockRange: 200 }))],
  ["Base's public proxyd (10 calls per batch) with seeded faults", () => ({ ...providers.basePublic({ maxBatch: 10 }), faults: { probability: 0.1, seed: 3, kinds: ["http_503", "reset", "lagging_backend"] } })],
])("through %s", (label, rules) => {
  it("every demo request answers with the same data as straight from the node", async () => {
    const { answers, stats } = await through(rules());
    answers.forEach((answer, i) => {
      expect({ label: answer.label, status: answer.status, error: answer.error, message: answer.message }).toEqual({ label: straight[i].label, status: 200, error: undefined, message: undefined });
      expect(answer.data, answer.label).toEqual(straight[i].data);
    });
    // Every read of an answer names the block the answer learned first: a load-balanced provider
    // cannot answer one read from one backend's head and the next from another's.
    expect(stats.latestReads).toEqual({});
    console.info(`${label}: ${answers.length} API requests, ${stats.httpRequests} HTTP requests, ${stats.calls} calls (${stats.byMethod.eth_getLogs ?? 0} eth_getLogs); refused ${JSON.stringify(stats.refused)}; faults ${JSON.stringify(stats.faults)}`);
  }, 180_000);
});

describe("how a history read ended, in the answer", () => {
  it("history_start straight from the node; cap_reached through a provider whose scan budget runs out (Alchemy free, 10 blocks a call, 3 calls a scan)", async () => {
    const approvals = intelligence.find((endpoint) => endpoint.id === "wallet/approvals")!;
    const [body] = demoRequestsFor("wallet/approvals", "eth", chain.addressBook);
    const direct = straight.find((answer) => answer.label === `wallet/approvals ${JSON.stringify(body)}`)!;
    expect((direct.data as { window: { end: string; truncated: boolean } }).window).toMatchObject({ end: "history_start", truncated: false });

    const proxy = await startProviderProxy(chain.rpcUrl, withOts(providers.alchemyFree()));
    process.env.ETH_RPC_URL = proxy.url;
    process.env.ETH_RPC_MAX_SCAN_REQUESTS = "3";
    clearChainClients();
    forgetProviderProfiles();
    try {
      const capped = await answer(approvals, body);
      expect(capped.status).toBe(200);
      expect((capped.data as { window: { end: string; truncated: boolean } }).window).toMatchObject({ end: "cap_reached", truncated: true });
    } finally {
      delete process.env.ETH_RPC_MAX_SCAN_REQUESTS;
      await proxy.close();
    }
  }, 180_000);
});

describe("through a provider that cannot serve what an endpoint reads", () => {
  it("BNB Chain's public endpoint (no eth_getLogs, no ots_): 503 naming eth_getLogs, or the same data, never a 500; and quickly", async () => {
    const { answers, stats } = await through(providers.bnbPublic());
    let refused = 0;
    answers.forEach((answer, i) => {
      if (answer.status === 503) {
        refused += 1;
        expect({ label: answer.label, error: answer.error, message: answer.message }).toEqual({
          label: straight[i].label,
          error: "unavailable",
          message: "Ethereum node did not answer: it does not serve eth_getLogs (JSON-RPC error -32005: limit exceeded)",
        });
      } else {
        expect({ label: answer.label, status: answer.status }).toEqual({ label: straight[i].label, status: 200 });
      }
    });
    expect(refused).toBeGreaterThan(0);
    // Learned at the first refusal: the later requests are answered without asking for logs again.
    expect(stats.byMethod.eth_getLogs).toBeLessThanOrEqual(8);
    console.info(`BNB public: ${refused} of ${answers.length} answered 503; ${stats.byMethod.eth_getLogs} eth_getLogs calls in all`);
  }, 180_000);

  it("Alchemy pay-as-you-go as it is (no ots_getContractCreator): the deployer found from the code history, every answer the same as straight from the node", async () => {
    const { answers, stats } = await through(providers.alchemyPayg());
    answers.forEach((answer, i) => {
      expect({ label: answer.label, status: answer.status }).toEqual({ label: straight[i].label, status: 200 });
      expect(answer.data, answer.label).toEqual(straight[i].data);
    });
    // Refused once, then not asked again; the creation found by eth_getCode at past blocks and the block's receipts.
    expect(stats.byMethod.ots_getContractCreator).toBe(1);
    expect(stats.byMethod.eth_getCode).toBeGreaterThan(10);
    expect(stats.byMethod.eth_getBlockReceipts).toBeGreaterThan(0);
    console.info(`Alchemy PAYG without ots_: ${stats.byMethod.eth_getCode} eth_getCode and ${stats.byMethod.eth_getBlockReceipts} eth_getBlockReceipts calls for ${answers.length} API requests`);
  }, 180_000);

  it("a node whose ots_getContractCreator fails (HTTP 503) answers 503 where the deployer is read, never a silent gap", async () => {
    const { answers } = await through({
      name: "ots failing",
      methodsOff: { methods: ["ots_getContractCreator"], refuse: () => ({ status: 503, error: { code: -32603, message: "upstream unavailable" } }) },
    });
    const analyses = answers.filter((answer) => answer.label.startsWith("contract/analysis"));
    expect(analyses.length).toBeGreaterThan(0);
    for (const answer of analyses) expect({ label: answer.label, status: answer.status, error: answer.error }).toEqual({ label: answer.label, status: 503, error: "unavailable" });
    for (const answer of answers) expect(answer.status, answer.label).not.toBe(500);
  }, 180_000);
});
