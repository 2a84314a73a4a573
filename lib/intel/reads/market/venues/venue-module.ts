// What a venue kind (a family of DEX contracts: Uniswap V2 pairs, Solidly pools, V3 pools,
// Slipstream, the V4 PoolManager) must answer for the market reads, in one typed shape. Every read
// that differs by kind asks the kind's module (venues/<kind>.ts) through the table in
// venues/index.ts, so a new kind is one module plus its registry entries, and a kind or a part
// forgotten is a compile error.
import type { Abi, Address, Hash, Hex } from "viem";
import type { z } from "zod";
import type { ChainClient } from "@/lib/chain/clients";
import type { ScanEnd } from "@/lib/chain/log-scanner";
import type { DexInfo, DexKind, LockPattern } from "@/lib/chain/networks";
import type { poolFeeOut } from "@/lib/schemas/responses/liquidity";
import type { ContractCall, LatestContext, MarketContext } from "../context";
import type { Pool, PoolCandidate, QuoteAsset, V4PoolKey } from "../pool-types";

export type DexOf<K extends DexKind> = Extract<DexInfo, { kind: K }>;
export type CandidateOf<K extends DexKind> = PoolCandidate & { dex: DexOf<K> };
export type PoolOf<K extends DexKind> = Pool & { dex: DexOf<K> };

/** One call of the discovery round, the pool it would find, and how its answer names that pool (null: none). */
export type PoolProbe = { candidate: Omit<PoolCandidate, "address">; call: ContractCall; found: (value: unknown) => Address | null };

/** What a discovery scan of logs found (Uniswap V4's Initialize events), and the range it covered. */
export type PoolScan = { candidates: PoolCandidate[]; covered: { poolManager: Address; fromBlock: bigint; truncated: boolean } };

export type PoolCreation = { block: bigint; transaction: Hash };

export type PoolCreationRead = {
  creation: PoolCreation | null;
  /** The range searched; a pool created before `fromBlock` is not found. */
  fromBlock: bigint;
  toBlock: bigint;
};

/**
 * How the simulator reaches the pool: through a V2 router, or straight against the pool as routers
 * do for the other venues (a V3-style pool's callback, an Aerodrome pool's pay-then-swap, a V4
 * pool inside its PoolManager's unlock). Each route is an entry point of the placed simulator.
 */
export type TradeRoute =
  | { via: "v2_router"; router: Address; pool: Address }
  | { via: "v3_pool"; pool: Address }
  | { via: "solidly_pool"; pool: Address }
  | { via: "v4_pool_manager"; poolManager: Address; key: Omit<V4PoolKey, "id"> };

/** The encodings pools emit their events in (a kind may have two, as PancakeSwap V3 beside Uniswap V3). */
export const eventShapes = ["uniswap-v2", "solidly", "uniswap-v3", "pancakeswap-v3", "uniswap-v4"] as const;
export type EventShape = (typeof eventShapes)[number];

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

/** A log decoded against one shape's ABI, with typed readers of its fields. */
export type DecodedPoolEvent = {
  name: string;
  address(field: string): Address;
  int(field: string): bigint;
  ticks(): { lower: number; upper: number };
  /** The emitting contract as the pool; `id` names a pool inside it (V4). */
  pool(id?: Hex): PoolRef;
  args: Record<string, unknown>;
};

/** One event encoding: its ABI, and what each of its events means (null: not a pool event). */
export type EventDecoder = { abi: Abi; read(event: DecodedPoolEvent): PoolActivity | null };

/** Liquidity standing in one price range, net of what was removed. */
export type LiquidityRange = { tickLower: number; tickUpper: number; liquidity: bigint };

/** The bounded log window position scans share. */
export type ScanWindow = { client: ChainClient; fromBlock: bigint; toBlock: bigint; maxLookbackBlocks: bigint; chunkSize: bigint; concurrency: number; maxLogs: number };

/** A position manager's IncreaseLiquidity scan, shared by every pool it serves. */
export type IncreaseScan = { logs: readonly { transactionHash: Hash; args: { tokenId?: bigint } }[]; fromBlock: bigint; toBlock: bigint; truncated: boolean; reason: ScanEnd };

