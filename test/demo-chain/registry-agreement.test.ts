// The demo chain repeats the mainnet addresses on purpose (it must not depend on the
// code it exists to test); this keeps the two copies from drifting apart.
import { parseAbi, zeroAddress, type Address, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getNetwork, type UniswapV3StyleDex, type UniswapV4Dex } from "@/lib/chain/networks";
import { DEMO_CHAINS, DEMO_NETWORKS } from "@/demo-chain";
import { DEMO_AERODROME, DEMO_LOCKERS, DEMO_STANDARD_BRIDGE, DEMO_VENUES } from "@/demo-chain/networks";
import { useDemoChains, useSharedDemoChains } from "../support/demo-chains";
import { clientFor } from "./helpers";

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

  it("every locker the demo places a stand-in for sits at the registry's address, with its key, venue and pattern", () => {
    const registry = network.lockers.filter((locker) => locker.pattern !== "liquidity-timelock").map((locker) => ({ key: locker.key, address: locker.address, dex: locker.dex, pattern: locker.pattern }));
    expect([...DEMO_LOCKERS[chain]]).toEqual(registry);
  });

  it("the standard bridge is the registry's", () => {
    expect(DEMO_STANDARD_BRIDGE[chain]).toBe(network.standardBridge?.address ?? null);
  });

  it("the DEX factory and router are the registry's", () => {
    const dex = network.dexes.find((entry) => "factory" in entry && entry.factory === demo.dex.factory);
    expect(dex).toBeDefined();
    expect(dex!.router).toBe(demo.dex.router);
  });
});

// ---- Aerodrome (Base) ----
// Aerodrome classic and Slipstream are placed on the base demo chain at the addresses the registry
// names, and answer there as the real contracts do.
describe("Aerodrome venues agree with the network registry", () => {
  const shared = useSharedDemoChains(["base"]);
  let client: PublicClient;

  beforeAll(() => {
    client = clientFor(shared.get("base").rpcUrl);
  });

  it.each(DEMO_CHAINS)("every Solidly-style and Slipstream venue the registry lists on %s is placed, at its address", (chain) => {
    const demo = DEMO_AERODROME[chain];
    const dexes = getNetwork(chain).dexes;
    const solidly = dexes.filter((dex) => dex.kind === "solidly-v2");
    const slipstream = dexes.filter((dex) => dex.kind === "slipstream");
    if (!demo) {
      expect([...solidly, ...slipstream]).toEqual([]);
      return;
    }
    expect(solidly.map((dex) => [dex.key, dex.factory, dex.router])).toEqual([["aerodrome", demo.classic.factory, demo.classic.router]]);
    expect(slipstream.map((dex) => [dex.key, dex.factory, dex.router, dex.positionManager, dex.tickSpacings.map((entry) => [entry.tickSpacing, entry.fee])])).toEqual([
      [
        "aerodrome-slipstream",
        demo.slipstream.factory,
        demo.slipstream.swapRouter,
        demo.slipstream.positionManager,
        demo.slipstream.tickSpacings.map((entry) => [entry.tickSpacing, entry.fee]),
      ],
    ]);
  });

  it("each answers its basic getters at the registry's address on base", async () => {
    const network = getNetwork("base");
    const weth = network.wrappedNative.address;
    const classic = network.dexes.find((dex) => dex.kind === "solidly-v2")!;
    const slipstream = network.dexes.find((dex) => dex.kind === "slipstream")!;
    const read = <T>(address: Address, signature: string, args: readonly unknown[] = []) => {
      const abi = parseAbi([signature]) as readonly { name: string }[];
      return client.readContract({ address, abi: abi as never, functionName: abi[0]!.name as never, args: args as never }) as Promise<T>;
    };

    const implementation = await read<Address>(classic.factory, "function implementation() view returns (address)");
    expect(implementation).toBe(DEMO_AERODROME.base!.classic.poolImplementation);
    expect(await read(classic.factory, "function stableFee() view returns (uint256)")).toBe(5n);
    expect(await read(classic.factory, "function volatileFee() view returns (uint256)")).toBe(30n);
    expect(await read<bigint>(classic.factory, "function allPoolsLength() view returns (uint256)")).toBeGreaterThan(0n);
    expect(await read(classic.factory, "function getPool(address, address, bool) view returns (address)", [weth, network.stablecoins[0]!.address, false])).toBe(zeroAddress);
    expect(await read(classic.router, "function defaultFactory() view returns (address)")).toBe(classic.factory);
    expect(await read(classic.router, "function weth() view returns (address)")).toBe(weth);

    expect(await read(slipstream.factory, "function poolImplementation() view returns (address)")).toBe(DEMO_AERODROME.base!.slipstream.poolImplementation);
    expect(await read(slipstream.factory, "function tickSpacings() view returns (int24[])")).toEqual(slipstream.tickSpacings.map((entry) => entry.tickSpacing));
    for (const { tickSpacing, fee } of DEMO_AERODROME.base!.slipstream.tickSpacings) {
      expect(await read(slipstream.factory, "function tickSpacingToFee(int24) view returns (uint24)", [tickSpacing])).toBe(fee);
    }
    for (const periphery of [slipstream.router, slipstream.positionManager]) {
      expect(await read(periphery, "function factory() view returns (address)")).toBe(slipstream.factory);
      expect(await read(periphery, "function WETH9() view returns (address)")).toBe(weth);
    }
    expect(await read(slipstream.positionManager, "function name() view returns (string)")).toBe("Slipstream Position NFT v1");
  });
});

