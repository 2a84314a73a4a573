// The chain layer through providers as they really answer: the provider proxy emulates each
// one's published limits in its own words in front of a real anvil. Each scan must return the
// same logs as the node itself does, within a stated number of requests; batches over a cap are
// split, a provider without eth_getLogs is answered 503 at once, 429s are waited out together.
import { parseAbiItem, toHex, type Address } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { clearChainClients, getChainClient, type ClientSettings } from "@/lib/chain/clients";
import { scanLogs } from "@/lib/chain/log-scanner";
import { forgetProviderProfiles, knownProviderProfile } from "@/lib/chain/provider-profile";
import { readChain } from "@/lib/chain/upstream";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { transfersReadFromStart } from "@/lib/intel/endpoints/intel/risk/read";
import { providers, startProviderProxy, type ProviderProxy, type ProviderRules, type ProxyStats } from "../support/provider-proxy";
import { rpc, startAnvil, type Anvil } from "./support/anvil";
import { artifacts, deploy, deployer, setupClients, type TestChain } from "./support/contracts";

const transfer = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const alice: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const settings: Partial<ClientSettings> = { timeoutMs: 5_000, retryCount: 2, retryDelayMs: 1 };

let anvil: Anvil;
let chain: TestChain;
let emitter: Address;
let head: bigint;
/**
 * The scans' windows end here, far above anvil's head: anvil mines ever slower as its chain grows
 * (10,000 blocks take minutes), so the chain is ~3,000 blocks and the blocks above it answer no
 * logs, as empty blocks do. What a provider counts is ranges, and those are real.
 */
const top = 100_099n;
/** Blocks that carry Transfers: three stretches of 20 blocks, 40 logs each, 1,500 blocks apart. */
const emitted: { value: bigint; block: bigint }[] = [];

async function emitStretch(blocks: number) {
  const { abi } = artifacts().TransferEmitter;
  for (let i = 0; i < blocks; i++) {
    const count = i % 2 === 0 ? 1 : 3;
    const hash = await chain.walletClient.writeContract({ address: emitter, abi, functionName: "emitTransfers", args: [alice, BigInt(count)], account: deployer, chain: null });
    const { blockNumber } = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    for (let k = 0; k < count; k++) emitted.push({ value: BigInt(emitted.length), block: blockNumber });
  }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 });
  chain = setupClients(anvil.url);
  emitter = await deploy(chain, "TransferEmitter");
  await emitStretch(20);
  await rpc(anvil.url, "anvil_mine", [toHex(1_500)]);
  await emitStretch(20);
  await rpc(anvil.url, "anvil_mine", [toHex(1_500)]);
  await emitStretch(20);
  head = await chain.publicClient.getBlockNumber();
  // ~7 s on an idle machine, but anvil's cost per mined block grows with the chain, and beside a
  // busy suite on two cores this has taken over 120 s.
}, 360_000);

afterAll(async () => {
  await anvil?.stop();
});

const proxies: ProviderProxy[] = [];
async function proxy(rules: ProviderRules): Promise<ProviderProxy> {
  const started = await startProviderProxy(anvil.url, rules, { emptyAboveHead: true });
  proxies.push(started);
  return started;
}

afterEach(async () => {
  for (const started of proxies.splice(0)) await started.close();
  clearChainClients();
  forgetProviderProfiles();
});

const client = (url: string, env: Record<string, string> = {}) => getChainClient("eth", { env: { ETH_RPC_URL: url, ...env }, settings });

function scan(url: string, window: bigint, extra: { maxRequests?: number; env?: Record<string, string>; toBlock?: bigint } = {}) {
  return scanLogs({
    client: client(url, extra.env),
    address: emitter,
    events: [transfer],
    fromBlock: 0n,
    toBlock: extra.toBlock ?? top,
    maxLookbackBlocks: window,
    chunkSize: 50_000n,
    maxRequests: extra.maxRequests,
  });
}

const valuesOf = (logs: readonly { args: { value?: bigint } }[]) => logs.map((log) => log.args.value as bigint);
const expectedIn = (from: bigint) => emitted.filter((entry) => entry.block >= from).map((entry) => entry.value);

