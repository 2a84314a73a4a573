// Every venue's pool events, encoded with the ABI of the real contract (the published artifacts of
// Uniswap V2, V3, V4 and PancakeSwap V3; Aerodrome's public event signatures), read back into the
// one shape the intelligence uses: swaps as the pool's balance change, liquidity in and out.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { encodeAbiParameters, encodeEventTopics, getAddress, keccak256, parseAbi, toHex, type Abi, type AbiEvent, type Address, type Hex } from "viem";
import { readPoolEvent, venueTopics } from "@/lib/intel/reads/market/venue-events";

const require = createRequire(import.meta.url);
const artifactAbi = (path: string) => (require(path) as { abi: Abi }).abi;
const abis = {
  uniswapV2: artifactAbi("@uniswap/v2-core/build/IUniswapV2Pair.json"),
  uniswapV3: artifactAbi("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json"),
  pancakeswapV3: artifactAbi("@pancakeswap/v3-core/artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json"),
  uniswapV4: artifactAbi("@uniswap/v4-core/out/PoolManager.sol/PoolManager.json"),
};

const pool = getAddress("0x00000000000000000000000000000000000000a1");
const alice = getAddress("0x00000000000000000000000000000000000000b2");
const bob = getAddress("0x00000000000000000000000000000000000000c3");
const poolId = keccak256(toHex("a pool key"));

/** A log as the contract would emit it: topics and data encoded with the contract's own ABI. */
function emitted(abi: Abi, eventName: string, args: Record<string, unknown>, address: Address = pool) {
  const event = abi.find((item): item is AbiEvent => item.type === "event" && item.name === eventName)!;
  const topics = encodeEventTopics({ abi: [event], eventName, args: Object.fromEntries(event.inputs.filter((input) => input.indexed).map((input) => [input.name!, args[input.name!]])) } as never) as Hex[];
  const data = encodeAbiParameters(event.inputs.filter((input) => !input.indexed), event.inputs.filter((input) => !input.indexed).map((input) => args[input.name!]));
  return { address, topics, data };
}

// Aerodrome classic pools (no published artifact): their events as the pool contract declares them.
const aerodromeAbi: Abi = parseAbi([
  "event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)",
  "event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)",
  "event Sync(uint256 reserve0, uint256 reserve1)",
]);