// ---- Concentrated-liquidity venues: the demo's copy of the registry's addresses, then the
// contracts at the registry's own addresses on the running demo chains.

describe.each(DEMO_CHAINS)("demo %s venues agree with the network registry", (chain) => {
  const venues = DEMO_VENUES[chain];
  const network = getNetwork(chain);
  const uniswapV3 = network.dexes.find((dex): dex is UniswapV3StyleDex => dex.kind === "uniswap-v3" && dex.key === "uniswap-v3");
  const uniswapV4 = network.dexes.find((dex): dex is UniswapV4Dex => dex.kind === "uniswap-v4");
  const pancakeV3 = network.dexes.find((dex): dex is UniswapV3StyleDex => dex.kind === "uniswap-v3" && dex.key === "pancakeswap-v3");

  it("Uniswap V3: factory (its own pool deployer), position manager, init code hash, fee tiers", () => {
    expect(uniswapV3).toBeDefined();
    expect(venues.uniswapV3.factory).toBe(uniswapV3!.factory);
    expect(uniswapV3!.poolDeployer).toBe(uniswapV3!.factory);
    expect(venues.uniswapV3.positionManager).toBe(uniswapV3!.positionManager);
    expect(venues.uniswapV3.poolInitCodeHash).toBe(uniswapV3!.initCodeHash);
    expect(venues.uniswapV3.feeTiers.map((tier) => tier.fee)).toEqual([...uniswapV3!.feeTiers]);
  });

  it("Uniswap V4: PoolManager, PositionManager, StateView, quoter, Universal Router; Permit2", () => {
    expect(uniswapV4).toBeDefined();
    expect(venues.uniswapV4).toEqual({
      poolManager: uniswapV4!.poolManager,
      positionManager: uniswapV4!.positionManager,
      stateView: uniswapV4!.stateView,
      quoter: uniswapV4!.quoter,
      universalRouter: uniswapV4!.router,
    });
    expect(venues.permit2).toBe(network.permit2);
  });

  it("PancakeSwap V3 on bsc only: factory, pool deployer, init code hash, fee tiers", () => {
    if (chain !== "bsc") {
      expect(venues.pancakeV3).toBeNull();
      return;
    }
    expect(pancakeV3).toBeDefined();
    expect(venues.pancakeV3).toMatchObject({
      factory: pancakeV3!.factory,
      poolDeployer: pancakeV3!.poolDeployer,
      poolInitCodeHash: pancakeV3!.initCodeHash,
    });
    expect(venues.pancakeV3!.feeTiers.map((tier) => tier.fee)).toEqual([...pancakeV3!.feeTiers]);
  });
});

