import {
  createTransport,
  formatLog,
  hexToBigInt,
  HttpRequestError,
  parseAbiItem,
  RpcRequestError,
  type Address,
  type EIP1193RequestFn,
  type Hex,
  type RpcLog,
  type Transport,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { createChainClient, getChainClient, meteredHttp, type ClientSettings } from "@/lib/chain/clients";
import { forgetLogDensities, formatRpcLog, interner, isRangeLimitError, scanLogs, targetLogsPerBatch, targetLogsPerCall } from "@/lib/chain/log-scanner";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { startAnvil, type Anvil } from "./support/anvil";
import { artifacts, deploy, deployer, setupClients, type TestChain } from "./support/contracts";

const transfer = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const alice: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const bob: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const settings: ClientSettings = { timeoutMs: 2_000, retryCount: 0, retryDelayMs: 1, pollingIntervalMs: 10 };

let anvil: Anvil;
let chain: TestChain;
let emitter: Address;
let firstBlock: bigint;
let lastBlock: bigint;
/** What the chain holds, computed as we emit: value n was the n-th Transfer. */
const emitted: { value: bigint; to: Address; block: bigint }[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 });
  chain = setupClients(anvil.url);
  emitter = await deploy(chain, "TransferEmitter");
  const { abi } = artifacts().TransferEmitter;
  // 60 blocks: even ones carry one Transfer to alice, odd ones three to bob; 120 in all.
  for (let i = 0; i < 60; i++) {
    const to = i % 2 === 0 ? alice : bob;
    const count = i % 2 === 0 ? 1 : 3;
    const hash = await chain.walletClient.writeContract({
      address: emitter,
      abi,
      functionName: "emitTransfers",
      args: [to, BigInt(count)],
      account: deployer,
      chain: null,
    });
    const { blockNumber } = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    for (let k = 0; k < count; k++) emitted.push({ value: BigInt(emitted.length), to, block: blockNumber });
  }
  firstBlock = emitted[0].block;
  lastBlock = emitted[emitted.length - 1].block;
});

afterAll(async () => {
  await anvil?.stop();
});

function env() {
  return { ETH_RPC_URL: anvil.url };
}

function valuesOf(logs: readonly { args: { value?: bigint } }[]): bigint[] {
  return logs.map((log) => log.args.value as bigint);
}

function expectedValues(from: bigint, to: bigint, recipient?: Address): bigint[] {
  return emitted
    .filter((entry) => entry.block >= from && entry.block <= to && (!recipient || entry.to === recipient))
    .map((entry) => entry.value);
}

/**
 * Stands in for a provider's policy on top of the real node: eth_getLogs requests
 * that `refuse` objects to fail with that provider's error, all others reach anvil.
 */
function providerPolicy(refuse: (span: bigint) => Error | undefined): { transport: Transport; seen: { refused: bigint[]; passed: bigint[] } } {
  const seen = { refused: [] as bigint[], passed: [] as bigint[] };
  const inner = meteredHttp(anvil.url, settings);
  const transport: Transport = (config) => {
    const base = inner(config);
    return createTransport({
      key: "provider-policy",
      name: "Provider policy",
      type: "provider-policy",
      retryCount: 0,
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === "eth_getLogs") {
          const [filter] = params as [{ fromBlock: Hex; toBlock: Hex }];
          const span = hexToBigInt(filter.toBlock) - hexToBigInt(filter.fromBlock) + 1n;
          const error = refuse(span);
          (error ? seen.refused : seen.passed).push(span);
          if (error) throw error;
        }
        return base.request({ method, params } as Parameters<typeof base.request>[0], { retryCount: 0 });
      }) as EIP1193RequestFn,
    });
  };
  return { transport, seen };
}

function rpcError(code: number, message: string): RpcRequestError {
  return new RpcRequestError({ body: { method: "eth_getLogs" }, error: { code, message }, url: anvil.url });
}

