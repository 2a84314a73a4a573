import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { getAddress, keccak256, type Address } from "viem";
import { describe, expect, it } from "vitest";
import {
  CHAIN_IDS,
  chainSchema,
  findLocker,
  findVenueContract,
  getNetwork,
  isBurnAddress,
  isServiceGrounded,
  knownAddresses,
  labelKnownAddress,
  networkByEvmChainId,
  networks,
  serviceGroundedChains,
  venueContracts,
  type ChainId,
} from "@/lib/chain/networks";

describe("network registry", () => {
  it("serves exactly eth, base and bsc with their chain ids and native symbols", () => {
    expect(Object.keys(networks).sort()).toEqual(["base", "bsc", "eth"]);
    expect(CHAIN_IDS.map((chain) => [chain, networks[chain].evmChainId, networks[chain].nativeSymbol])).toEqual([
      ["eth", 1, "ETH"],
      ["base", 8453, "ETH"],
      ["bsc", 56, "BNB"],
    ]);
    expect(networkByEvmChainId(8453)?.id).toBe("base");
    expect(networkByEvmChainId(137)).toBeUndefined();
  });

  it("writes every address in checksum form", () => {
    for (const chain of CHAIN_IDS) {
      for (const address of knownAddresses(networks[chain])) {
        expect(getAddress(address), `${chain} ${address}`).toBe(address);
      }
    }
  });

  it("gives every network a wrapped native token, a stablecoin, a DEX, burn addresses and Multicall3", () => {
    expect(networks.eth.wrappedNative.symbol).toBe("WETH");
    expect(networks.base.wrappedNative.address).toBe("0x4200000000000000000000000000000000000006");
    expect(networks.bsc.wrappedNative.symbol).toBe("WBNB");
    for (const chain of CHAIN_IDS) {
      const network = networks[chain];
      expect(network.stablecoins.length, chain).toBeGreaterThan(0);
      expect(network.dexes.length, chain).toBeGreaterThan(0);
      expect(network.burnAddresses).toEqual([
        "0x0000000000000000000000000000000000000000",
        "0x000000000000000000000000000000000000dEaD",
      ]);
      expect(network.multicall3).toBe("0xcA11bde05977b3631167028862bE2a173976CA11");
    }
  });

  it("names a public source for every token, DEX, locker, aggregator and bridge", () => {
    for (const chain of CHAIN_IDS) {
      const network = networks[chain];
      const entries = [network.wrappedNative, ...network.stablecoins, ...network.dexes, ...network.lockers, ...network.aggregators, ...(network.standardBridge ? [network.standardBridge] : [])];
      for (const entry of entries) expect(entry.source.length, JSON.stringify(entry)).toBeGreaterThan(10);
    }
  });

  it("records the stablecoin decimals each network really uses", () => {
    const decimals = (chain: "eth" | "base" | "bsc") =>
      Object.fromEntries(networks[chain].stablecoins.map((token) => [token.symbol, token.decimals]));
    expect(decimals("eth")).toEqual({ USDC: 6, USDT: 6, DAI: 18 });
    expect(decimals("base")).toEqual({ USDC: 6, USDbC: 6 });
    expect(decimals("bsc")).toEqual({ USDT: 18, USDC: 18, BUSD: 18 });
  });

  it("records each venue's kind per network as of today, Aerodrome as Solidly-style rather than a V2 clone", () => {
    const kinds = (chain: "eth" | "base" | "bsc") => networks[chain].dexes.map((dex) => `${dex.key}:${dex.kind}`);
    expect(kinds("eth")).toEqual(["uniswap-v2:uniswap-v2", "uniswap-v3:uniswap-v3", "uniswap-v4:uniswap-v4", "sushiswap-v2:uniswap-v2"]);
    expect(kinds("base")).toEqual(["uniswap-v2:uniswap-v2", "uniswap-v3:uniswap-v3", "uniswap-v4:uniswap-v4", "aerodrome:solidly-v2", "aerodrome-slipstream:slipstream"]);
    expect(kinds("bsc")).toEqual(["pancakeswap-v2:uniswap-v2", "pancakeswap-v3:uniswap-v3", "uniswap-v2:uniswap-v2", "uniswap-v3:uniswap-v3", "uniswap-v4:uniswap-v4"]);
    const pancakeV3 = networks.bsc.dexes.find((dex) => dex.key === "pancakeswap-v3");
    expect(pancakeV3?.kind === "uniswap-v3" && [pancakeV3.feeTiers, pancakeV3.eventShape]).toEqual([[100, 500, 2500, 10000], "pancakeswap-v3"]);
    // The V4 PoolManagers the issue names.
    const poolManager = (chain: "eth" | "base") => networks[chain].dexes.find((dex) => dex.kind === "uniswap-v4");
    expect((poolManager("eth") as { poolManager: string }).poolManager).toBe("0x000000000004444c5dc75cB358380D2e3dE08A90");
    expect((poolManager("base") as { poolManager: string }).poolManager).toBe("0x498581fF718922c3f8e6A244956aF099B2652b2b");
  });

  it("keeps the V3 init code hashes equal to the hash of the published pool creation code", () => {
    const creationHash = (path: string) => keccak256(JSON.parse(readFileSync(fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url)), "utf8")).bytecode);
    const v3 = (chain: "eth" | "bsc", key: string) => networks[chain].dexes.find((dex) => dex.key === key) as { initCodeHash: string };
    expect(v3("eth", "uniswap-v3").initCodeHash).toBe(creationHash("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"));
    expect(v3("bsc", "pancakeswap-v3").initCodeHash).toBe(creationHash("@pancakeswap/v3-core/artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json"));
  });

  it("names each further quote asset with its route to USD, and Permit2 on every network", () => {
    expect(networks.eth.otherQuotes.map((token) => `${token.symbol}:${token.decimals}`)).toEqual(["WBTC:8", "cbBTC:8"]);
    expect(networks.base.otherQuotes.map((token) => token.symbol)).toEqual(["cbBTC"]);
    expect(networks.bsc.otherQuotes.map((token) => `${token.symbol}:${token.decimals}`)).toEqual(["BTCB:18", "ETH:18"]);
    for (const chain of CHAIN_IDS) {
      for (const token of networks[chain].otherQuotes) expect([token.usdRoute, token.source.length > 10]).toEqual(["via_wrapped_native", true]);
      expect(networks[chain].permit2).toBe("0x000000000022D473030F116dDEE9F6B43aC78BA3");
    }
  });

  it("keeps the Uniswap V2 init code hash equal to the hash of the published pair bytecode", () => {
    const artifact = fileURLToPath(new URL("../../node_modules/@uniswap/v2-core/build/UniswapV2Pair.json", import.meta.url));
    const { bytecode } = JSON.parse(readFileSync(artifact, "utf8")) as { bytecode: string };
    const hash = keccak256(`0x${bytecode.replace(/^0x/, "")}`);
    const uniswapV2 = networks.eth.dexes.find((dex) => dex.key === "uniswap-v2");
    expect(uniswapV2?.kind === "uniswap-v2" && uniswapV2.initCodeHash).toBe(hash);
  });

  it("links every locker that serves one DEX to a DEX of the same network", () => {
    for (const chain of CHAIN_IDS) {
      const dexKeys = networks[chain].dexes.map((dex) => dex.key);
      for (const locker of networks[chain].lockers) {
        if (locker.dex !== null) expect(dexKeys, `${chain} ${locker.key}`).toContain(locker.dex);
      }
    }
  });

  it("finds lockers and burn addresses whatever the letter case", () => {
    const lower = "0xc765bddb93b0d1c1a88282ba0fa6b2d00e3e0c83" as Address;
    expect(findLocker("bsc", lower)?.key).toBe("uncx-pancakeswap-v2");
    expect(findLocker("eth", lower)).toBeUndefined();
    expect(isBurnAddress("base", "0x000000000000000000000000000000000000dead")).toBe(true);
    expect(isBurnAddress("base", getNetwork("base").wrappedNative.address)).toBe(false);
  });
});

