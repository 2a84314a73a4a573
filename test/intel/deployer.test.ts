// The deployer read on nodes that offer less and less: ots_getContractCreator; then the code
// history and the block's receipts (a contract created by an account); then the block's trace
// (a contract created by a contract — the V2 pair made by its factory inside addLiquidity), by
// trace_block or geth's debug_traceBlockByNumber; then an outside explorer, cross-checked against
// the node and labelled augmented. Every source must name the same creator as ots does.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getAddress, parseAbi, type Address, type Hash } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createChainClient, meteredHttp, defaultClientSettings } from "@/lib/chain/clients";
import { ChainUnavailableError } from "@/lib/chain/errors";
import type { ExplorerSettings } from "@/lib/chain/explorer";
import { FactsCache, factsCache } from "@/lib/chain/facts-cache";
import { forgetProviderProfiles } from "@/lib/chain/provider-profile";
import { isUpstreamFault } from "@/lib/chain/upstream";
import { inNodeScope } from "@/lib/chain/node-scope";
import type { DemoChain } from "@/demo-chain";
import { useSharedDemoChains } from "../support/demo-chains";
import { forgetKeptAnswers } from "@/lib/intel/runtime/hot-reads";
import { deployerGap, readCreation } from "@/lib/intel/reads/token/deployer";
import { createHarness, type Harness } from "../support/harness";
import { startProviderProxy, type ProviderProxy, type ProviderRules } from "../support/provider-proxy";
import { nodeSettingsChanged } from "../support/node-settings";

let chain: DemoChain;
let token: Address;
let pair: Address;
let factory: Address;
const reference = new Map<Address, { deployer: Address; transaction: Hash }>();
const proxies: ProviderProxy[] = [];

const notOffered = (methods: string[]): ProviderRules => ({
  name: `without ${methods.join(", ")}`,
  methodsOff: { methods, refuse: (method) => ({ error: { code: -32601, message: `the method ${method} does not exist/is not available` } }) },
});

async function clientThrough(rules: ProviderRules) {
  const proxy = await startProviderProxy(chain.rpcUrl, rules);
  proxies.push(proxy);
  return { proxy, client: createChainClient("eth", meteredHttp(proxy.url, defaultClientSettings)) };
}

/** An Etherscan V2-compatible explorer on loopback whose answers each test sets. */
/** null: the explorer takes the request and never answers. */
type ExplorerReply = (query: URLSearchParams) => { status?: number; body: unknown } | null;
let explorerReply: ExplorerReply;
let explorerQueries: URLSearchParams[] = [];
let explorerServer: Server;
let explorer: ExplorerSettings;

const creationRow = (address: Address, creator: Address, transaction: Hash, factoryAddress = "") => ({
  contractAddress: address.toLowerCase(),
  contractCreator: creator.toLowerCase(),
  txHash: transaction,
  blockNumber: "1",
  timestamp: "1700000000",
  contractFactory: factoryAddress.toLowerCase(),
  creationBytecode: "0x",
});

const sharedChains = useSharedDemoChains(["eth"]);
beforeAll(async () => {
  chain = sharedChains.get("eth");
  const healthy = chain.addressBook.scenarios.healthy;
  token = getAddress(healthy.token.address);
  pair = getAddress(healthy.pool.pair);
  const direct = createChainClient("eth", meteredHttp(chain.rpcUrl, defaultClientSettings));
  factory = await direct.readContract({ address: pair, abi: parseAbi(["function factory() view returns (address)"]), functionName: "factory" });
  for (const address of [token, pair]) {
    const answer = (await direct.request({ method: "ots_getContractCreator" as never, params: [address] as never })) as { hash: Hash; creator: Address };
    reference.set(address, { deployer: getAddress(answer.creator), transaction: answer.hash });
  }

  explorerServer = createServer((request, response) => {
    const query = new URL(request.url ?? "/", "http://loopback").searchParams;
    explorerQueries.push(query);
    const reply = explorerReply(query);
    if (reply === null) return;
    response.writeHead(reply.status ?? 200, { "content-type": "application/json" });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => explorerServer.listen(0, "127.0.0.1", resolve));
  explorer = { url: `http://127.0.0.1:${(explorerServer.address() as AddressInfo).port}/v2/api`, apiKey: "test-key", timeoutMs: 2_000 };
}, 180_000);

afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await new Promise((resolve) => explorerServer?.close(resolve));
});

beforeEach(() => {
  forgetProviderProfiles();
  explorerQueries = [];
  explorerReply = () => ({ status: 500, body: {} });
});