describe("the venue contracts at the registry's addresses answer on the demo chains", () => {
  const demo = useDemoChains();
  const getters = parseAbi([
    "function owner() view returns (address)",
    "function factory() view returns (address)",
    "function WETH9() view returns (address)",
    "function feeAmountTickSpacing(uint24) view returns (int24)",
    "function poolManager() view returns (address)",
    "function permit2() view returns (address)",
    "function V3_POSITION_MANAGER() view returns (address)",
    "function V4_POSITION_MANAGER() view returns (address)",
    "function poolDeployer() view returns (address)",
    "function factoryAddress() view returns (address)",
    "function DOMAIN_SEPARATOR() view returns (bytes32)",
  ]);

  it.each(DEMO_CHAINS)("%s", async (chain) => {
    const network = getNetwork(chain);
    const client = clientFor(demo.chains[chain].rpcUrl);
    const dexAdmin = demo.chains[chain].addressBook.wallets.dexAdmin;
    const read = (address: Address, functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address, abi: getters, functionName: functionName as never, args: args as never }) as Promise<unknown>;
    const hasCode = async (address: Address) => ((await client.getCode({ address })) ?? "0x").length > 2;

    const v3 = network.dexes.find((dex): dex is UniswapV3StyleDex => dex.kind === "uniswap-v3" && dex.key === "uniswap-v3")!;
    expect(await read(v3.factory, "owner")).toBe(dexAdmin);
    for (const fee of v3.feeTiers) expect(Number(await read(v3.factory, "feeAmountTickSpacing", [fee]))).toBeGreaterThan(0);
    expect(await read(v3.positionManager, "factory")).toBe(v3.factory);
    expect(await read(v3.positionManager, "WETH9")).toBe(network.wrappedNative.address);

    const v4 = network.dexes.find((dex): dex is UniswapV4Dex => dex.kind === "uniswap-v4")!;
    expect(await read(v4.poolManager, "owner")).toBe(dexAdmin);
    for (const address of [v4.positionManager, v4.stateView, v4.quoter, v4.router]) expect(await read(address, "poolManager")).toBe(v4.poolManager);
    expect(await read(v4.positionManager, "permit2")).toBe(network.permit2);
    expect(await read(v4.positionManager, "WETH9")).toBe(network.wrappedNative.address);
    expect(await read(v4.router, "V3_POSITION_MANAGER")).toBe(v3.positionManager);
    expect(await read(v4.router, "V4_POSITION_MANAGER")).toBe(v4.positionManager);
    expect(await hasCode(network.permit2)).toBe(true);
    expect(await read(network.permit2, "DOMAIN_SEPARATOR")).toMatch(/^0x[0-9a-f]{64}$/);

    const pancake = network.dexes.find((dex): dex is UniswapV3StyleDex => dex.kind === "uniswap-v3" && dex.key === "pancakeswap-v3");
    if (pancake) {
      expect(await read(pancake.factory, "owner")).toBe(dexAdmin);
      expect(await read(pancake.factory, "poolDeployer")).toBe(pancake.poolDeployer);
      for (const fee of pancake.feeTiers) expect(Number(await read(pancake.factory, "feeAmountTickSpacing", [fee]))).toBeGreaterThan(0);
      expect(await read(pancake.poolDeployer, "factoryAddress")).toBe(pancake.factory);
      // Not placed: PancakeSwap's periphery is not packaged (the demo trades through its own router).
      expect(await hasCode(pancake.router)).toBe(false);
      expect(await hasCode(pancake.positionManager)).toBe(false);
    }
    // Not placed: SwapRouter02 is not packaged (V3 trades go through the Universal Router).
    expect(await hasCode(v3.router)).toBe(false);
  });
});