describe("spender labels", () => {
  it("aggregator routers are named as such on every network; an unknown address is not", () => {
    for (const chain of CHAIN_IDS) {
      expect(labelKnownAddress(chain, getAddress("0x1111111254eeb25477b68fb85ed929f73a960582"))).toEqual({ label: "1inch Aggregation Router V5", kind: "aggregator" });
      expect(labelKnownAddress(chain, getAddress("0x6131b5fae19ea4f9d964eac0408e4408b66337b5"))).toEqual({ label: "KyberSwap MetaAggregationRouterV2", kind: "aggregator" });
      expect(labelKnownAddress(chain, getAddress("0x00000000000000000000000000000000000a66e9"))).toBeNull();
    }
    // Named only where a public source places them.
    const zeroEx = getAddress("0xdef1c0ded9bec7f1a1670819833240f027b25eff");
    expect(CHAIN_IDS.map((chain) => labelKnownAddress(chain, zeroEx)?.label ?? null)).toEqual(CHAIN_IDS.map((chain) => (chain === "base" ? null : "0x Exchange Proxy")));
    const oneInchV6 = getAddress("0x111111125421ca6dc452d289314280a0f8842a65");
    expect(CHAIN_IDS.map((chain) => labelKnownAddress(chain, oneInchV6)?.label ?? null)).toEqual(CHAIN_IDS.map((chain) => (chain === "eth" ? "1inch Aggregation Router V6" : null)));
  });

  it("names every registry address as a walk of the registry in the order of its kinds would, in any case", () => {
    // The walk labelKnownAddress made for each address before it kept one table per network: the first venue contract, then the first locker, and so on.
    const walked = (chain: ChainId, address: Address) => {
      const network = networks[chain];
      const is = (other: Address) => other.toLowerCase() === address.toLowerCase();
      for (const dex of network.dexes) {
        const contract = venueContracts(dex).find((entry) => is(entry.address));
        if (contract) return { label: contract.label, kind: contract.role };
      }
      const locker = network.lockers.find((entry) => is(entry.address));
      if (locker) return { label: locker.name, kind: "locker" };
      if (is(network.wrappedNative.address)) return { label: network.wrappedNative.symbol, kind: "wrapped_native" };
      const stablecoin = network.stablecoins.find((token) => is(token.address));
      if (stablecoin) return { label: stablecoin.symbol, kind: "stablecoin" };
      const quote = network.otherQuotes.find((token) => is(token.address));
      if (quote) return { label: quote.symbol, kind: "quote_asset" };
      if (is(network.multicall3)) return { label: "Multicall3", kind: "multicall" };
      if (is(network.permit2)) return { label: "Permit2", kind: "permit2" };
      if (network.burnAddresses.some(is)) return { label: "burn address", kind: "burn" };
      const aggregator = network.aggregators.find((entry) => is(entry.address));
      if (aggregator) return { label: aggregator.name, kind: "aggregator" };
      return null;
    };
    for (const chain of CHAIN_IDS) {
      const network = networks[chain];
      const addresses: Address[] = [
        ...network.dexes.flatMap((dex) => venueContracts(dex).map((entry) => entry.address)),
        ...network.lockers.map((entry) => entry.address),
        network.wrappedNative.address,
        ...network.stablecoins.map((token) => token.address),
        ...network.otherQuotes.map((token) => token.address),
        network.multicall3,
        network.permit2,
        ...network.burnAddresses,
        ...network.aggregators.map((entry) => entry.address),
        getAddress("0x00000000000000000000000000000000000a66e9"),
      ];
      for (const address of addresses) {
        for (const spelled of [address, address.toLowerCase() as Address]) {
          expect(labelKnownAddress(chain, spelled), `${chain} ${spelled}`).toEqual(walked(chain, address));
          const is = (other: Address) => other.toLowerCase() === address.toLowerCase();
          expect(findLocker(chain, spelled)).toBe(network.lockers.find((entry) => is(entry.address)));
          expect(isBurnAddress(chain, spelled)).toBe(network.burnAddresses.some(is));
          expect(findVenueContract(chain, spelled)).toEqual(network.dexes.map((dex) => venueContracts(dex).find((entry) => is(entry.address))).find(Boolean));
        }
      }
    }
    // The answer is the caller's own: changing it changes no later answer.
    const first = labelKnownAddress("eth", networks.eth.multicall3)!;
    first.label = "changed";
    expect(labelKnownAddress("eth", networks.eth.multicall3)?.label).toBe("Multicall3");
  });
});

