// What the provider files (test/api/providers-*.test.ts) share: every intelligence endpoint's demo
// requests answered through an emulated provider (the provider proxy in front of the eth demo
// chain) or straight from the node, one at a time, each on a fresh key. The profiles are spread
// over several files so Vitest's workers share them; each file that compares with the node
// answers the requests straight from the node once, before its tests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type Endpoint } from "@/lib/api-contract/endpoints";
import { factsCache } from "@/lib/chain/facts-cache";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { nodeSettingsChanged } from "../../support/node-settings";
import type { DemoChain } from "@/demo-chain";
import { demoRequestsFor, lockerRequestsFor, signalRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { useSharedDemoChains } from "../../support/demo-chains";
import { createHarness, type Harness } from "../../support/harness";
import { startProviderProxy, type ProviderRules, type ProxyStats } from "../../support/provider-proxy";

export type Answer = { label: string; status: number; data: unknown; error?: string; message?: string; retryAfter: string | null };

export const intelligence = endpoints.filter((endpoint) => endpoint.surface === "intelligence");

/**
 * After ETH_RPC_URL (or a provider setting) changed: the cached clients and what was learned about
 * the provider are dropped, and so are the intelligence threads (with INTEL_THREADS set), which
 * took a copy of the settings when they started.
 */
export async function providerSettingsChanged(): Promise<void> {
  forgetProviderProfiles();
  await nodeSettingsChanged();
}

/** The node's other methods served, as an operator's Erigon or reth with the ots namespace would: the profile's limits are what is compared. */
export const withOts = (rules: ProviderRules): ProviderRules => ({ ...rules, methodsOff: undefined });

export type ProviderSuite = {
  readonly chain: DemoChain;
  readonly h: Harness;
  /** Every request's answer straight from the node (only with `straight: true`). */
  readonly straight: Answer[];
  answer(endpoint: Endpoint, body: Record<string, unknown>): Promise<Answer>;
  /** Every request (or those of the endpoints `only` keeps) answered through a proxy with `rules`, in order. */
  through(rules: ProviderRules, only?: (endpoint: Endpoint) => boolean): Promise<{ answers: Answer[]; stats: ProxyStats }>;
};

/**
 * The eth demo chain, a harness on the embedded defaults and, with `straight`, every request
 * answered straight from the node before the file's tests; ETH_RPC_URL is put back after them.
 */
export function useProviderSuite(options: { straight: boolean }): ProviderSuite {
  let chain: DemoChain | undefined;
  let h: Harness | undefined;
  let straight: Answer[] | undefined;
  const savedUrl = process.env.ETH_RPC_URL;

  // The demo requests, the venue scenarios' (Uniswap V3 and V4 on the real contracts, the taxed V3 token, the dust pool beside the deep one)
  // and the signal scenarios' (proxies, the simulation dodger, UNCX locks, Permit2 and NFT grants, ...)
  // and the locker scenarios' (Team.Finance, PinkLock and UNCX 2024 locks).
  const requests = (only: (endpoint: Endpoint) => boolean = () => true) =>
    intelligence.filter(only).flatMap((endpoint) =>
      [
        ...demoRequestsFor(endpoint.id, "eth", suite.chain.addressBook),
        ...venueRequestsFor(endpoint.id, "eth", suite.chain.addressBook),
        ...signalRequestsFor(endpoint.id, "eth", suite.chain.addressBook),
        ...lockerRequestsFor(endpoint.id, "eth", suite.chain.addressBook),
      ].map((body) => ({ endpoint, body })),
    );

  async function answerAll(url: string, only?: (endpoint: Endpoint) => boolean): Promise<Answer[]> {
    process.env.ETH_RPC_URL = url;
    await providerSettingsChanged();
    // Deployers and token identities are cached per process: each provider must read them itself.
    factsCache.clear();
    const answers: Answer[] = [];
    // One at a time, as separate API requests: what one learns about the provider, the next uses.
    for (const { endpoint, body } of requests(only)) answers.push(await suite.answer(endpoint, body));
    return answers;
  }

  const suite: ProviderSuite = {
    get chain() {
      if (!chain) throw new Error("the provider suite's chain is read before its beforeAll");
      return chain;
    },
    get h() {
      if (!h) throw new Error("the provider suite's harness is read before its beforeAll");
      return h;
    },
    get straight() {
      if (!straight) throw new Error(options.straight ? "the straight answers are read before the beforeAll" : "this file does not answer straight from the node (useProviderSuite({ straight: true }))");
      return straight;
    },
    async answer(endpoint, body) {
      // A fresh key per call: the metadata budget allows one call a second per key.
      const { key } = await suite.h.key();
      const response = await suite.h.call(endpoint.method, endpoint.id, { key, body });
      const answered = response.body;
      const [data, error, message] = answered.ok ? ["data" in answered ? answered.data : undefined, undefined, undefined] : [undefined, answered.error, answered.message];
      return { label: `${endpoint.id} ${JSON.stringify(body)}`, status: response.status, data, error, message, retryAfter: response.headers.get("retry-after") };
    },
    async through(rules, only) {
      const proxy = await startProviderProxy(suite.chain.rpcUrl, rules);
      try {
        return { answers: await answerAll(proxy.url, only), stats: { ...proxy.stats } };
      } finally {
        await proxy.close();
      }
    },
  };

  const sharedChains = useSharedDemoChains(["eth"]);
  beforeAll(async () => {
    chain = sharedChains.get("eth");
    h = await createHarness("pglite+memory");
    if (options.straight) straight = await answerAll(chain.rpcUrl);
  }, 180_000);

  afterAll(async () => {
    if (savedUrl === undefined) delete process.env.ETH_RPC_URL;
    else process.env.ETH_RPC_URL = savedUrl;
    await providerSettingsChanged();
    await h?.close();
  });

  return suite;
}

/** The baseline every comparison stands on: straight from the node, every demo request answers 200. */
export function itAnswersStraightFromTheNode(suite: ProviderSuite) {
  it("straight from the node, every demo request answers 200", () => {
    expect(suite.straight.length).toBeGreaterThanOrEqual(20);
    for (const answer of suite.straight) expect({ label: answer.label, status: answer.status }).toEqual({ label: answer.label, status: 200 });
  });
}

/** Through each profile, every demo request answers with the same data as straight from the node. */
export function describeThroughProfiles(suite: ProviderSuite, profiles: Array<[string, () => ProviderRules]>) {
  describe.each<[string, () => ProviderRules]>(profiles)("through %s", (label, rules) => {
    it("every demo request answers with the same data as straight from the node", async () => {
      const { answers, stats } = await suite.through(rules());
      answers.forEach((answer, i) => {
        expect({ label: answer.label, status: answer.status, error: answer.error, message: answer.message }).toEqual({ label: suite.straight[i].label, status: 200, error: undefined, message: undefined });
        expect(answer.data, answer.label).toEqual(suite.straight[i].data);
      });
      // Every read of an answer names the block the answer learned first: a load-balanced provider
      // cannot answer one read from one backend's head and the next from another's.
      expect(stats.latestReads).toEqual({});
      console.info(`${label}: ${answers.length} API requests, ${stats.httpRequests} HTTP requests, ${stats.calls} calls (${stats.byMethod.eth_getLogs ?? 0} eth_getLogs); refused ${JSON.stringify(stats.refused)}; faults ${JSON.stringify(stats.faults)}`);
    }, 180_000);
  });
}

/** The endpoints whose requests each of the two ots-failing files answers: these, and all the others. */
export const otsFailingSplit: readonly string[] = ["intel/risk", "contract/analysis"];

/**
 * A node whose ots_getContractCreator fails (HTTP 503): 503 where the deployer is read, never a 500.
 * Each request that reads the deployer waits out the node client's retries (about half a second),
 * so the requests are answered in two files: those of `otsFailingSplit`, and the rest.
 */
export function itAnswers503WhereTheDeployerIsRead(suite: ProviderSuite, half: "split" | "rest") {
  const only = (endpoint: Endpoint) => otsFailingSplit.includes(endpoint.id) === (half === "split");
  it("a node whose ots_getContractCreator fails (HTTP 503) answers 503 where the deployer is read, never a silent gap", async () => {
    const { answers } = await suite.through(
      {
        name: "ots failing",
        methodsOff: { methods: ["ots_getContractCreator"], refuse: () => ({ status: 503, error: { code: -32603, message: "upstream unavailable" } }) },
      },
      only,
    );
    expect(answers.length).toBeGreaterThan(0);
    const analyses = answers.filter((answer) => answer.label.startsWith("contract/analysis"));
    // contract/analysis is among the split's endpoints: its half must have found its requests.
    if (half === "split") expect(analyses.length).toBeGreaterThan(0);
    for (const answer of analyses) expect({ label: answer.label, status: answer.status, error: answer.error }).toEqual({ label: answer.label, status: 503, error: "unavailable" });
    for (const answer of answers) expect(answer.status, answer.label).not.toBe(500);
  }, 180_000);
}
