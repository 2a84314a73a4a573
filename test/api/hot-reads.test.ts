// Hot tokens: identical intelligence reads are computed once. Through a provider proxy in front of
// the eth demo chain (which counts every call it is asked), many concurrent identical calls cost
// about one call's node traffic, a later identical call at the same head costs one eth_blockNumber,
// a new block reads afresh, and every caller is charged for the answer it gets. The kept answers
// are shared between instances through Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClient, defaultClientSettings, meteredHttp } from "@/lib/chain/clients";
import { factsCache } from "@/lib/chain/facts-cache";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import type { DemoChain } from "@/demo-chain";
import { useSharedDemoChains } from "../support/demo-chains";
import { inNodeScope, withRpcMeter } from "@/lib/chain/node-scope";
import { forgetKeptAnswers, forgetToldHeads, MemoryAnswerStore, RedisAnswerStore, sharedRead } from "@/lib/intel/runtime/hot-reads";
import { RespClient } from "@/lib/redis/resp-client";
import { createHarness, expectFailure, expectSuccess, type Harness } from "../support/harness";
import { startProviderProxy, type ProviderProxy } from "../support/provider-proxy";
import { nodeSettingsChanged } from "../support/node-settings";

let chain: DemoChain;
let proxy: ProviderProxy;
let h: Harness;
const savedUrl = process.env.ETH_RPC_URL;

const sharedChains = useSharedDemoChains(["eth"]);
beforeAll(async () => {
  chain = sharedChains.get("eth");
  proxy = await startProviderProxy(chain.rpcUrl, { name: "counting" });
  process.env.ETH_RPC_URL = proxy.url;
  await nodeSettingsChanged();
  forgetProviderProfiles();
  h = await createHarness("pglite+memory");
}, 180_000);

afterAll(async () => {
  if (savedUrl === undefined) delete process.env.ETH_RPC_URL;
  else process.env.ETH_RPC_URL = savedUrl;
  await nodeSettingsChanged();
  forgetKeptAnswers();
  await h?.close();
  await proxy?.close();
});

/** Calls of every method the node was asked for while `run` ran. */
async function counted<T>(run: () => Promise<T>): Promise<{ value: T; calls: number; byMethod: Record<string, number> }> {
  proxy.resetStats();
  const value = await run();
  return { value, calls: proxy.stats.calls, byMethod: { ...proxy.stats.byMethod } };
}

const risk = async (address: string) => {
  const { key } = await h.key({ permissions: ["intel:read"] });
  return h.call("POST", "intel/risk", { key, body: { chain: "eth", address } });
};

describe("identical reads at the same block", () => {
  it("20 concurrent identical risk calls cost about one call's node traffic; each caller gets and pays for the same answer", async () => {
    const token = chain.addressBook.scenarios.healthy.token.address;
    forgetKeptAnswers(new MemoryAnswerStore());
    factsCache.clear();
    const single = await counted(() => risk(token));
    const singleAnswer = expectSuccess(single.value);

    forgetKeptAnswers(new MemoryAnswerStore());
    factsCache.clear();
    const many = await counted(() => Promise.all(Array.from({ length: 20 }, () => risk(token))));
    for (const response of many.value) {
      const answer = expectSuccess(response);
      expect(answer.data).toEqual(singleAnswer.data);
      expect(answer.meta.credits_charged).toBe(2);
    }
    // One read for all twenty (plus at most a head check each for callers that came after it ended).
    expect(many.calls).toBeLessThanOrEqual(single.calls + 20);
    expect(many.byMethod.eth_call ?? 0).toBeLessThanOrEqual(single.byMethod.eth_call ?? 0);
    console.info(`hot reads: one risk call ${single.calls} node calls; twenty concurrent identical calls ${many.calls}`);
  });

  it("a later identical call at the same head is one eth_blockNumber; a new block reads afresh; another token is its own read", async () => {
    const token = chain.addressBook.scenarios.mintable.token.address;
    forgetKeptAnswers(new MemoryAnswerStore());
    const first = await risk(token);
    const firstAnswer = expectSuccess(first);

    const again = await counted(() => risk(token));
    expect(expectSuccess(again.value).data).toEqual(firstAnswer.data);
    expect(again.byMethod).toEqual({ eth_blockNumber: 1 });

    const other = await counted(() => risk(chain.addressBook.scenarios.tax.token.address));
    expect(other.calls).toBeGreaterThan(1);

    await fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x1"] }) });
    const afterBlock = await counted(() => risk(token));
    expect(afterBlock.calls).toBeGreaterThan(1);
    expect(expectSuccess(afterBlock.value).meta.chain_data_source.block_number).toBe(firstAnswer.meta.chain_data_source.block_number + 1);
  });

  it("a node that stopped answering is not hidden by a kept answer: 503, uncharged", async () => {
    // The same node now failing: its head check fails, so the kept answer is not served.
    await expectUnavailableOnceTheHeadFails(chain.addressBook.scenarios.honeypot.token.address, { keepTheAnswer: true });
  });
});

