// The demo chain repeats the mainnet addresses on purpose (it must not depend on the
// code it exists to test); this keeps the two copies from drifting apart.
import { describe, expect, it } from "vitest";
import { getNetwork } from "@/lib/chain/networks";
import { DEMO_CHAINS, DEMO_NETWORKS } from "@/lib/demo-chain";

describe.each(DEMO_CHAINS)("demo %s agrees with the network registry", (chain) => {
  const demo = DEMO_NETWORKS[chain];
  const network = getNetwork(chain);

  it("chain id, wrapped native token, Multicall3", () => {
    expect(demo.chainId).toBe(network.evmChainId);
    expect(demo.wrappedNative.address).toBe(network.wrappedNative.address);
    expect(demo.wrappedNative.decimals).toBe(network.wrappedNative.decimals);
    expect(demo.multicall3).toBe(network.multicall3);
  });

  it("the stablecoin is one the registry lists, with the same decimals", () => {
    const listed = network.stablecoins.find((token) => token.address === demo.stablecoin.address);
    expect(listed).toBeDefined();
    expect(listed!.decimals).toBe(demo.stablecoin.decimals);
  });

  it("the DEX factory and router are the registry's", () => {
    const dex = network.dexes.find((entry) => entry.factory === demo.dex.factory);
    expect(dex).toBeDefined();
    expect(dex!.router).toBe(demo.dex.router);
  });
});
