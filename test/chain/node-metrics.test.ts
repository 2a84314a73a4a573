// What the node metrics count, through a provider of our own in front of a real anvil: every
// JSON-RPC call by network and method (a batch counts each of its calls), every HTTP round trip,
// and every refusal by the method refused and what the refusal means — a method switched off
// (found by its answer's id inside a batch) and a whole request rate limited with HTTP 429.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient, defaultClientSettings, meteredHttp } from "@/lib/chain/clients";
import { forgetProviderProfiles, providerProfile } from "@/lib/chain/provider-profile";
import { metricsRegistry } from "@/lib/metrics";
import { startAnvil, type Anvil } from "./support/anvil";
import { startProviderProxy, type ProviderProxy } from "../support/provider-proxy";

async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const { values } = await metricsRegistry().getSingleMetric(name)!.get();
  return values.filter((value) => Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted)).reduce((sum, value) => sum + value.value, 0);
}

let anvil: Anvil;
const proxies: ProviderProxy[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 8453 });
}, 60_000);

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await anvil?.stop();
  forgetProviderProfiles();
});

async function clientBehind(rules: Parameters<typeof startProviderProxy>[1]) {
  const proxy = await startProviderProxy(anvil.url, rules);
  proxies.push(proxy);
  return createChainClient("base", meteredHttp(proxy.url, { ...defaultClientSettings, retryCount: 0 }, undefined, providerProfile(proxy.url), "base"));
}

describe("node metrics", () => {
  it("count each call of a batch by method, one round trip, and a refused method by the id of its answer", async () => {
    const client = await clientBehind({
      name: "geth without ots_",
      methodsOff: { methods: ["ots_getContractCreator"], refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) },
    });
    const labels = (method: string) => ({ network: "base", method });
    const before = {
      blockNumber: await counted("dia_node_requests_total", labels("eth_blockNumber")),
      creator: await counted("dia_node_requests_total", labels("ots_getContractCreator")),
      trips: await counted("dia_node_round_trips_total", { network: "base" }),
      refusedCreator: await counted("dia_node_refusals_total", { ...labels("ots_getContractCreator"), meaning: "method_not_offered" }),
      refusedBlockNumber: await counted("dia_node_refusals_total", labels("eth_blockNumber")),
    };
    // Sent side by side: one batch of two calls, the second refused.
    const [head, creator] = await Promise.allSettled([
      client.getBlockNumber({ cacheTime: 0 }),
      client.request({ method: "ots_getContractCreator" as never, params: ["0x0000000000000000000000000000000000000001"] as never }),
    ]);
    expect(head.status).toBe("fulfilled");
    expect(creator.status).toBe("rejected");
    expect(await counted("dia_node_requests_total", labels("eth_blockNumber"))).toBe(before.blockNumber + 1);
    expect(await counted("dia_node_requests_total", labels("ots_getContractCreator"))).toBe(before.creator + 1);
    expect(await counted("dia_node_round_trips_total", { network: "base" })).toBe(before.trips + 1);
    expect(await counted("dia_node_refusals_total", { ...labels("ots_getContractCreator"), meaning: "method_not_offered" })).toBe(before.refusedCreator + 1);
    expect(await counted("dia_node_refusals_total", labels("eth_blockNumber"))).toBe(before.refusedBlockNumber);
  });

  it("count a whole request refused with HTTP 429 as rate_limited for each of its calls", async () => {
    const client = await clientBehind({
      name: "one call a second",
      rateLimit: { rps: 1, retryAfterSeconds: 1, refuse: (rps) => ({ code: -32007, message: `${rps}/second request limit reached - reduce calls per second or upgrade your account at quicknode.com` }) },
    });
    const refused = { network: "base", method: "eth_chainId", meaning: "rate_limited" };
    const before = await counted("dia_node_refusals_total", refused);
    // The second and third within the same second are refused at first, then waited for.
    await Promise.all([client.getChainId(), new Promise((resolve) => setTimeout(resolve, 50)).then(() => client.getChainId()), new Promise((resolve) => setTimeout(resolve, 100)).then(() => client.getChainId())]);
    expect(await counted("dia_node_refusals_total", refused)).toBeGreaterThan(before);
  });
});