describe("chainSchema", () => {
  it("accepts the three codes in any case and answers the lower-case code", () => {
    expect(chainSchema.parse("ETH")).toBe("eth");
    expect(chainSchema.parse("base")).toBe("base");
    expect(chainSchema.parse("Bsc")).toBe("bsc");
  });

  it.each(["ethereum", "1", "polygon", "", " eth", "bnb"])("rejects %j", (value) => {
    const result = chainSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("chain must be one of eth, base, bsc.");
  });

  it("rejects numeric chain ids and missing values", () => {
    expect(chainSchema.safeParse(1).success).toBe(false);
    expect(chainSchema.safeParse(56).success).toBe(false);
    expect(chainSchema.safeParse(undefined).success).toBe(false);
  });
});

describe("service grounding", () => {
  it("grounds Ethereum only by default", () => {
    expect([...serviceGroundedChains({})]).toEqual(["eth"]);
    expect(isServiceGrounded("eth", {})).toBe(true);
    expect(isServiceGrounded("base", {})).toBe(false);
    expect(isServiceGrounded("bsc", {})).toBe(false);
  });

  it("takes the grounded list from CHAIN_SERVICE_GROUNDED when set", () => {
    expect([...serviceGroundedChains({ CHAIN_SERVICE_GROUNDED: "eth,base" })]).toEqual(["eth", "base"]);
    expect([...serviceGroundedChains({ CHAIN_SERVICE_GROUNDED: " BSC " })]).toEqual(["bsc"]);
    expect([...serviceGroundedChains({ CHAIN_SERVICE_GROUNDED: "" })]).toEqual([]);
    expect([...serviceGroundedChains({ CHAIN_SERVICE_GROUNDED: "ethereum,base" })]).toEqual(["base"]);
  });
});
