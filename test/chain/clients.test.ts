import { erc20Abi, parseEther, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { clearChainClients, clientSettingsFromEnv, getChainClient, rpcUrlFor } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { aggregate, call, maxCallsPerAggregate } from "@/lib/chain/multicall";
import { getNetwork } from "@/lib/chain/networks";
import { FactsCache } from "@/lib/chain/facts-cache";
import { currentNodeScope, withRpcMeter } from "@/lib/chain/node-scope";
import { startProviderProxy } from "../support/provider-proxy";
import { startAnvil, type Anvil } from "./support/anvil";
import { deploy, deployer, installMulticall3, setupClients, type TestChain } from "./support/contracts";

let anvil: Anvil;
let chain: TestChain;
let token: Address;
let env: Record<string, string>;

// anvil's dev accounts 1..9 each start with 10,000 ETH.
const devAccounts: Address[] = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65",
  "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc",
];

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 });
  chain = setupClients(anvil.url);
  await installMulticall3(chain);
  token = await deploy(chain, "TestToken", ["Test Token", "TST", 6, 1_000_000_000n]);
  env = { ETH_RPC_URL: anvil.url, CHAIN_RPC_RETRY_COUNT: "0" };
});

afterAll(async () => {
  clearChainClients();
  await anvil?.stop();
});