describe("scanLogs", () => {
  it("finds the 120 Transfers in order with 7-block chunks, four chunks per round trip", async () => {
    expect(lastBlock - firstBlock).toBe(59n);
    const { result, usage } = await withRpcMeter(() =>
      scanLogs({
        client: getChainClient("eth", { env: env(), settings }),
        address: emitter,
        events: [transfer],
        fromBlock: firstBlock,
        toBlock: lastBlock,
        maxLookbackBlocks: 1_000,
        chunkSize: 7,
      }),
    );
    expect(result.logs).toHaveLength(120);
    expect(valuesOf(result.logs)).toEqual(emitted.map((entry) => entry.value));
    expect(result.logs.map((log) => log.blockNumber)).toEqual(emitted.map((entry) => entry.block));
    expect(result.logs.every((log) => log.eventName === "Transfer" && log.args.from === deployer)).toBe(true);
    expect(result.logs.slice(0, 4).map((log) => [log.args.to, log.logIndex])).toEqual([
      [alice, 0],
      [bob, 0],
      [bob, 1],
      [bob, 2],
    ]);
    expect({ fromBlock: result.fromBlock, toBlock: result.toBlock, truncated: result.truncated, undecoded: result.undecoded }).toEqual({
      fromBlock: firstBlock,
      toBlock: lastBlock,
      truncated: false,
      undecoded: 0,
    });
    // 60 blocks in chunks of 7 is 9 requests; at four per batch, 3 round trips.
    expect(usage).toMatchObject({ roundTrips: 3, calls: 9 });
  });

  it("keeps only what `keep` takes of each log, in the same order as the logs whole", async () => {
    const scan = { client: getChainClient("eth", { env: env(), settings }), address: emitter, events: [transfer] as const, fromBlock: firstBlock, toBlock: lastBlock, maxLookbackBlocks: 1_000, chunkSize: 7 };
    const whole = await scanLogs(scan);
    const kept = await scanLogs({ ...scan, keep: (log) => ({ to: log.args.to, block: log.blockNumber, index: log.logIndex }) });
    expect(kept.logs).toEqual(whole.logs.map((log) => ({ to: log.args.to, block: log.blockNumber, index: log.logIndex })));
    expect(kept.logs[0]).not.toHaveProperty("topics");
    expect({ ...kept, logs: [] }).toEqual({ ...whole, logs: [] });
  });

  it("formats each log as viem's formatLog does, field for field, repeated strings kept once", () => {
    const raw = {
      address: emitter,
      blockHash: `0x${"11".repeat(32)}`,
      blockNumber: "0x10",
      data: `0x${"00".repeat(31)}01`,
      logIndex: "0x0",
      removed: false,
      topics: [`0x${"aa".repeat(32)}`],
      transactionHash: `0x${"22".repeat(32)}`,
      transactionIndex: "0x3",
    } as unknown as RpcLog;
    for (const log of [raw, { ...raw, blockTimestamp: "0x5f5e100" }, { ...raw, blockTimestamp: null }, { ...raw, extra: "kept" }, { ...raw, blockHash: null, blockNumber: null, logIndex: null, transactionHash: null, transactionIndex: null }]) {
      expect(formatRpcLog(log as RpcLog)).toStrictEqual(formatLog(log as RpcLog));
    }
    const same = interner();
    const [a, b] = [formatRpcLog({ ...raw }, same), formatRpcLog({ ...raw, blockHash: `0x${"11".repeat(32)}` }, same)];
    expect(a.blockHash).toBe(b.blockHash);
  });

  it("scans up to the latest block when toBlock is left out", async () => {
    const { result, usage } = await withRpcMeter(() =>
      scanLogs({
        client: getChainClient("eth", { env: env(), settings }),
        address: emitter,
        events: [transfer],
        fromBlock: firstBlock,
        maxLookbackBlocks: 1_000,
        chunkSize: 100,
      }),
    );
    expect(result.toBlock).toBe(lastBlock);
    expect(result.logs).toHaveLength(120);
    expect(usage).toMatchObject({ roundTrips: 2, calls: 2 });
  });

  it("never looks further back than the window, and says the answer is truncated", async () => {
    const result = await scanLogs({
      client: getChainClient("eth", { env: env(), settings }),
      address: emitter,
      events: [transfer],
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 10,
      chunkSize: 3,
    });
    expect(result.fromBlock).toBe(lastBlock - 9n);
    expect(result.toBlock).toBe(lastBlock);
    expect(result.truncated).toBe(true);
    expect(valuesOf(result.logs)).toEqual(expectedValues(lastBlock - 9n, lastBlock));
    expect(result.logs).toHaveLength(20);
  });

  it("a time budget: once the deadline has passed no new wave starts (the first always runs), and the scan ends cap_reached with the newest blocks read", async () => {
    const { result, usage } = await withRpcMeter(() =>
      scanLogs({
        client: getChainClient("eth", { env: env(), settings }),
        address: emitter,
        events: [transfer],
        fromBlock: firstBlock,
        toBlock: lastBlock,
        maxLookbackBlocks: 1_000,
        chunkSize: 7,
        concurrency: 1,
        deadline: Date.now() - 1,
      }),
    );
    expect(usage).toMatchObject({ calls: 1 });
    expect({ fromBlock: result.fromBlock, truncated: result.truncated, reason: result.reason }).toEqual({ fromBlock: lastBlock - 6n, truncated: true, reason: "cap_reached" });
    expect(valuesOf(result.logs)).toEqual(expectedValues(lastBlock - 6n, lastBlock));
  });

  it("filters on an indexed argument", async () => {
    const result = await scanLogs({
      client: getChainClient("eth", { env: env(), settings }),
      address: emitter,
      events: [transfer],
      args: { to: alice },
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 20,
    });
    expect(result.logs).toHaveLength(30);
    expect(valuesOf(result.logs)).toEqual(expectedValues(firstBlock, lastBlock, alice));
  });

  it("stops once it holds enough logs, keeping the newest and saying which blocks it covered", async () => {
    const result = await scanLogs({
      client: getChainClient("eth", { env: env(), settings }),
      address: emitter,
      events: [transfer],
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 4,
      concurrency: 1,
      maxLogs: 10,
    });
    expect(result.fromBlock).toBe(lastBlock - 7n);
    expect(result.truncated).toBe(true);
    expect(valuesOf(result.logs)).toEqual(expectedValues(lastBlock - 7n, lastBlock));
    expect(result.logs).toHaveLength(16);
  });

  it("returns nothing for a range with no logs of that address", async () => {
    const result = await scanLogs({
      client: getChainClient("eth", { env: env(), settings }),
      address: alice,
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 50,
    });
    expect(result).toEqual({ logs: [], fromBlock: firstBlock, toBlock: lastBlock, truncated: false, undecoded: 0, unmatched: [], reason: "history_start", requests: 2 });
  });
});

