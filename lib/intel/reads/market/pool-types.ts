// The shapes every market read shares: a quote asset, a found pool (a candidate) and a read pool.
// They sit below the pool reads and the venue modules, which both speak them.
import type { Address, Hex } from "viem";
import type { DexInfo } from "@/lib/chain/networks";
import type { Ratio } from "@/lib/intel/answers/ratio";

export type QuoteAsset = {
  address: Address;
  symbol: string;
  decimals: number;
  /**
   * native: the network's coin itself (a Uniswap V4 currency, the zero address). wrapped_native:
   * its wrapped token. stablecoin: a registry stablecoin. other: a further registry quote asset
   * (BTC wrappers, bridged ETH), valued through its pool against the wrapped native coin.
   */
  kind: "native" | "wrapped_native" | "stablecoin" | "other";
};

/** A Uniswap V4 pool: its id in the PoolManager and the key it is the hash of. */
export type V4PoolKey = { id: Hex; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address };

export type PoolCandidate = {
  /** The pool contract; for Uniswap V4, the PoolManager that holds the pool (its id is in `v4`). */
  address: Address;
  dex: DexInfo;
  /** The token the pool is read for. */
  token: Address;
  quote: QuoteAsset;
  /** Swap fee in hundredths of a basis point (3000 = 0.30%) where the pool's key fixes it; null for other kinds. */
  feeTier: number | null;
  /** Solidly curve; null for other kinds. */
  stable: boolean | null;
  /** Slipstream and V4 tick spacing; null for other kinds. */
  tickSpacing: number | null;
  v4: V4PoolKey | null;
  /** The block of a V4 pool's Initialize event, when the discovery scan saw it. */
  initializedBlock?: bigint;
};

export type Pool = PoolCandidate & {
  token0: Address | null;
  /**
   * V2 and Solidly: getReserves(). V3 and Slipstream: what the pool contract holds of each token,
   * across all ticks. V4: the amounts the in-range liquidity stands for at the current price
   * (the PoolManager holds every pool's tokens together, so a pool's own balance is not readable).
   */
  reserves: { token: bigint; quote: bigint } | null;
  reservesSource: "getReserves" | "pool_balances" | "in_range_liquidity";
  /** LP token supply of V2-style pools (V3 positions are NFTs); null otherwise or when unread. */
  lpTotalSupply: bigint | null;
  /** Concentrated-liquidity state (V3, Slipstream, V4). */
  v3: { sqrtPriceX96: bigint; liquidity: bigint; tick: number } | null;
  /** One whole unit of each side in base units, as a stable-curve pool states it (its price needs them); null otherwise. */
  stableUnits: { token: bigint; quote: bigint } | null;
  /** Mid price: quote base units per token base unit; null when the pool is empty or unread. */
  midPrice: Ratio | null;
};
