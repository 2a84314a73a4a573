import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { erc20Abi, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { getChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { FactsCache } from "@/lib/chain/facts-cache";
import { withRpcMeter } from "@/lib/chain/node-scope";
import { classifyChainError, isContractRevert, isOutOfGas, readChain } from "@/lib/chain/upstream";
import { aggregate, call } from "@/lib/chain/multicall";
import { getNetwork } from "@/lib/chain/networks";
import { freePort, startAnvil, type Anvil } from "./support/anvil";
import { deploy, installMulticall3, setupClients } from "./support/contracts";

/** A loopback stand-in for a misbehaving node: answers every request with `reply`. */
async function fakeNode(reply: (respond: (status: number, body: string) => void) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    reply((status, body) => response.writeHead(status, { "content-type": "application/json" }).end(body));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

async function failure(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  try {
    await promise;
  } catch (error) {
    return { error, ms: Date.now() - started };
  }
  throw new Error("expected the read to fail");
}

const fast = { timeoutMs: 500, retryCount: 0 };

describe("node faults become 503 unavailable", () => {
  it("says so quickly when nothing listens on the port", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const client = getChainClient("base", { env: { BASE_RPC_URL: url }, settings: fast });
    const { error, ms } = await failure(readChain("base", () => client.getBlockNumber()));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect(error).toMatchObject({ kind: "unreachable", network: "Base", message: "Base node did not answer: connection refused" });
    expect((error as Error).message).not.toContain("127.0.0.1");
    expect(ms).toBeLessThan(1_000);
  });

  it("says so when the node dies between two reads", async () => {
    const anvil = await startAnvil({ chainId: 1 });
    const client = getChainClient("eth", { env: { ETH_RPC_URL: anvil.url }, settings: fast });
    expect(await readChain("eth", () => client.getChainId())).toBe(1);
    await anvil.stop();
    const { error, ms } = await failure(readChain("eth", () => client.getBlockNumber()));
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).kind).toBe("unreachable");
    expect((error as ChainUnavailableError).message).toMatch(/^Ethereum node did not answer: connection (refused|reset|closed)$/);
    expect(ms).toBeLessThan(1_000);
  });

  it("gives up after the timeout when the node never answers", async () => {
    const node = await fakeNode(() => {});
    try {
      const client = getChainClient("bsc", { env: { BSC_RPC_URL: node.url }, settings: { timeoutMs: 300, retryCount: 0 } });
      const { error, ms } = await failure(readChain("bsc", () => client.getBlockNumber()));
      expect(error).toMatchObject({ kind: "timed_out", message: "BNB Chain node did not answer: timed out" });
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(1_500);
    } finally {
      await node.close();
    }
  });

  it("retries a 503 the configured number of times, counting every round trip", async () => {
    let requests = 0;
    const node = await fakeNode((respond) => {
      requests += 1;
      respond(503, JSON.stringify({ error: "upstream down" }));
    });
    try {
      const client = () => getChainClient("eth", { env: { ETH_RPC_URL: node.url }, settings: { timeoutMs: 500, retryCount: 2, retryDelayMs: 1 } });
      const { error } = await failure(withRpcMeter(() => readChain("eth", () => client().getBlockNumber())));
      expect(error).toMatchObject({ kind: "node_error", message: "Ethereum node did not answer: HTTP 503" });
      expect(requests).toBe(3);
      expect((error as { rpcUsage?: unknown }).rpcUsage).toEqual({ roundTrips: 3, calls: 3, rounds: 3 });
    } finally {
      await node.close();
    }
  });

  it("names a rate-limit answer as such", async () => {
    const node = await fakeNode((respond) => respond(429, JSON.stringify({ error: "slow down" })));
    try {
      const client = getChainClient("eth", { env: { ETH_RPC_URL: node.url }, settings: fast });
      const { error } = await failure(readChain("eth", () => client.getBlockNumber()));
      expect(error).toMatchObject({ kind: "rate_limited", message: "Ethereum node did not answer: HTTP 429 (rate limited)" });
    } finally {
      await node.close();
    }
  });

  it("passes on the node's words for a JSON-RPC limit error", async () => {
    const node = await fakeNode((respond) =>
      respond(200, JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32005, message: "daily request count exceeded" } })),
    );
    try {
      const client = getChainClient("base", { env: { BASE_RPC_URL: node.url }, settings: fast });
      const { error } = await failure(readChain("base", () => client.request({ method: "eth_blockNumber" })));
      expect(error).toMatchObject({
        kind: "rate_limited",
        message: "Base node did not answer: JSON-RPC error -32005: daily request count exceeded",
      });
    } finally {
      await node.close();
    }
  });

  it("turns node faults inside erc20Identity into 503 too", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const client = getChainClient("eth", { env: { ETH_RPC_URL: url }, settings: fast });
    const token: Address = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    const { error } = await failure(erc20Identity(client, token, { cache: new FactsCache(10) }));
    expect(error).toMatchObject({ kind: "unreachable", message: "Ethereum node did not answer: connection refused" });
  });
});