describe("scans through each provider return what the node holds, within a stated number of requests", () => {
  // Window: blocks 0 to 100,099, 120 logs. Result caps are scaled down to 20 logs so the
  // stretches of 40 logs overflow them; block-range caps are the providers' own.
  // A fault fails its whole HTTP request, so each may cost one wave again: up to 20 calls here
  // (10,000-block calls for 50,000-block chunks, four chunks a wave).
  const perFault = (base: number) => (stats: ProxyStats) => base + 20 * Object.values(stats.faults).reduce((sum, n) => sum + n, 0);
  it.each<[string, () => ProviderRules, number | ((stats: ProxyStats) => number)]>([
    // 3 chunks (two of 50,000 blocks, one of 100); each 40-log stretch overflows 20 logs once: its
    // suggested range, then the rest of the chunk whole.
    ["Alchemy pay-as-you-go (cap 20 logs over 2K blocks)", () => providers.alchemyPayg({ maxLogs: 20 }), 10],
    // The range cap stated in the first wave's 2 refusals: 11 calls of 10,000 blocks, plus 4 result-cap
    // refusals with their suggested ranges and rests.
    ["Infura (10,000 blocks, cap 20 logs)", () => providers.infura({ maxLogs: 20 }), 22],
    // 2 refusals, then 11 calls of 10,000 blocks.
    ["QuickNode (10,000 blocks, HTTP 413)", () => providers.quicknode(), 13],
    ["reth defaults (100,000 blocks, cap 20 logs)", () => providers.reth({ maxLogs: 20 }), 12],
    // 2 refusals, then 101 calls of 1,000 blocks.
    ["Coinbase (1,000 blocks)", () => providers.coinbase(), 103],
    ["dRPC free (10,000 blocks)", () => providers.drpcFree(), 13],
    // 3 chunks in one batch; the calls past the 2 KB answer cap are asked again in a batch of their own.
    ["geth with a 10-call batch cap and a 2 KB batch answer cap", () => providers.geth({ maxBatch: 10, maxBatchResponseBytes: 2_000 }), 4],
    [
      "Infura with seeded faults (503s, dropped connections, a lagging backend)",
      () => ({ ...providers.infura({ maxLogs: 20 }), faults: { probability: 0.4, seed: 15, kinds: ["http_503", "reset", "lagging_backend"] } }),
      perFault(21),
    ],
  ])("%s", async (_label, rules, ceiling) => {
    const window = top + 1n;
    // Straight from the node: a proxy with no limits, which only answers the empty blocks above anvil's head.
    const straight = await scan((await proxy({ name: "the node itself" })).url, window);
    expect(valuesOf(straight.logs)).toEqual(expectedIn(0n));
    const through = await proxy(rules());
    const result = await scan(through.url, window);
    expect(valuesOf(result.logs)).toEqual(valuesOf(straight.logs));
    expect(result.logs.map((log) => log.blockNumber)).toEqual(straight.logs.map((log) => log.blockNumber));
    expect({ fromBlock: result.fromBlock, truncated: result.truncated, reason: result.reason }).toEqual({ fromBlock: 0n, truncated: false, reason: "history_start" });
    expect(through.stats.byMethod.eth_getLogs, JSON.stringify(through.stats)).toBeLessThanOrEqual(typeof ceiling === "number" ? ceiling : ceiling(through.stats));
    console.info(`${_label}: ${through.stats.byMethod.eth_getLogs} eth_getLogs calls in ${through.stats.httpRequests} HTTP requests; refused ${JSON.stringify(through.stats.refused)}; faults ${JSON.stringify(through.stats.faults)}`);
  });

  it("Alchemy free (10 blocks): the limit is learned from the first refusal and used, one call per 10 blocks after it", async () => {
    const through = await proxy(providers.alchemyFree());
    // Blocks 0 to 4,999: one refused 5,000-block call, then 500 ten-block calls.
    const first = await scan(through.url, 5_000n, { toBlock: 4_999n });
    expect(valuesOf(first.logs)).toEqual(expectedIn(0n));
    expect(first.logs).toHaveLength(120);
    expect(through.stats.refused).toEqual({ maxBlockRange: 1 });
    expect(through.stats.byMethod.eth_getLogs).toBe(501);
    // 100 calls per HTTP request: the blocks per round trip stay those the caller planned.
    expect(through.stats.httpRequests).toBeLessThanOrEqual(7);
    expect(knownProviderProfile(through.url)?.limits().maxBlockRange).toBe(10n);

    through.resetStats();
    const again = await scan(through.url, 5_000n, { toBlock: 4_999n });
    expect(valuesOf(again.logs)).toEqual(valuesOf(first.logs));
    expect(through.stats.refused).toEqual({});
    expect(through.stats.byMethod.eth_getLogs).toBe(500);
  });

  it("Alchemy free over 100,000 blocks: 10,000 ten-block calls after one wave of refusals (was 32,764)", async () => {
    const through = await proxy(providers.alchemyFree());
    const result = await scan(through.url, 100_000n, { maxRequests: 20_000 });
    expect(valuesOf(result.logs)).toEqual(expectedIn(top - 99_999n));
    expect(through.stats.refused).toEqual({ maxBlockRange: 2 });
    expect(through.stats.byMethod.eth_getLogs).toBe(10_002);
    expect(result.requests).toBe(10_002);
  }, 60_000);

  it("stops at the scan's budget and says so: truncated, cap reached, covering only what it read", async () => {
    const through = await proxy(providers.alchemyFree());
    const result = await scan(through.url, head + 1n, { maxRequests: 200, toBlock: head });
    expect(result).toMatchObject({ truncated: true, reason: "cap_reached", requests: 200, toBlock: head });
    // One refused call for the whole chain, then 199 ten-block calls down from the head.
    expect(result.fromBlock).toBe(head - 1_989n);
    expect(valuesOf(result.logs)).toEqual(expectedIn(head - 1_989n));
    expect(through.stats.byMethod.eth_getLogs).toBe(200);
  });

  it("a provider that states no size is probed a call at a time and never split below what the budget can cover", async () => {
    // Infura's timeout text names no size: every range over 1,000 blocks gets it.
    const through = await proxy({
      name: "slow provider",
      maxBlockRange: { limit: 1_000, refuse: () => ({ error: { code: -32005, message: "query timeout exceeded" } }) },
    });
    const result = await scan(through.url, top + 1n);
    expect(valuesOf(result.logs)).toEqual(expectedIn(0n));
    // Halving 50,000 → 781 takes 7 refusals in all: the first wave's two chunks, then one per halving.
    expect(through.stats.refused.maxBlockRange).toBe(7);
    // Then the refused 100,000 blocks go in 781-block calls; the first wave's 100-block rest passed at once.
    expect(through.stats.byMethod.eth_getLogs).toBe(7 + Math.ceil(100_000 / 781) + 1);

    // With room for only 20 calls, narrowing to 781 blocks would not finish the window: it stops early instead.
    forgetProviderProfiles();
    clearChainClients();
    through.resetStats();
    const capped = await scan(through.url, top + 1n, { maxRequests: 20 });
    expect(capped).toMatchObject({ truncated: true, reason: "cap_reached" });
    expect(through.stats.byMethod.eth_getLogs).toBeLessThanOrEqual(20);
  });
});

