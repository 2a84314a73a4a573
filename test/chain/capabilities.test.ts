// What a node serves, found at start: straight from anvil everything; through a geth full node
// (128 blocks of state, no ots_), a gateway that drops state overrides, Alchemy as it is, and a
// node that traces no transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeCapabilities, probeNode } from "@/lib/chain/capabilities";
import { createChainClient, defaultClientSettings, meteredHttp, profileOfClient } from "@/lib/chain/clients";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { providers, startProviderProxy, type ProviderProxy, type ProviderRules } from "../support/provider-proxy";
import { rpc, startAnvil, type Anvil } from "./support/anvil";

let anvil: Anvil;
const proxies: ProviderProxy[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 });
  await rpc(anvil.url, "anvil_mine", ["0x12c"]); // 300 blocks
}, 60_000);

afterAll(async () => {
  forgetProviderProfiles();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await anvil?.stop();
});

async function through(rules: ProviderRules | null) {
  forgetProviderProfiles();
  let url = anvil.url;
  if (rules) {
    const proxy = await startProviderProxy(anvil.url, rules);
    proxies.push(proxy);
    url = proxy.url;
  }
  const client = createChainClient("eth", meteredHttp(url, { ...defaultClientSettings, retryCount: 0 }));
  return { client, found: await probeNode("eth", client) };
}

describe("node capabilities at start", () => {
  it("anvil serves past state, ots_getContractCreator, block receipts, transaction traces and state overrides", async () => {
    const { found } = await through(null);
    expect(found).toMatchObject({ archiveState: "yes", otsContractCreator: "yes", blockReceipts: "yes", traces: "yes", stateOverride: "yes" });
    expect(describeCapabilities(found)).toContain("archive state");
    expect(describeCapabilities(found)).toContain("transaction traces");
  });

  it("a node that offers neither trace_transaction nor debug_traceTransaction: said in the log line, and neither is asked for again", async () => {
    const { client, found } = await through({
      name: "no traces",
      methodsOff: { methods: ["trace_transaction", "debug_traceTransaction"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) },
    });
    expect(found).toMatchObject({ traces: "no", archiveState: "yes" });
    expect(describeCapabilities(found)).toContain("no trace_transaction or debug_traceTransaction: wallet/pnl reads a native-coin trade from the wallet's balance where its block holds it alone, else at the pool's amount, saying so");
    expect([profileOfClient(client)?.refusesMethod("trace_transaction"), profileOfClient(client)?.refusesMethod("debug_traceTransaction")]).toEqual([true, true]);
  });

  it("a geth full node: no past state and no ots_, said in the log line; the refusal is remembered for the deployer read", async () => {
    const { client, found } = await through({ ...providers.geth(), keepStateBlocks: 128 });
    expect(found).toMatchObject({ archiveState: "no", otsContractCreator: "no", stateOverride: "yes" });
    expect(describeCapabilities(found)).toContain("no past state: wallet/pnl and why-down answer 503 naming it");
    expect(profileOfClient(client)?.refusesMethod("ots_getContractCreator")).toBe(true);
  });

  it("a gateway that drops state overrides, and Alchemy as it is", async () => {
    const gateway = await through({ name: "no overrides", stateOverrideOff: { error: { code: -32602, message: "invalid argument 2: state override is not supported" } } });
    expect(gateway.found.stateOverride).toBe("no");
    expect(describeCapabilities(gateway.found)).toContain("no state overrides");
    const alchemy = await through(providers.alchemyPayg());
    expect(alchemy.found).toMatchObject({ archiveState: "yes", otsContractCreator: "no" });
  });
});