describe("reverts are answers, not outages", () => {
  let anvil: Anvil;
  let oddToken: Address;

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 8453 });
    const chain = setupClients(anvil.url);
    await installMulticall3(chain);
    oddToken = await deploy(chain, "OddToken");
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it("lets a revert through unchanged and recognisable", async () => {
    const client = getChainClient("base", { env: { BASE_RPC_URL: anvil.url }, settings: fast });
    const { error } = await failure(
      readChain("base", () => client.readContract({ address: oddToken, abi: erc20Abi, functionName: "name" })),
    );
    expect(error).not.toBeInstanceOf(ChainUnavailableError);
    expect(isContractRevert(error)).toBe(true);
    expect(classifyChainError(error)).toBe("contract");
    expect((error as Error).message).toContain("no name");
  });

  it("lets a call to an address without code through as an answer", async () => {
    const client = getChainClient("base", { env: { BASE_RPC_URL: anvil.url }, settings: fast });
    const wallet: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const { error } = await failure(
      readChain("base", () => client.readContract({ address: wallet, abi: erc20Abi, functionName: "decimals" })),
    );
    expect(error).not.toBeInstanceOf(ChainUnavailableError);
    expect(classifyChainError(error)).toBe("contract");
  });

  it("a contract that burns all the gas of a call it refuses (a pre-Byzantium throw): an answer, and a Multicall3 read around it still reads the rest", async () => {
    const burner: Address = "0x00000000000000000000000000000000000fe0fe";
    await fetch(anvil.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_setCode", params: [burner, "0xfe"] }) });
    const client = getChainClient("base", { env: { BASE_RPC_URL: anvil.url }, settings: fast });
    // Straight to the node (not folded into the client's own Multicall3 batch): the node's own words.
    const { error } = await failure(readChain("base", () => client.call({ to: burner, data: "0x95d89b41", batch: false })));
    expect(error).not.toBeInstanceOf(ChainUnavailableError);
    expect(isOutOfGas(error)).toBe(true);
    expect(classifyChainError(error)).toBe("contract");
    // Each refused call inside one aggregate3 eats 63/64 of what is left: the whole aggregate runs out,
    // so the calls go again one by one (one more round), and only the burner's fail.
    const calls = [
      call({ address: oddToken, abi: erc20Abi, functionName: "symbol" }),
      ...Array.from({ length: 6 }, () => call({ address: burner, abi: erc20Abi, functionName: "decimals" })),
      call({ address: oddToken, abi: erc20Abi, functionName: "totalSupply" }),
    ];
    const { result: results, usage } = await withRpcMeter(() => aggregate({ client, network: getNetwork("base") }, calls));
    expect(results.map((result) => result.status)).toEqual(["success", "failure", "failure", "failure", "failure", "failure", "failure", "success"]);
    expect(usage.roundTrips).toBe(2);
  });

  it("leaves other errors alone", () => {
    expect(classifyChainError(new TypeError("x is undefined"))).toBe("other");
  });
});