/** A risk answer, then the node's head refused: the next identical call is 503 and uncharged. */
async function expectUnavailableOnceTheHeadFails(token: string, options: { keepTheAnswer: boolean }) {
  forgetKeptAnswers(new MemoryAnswerStore());
  expect((await risk(token)).status).toBe(200);
  if (!options.keepTheAnswer) forgetKeptAnswers(new MemoryAnswerStore());
  proxy.rules.methodsOff = { methods: ["eth_blockNumber"], refuse: () => ({ status: 503, error: { code: -32603, message: "upstream unavailable" } }) };
  try {
    const response = await risk(token);
    // A failure envelope carries no charge at all (the pipeline charges successes only).
    expectFailure(response, "unavailable");
    expect(response.status).toBe(503);
  } finally {
    proxy.rules.methodsOff = undefined;
  }
}

describe("a read that need not wait for the head", () => {
  const mine = () => fetch(chain.rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x1"] }) });

  it("after a head the node told within its block interval, the read starts at it while the head is asked: one round fewer, the same answer", async () => {
    const token = chain.addressBook.scenarios.tax.token.address;
    forgetToldHeads();
    forgetKeptAnswers(new MemoryAnswerStore());
    const cold = await withRpcMeter(() => risk(token));
    forgetKeptAnswers(new MemoryAnswerStore());
    const warm = await withRpcMeter(() => risk(token));
    const warmAnswer = expectSuccess(warm.result);
    const coldAnswer = expectSuccess(cold.result);
    expect(warmAnswer.data).toEqual(coldAnswer.data);
    expect(warmAnswer.meta.chain_data_source.block_number).toBe(coldAnswer.meta.chain_data_source.block_number);
    expect(warm.usage.rounds).toBe(cold.usage.rounds - 1);
    expect(warm.usage.calls).toBe(cold.usage.calls);
  });

  it("a new block since: the read started at the block before is stopped, and the answer is read at the new head", async () => {
    const token = chain.addressBook.scenarios.tax.token.address;
    forgetKeptAnswers(new MemoryAnswerStore());
    const before = await risk(token);
    await mine();
    forgetKeptAnswers(new MemoryAnswerStore());
    const after = await withRpcMeter(() => risk(token));
    expect(expectSuccess(after.result).meta.chain_data_source.block_number).toBe(expectSuccess(before).meta.chain_data_source.block_number + 1);
    // The head's round came first again (the early read's rounds were wasted beside it).
    expect(after.usage.rounds).toBeGreaterThanOrEqual(4);
  });

  it("a node whose head does not answer fails the request (503, uncharged), though a read started at the head it told before could go on", async () => {
    await expectUnavailableOnceTheHeadFails(chain.addressBook.scenarios.tax.token.address, { keepTheAnswer: false });
  });
});

describe("kept answers", () => {
  it("expire, and the in-process store keeps at most its size", async () => {
    let now = 0;
    const store = new MemoryAnswerStore(2, () => now);
    const answer = (block: string) => ({ block, result: { data: { block } } });
    await store.set("a", answer("1"));
    await store.set("b", answer("2"));
    await store.set("c", answer("3"));
    expect(await store.get("a")).toBeUndefined();
    expect(await store.get("c")).toEqual(answer("3"));
    now = 60_001;
    expect(await store.get("c")).toBeUndefined();
  });

  it.runIf(process.env.TEST_REDIS_URL)("are shared between instances through Redis", async () => {
    const one = RespClient.fromUrl(process.env.TEST_REDIS_URL!);
    const two = RespClient.fromUrl(process.env.TEST_REDIS_URL!);
    try {
      const prefix = `hot-test-${process.pid}-${Date.now()}:`;
      const first = new RedisAnswerStore(one, prefix);
      const second = new RedisAnswerStore(two, prefix);
      await first.set("key", { block: "42", result: { data: { ok: true }, meta: { chain_data_source: { block_number: 42 } } } });
      expect(await second.get("key")).toEqual({ block: "42", result: { data: { ok: true }, meta: { chain_data_source: { block_number: 42 } } } });
      expect(await second.get("other")).toBeUndefined();
    } finally {
      one.close();
      two.close();
    }
  });
});

describe("one caller giving up", () => {
  const answerOf = (label: string) => async (head: bigint) => ({ block: head.toString(), result: { data: { label } } });
  /** A read that waits until the test settles it, and says when it has started (after the head was learned). */
  const heldRead = () => {
    let settle!: (outcome: Error | null) => void;
    let started!: () => void;
    const hasStarted = new Promise<void>((resolve) => (started = resolve));
    const read = (head: bigint) => {
      started();
      return new Promise<{ block: string; result: { data: unknown } }>((resolve, reject) => (settle = (outcome) => (outcome ? reject(outcome) : resolve({ block: head.toString(), result: { data: { label: "held" } } }))));
    };
    return { read, hasStarted, settle: (outcome: Error | null) => settle(outcome) };
  };
  const client = () => createChainClient("eth", meteredHttp(proxy.url, defaultClientSettings));

  it("a read whose caller gave up (deadline, client gone) is not joined: the next caller reads for itself", async () => {
    const store = new MemoryAnswerStore();
    const gaveUp = new AbortController();
    const held = heldRead();
    const first = inNodeScope({ signal: gaveUp.signal }, () => sharedRead("given-up", client, store, held.read));
    first.catch(() => undefined);
    await held.hasStarted;
    gaveUp.abort();
    const second = inNodeScope({}, () => sharedRead("given-up", client, store, answerOf("second")));
    held.settle(new Error("the first caller's node requests were cancelled"));
    expect(await second).toEqual({ data: { label: "second" } });
    await expect(first).rejects.toThrow(/cancelled/);
  });

  it("a caller that joined a read whose starter then gave up reads for itself; one that failed on its own fails everyone who joined", async () => {
    const store = new MemoryAnswerStore();
    const gaveUp = new AbortController();
    const held = heldRead();
    const first = inNodeScope({ signal: gaveUp.signal }, () => sharedRead("joined", client, store, held.read));
    first.catch(() => undefined);
    await held.hasStarted;
    const joined = inNodeScope({}, () => sharedRead("joined", client, store, answerOf("joined")));
    gaveUp.abort();
    held.settle(new Error("cancelled"));
    expect(await joined).toEqual({ data: { label: "joined" } });

    const failing = heldRead();
    const starter = inNodeScope({}, () => sharedRead("failed", client, store, failing.read));
    starter.catch(() => undefined);
    await failing.hasStarted;
    // A follower that joins makes no client of its own: it never asks the node.
    let followerClients = 0;
    const follower = inNodeScope({}, () => sharedRead("failed", () => (followerClients++, client()), store, answerOf("never")));
    failing.settle(new Error("node fault"));
    await expect(follower).rejects.toThrow("node fault");
    await expect(starter).rejects.toThrow("node fault");
    expect(followerClients).toBe(0);
  });
});