/** The positions opened in the look-back window, by token id (a range null: it comes with the position's own read). */
export type OpenedPositions = {
  opened: Map<bigint, { transaction: Hash; tickLower: number | null; tickUpper: number | null }>;
  /** The pool's liquidity by range from its whole modification history (V4), before empty ranges are dropped; null where the pool's balances are read directly. */
  ranges: LiquidityRange[] | null;
  scanned: { fromBlock: bigint; toBlock: bigint; truncated: boolean; end: ScanEnd };
};

/** A kind whose liquidity is held as position NFTs of a position manager. */
export type PositionVenue<K extends DexKind> = {
  /** How the manager states a position's liquidity: positions(id) (with its range) or getPositionLiquidity(id). */
  liquidityCall: "positions" | "getPositionLiquidity";
  /** The registry lockers (by pattern) whose locks of these NFTs are read. */
  lockPatterns: readonly LockPattern[];
  /** Round 1 of position custody. */
  openedPositions(input: { ctx: MarketContext; pool: CandidateOf<K>; positionManager: Address; window: ScanWindow; increasesOf: (manager: Address) => Promise<IncreaseScan> }): Promise<OpenedPositions>;
};

/** The swap fee as an answer states it (the liquidity answer's schema). */
export type PoolFee = z.input<typeof poolFeeOut>;

export type VenueModule<K extends DexKind> = {
  kind: K;

  // Discovery and pool state.
  /** The discovery round's calls that find the token's pools against the quote assets (ERC-20s). */
  probes(ctx: LatestContext, dex: DexOf<K>, token: Address, quotes: readonly QuoteAsset[]): PoolProbe[];
  /** Pools only a log scan finds, run beside the discovery round; null where probes find them all. */
  scanPools: ((ctx: LatestContext, dex: DexOf<K>, token: Address, quotes: readonly QuoteAsset[]) => Promise<PoolScan>) | null;
  /** Pools at addresses known without a call (CREATE2), read in the round that learns the token; null where the kind has none. */
  predictPools: ((dex: DexOf<K>, token: Address, quotes: readonly QuoteAsset[]) => PoolCandidate[]) | null;
  /** Which reference prices its pools may give: the native coin in dollars, and the further quote assets. */
  reference: { nativeUsd: boolean; quoteAssets: boolean };
  /** The read round's calls for one found pool, and what they say. */
  stateCalls(pool: CandidateOf<K>): ContractCall[];
  decodeState(pool: CandidateOf<K>, values: unknown[]): Pool;

  /** The creation event of a pool, within a bounded look-back (one round). */
  readCreation(ctx: MarketContext, pool: CandidateOf<K>, lookbackBlocks: bigint): Promise<PoolCreationRead>;

  /** The encoding its pools' events are in, and the encodings this kind brings. */
  eventShape(dex: DexOf<K>): EventShape;
  eventDecoders: { [S in EventShape]?: EventDecoder };

  /** The route the trade simulator takes through a pool. */
  tradeRoute(pool: PoolOf<K>): TradeRoute;
  /** How the pool refuses a swap paid less than its input (reverts read as the venue's, not the token's); null where it takes what it gets. */
  shortPayment: { reasons: readonly string[]; errors: readonly string[] } | null;

  /** Liquidity is an ERC-20 LP token held by wallets, lockers and burn addresses. */
  lpToken: boolean;
  /** Liquidity is position NFTs; null where it is not. */
  positions: PositionVenue<K> | null;
  /** Concentrated liquidity: the call that reads one tick's liquidity; null for reserve pools. */
  tickCall: ((pool: PoolOf<K>, tick: number) => ContractCall) | null;

  // Presentation facts.
  /** The contract that opens its pools (a factory, or the V4 PoolManager). */
  factory(dex: DexOf<K>): Address;
  fee(pool: PoolOf<K>): PoolFee;
  /** What an answer with such a pool must say about how it was read; null when nothing. */
  limitation: string | null;
};
