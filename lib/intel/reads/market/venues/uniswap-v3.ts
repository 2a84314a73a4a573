// Uniswap V3 and PancakeSwap V3: concentrated-liquidity pools found with getPool per fee tier,
// their liquidity held as position NFTs of the venue's position manager. PancakeSwap V3 appends
// protocol fees to the Swap event. The simulator swaps against the pool through its callback.
import { getAddress, parseAbi, parseAbiItem, type Address } from "viem";
import { scanEndOf, scanLogs } from "@/lib/chain/log-scanner";
import type { DexKind, LockPattern } from "@/lib/chain/networks";
import { balanceOfAbi, v3FactoryAbi, v3PoolAbi, v3PoolCreated } from "../abis";
import { sameAddress, type ContractCall } from "../context";
import type { Pool, PoolCandidate } from "../pool-types";
import { ratio, type Ratio } from "@/lib/intel/answers/ratio";
import { poolAddress, readFactoryCreation, sortedPair } from "./factory-pools";
import type { DecodedPoolEvent, OpenedPositions, PoolActivity, PoolFee, PositionVenue, VenueModule } from "./venue-module";

const Q192 = 2n ** 192n;

/** The token's mid price in the quote asset from a sqrt price, given which side token0 is. */
export function midPriceFromSqrt(sqrt: bigint | null, token0: Address | null, token: Address): Ratio | null {
  if (sqrt === null || sqrt === 0n || !token0) return null;
  // sqrtPriceX96² / 2^192 is token1 base units per token0 base unit.
  const token1PerToken0 = { num: sqrt * sqrt, den: Q192 };
  return sameAddress(token0, token) ? token1PerToken0 : ratio(token1PerToken0.den, token1PerToken0.num);
}

/** A V3-style pool's price, active liquidity and token0, and what it holds of each side across all ticks. */
export function v3PoolCalls(pool: PoolCandidate): ContractCall[] {
  return [
    { address: pool.address, abi: v3PoolAbi, functionName: "slot0" },
    { address: pool.address, abi: v3PoolAbi, functionName: "liquidity" },
    { address: pool.address, abi: v3PoolAbi, functionName: "token0" },
    { address: pool.token, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
    { address: pool.quote.address, abi: balanceOfAbi, functionName: "balanceOf", args: [pool.address] },
    { address: pool.address, abi: v3PoolAbi, functionName: "tickSpacing" },
  ];
}

export function decodeV3Pool(candidate: PoolCandidate, values: unknown[]): Pool {
  const [slot0, liquidity, token0Raw, tokenBalance, quoteBalance, tickSpacing] = values as [readonly [bigint, number] | null, bigint | null, Address | null, bigint | null, bigint | null, number | null];
  const token0 = token0Raw ? getAddress(token0Raw) : null;
  const sqrt = slot0?.[0] ?? null;
  return {
    ...candidate,
    token0,
    reserves: tokenBalance !== null && quoteBalance !== null ? { token: tokenBalance, quote: quoteBalance } : null,
    reservesSource: "pool_balances",
    lpTotalSupply: null,
    tickSpacing: candidate.tickSpacing ?? (tickSpacing === null ? null : Number(tickSpacing)),
    v3: sqrt !== null && liquidity !== null ? { sqrtPriceX96: sqrt, liquidity, tick: Number(slot0![1]) } : null,
    stableUnits: null,
    midPrice: midPriceFromSqrt(sqrt, token0, candidate.token),
  };
}

/** A V3-style pool's events, by name. */
export function readV3PoolEvent(event: DecodedPoolEvent): PoolActivity | null {
  const pool = event.pool();
  switch (event.name) {
    case "Swap":
      return { what: "swap", pool, sender: event.address("sender"), recipient: event.address("recipient"), delta0: event.int("amount0"), delta1: event.int("amount1"), sqrtPriceX96: event.int("sqrtPriceX96") };
    case "Mint":
      return { what: "liquidity_added", pool, owner: event.address("owner"), amount0: event.int("amount0"), amount1: event.int("amount1"), liquidity: event.int("amount"), ticks: event.ticks() };
    case "Burn":
      // Burn leaves the amounts owed to the position; Collect moves them out.
      return { what: "liquidity_removed", pool, owner: event.address("owner"), amount0: event.int("amount0"), amount1: event.int("amount1"), liquidity: event.int("amount"), ticks: event.ticks() };
    case "Collect":
      return { what: "fees_collected", pool, owner: event.address("owner"), recipient: event.address("recipient"), amount0: event.int("amount0"), amount1: event.int("amount1") };
    default:
      return null;
  }
}

// Uniswap V3 pools, and Slipstream's, which keep V3's events.
const concentratedLiquidity = [
  "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
  "event Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
] as const;
const uniswapV3Events = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
  ...concentratedLiquidity,
]);
const pancakeswapV3Events = parseAbi([
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)",
  ...concentratedLiquidity,
]);