describe("scanLogs against provider limits", () => {
  it.each([
    ["a result-count cap", () => rpcError(-32005, "query returned more than 10000 results. Try with this block range [0x1, 0x4].")],
    ["a block-range cap", () => rpcError(-32000, "block range is too wide")],
    ["a response-size cap", () => rpcError(-32602, "Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range")],
  ])("splits ranges the node refuses (%s) and keeps the size that worked", async (_label, makeError) => {
    const policy = providerPolicy((span) => (span > 4n ? makeError() : undefined));
    const result = await scanLogs({
      client: createChainClient("eth", policy.transport, settings),
      address: emitter,
      events: [transfer],
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 16,
      concurrency: 2,
    });
    expect(valuesOf(result.logs)).toEqual(emitted.map((entry) => entry.value));
    expect(result.truncated).toBe(false);
    // Two 16-block chunks are refused; a refusal that names no size is probed one call at a
    // time, newest first: 8 blocks are refused once, 4 pass, and all 60 blocks then go in
    // 4-block chunks without another refusal.
    expect(policy.seen.refused).toEqual([16n, 16n, 8n]);
    expect(policy.seen.passed).toHaveLength(15);
    expect(policy.seen.passed.every((span) => span <= 4n)).toBe(true);
  });

  it("answers 503 when the node refuses even a single block", async () => {
    const policy = providerPolicy(() => rpcError(-32005, "query returned more than 10000 results"));
    const error = await scanLogs({
      client: createChainClient("eth", policy.transport, settings),
      address: emitter,
      fromBlock: lastBlock - 1n,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 2,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({ kind: "refused" });
    expect((error as Error).message).toMatch(
      new RegExp(`^Ethereum node did not answer: it refuses logs even for block (${lastBlock - 1n}|${lastBlock}) \\(JSON-RPC error -32005: query returned more than 10000 results\\)$`),
    );
  });

  it("retries a chunk after a transient fault, with backoff", async () => {
    let failures = 0;
    const policy = providerPolicy(() => {
      if (failures >= 2) return undefined;
      failures += 1;
      return new HttpRequestError({ status: 503, url: anvil.url, details: "Service Unavailable" });
    });
    const result = await scanLogs({
      client: createChainClient("eth", policy.transport, settings),
      address: emitter,
      events: [transfer],
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 60,
      retryDelayMs: 1,
    });
    expect(result.logs).toHaveLength(120);
    expect(policy.seen.refused).toEqual([60n, 60n]);
  });

  it("answers 503 once the retries are spent", async () => {
    const policy = providerPolicy(() => new HttpRequestError({ status: 503, url: anvil.url, details: "Service Unavailable" }));
    const error = await scanLogs({
      client: createChainClient("eth", policy.transport, settings),
      address: emitter,
      fromBlock: firstBlock,
      toBlock: lastBlock,
      maxLookbackBlocks: 1_000,
      chunkSize: 60,
      maxRetries: 2,
      retryDelayMs: 1,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: "node_error", message: "Ethereum node did not answer: HTTP 503" });
    expect(policy.seen.refused).toHaveLength(3);
  });

  it("tells range refusals from rate limits", () => {
    expect(isRangeLimitError(rpcError(-32005, "query returned more than 10000 results"))).toBe(true);
    expect(isRangeLimitError(rpcError(-32005, "limit exceeded"))).toBe(true);
    expect(isRangeLimitError(rpcError(-32005, "rate limit exceeded"))).toBe(false);
    expect(isRangeLimitError(rpcError(-32007, "100/second request limit reached"))).toBe(false);
    expect(isRangeLimitError(new HttpRequestError({ status: 503, url: anvil.url }))).toBe(false);
  });
});

describe("scanLogs on dense logs (a busy token: a thousand logs a block)", () => {
  let dense: Address;
  let denseFrom: bigint;
  let denseTo: bigint;
  const perBlock = 1_000;
  const blocks = 12;

  beforeAll(async () => {
    dense = await deploy(chain, "TransferEmitter");
    const { abi } = artifacts().TransferEmitter;
    for (let i = 0; i < blocks; i++) {
      const hash = await chain.walletClient.writeContract({ address: dense, abi, functionName: "emitTransfers", args: [alice, BigInt(perBlock)], account: deployer, chain: null, gas: 25_000_000n });
      const { blockNumber } = await chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 10 });
      if (i === 0) denseFrom = blockNumber;
      denseTo = blockNumber;
    }
  }, 300_000);

  /** A client whose every eth_getLogs answer is counted, in the order the waves sent them. */
  function countingClient() {
    const answers: { wave: number; logs: number }[] = [];
    let wave = 0;
    let inWave = 0;
    const inner = meteredHttp(anvil.url, settings);
    const transport: Transport = (options) => {
      const base = inner(options);
      const request = (async (args: { method: string; params?: unknown }, opts?: unknown) => {
        if (args.method !== "eth_getLogs") return base.request(args as never, opts as never);
        if (inWave === 0) wave += 1;
        inWave += 1;
        const myWave = wave;
        try {
          const logs = (await base.request(args as never, opts as never)) as unknown[];
          answers.push({ wave: myWave, logs: logs.length });
          return logs;
        } finally {
          inWave -= 1;
        }
      }) as EIP1193RequestFn;
      return createTransport({ key: "counting", name: "counting", type: "counting", request, retryCount: 0 });
    };
    return { client: createChainClient("eth", transport, settings), answers };
  }

  it("narrows its calls and batches to the density it measures, finds every log, and asks the next scan small from the start", async () => {
    const first = countingClient();
    const scan = () => scanLogs({ client: first.client, address: dense, events: [transfer], fromBlock: denseFrom, toBlock: denseTo, maxLookbackBlocks: 1_000, chunkSize: 4, concurrency: 2 });
    const result = await scan();
    expect(result.logs).toHaveLength(perBlock * blocks);
    expect(result.reason).toBe("history_start");
    expect(valuesOf(result.logs)).toEqual(Array.from({ length: perBlock * blocks }, (_, i) => BigInt(i)));

    // The first wave knew nothing: two calls of four blocks. After it, each call is at most two
    // blocks (2,000 logs) and each wave at most 5,000 logs.
    const [firstWave, ...later] = groupByWave(first.answers);
    expect(firstWave).toEqual([4_000, 4_000]);
    for (const wave of later) {
      expect(Math.max(...wave)).toBeLessThanOrEqual(targetLogsPerCall);
      expect(wave.reduce((sum, logs) => sum + logs, 0)).toBeLessThanOrEqual(targetLogsPerBatch);
    }

    // The same filter again: small from its first call.
    const second = countingClient();
    const again = await scanLogs({ client: second.client, address: dense, events: [transfer], fromBlock: denseFrom, toBlock: denseTo, maxLookbackBlocks: 1_000, chunkSize: 4, concurrency: 2 });
    expect(again.logs).toHaveLength(perBlock * blocks);
    expect(Math.max(...second.answers.map((answer) => answer.logs))).toBeLessThanOrEqual(targetLogsPerCall);
  }, 60_000);

  it("a cap ends a dense scan close to the cap, not a whole batch past it", async () => {
    forgetLogDensities();
    const { client, answers } = countingClient();
    const result = await scanLogs({ client, address: dense, events: [transfer], fromBlock: denseFrom, toBlock: denseTo, maxLookbackBlocks: 1_000, chunkSize: 4, concurrency: 2, maxLogs: 6_000 });
    expect(result.reason).toBe("cap_reached");
    expect(result.logs.length).toBeGreaterThanOrEqual(6_000);
    expect(result.logs.length).toBeLessThanOrEqual(6_000 + targetLogsPerBatch);
    expect(result.fromBlock).toBe(denseTo - BigInt(result.logs.length / perBlock) + 1n);
    expect(answers.reduce((sum, answer) => sum + answer.logs, 0)).toBe(result.logs.length);
  }, 60_000);
});

function groupByWave(answers: { wave: number; logs: number }[]): number[][] {
  const waves = new Map<number, number[]>();
  for (const answer of answers) waves.set(answer.wave, [...(waves.get(answer.wave) ?? []), answer.logs]);
  return [...waves.values()];
}