describe("venue pool events", () => {
  it("topic0 of every shape's events is the real contract's", () => {
    const topicsOf = (abi: Abi, names: string[]) => names.map((name) => encodeEventTopics({ abi: [abi.find((item) => item.type === "event" && item.name === name)!] } as never)[0]);
    expect(venueTopics("uniswap-v2")).toEqual(topicsOf(abis.uniswapV2, ["Swap", "Mint", "Burn", "Sync"]));
    expect(venueTopics("uniswap-v3")).toEqual(topicsOf(abis.uniswapV3, ["Swap", "Mint", "Burn", "Collect"]));
    expect(venueTopics("pancakeswap-v3")).toEqual(topicsOf(abis.pancakeswapV3, ["Swap", "Mint", "Burn", "Collect"]));
    expect(venueTopics("uniswap-v4")).toEqual(topicsOf(abis.uniswapV4, ["Initialize", "ModifyLiquidity", "Swap"]));
    // Aerodrome's Swap, as indexers of Base record it.
    expect(venueTopics("solidly")[0]).toBe("0xb3e2773606abfd36b5bd91394b3a54d1398336c65005baf7bf7a05efeffaf75b");
    // Slipstream keeps V3's Swap.
    expect(venueTopics("uniswap-v3")[0]).toBe("0xc42079f94a6350d7e6235f29174924f928cc2ac818eb64fed8004e115fbcca67");
  });

  it("Uniswap V2: a buy of token1 for token0 is +in, -out from the pool's side; Burn names the receiver", () => {
    expect(readPoolEvent("uniswap-v2", emitted(abis.uniswapV2, "Swap", { sender: alice, amount0In: 10n, amount1In: 0n, amount0Out: 0n, amount1Out: 7n, to: bob }))).toEqual({
      what: "swap", pool: { address: pool, id: null }, sender: alice, recipient: bob, delta0: 10n, delta1: -7n, sqrtPriceX96: null,
    });
    expect(readPoolEvent("uniswap-v2", emitted(abis.uniswapV2, "Burn", { sender: alice, amount0: 5n, amount1: 6n, to: bob }))).toMatchObject({ what: "liquidity_removed", owner: bob, amount0: 5n, amount1: 6n });
    expect(readPoolEvent("uniswap-v2", emitted(abis.uniswapV2, "Sync", { reserve0: 1n, reserve1: 2n }))).toMatchObject({ what: "reserves", reserve0: 1n, reserve1: 2n });
  });

  it("Aerodrome classic: its own Swap and Burn field order, and 256-bit Sync", () => {
    expect(readPoolEvent("solidly", emitted(aerodromeAbi, "Swap", { sender: alice, to: bob, amount0In: 0n, amount1In: 3n, amount0Out: 9n, amount1Out: 0n }))).toMatchObject({ what: "swap", sender: alice, recipient: bob, delta0: -9n, delta1: 3n });
    expect(readPoolEvent("solidly", emitted(aerodromeAbi, "Burn", { sender: alice, to: bob, amount0: 4n, amount1: 8n }))).toMatchObject({ what: "liquidity_removed", owner: bob, amount0: 4n, amount1: 8n });
    expect(readPoolEvent("solidly", emitted(aerodromeAbi, "Sync", { reserve0: 2n ** 120n, reserve1: 5n }))).toMatchObject({ what: "reserves", reserve0: 2n ** 120n });
    // A V2 reader does not mistake it for its own Swap.
    expect(readPoolEvent("uniswap-v2", emitted(aerodromeAbi, "Swap", { sender: alice, to: bob, amount0In: 0n, amount1In: 3n, amount0Out: 9n, amount1Out: 0n }))).toBeNull();
  });

  it("Uniswap V3 and PancakeSwap V3: signed pool-side amounts; Burn and Collect of a position", () => {
    const v3Swap = { sender: alice, recipient: bob, amount0: -100n, amount1: 40n, sqrtPriceX96: 2n ** 96n, liquidity: 10n ** 18n, tick: -5 };
    expect(readPoolEvent("uniswap-v3", emitted(abis.uniswapV3, "Swap", v3Swap))).toMatchObject({ what: "swap", sender: alice, recipient: bob, delta0: -100n, delta1: 40n });
    const pancakeSwap = { ...v3Swap, protocolFeesToken0: 1n, protocolFeesToken1: 2n };
    expect(readPoolEvent("pancakeswap-v3", emitted(abis.pancakeswapV3, "Swap", pancakeSwap))).toMatchObject({ what: "swap", delta0: -100n, delta1: 40n });
    // The nine-field Swap is not V3's: a V3 reader leaves it alone.
    expect(readPoolEvent("uniswap-v3", emitted(abis.pancakeswapV3, "Swap", pancakeSwap))).toBeNull();
    expect(readPoolEvent("uniswap-v3", emitted(abis.uniswapV3, "Burn", { owner: alice, tickLower: -60, tickUpper: 60, amount: 99n, amount0: 1n, amount1: 2n }))).toMatchObject({ what: "liquidity_removed", owner: alice, liquidity: 99n, amount0: 1n, amount1: 2n });
    expect(readPoolEvent("pancakeswap-v3", emitted(abis.pancakeswapV3, "Mint", { sender: bob, owner: alice, tickLower: -60, tickUpper: 60, amount: 99n, amount0: 1n, amount1: 2n }))).toMatchObject({ what: "liquidity_added", owner: alice, liquidity: 99n });
    expect(readPoolEvent("uniswap-v3", emitted(abis.uniswapV3, "Collect", { owner: alice, recipient: bob, tickLower: -60, tickUpper: 60, amount0: 3n, amount1: 4n }))).toMatchObject({ what: "fees_collected", owner: alice, recipient: bob, amount0: 3n, amount1: 4n });
  });

  it("Uniswap V4: swaps keyed by pool id and turned to the pool's side; liquidity by the sign of its delta; pool creation with hooks", () => {
    const manager = getAddress("0x000000000004444c5dc75cB358380D2e3dE08A90");
    // The swapper paid 1 ETH (currency0) and received 2,500 USDC (currency1).
    expect(readPoolEvent("uniswap-v4", emitted(abis.uniswapV4, "Swap", { id: poolId, sender: alice, amount0: -(10n ** 18n), amount1: 2_500_000_000n, sqrtPriceX96: 2n ** 96n, liquidity: 1n, tick: 0, fee: 3000 }, manager))).toEqual({
      what: "swap", pool: { address: manager, id: poolId }, sender: alice, recipient: null, delta0: 10n ** 18n, delta1: -2_500_000_000n, sqrtPriceX96: 2n ** 96n,
    });
    expect(readPoolEvent(
      "uniswap-v4",
      emitted(abis.uniswapV4, "ModifyLiquidity", { id: poolId, sender: bob, tickLower: -60, tickUpper: 60, liquidityDelta: -500n, salt: poolId }, manager),
    )).toMatchObject({ what: "liquidity_removed", owner: bob, liquidity: 500n, amount0: null, ticks: { lower: -60, upper: 60 } });
    expect(readPoolEvent("uniswap-v4", emitted(abis.uniswapV4, "ModifyLiquidity", { id: poolId, sender: bob, tickLower: -60, tickUpper: 60, liquidityDelta: 700n, salt: poolId }, manager))).toMatchObject({ what: "liquidity_added", liquidity: 700n });
    const hooks = getAddress("0x0000000000000000000000000000000000000Fc4");
    expect(readPoolEvent("uniswap-v4", emitted(abis.uniswapV4, "Initialize", { id: poolId, currency0: "0x0000000000000000000000000000000000000000", currency1: bob, fee: 3000, tickSpacing: 60, hooks, sqrtPriceX96: 2n ** 96n, tick: 0 }, manager))).toMatchObject({
      what: "pool_created", currency0: "0x0000000000000000000000000000000000000000", currency1: bob, fee: 3000, tickSpacing: 60, hooks,
    });
  });
});