const v3PoolMint = parseAbiItem("event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)");

/**
 * Positions of a V3-style pool: its Mint events owned by the position manager, matched by
 * transaction with the manager's IncreaseLiquidity (which names the token id). The range comes
 * with the position's own read (positions()) in round 2.
 */
export function v3StylePositions<K extends Extract<DexKind, "uniswap-v3" | "slipstream">>(lockPatterns: readonly LockPattern[]): PositionVenue<K> {
  return {
    liquidityCall: "positions",
    lockPatterns,
    openedPositions: async ({ pool, positionManager, window, increasesOf }): Promise<OpenedPositions> => {
      const [mints, increases] = await Promise.all([scanLogs({ ...window, address: pool.address, events: [v3PoolMint] as const, args: { owner: positionManager } }), increasesOf(positionManager)]);
      const mintTransactions = new Set(mints.logs.map((log) => log.transactionHash));
      const opened: OpenedPositions["opened"] = new Map();
      for (const log of increases.logs) if (mintTransactions.has(log.transactionHash) && !opened.has(log.args.tokenId!)) opened.set(log.args.tokenId!, { transaction: log.transactionHash, tickLower: null, tickUpper: null });
      return {
        opened,
        ranges: null,
        scanned: { fromBlock: mints.fromBlock > increases.fromBlock ? mints.fromBlock : increases.fromBlock, toBlock: mints.toBlock, truncated: mints.truncated || increases.truncated, end: scanEndOf(mints.reason, increases.reason) },
      };
    },
  };
}

/** A concentrated-liquidity pool's fee: the one its key fixes. */
export function poolKeyFee(feeTier: number | null): PoolFee {
  return { tier: feeTier, bps: feeTier === null ? null : feeTier / 100, source: "pool" };
}

export const v3StyleLimitation =
  "V3-style liquidity is held as NFT positions: position_custody names who holds the positions opened in the history window (older ones are not seen); V3 reserves are the pool's token balances across all price ranges; depth.in_range is what lies within 2 % of the price.";

// Uniswap and PancakeSwap V3 pools and Slipstream's check their balance after the callback ("IIA";
// the demo Slipstream pool names it InsufficientInput()).
export const v3ShortPayment = { reasons: ["IIA"], errors: ["InsufficientInput()"] } as const;

export const uniswapV3: VenueModule<"uniswap-v3"> = {
  kind: "uniswap-v3",
  probes: (_ctx, dex, token, quotes) =>
    quotes.flatMap((quote) =>
      dex.feeTiers.map((fee) => ({
        candidate: { dex, token, quote, feeTier: fee, stable: null, tickSpacing: null, v4: null },
        found: poolAddress,
        call: { address: dex.factory, abi: v3FactoryAbi, functionName: "getPool", args: [token, quote.address, fee] },
      })),
    ),
  scanPools: null,
  predictPools: null,
  // Its pools price the further quote assets; the native coin's dollar price comes from reserve pools.
  reference: { nativeUsd: false, quoteAssets: true },
  stateCalls: v3PoolCalls,
  decodeState: decodeV3Pool,
  readCreation: (ctx, pool, lookbackBlocks) => {
    const [token0, token1] = sortedPair(pool);
    return readFactoryCreation(ctx, pool, pool.dex.factory, v3PoolCreated, { token0, token1, fee: pool.feeTier }, lookbackBlocks);
  },
  eventShape: (dex) => dex.eventShape,
  eventDecoders: { "uniswap-v3": { abi: uniswapV3Events, read: readV3PoolEvent }, "pancakeswap-v3": { abi: pancakeswapV3Events, read: readV3PoolEvent } },
  tradeRoute: (pool) => ({ via: "v3_pool", pool: pool.address }),
  shortPayment: v3ShortPayment,
  lpToken: false,
  // UNCX's V3 lockers hold Uniswap and PancakeSwap V3 position NFTs.
  positions: v3StylePositions(["uncx-v3-positions"]),
  tickCall: (pool, tick) => ({ address: pool.address, abi: v3PoolAbi, functionName: "ticks", args: [tick] }),
  factory: (dex) => dex.factory,
  fee: (pool) => poolKeyFee(pool.feeTier),
  limitation: v3StyleLimitation,
};