describe("node settings", () => {
  it.each([
    ["eth", "Ethereum is not configured: set ETH_RPC_URL"],
    ["base", "Base is not configured: set BASE_RPC_URL"],
    ["bsc", "BNB Chain is not configured: set BSC_RPC_URL"],
  ] as const)("refuses %s without a URL, naming the setting", (network, message) => {
    const error = (() => {
      try {
        getChainClient(network, { env: {} });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({ kind: "not_configured", message });
  });

  it("refuses a URL that is not http(s)", () => {
    expect(() => rpcUrlFor("base", { BASE_RPC_URL: "ws://127.0.0.1:1" })).toThrow(
      "Base is not configured: BASE_RPC_URL must be an http(s) URL",
    );
  });

  it("reads timeout and retry count from the environment, ignoring malformed values", () => {
    expect(clientSettingsFromEnv({})).toMatchObject({ timeoutMs: 10_000, retryCount: 2 });
    expect(clientSettingsFromEnv({ CHAIN_RPC_TIMEOUT_MS: "2500", CHAIN_RPC_RETRY_COUNT: "0" })).toMatchObject({
      timeoutMs: 2500,
      retryCount: 0,
    });
    expect(clientSettingsFromEnv({ CHAIN_RPC_TIMEOUT_MS: "0", CHAIN_RPC_RETRY_COUNT: "-1" })).toMatchObject({
      timeoutMs: 10_000,
      retryCount: 2,
    });
  });

  it("caches one client per URL, and one per metered request", async () => {
    const first = getChainClient("eth", { env });
    expect(getChainClient("eth", { env })).toBe(first);
    expect(getChainClient("eth", { env: { ...env, ETH_RPC_URL: `${anvil.url}/` } })).not.toBe(first);
    const { result: scoped } = await withRpcMeter(async () => {
      const inside = getChainClient("eth", { env });
      expect(getChainClient("eth", { env })).toBe(inside);
      return inside;
    });
    expect(scoped).not.toBe(first);
    expect(first.chain.id).toBe(1);
    expect(first.chain.contracts?.multicall3?.address).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
  });
});

describe("round trips", () => {
  it("sends concurrent JSON-RPC calls as one HTTP batch", async () => {
    const { result, usage } = await withRpcMeter(async () => {
      const client = getChainClient("eth", { env });
      return Promise.all([
        ...devAccounts.map((address) => client.getTransactionCount({ address })),
        client.getTransactionCount({ address: deployer }),
        client.getCode({ address: token }).then((code) => (code ?? "0x").length > 2),
      ]);
    });
    // The deployer sent two transactions: Multicall3's deployment, then the token's.
    expect(result).toEqual([0, 0, 0, 0, 0, 2, true]);
    expect(usage).toEqual({ roundTrips: 1, calls: 7, rounds: 1 });
  });

  it("reads balances through Multicall3 in one call", async () => {
    const { result, usage } = await withRpcMeter(async () => {
      const client = getChainClient("eth", { env });
      return Promise.all(devAccounts.map((address) => client.getBalance({ address })));
    });
    expect(result).toEqual(devAccounts.map(() => parseEther("10000")));
    expect(usage).toEqual({ roundTrips: 1, calls: 1, rounds: 1 });
  });

  it("aggregates concurrent contract reads into one Multicall3 call", async () => {
    const { result, usage } = await withRpcMeter(async () => {
      const client = getChainClient("eth", { env });
      return Promise.all(
        [deployer, ...devAccounts].map((account) =>
          client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [account] }),
        ),
      );
    });
    expect(result).toEqual([1_000_000_000n, 0n, 0n, 0n, 0n, 0n]);
    expect(usage).toEqual({ roundTrips: 1, calls: 1, rounds: 1 });
  });

  it("splits an aggregate past maxCallsPerAggregate into several eth_calls sent in one round, the answers in order", async () => {
    const client = getChainClient("eth", { env });
    const holders = Array.from({ length: maxCallsPerAggregate * 2 + 7 }, (_, i) => (i === 1_000 ? deployer : (`0x${(i + 1).toString(16).padStart(40, "0")}` as Address)));
    const { result, usage } = await withRpcMeter(() =>
      aggregate({ client, network: getNetwork("eth") }, holders.map((holder) => call({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [holder] }))),
    );
    expect(usage).toMatchObject({ rounds: 1, calls: 3 });
    expect(result).toHaveLength(holders.length);
    expect(result.map((entry) => (entry.status === "success" ? entry.result : null))).toEqual(holders.map((holder) => (holder === deployer ? 1_000_000_000n : 0n)));
  });

  it("counts each request's round trips apart when requests run concurrently", async () => {
    const read = (count: number) =>
      withRpcMeter(async () => {
        const client = getChainClient("eth", { env });
        await new Promise((resolve) => setTimeout(resolve, 1));
        await Promise.all(devAccounts.slice(0, count).map((address) => client.getTransactionCount({ address })));
        await client.getBlockNumber();
        return currentNodeScope()?.meter.usage();
      });
    const [small, large] = await Promise.all([read(2), read(5)]);
    expect(small.usage).toMatchObject({ roundTrips: 2, calls: 3 });
    expect(large.usage).toMatchObject({ roundTrips: 2, calls: 6 });
    expect(small.result).toEqual(small.usage);
  });

  it("adds a nested meter's round trips to the enclosing one", async () => {
    const { result: inner, usage: outer } = await withRpcMeter(async () => {
      await getChainClient("eth", { env }).getChainId();
      const nested = await withRpcMeter(() => getChainClient("eth", { env }).getBlockNumber());
      return nested.usage;
    });
    expect(inner).toEqual({ roundTrips: 1, calls: 1, rounds: 1 });
    expect(outer).toEqual({ roundTrips: 2, calls: 2, rounds: 2 });
  });

  it("counts sequential rounds: requests side by side are one round, a request after an answer starts the next", async () => {
    // 100 ms per answer, so the two side-by-side requests are both sent before either answers.
    const slow = await startProviderProxy(env.ETH_RPC_URL, { name: "slow", latencyMs: 100 });
    try {
      const { usage } = await withRpcMeter(async () => {
        const client = getChainClient("eth", { env: { ...env, ETH_RPC_URL: slow.url } });
        // A second client for the same node under another URL: its request is a second HTTP request, not part of one batch.
        const other = getChainClient("eth", { env: { ...env, ETH_RPC_URL: `${slow.url}/` } });
        await Promise.all([client.getBlockNumber(), other.getChainId()]);
        await client.getBlockNumber();
      });
      expect(usage).toEqual({ roundTrips: 3, calls: 3, rounds: 2 });
    } finally {
      await slow.close();
    }
  });

  it("reads ERC-20 identity in one round trip, then serves name, symbol and decimals from the cache", async () => {
    const cache = new FactsCache(100);
    const first = await withRpcMeter(() => erc20Identity(getChainClient("eth", { env }), token, { cache }));
    expect(first.usage).toEqual({ roundTrips: 1, calls: 1, rounds: 1 });
    expect(first.result).toEqual({
      address: token,
      evmChainId: 1,
      name: { value: "Test Token", reason: null, fromCache: false },
      symbol: { value: "TST", reason: null, fromCache: false },
      decimals: { value: 6, reason: null, fromCache: false },
      totalSupply: { value: 1_000_000_000n, reason: null, fromCache: false },
    });
    expect(cache.size).toBe(3);

    const second = await withRpcMeter(() => erc20Identity(getChainClient("eth", { env }), token, { cache }));
    expect(second.usage).toEqual({ roundTrips: 1, calls: 1, rounds: 1 });
    expect(second.result.name).toEqual({ value: "Test Token", reason: null, fromCache: true });
    expect(second.result.symbol).toEqual({ value: "TST", reason: null, fromCache: true });
    expect(second.result.decimals).toEqual({ value: 6, reason: null, fromCache: true });
    expect(second.result.totalSupply).toEqual({ value: 1_000_000_000n, reason: null, fromCache: false });
  });
});
