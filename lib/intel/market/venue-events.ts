// What each venue's pool events mean, in one shape: a swap as the pool's own balance change of
// each side (positive: the pool received it), liquidity added or removed, fees collected, the
// reserves after a change, and a V4 pool's creation. Every DEX family emits its own encodings —
// Uniswap V2 and Solidly order their Swap fields differently, PancakeSwap V3 appends protocol
// fees to the V3 Swap, Uniswap V4 reports swaps for every pool from one PoolManager, keyed by pool
// id and signed from the swapper's side — and reading one as another turns a trade into nothing.
import { decodeEventLog, parseAbi, toEventSelector, type Abi, type Address, type Hex } from "viem";
import type { DexInfo } from "@/lib/chain/networks";

export type EventShape = "uniswap-v2" | "solidly" | "uniswap-v3" | "pancakeswap-v3" | "uniswap-v4";

const uniswapV2 = parseAbi([
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
]);

// Aerodrome classic (Velodrome V2 / Solidly) pools.
const solidly = parseAbi([
  "event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)",
  "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)",
  "event Sync(uint256 reserve0, uint256 reserve1)",
]);

// Uniswap V3 pools, and Slipstream's, which keep V3's events.
const concentratedLiquidity = [
  "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
] as const;
const uniswapV3 = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  ...concentratedLiquidity,
]);
const pancakeswapV3 = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)",
  ...concentratedLiquidity,
]);

// The Uniswap V4 PoolManager: one contract, every pool, keyed by pool id.
const uniswapV4 = parseAbi([
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
]);

export const venueEventAbis: Record<EventShape, Abi> = {
  "uniswap-v2": uniswapV2,
  solidly,
  "uniswap-v3": uniswapV3,
  "pancakeswap-v3": pancakeswapV3,
  "uniswap-v4": uniswapV4,
};

/** The encoding a venue's pools emit their events in. */
export function eventShapeOf(dex: DexInfo): EventShape {
  switch (dex.kind) {
    case "uniswap-v2":
      return "uniswap-v2";
    case "solidly-v2":
      return "solidly";
    case "uniswap-v3":
      return dex.eventShape;
    case "slipstream":
      return "uniswap-v3";
    case "uniswap-v4":
      return "uniswap-v4";
  }
}

/** The events a log scan asks for, per shape (topic0 of each). */
export function venueTopics(shape: EventShape): Hex[] {
  return (venueEventAbis[shape] as readonly { type: string; name?: string }[])
    .filter((item) => item.type === "event")
    .map((item) => toEventSelector(item as never));
}

/** A V4 pool is named by its id inside the PoolManager; every other pool by its own address. */
export type PoolRef = { address: Address; id: Hex | null };

export type PoolActivity =
  | { what: "swap"; pool: PoolRef; sender: Address; recipient: Address | null; delta0: bigint; delta1: bigint; /** The price after the swap (concentrated liquidity); null for reserve pools. */ sqrtPriceX96: bigint | null }
  | {
      what: "liquidity_added" | "liquidity_removed";
      pool: PoolRef;
      owner: Address | null;
      amount0: bigint | null;
      amount1: bigint | null;
      liquidity: bigint | null;
      /** The position's range (concentrated liquidity); null for reserve pools. */
      ticks: { lower: number; upper: number } | null;
    }
  | { what: "fees_collected"; pool: PoolRef; owner: Address; recipient: Address; amount0: bigint; amount1: bigint }
  | { what: "reserves"; pool: PoolRef; reserve0: bigint; reserve1: bigint }
  | { what: "pool_created"; pool: PoolRef; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address; sqrtPriceX96: bigint };

export type RawLog = { address: Address; topics: readonly Hex[]; data: Hex };

/** The log read in the venue's own encoding, or null when it is not one of that venue's pool events. */
export function readPoolEvent(shape: EventShape, log: RawLog): PoolActivity | null {
  if (log.topics.length === 0) return null;
  let decoded: { eventName: string; args: Record<string, unknown> };
  try {
    decoded = decodeEventLog({ abi: venueEventAbis[shape], topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true }) as unknown as typeof decoded;
  } catch {
    return null;
  }
  const address = (name: string) => decoded.args[name] as Address;
  const int = (name: string) => decoded.args[name] as bigint;
  const ticks = () => ({ lower: Number(decoded.args.tickLower), upper: Number(decoded.args.tickUpper) });
  const at = (id: Hex | null): PoolRef => ({ address: log.address, id });
  const pool = at(null);
  switch (`${shape === "pancakeswap-v3" ? "uniswap-v3" : shape}:${decoded.eventName}`) {
    case "uniswap-v2:Swap":
    case "solidly:Swap":
      return { what: "swap", pool, sender: address("sender"), recipient: address("to"), delta0: int("amount0In") - int("amount0Out"), delta1: int("amount1In") - int("amount1Out"), sqrtPriceX96: null };
    case "uniswap-v2:Mint":
    case "solidly:Mint":
      // The LP tokens' receiver is in the pair's Transfer, not here.
      return { what: "liquidity_added", pool, owner: null, amount0: int("amount0"), amount1: int("amount1"), liquidity: null, ticks: null };
    case "uniswap-v2:Burn":
    case "solidly:Burn":
      return { what: "liquidity_removed", pool, owner: address("to"), amount0: int("amount0"), amount1: int("amount1"), liquidity: null, ticks: null };
    case "uniswap-v2:Sync":
    case "solidly:Sync":
      return { what: "reserves", pool, reserve0: int("reserve0"), reserve1: int("reserve1") };
    case "uniswap-v3:Swap":
      return { what: "swap", pool, sender: address("sender"), recipient: address("recipient"), delta0: int("amount0"), delta1: int("amount1"), sqrtPriceX96: int("sqrtPriceX96") };
    case "uniswap-v3:Mint":
      return { what: "liquidity_added", pool, owner: address("owner"), amount0: int("amount0"), amount1: int("amount1"), liquidity: int("amount"), ticks: ticks() };
    case "uniswap-v3:Burn":
      // Burn leaves the amounts owed to the position; Collect moves them out.
      return { what: "liquidity_removed", pool, owner: address("owner"), amount0: int("amount0"), amount1: int("amount1"), liquidity: int("amount"), ticks: ticks() };
    case "uniswap-v3:Collect":
      return { what: "fees_collected", pool, owner: address("owner"), recipient: address("recipient"), amount0: int("amount0"), amount1: int("amount1") };
    case "uniswap-v4:Swap":
      // Signed from the swapper's side (negative: paid into the pool): turned to the pool's side.
      return { what: "swap", pool: at(decoded.args.id as Hex), sender: address("sender"), recipient: null, delta0: -int("amount0"), delta1: -int("amount1"), sqrtPriceX96: int("sqrtPriceX96") };
    case "uniswap-v4:ModifyLiquidity": {
      const delta = int("liquidityDelta");
      return { what: delta >= 0n ? "liquidity_added" : "liquidity_removed", pool: at(decoded.args.id as Hex), owner: address("sender"), amount0: null, amount1: null, liquidity: delta >= 0n ? delta : -delta, ticks: ticks() };
    }
    case "uniswap-v4:Initialize":
      return { what: "pool_created", pool: at(decoded.args.id as Hex), currency0: address("currency0"), currency1: address("currency1"), fee: Number(decoded.args.fee), tickSpacing: Number(decoded.args.tickSpacing), hooks: address("hooks"), sqrtPriceX96: int("sqrtPriceX96") };
    default:
      return null;
  }
}