describe("from the node", () => {
  it("the pair is a contract made by its factory: ots names the factory, in the liquidity's transaction", () => {
    expect(reference.get(pair)!.deployer).toBe(factory);
    expect(reference.get(token)!.deployer).toBe(getAddress(chain.addressBook.scenarios.healthy.deployer));
  });

  it("without ots: the token from its code history and receipts, the pair from trace_block — the same as ots", async () => {
    const { proxy, client } = await clientThrough(notOffered(["ots_getContractCreator"]));
    for (const address of [token, pair]) {
      expect(await readCreation({ client, chain: "eth" }, address, new FactsCache(), null)).toEqual({ ...reference.get(address), source: "node" });
    }
    expect(proxy.stats.byMethod.trace_block).toBe(1);
    expect(proxy.stats.byMethod.debug_traceBlockByNumber).toBeUndefined();
  });

  it("without ots and trace_block (a geth node): the pair from debug_traceBlockByNumber's call tracer, trace_block's refusal remembered", async () => {
    const { proxy, client } = await clientThrough(notOffered(["ots_getContractCreator", "trace_block"]));
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), null)).toEqual({ ...reference.get(pair), source: "node" });
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), null)).toEqual({ ...reference.get(pair), source: "node" });
    expect(proxy.stats.byMethod.trace_block).toBe(1);
    expect(proxy.stats.byMethod.debug_traceBlockByNumber).toBe(2);
  });

  it("without any trace method and no explorer: the token still found, the pair unavailable with the reason", async () => {
    const { client } = await clientThrough(notOffered(["ots_getContractCreator", "trace_block", "debug_traceBlockByNumber"]));
    expect(await readCreation({ client, chain: "eth" }, token, new FactsCache(), null)).toEqual({ ...reference.get(token), source: "node" });
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), null)).toBeNull();
    expect(deployerGap("eth", null)).toMatch(/created by another contract on a node without traces\), and no outside explorer is configured\.$/);
  });

  it("a trace that fails transiently is a 503, not a missing deployer", async () => {
    const { client } = await clientThrough({
      name: "traces failing",
      methodsOff: { methods: ["ots_getContractCreator", "trace_block"], refuse: (method) => (method === "trace_block" ? { status: 503, error: { code: -32603, message: "upstream unavailable" } } : { error: { code: -32601, message: "Method not found" } }) },
    });
    const failure = await readCreation({ client, chain: "eth" }, pair, new FactsCache(), null).catch((error: unknown) => error);
    expect(isUpstreamFault(failure)).toBe(true);
  });
});

describe("from an outside explorer (Etherscan V2's getcontractcreation)", () => {
  const nodeWithoutCreators = () => clientThrough(notOffered(["ots_getContractCreator", "trace_block", "debug_traceBlockByNumber"]));

  it("names the pair's factory where the node cannot; cross-checked against the node, labelled as the explorer's", async () => {
    const { client } = await nodeWithoutCreators();
    const { transaction } = reference.get(pair)!;
    explorerReply = () => ({ body: { status: "1", message: "OK", result: [creationRow(pair, chain.addressBook.scenarios.healthy.deployer, transaction, factory)] } });
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), explorer)).toEqual({ deployer: factory, transaction, source: "explorer" });
    expect(Object.fromEntries(explorerQueries[0])).toEqual({ chainid: "1", module: "contract", action: "getcontractcreation", contractaddresses: pair, apikey: "test-key" });
  });

  it("stops with the request: a request cancelled while the explorer is silent ends with the request's reason, not the explorer's timeout", async () => {
    const { client } = await nodeWithoutCreators();
    explorerReply = () => null;
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("the client left")), 200);
    const read = inNodeScope({ signal: controller.signal }, () => readCreation({ client, chain: "eth" }, pair, new FactsCache(), explorer));
    await expect(read).rejects.toThrow("the client left");
  });

  it("is never asked when the node names the creator", async () => {
    const { client } = await clientThrough(notOffered(["ots_getContractCreator"]));
    explorerReply = () => ({ body: { status: "1", message: "OK", result: [] } });
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), explorer)).toEqual({ ...reference.get(pair), source: "node" });
    expect(explorerQueries).toHaveLength(0);
  });

  it("on Base is the only source asked (the node is not), with Base's chain id", async () => {
    const { proxy, client } = await clientThrough({ name: "plain" });
    explorerReply = (query) => ({ body: query.get("chainid") === "8453" ? { status: "1", message: "OK", result: [creationRow(token, reference.get(token)!.deployer, reference.get(token)!.transaction)] } : { status: "0", message: "NOTOK", result: "wrong chain" } });
    expect(await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer)).toEqual({ ...reference.get(token), source: "explorer" });
    expect(proxy.stats.byMethod.ots_getContractCreator).toBeUndefined();
    expect(proxy.stats.byMethod.eth_getCode).toBeUndefined();
  });

  it("a transaction the node does not know, or a creation sent by someone else, is not used", async () => {
    const { client } = await nodeWithoutCreators();
    const unknownTransaction = `0x${"ab".repeat(32)}` as Hash;
    explorerReply = () => ({ body: { status: "1", message: "OK", result: [creationRow(pair, factory, unknownTransaction)] } });
    expect(await readCreation({ client, chain: "eth" }, pair, new FactsCache(), explorer)).toBeNull();
    // The token's own creation transaction, claimed for a different sender.
    explorerReply = () => ({ body: { status: "1", message: "OK", result: [creationRow(token, factory, reference.get(token)!.transaction)] } });
    expect(await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer)).toBeNull();
  });

  it("no data found is no creation; a refused key is a gap that says why", async () => {
    const { client } = await nodeWithoutCreators();
    explorerReply = () => ({ body: { status: "0", message: "No data found", result: [] } });
    expect(await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer)).toBeNull();
    expect(deployerGap("base", explorer)).toBe("Deployer evidence on Base comes from an outside explorer source, and the outside explorer knows no creation for it.");
    explorerReply = () => ({ body: { status: "0", message: "NOTOK", result: "Invalid API Key (#err2)|test-key" } });
    expect(await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer)).toBeNull();
    expect(deployerGap("base", explorer)).toMatch(/the outside explorer did not answer \(the explorer refused: Invalid API Key/);
  });

  it("a rate limit is tried once more, then a 503 naming the explorer; the answer is never a silent gap", async () => {
    const { client } = await nodeWithoutCreators();
    const { deployer, transaction } = reference.get(token)!;
    let asked = 0;
    explorerReply = () => (++asked === 1 ? { body: { status: "0", message: "NOTOK", result: "Max rate limit reached" } } : { body: { status: "1", message: "OK", result: [creationRow(token, deployer, transaction)] } });
    expect(await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer)).toEqual({ deployer, transaction, source: "explorer" });
    explorerReply = () => ({ status: 502, body: {} });
    const failure = await readCreation({ client, chain: "base" }, token, new FactsCache(), explorer).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainUnavailableError);
    expect((failure as Error).message).toMatch(/^Base's deployer source, an outside explorer, answered HTTP 502/);
    expect(explorerQueries.length).toBe(4);
  });
});

