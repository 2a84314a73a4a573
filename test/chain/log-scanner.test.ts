import {
  createTransport,
  hexToBigInt,
  HttpRequestError,
  parseAbiItem,
  RpcRequestError,
  type Address,
  type EIP1193RequestFn,
  type Hex,
  type Transport,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { createChainClient, getChainClient, meteredHttp, type ClientSettings } from "@/lib/chain/clients";
import { isRangeLimitError, scanLogs } from "@/lib/chain/log-scanner";
import { withRpcMeter } from "@/lib/chain/rpc-meter";
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
    expect(result).toEqual({ logs: [], fromBlock: firstBlock, toBlock: lastBlock, truncated: false, undecoded: 0, reason: "history_start", requests: 2 });
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