describe("a provider that cuts answers at a cap without saying so", () => {
  it("with the cap configured, a full answer is asked again narrower, and no log is lost", async () => {
    const through = await proxy({ name: "silent cap", silentLogCap: 20 });
    const cut = await scan(through.url, head + 1n, { toBlock: head });
    // Unconfigured, nothing says logs are missing: this is what the setting is for.
    expect(cut.logs.length).toBeLessThan(120);
    clearChainClients();
    forgetProviderProfiles();
    through.resetStats();
    // Full answers are narrowed for the whole scan, as any refusal that names no size: the 40-log
    // stretches need ranges of 5 blocks, so the chain's ~3,060 blocks take some 620 calls.
    const result = await scan(through.url, head + 1n, { toBlock: head, env: { ETH_RPC_MAX_LOGS: "20" } });
    expect(valuesOf(result.logs)).toEqual(expectedIn(0n));
    expect(result.reason).toBe("history_start");
    expect(through.stats.byMethod.eth_getLogs).toBeLessThanOrEqual(625);
    console.info(`silent cap of 20 logs: ${through.stats.byMethod.eth_getLogs} eth_getLogs calls`);
  });
});

describe("a provider that does not serve eth_getLogs", () => {
  it("is answered 503 naming the cause after one wave, and at once after that", async () => {
    const through = await proxy(providers.bnbPublic());
    const started = Date.now();
    const error = await scan(through.url, top + 1n).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({ kind: "method_not_offered", message: "Ethereum node did not answer: it does not serve eth_getLogs (JSON-RPC error -32005: limit exceeded)" });
    expect(through.stats.byMethod.eth_getLogs).toBeLessThanOrEqual(3);
    expect(Date.now() - started).toBeLessThan(2_000);

    through.resetStats();
    const again = await scan(through.url, top + 1n).catch((caught: unknown) => caught);
    expect(again).toMatchObject({ kind: "method_not_offered" });
    expect(through.stats.byMethod.eth_getLogs ?? 0).toBe(0);
  });
});