describe("in the answers", () => {
  let h: Harness;
  const saved = { url: process.env.ETH_RPC_URL, key: process.env.EXPLORER_API_KEY, explorerUrl: process.env.EXPLORER_API_URL };

  beforeAll(async () => {
    h = await createHarness("pglite+memory");
  });
  afterAll(async () => {
    for (const [name, value] of [["ETH_RPC_URL", saved.url], ["EXPLORER_API_KEY", saved.key], ["EXPLORER_API_URL", saved.explorerUrl]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await nodeSettingsChanged();
    await h?.close();
  });

  it("contract/analysis labels an explorer's deployer augmented and the node's verified_onchain", async () => {
    const { proxy } = await nodeWithoutCreatorsThroughEnv();
    explorerReply = () => ({ body: { status: "1", message: "OK", result: [creationRow(pair, factory, reference.get(pair)!.transaction)] } });
    process.env.EXPLORER_API_KEY = explorer.apiKey;
    process.env.EXPLORER_API_URL = explorer.url;
    await nodeSettingsChanged();
    const viaExplorer = await analyse(pair);
    expect(viaExplorer.data.deployer).toMatchObject({ address: factory, transaction: reference.get(pair)!.transaction });
    expect(viaExplorer.meta.provenance.deployer).toBe("augmented");

    delete process.env.EXPLORER_API_KEY;
    // The facts the threads kept (the deployer among them) go with them.
    await nodeSettingsChanged();
    factsCache.clear();
    forgetKeptAnswers();
    const withoutExplorer = await analyse(pair);
    expect(withoutExplorer.data.deployer).toBeNull();
    expect(withoutExplorer.meta.provenance.deployer).toBe("unavailable");
    expect(withoutExplorer.data.unavailable.deployer).toMatch(/no outside explorer is configured/);

    const fromNode = await analyse(token);
    expect(fromNode.meta.provenance.deployer).toBe("verified_onchain");
    expect(proxy.stats.byMethod.ots_getContractCreator).toBeGreaterThan(0);
  });

  async function nodeWithoutCreatorsThroughEnv() {
    const through = await clientThrough(notOffered(["ots_getContractCreator", "trace_block", "debug_traceBlockByNumber"]));
    process.env.ETH_RPC_URL = through.proxy.url;
    await nodeSettingsChanged();
    factsCache.clear();
    forgetKeptAnswers();
    return through;
  }

  async function analyse(address: Address) {
    const { key } = await h.key();
    const response = await h.call("POST", "contract/analysis", { key, body: { chain: "eth", address } });
    expect(response.status).toBe(200);
    return response.body as { data: { deployer: unknown; unavailable: Record<string, string> }; meta: { provenance: Record<string, string> } };
  }
});
