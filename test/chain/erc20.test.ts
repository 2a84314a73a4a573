import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError } from "@/lib/chain/errors";
import { createChainClient, defaultClientSettings, getChainClient, meteredHttp, type ChainClient } from "@/lib/chain/clients";
import { erc20Identity } from "@/lib/chain/erc20";
import { FactsCache } from "@/lib/chain/facts-cache";
import { startAnvil, type Anvil } from "./support/anvil";
import { deploy, installMulticall3, setupClients, type TestChain } from "./support/contracts";

let anvil: Anvil;
let chain: TestChain;
let client: ChainClient;
let bytes32Token: Address;
let oddToken: Address;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 56 });
  chain = setupClients(anvil.url);
  await installMulticall3(chain);
  bytes32Token = await deploy(chain, "Bytes32Token");
  oddToken = await deploy(chain, "OddToken");
  client = getChainClient("bsc", { env: { BSC_RPC_URL: anvil.url } });
});

afterAll(async () => {
  await anvil?.stop();
});

describe("erc20Identity on tokens that do not follow the standard", () => {
  it("reads bytes32 names and symbols, and says decimals() reverted", async () => {
    const cache = new FactsCache(10);
    const identity = await erc20Identity(client, bytes32Token, { cache });
    expect(identity.evmChainId).toBe(56);
    expect(identity.name).toEqual({ value: "Maker", reason: null, fromCache: false });
    expect(identity.symbol).toEqual({ value: "MKR", reason: null, fromCache: false });
    expect(identity.decimals).toEqual({ value: null, reason: "reverted", fromCache: false });
    expect(identity.totalSupply).toEqual({ value: 1000n, reason: null, fromCache: false });
    // The missing decimals is not remembered; the next read asks the node again.
    expect(cache.get(56, bytes32Token, "decimals")).toBeUndefined();
    expect(cache.get(56, bytes32Token, "symbol")).toBe("MKR");
  });

  it("reports a reverting name and an impossible decimals instead of defaulting them", async () => {
    const identity = await erc20Identity(client, oddToken, { cache: new FactsCache(10) });
    expect(identity.name).toEqual({ value: null, reason: "reverted", fromCache: false });
    expect(identity.symbol).toEqual({ value: "ODD", reason: null, fromCache: false });
    expect(identity.decimals).toEqual({ value: null, reason: "out_of_range", fromCache: false });
    expect(identity.totalSupply).toEqual({ value: 7n, reason: null, fromCache: false });
  });

  it("refuses to read a number as a name", async () => {
    const numberName = await deploy(chain, "NumberNameToken");
    const identity = await erc20Identity(client, numberName, { cache: new FactsCache(10) });
    expect(identity.name).toEqual({ value: null, reason: "undecodable", fromCache: false });
    expect(identity.symbol).toEqual({ value: null, reason: "reverted", fromCache: false });
  });

  it("says an address without code answered nothing", async () => {
    const wallet: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const identity = await erc20Identity(client, wallet, { cache: new FactsCache(10) });
    for (const field of [identity.name, identity.symbol, identity.decimals, identity.totalSupply]) {
      expect(field).toEqual({ value: null, reason: "no_data", fromCache: false });
    }
  });

  it("answers 503 when the network has no Multicall3, instead of blaming the token", async () => {
    const bare = await startAnvil({ chainId: 56 });
    try {
      const bareClient = createChainClient("bsc", meteredHttp(bare.url, defaultClientSettings));
      const error = await erc20Identity(bareClient, oddToken, { cache: new FactsCache(10) }).catch((caught) => caught);
      expect(error).toBeInstanceOf(ChainUnavailableError);
      expect(error.kind).toBe("method_not_offered");
      expect(error.message).toBe("BNB Chain node has no Multicall3 at 0xcA11bde05977b3631167028862bE2a173976CA11");
    } finally {
      await bare.stop();
    }
  });
});