describe("batches through a provider that caps them", () => {
  const accounts = Array.from({ length: 25 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}` as Address);

  it.each<[string, () => ProviderRules, Record<string, number>]>([
    ["geth --rpc.batch-request-limit 10 (one -32600 in an array)", () => providers.geth({ maxBatch: 10 }), { maxBatch: 2 }],
    ["Base's public proxyd (-32014, id null)", () => providers.basePublic({ maxBatch: 10 }), { maxBatch: 2 }],
  ])("%s: every call answered, the size learned, the next round split from the start", async (_label, rules, refusals) => {
    const through = await proxy(rules());
    const read = () => Promise.all(accounts.map((address) => client(through.url).getTransactionCount({ address })));
    const expected = await Promise.all(accounts.map((address) => chain.publicClient.getTransactionCount({ address })));
    const { result, usage } = await withRpcMeter(() => readChain("eth", read));
    expect(result).toEqual(expected);
    expect(through.stats.refused).toEqual(refusals);
    expect(knownProviderProfile(through.url)?.limits().maxBatch).toBeLessThanOrEqual(10);
    expect(usage.roundTrips).toBe(through.stats.httpRequests);

    through.resetStats();
    const { result: again } = await withRpcMeter(() => readChain("eth", read));
    expect(again).toEqual(expected);
    expect(through.stats).toMatchObject({ httpRequests: 3, calls: 25, refused: {} });
  });

  it("a part of a split batch that fails on the way (a dropped connection, a 503) is sent once more alone; the rest are not sent again", async () => {
    for (const kind of ["reset", "http_503"] as const) {
      // The batch cap is learned first; then one fault, on the first part of the next batch.
      const through = await proxy({ ...providers.geth({ maxBatch: 10 }), name: `split batch, ${kind}` });
      const read = () => Promise.all(accounts.map((address) => client(through.url).getTransactionCount({ address })));
      const expected = await Promise.all(accounts.map((address) => chain.publicClient.getTransactionCount({ address })));
      await read();
      through.resetStats();
      through.rules.faults = { probability: 1, seed: 1, kinds: [kind], limit: 1 };
      expect(await read()).toEqual(expected);
      // Three parts of 10, 10 and 5 calls, and the faulted one once more: viem did not send the batch again.
      expect(through.stats, kind).toMatchObject({ httpRequests: 4, calls: 35, faults: { [kind]: 1 } });
      await through.close();
      proxies.splice(proxies.indexOf(through), 1);
      clearChainClients();
      forgetProviderProfiles();
    }
  });

  it("a configured batch size is used from the first request", async () => {
    const through = await proxy(providers.geth({ maxBatch: 10 }));
    await Promise.all(accounts.map((address) => client(through.url, { ETH_RPC_MAX_BATCH: "8" }).getTransactionCount({ address })));
    expect(through.stats).toMatchObject({ httpRequests: 4, refused: {} });
  });
});

describe("rate limits", () => {
  it("a 429 with Retry-After pauses every caller of the provider together, and the stated rate paces the rest", async () => {
    const through = await proxy(providers.quicknode({ rps: 20, retryAfterSeconds: 1 }));
    const accounts = Array.from({ length: 60 }, (_, i) => `0x${(i + 100).toString(16).padStart(40, "0")}` as Address);
    const started = Date.now();
    // Three API requests at once, 20 calls each, each in its own metered scope (its own batches).
    const results = await Promise.all(
      [0, 1, 2].map((part) => withRpcMeter(() => readChain("eth", () => Promise.all(accounts.slice(part * 20, part * 20 + 20).map((address) => client(through.url).getTransactionCount({ address })))))),
    );
    expect(results.flatMap(({ result }) => result)).toEqual(accounts.map(() => 0));
    expect(knownProviderProfile(through.url)?.limits().maxRps).toBe(20);
    // 60 calls at 20 a second: at least two seconds, whatever the order.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(through.stats.refused.rateLimit ?? 0).toBeLessThanOrEqual(2);
  });

  it("a Retry-After longer than a request may wait is not waited out: 503 rate limited, quickly", async () => {
    const through = await proxy(providers.quicknode({ rps: 1, retryAfterSeconds: 60 }));
    const fast = (address: Address) => getChainClient("eth", { env: { ETH_RPC_URL: through.url }, settings: { timeoutMs: 1_000, retryCount: 1, retryDelayMs: 1 } }).getTransactionCount({ address });
    const started = Date.now();
    const error = await readChain("eth", () => Promise.all([fast(alice), fast(deployer)])).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "rate_limited" });
    expect((error as Error).message).toMatch(/^Ethereum node did not answer: JSON-RPC error -32007: 1\/second request limit reached/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("old state", () => {
  it("a lagging backend's \"header not found\" is asked once more and answered", async () => {
    const through = await proxy({ name: "lagging once", faults: { probability: 1, seed: 1, kinds: ["lagging_backend"], limit: 1 } });
    const balanceAt = (url: string) => client(url).request({ method: "eth_getBalance", params: [deployer, toHex(head - 1n)] });
    const balance = await readChain("eth", () => balanceAt(through.url));
    expect(balance).toBe(await balanceAt(anvil.url));
    expect(through.stats).toMatchObject({ httpRequests: 2, faults: { lagging_backend: 1 } });
  });

  it("the siphon check's look at the token before its Transfer window is skipped on a full node, not turned into a 503", async () => {
    const window = { end: "window_ended" as const, truncated: false, fromBlock: head - 1_000n };
    // The emitter had code then, so the window does not hold its whole history.
    expect(await transfersReadFromStart(client(anvil.url), emitter, window)).toBe(false);
    // A window starting before its deployment holds it all; a node without that block's state cannot say.
    expect(await transfersReadFromStart(client(anvil.url), emitter, { ...window, fromBlock: 1n })).toBe(true);
    const through = await proxy({ name: "geth full node", keepStateBlocks: 128 });
    expect(await transfersReadFromStart(client(through.url), emitter, { ...window, fromBlock: 1n })).toBe(false);
    expect(through.stats.refused.keepStateBlocks).toBeGreaterThan(0);
  });

  it("a full node without the block's state is answered 503 naming the archive it would take, after one more ask", async () => {
    const through = await proxy({ name: "geth full node", keepStateBlocks: 128 });
    const error = await readChain("eth", () => client(through.url).request({ method: "eth_getBalance", params: [deployer, toHex(head - 1_000n)] })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({
      kind: "state_not_available",
      message: `Ethereum node did not answer: it keeps no state for that block (an archive node does); JSON-RPC error -32000: missing trie node ${"ab".repeat(32)} (path )`,
    });
    expect(through.stats.refused.keepStateBlocks).toBe(2);
  });
});
