// The provider layer passes a clean batch reply (2xx, no "error" in it) to viem as the node's own
// bytes, in whatever order and spacing the node wrote them, ids or none: viem pairs the answers
// with its calls by id, or by position where a node leaves the ids out.
import { createPublicClient, http } from "viem";
import { afterEach, describe, expect, it, vi } from "vitest";
import { providerFetch } from "@/lib/chain/provider-fetch";
import { ProviderProfile } from "@/lib/chain/provider-profile";

const calls = [
  { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
  { jsonrpc: "2.0", id: 2, method: "eth_chainId", params: [] },
];

function nodeAnswering(text: string) {
  const fetched = vi.fn(async () => new Response(text, { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetched);
  return fetched;
}

const send = () => providerFetch({ profile: new ProviderProfile("http://node.test"), scope: () => undefined, maxWaitMs: 1_000 })("http://node.test", { method: "POST", body: JSON.stringify(calls) });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("providerFetch and a batch's reply", () => {
  it("a clean reply reaches viem byte for byte, answers in the node's order", async () => {
    const text = '[ {"jsonrpc":"2.0","id":2,"result":"0x1"},\n  {"jsonrpc":"2.0","id":1,"result":"0x2a"} ]';
    const fetched = nodeAnswering(text);
    const response = await send();
    expect(fetched).toHaveBeenCalledTimes(1);
    expect(await response.text()).toBe(text);
  });

  it("a clean reply from a node that leaves the ids out reaches viem as it came, and viem pairs its answers by position", async () => {
    const text = '[{"jsonrpc":"2.0","result":"0x2a"},{"jsonrpc":"2.0","result":"0x1"}]';
    nodeAnswering(text);
    expect(await (await send()).text()).toBe(text);
    const client = createPublicClient({ transport: http("http://node.test", { batch: true, retryCount: 0, fetchFn: providerFetch({ profile: new ProviderProfile("http://node.test"), scope: () => undefined, maxWaitMs: 1_000 }) }) });
    expect(await Promise.all([client.getBlockNumber({ cacheTime: 0 }), client.getChainId()])).toEqual([42n, 1]);
  });
});
