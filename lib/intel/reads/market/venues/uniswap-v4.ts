// Uniswap V4: one PoolManager holds every pool, named by the id of its key (currencies, fee, tick
// spacing, hooks); native ETH is the zero address as currency0. Standard pools are probed by id
// through StateView; any other (hooked, custom fee) is found from the manager's Initialize events
// for the token. Positions are NFTs of the PositionManager, whose salt in ModifyLiquidity is the
// token id. Events come from the PoolManager for every pool, signed from the swapper's side. The
// simulator trades inside the PoolManager's unlock.
import { encodeAbiParameters, getAddress, keccak256, parseAbi, parseAbiItem, zeroAddress, type Address, type Hex } from "viem";
import { profileOfClient } from "@/lib/chain/clients";
import { isRangeLimitError, scanLogs, type ScannedLog } from "@/lib/chain/log-scanner";
import type { UniswapV4Dex } from "@/lib/chain/networks";
import { v4Initialize, v4StateViewAbi } from "../abis";
import { sameAddress, type LatestContext } from "../context";
import type { PoolCandidate, QuoteAsset, V4PoolKey } from "../pool-types";
import { creationWindow } from "./factory-pools";
import { midPriceFromSqrt } from "./uniswap-v3";
import type { LiquidityRange, OpenedPositions, PoolProbe, PoolScan, VenueModule } from "./venue-module";

const Q96 = 2n ** 96n;

// V4 pools opened with the V3 fee tiers' usual tick spacings and no hook; any other pool is
// found through its Initialize event.
const V4_STANDARD_POOLS = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10000, tickSpacing: 200 },
] as const;

/** A V4 key's fee with this flag set is dynamic: the pool's hook sets the fee of each swap. */
const V4_DYNAMIC_FEE_FLAG = 0x800000;

export function hasDynamicFee(key: Pick<V4PoolKey, "fee">): boolean {
  return key.fee === V4_DYNAMIC_FEE_FLAG;
}

/** The pool id of a V4 pool key: keccak256 of its ABI encoding. */
export function v4PoolId(key: Omit<V4PoolKey, "id">): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }, { type: "int24" }, { type: "address" }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

/**
 * Pool keys already formed: a key and its id depend on the two currencies and the pool's terms
 * alone, and every read of a token forms the same ones (its own against each quote asset, and the
 * reference pools' for every token), each id a keccak-256 in JavaScript. Bounded; forgotten whole when full.
 */
const formedKeys = new Map<string, V4PoolKey>();
const formedKeysLimit = 20_000;

function v4Key(a: Address, b: Address, fee: number, tickSpacing: number, hooks: Address): V4PoolKey {
  const known = `${a.toLowerCase()}|${b.toLowerCase()}|${fee}|${tickSpacing}|${hooks}`;
  const formed = formedKeys.get(known);
  if (formed) return { ...formed };
  const [currency0, currency1] = BigInt(a) < BigInt(b) ? [getAddress(a), getAddress(b)] : [getAddress(b), getAddress(a)];
  const key = { currency0, currency1, fee, tickSpacing, hooks };
  const pool = { id: v4PoolId(key), ...key };
  if (formedKeys.size >= formedKeysLimit) formedKeys.clear();
  formedKeys.set(known, pool);
  return { ...pool };
}

/** The network's coin itself, a V4 currency (the zero address). */
function nativeQuote(ctx: Pick<LatestContext, "network">): QuoteAsset {
  return { address: zeroAddress, symbol: ctx.network.nativeSymbol, decimals: 18, kind: "native" };
}

/** A V4 pool exists when StateView gives its key's id a price. */
function standardProbes(dex: UniswapV4Dex, token: Address, quotes: readonly QuoteAsset[]): PoolProbe[] {
  return quotes.flatMap((quote) =>
    V4_STANDARD_POOLS.map(({ fee, tickSpacing }) => {
      const key = v4Key(token, quote.address, fee, tickSpacing, zeroAddress);
      return {
        candidate: { dex, token, quote, feeTier: fee, stable: null, tickSpacing, v4: key },
        call: { address: dex.stateView, abi: v4StateViewAbi, functionName: "getSlot0", args: [key.id] },
        found: (value: unknown) => (((value as readonly [bigint] | null)?.[0] ?? 0n) > 0n ? dex.poolManager : null),
      };
    }),
  );
}

/** Chunking for the V4 Initialize scan when a node refuses the whole history in one request. */
export const v4Discovery = { chunkSize: 2_000_000n, maxLookbackBlocks: 100_000_000n, maxLogs: 200 } as const;

type InitializeLog = Pick<ScannedLog<readonly [typeof v4Initialize]>, "blockNumber" | "args">;

/**
 * The PoolManager's Initialize events with the token as currency0 or currency1. Filtered by an
 * indexed currency there are few, so the whole history is asked for in one request, which shares
 * the discovery round; a provider known to cap ranges (or to serve no logs) gets the scanner at
 * once, and one that refuses the wide request gets it after.
 */
async function initializeLogs(ctx: LatestContext, dex: UniswapV4Dex, args: { currency0: Address } | { currency1: Address }): Promise<{ logs: InitializeLog[]; fromBlock: bigint; truncated: boolean }> {
  const scan = async () => {
    const result = await scanLogs({ client: ctx.client, address: dex.poolManager, events: [v4Initialize] as const, args, fromBlock: 0n, toBlock: ctx.block ?? "latest", ...v4Discovery });
    return { logs: result.logs, fromBlock: result.fromBlock, truncated: result.truncated };
  };
  const profile = profileOfClient(ctx.client);
  if (profile?.logsRefusal() || profile?.limits().maxBlockRange !== undefined) return scan();
  try {
    const logs = await ctx.client.getLogs({ address: dex.poolManager, event: v4Initialize, args, fromBlock: 0n, toBlock: ctx.block ?? "latest", strict: true });
    return { logs, fromBlock: 0n, truncated: false };
  } catch (error) {
    if (!isRangeLimitError(error)) throw error;
    return scan();
  }
}

/** V4 pools opened for the token with any key (hooked, custom fee): its Initialize events, with the token as either currency. */
async function scanPools(ctx: LatestContext, dex: UniswapV4Dex, token: Address, quotes: readonly QuoteAsset[]): Promise<PoolScan> {
  const [asCurrency0, asCurrency1] = await Promise.all([initializeLogs(ctx, dex, { currency0: token }), initializeLogs(ctx, dex, { currency1: token })]);
  const candidates: PoolCandidate[] = [];
  for (const log of [...asCurrency0.logs, ...asCurrency1.logs]) {
    const { id, currency0, currency1, fee, tickSpacing, hooks } = log.args;
    const other = sameAddress(currency0, token) ? currency1 : currency0;
    const quote = quotes.find((asset) => sameAddress(asset.address, other));
    // A pool against an asset with no route to a price tells nothing about the token's price.
    if (!quote) continue;
    candidates.push({
      address: dex.poolManager,
      dex,
      token,
      quote,
      feeTier: Number(fee),
      stable: null,
      tickSpacing: Number(tickSpacing),
      v4: { id, currency0: getAddress(currency0), currency1: getAddress(currency1), fee: Number(fee), tickSpacing: Number(tickSpacing), hooks: getAddress(hooks) },
      initializedBlock: log.blockNumber,
    });
  }
  const fromBlock = asCurrency0.fromBlock > asCurrency1.fromBlock ? asCurrency0.fromBlock : asCurrency1.fromBlock;
  return { candidates, covered: { poolManager: dex.poolManager, fromBlock, truncated: asCurrency0.truncated || asCurrency1.truncated } };
}

const uniswapV4Events = parseAbi([
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
  "event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)",
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
]);

const v4ModifyLiquidity = parseAbiItem("event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)");

export const uniswapV4: VenueModule<"uniswap-v4"> = {
  kind: "uniswap-v4",
  probes: (ctx, dex, token, quotes) => standardProbes(dex, token, [...quotes, nativeQuote(ctx)].filter((quote) => !sameAddress(quote.address, token))),
  scanPools: (ctx, dex, token, quotes) => scanPools(ctx, dex, token, [...quotes, nativeQuote(ctx)]),
  predictPools: null,
  reference: { nativeUsd: false, quoteAssets: false },
  stateCalls: (pool) => [
    { address: pool.dex.stateView, abi: v4StateViewAbi, functionName: "getSlot0", args: [pool.v4!.id] },
    { address: pool.dex.stateView, abi: v4StateViewAbi, functionName: "getLiquidity", args: [pool.v4!.id] },
  ],
  decodeState: (candidate, values) => {
    const [slot0, liquidity] = values as [readonly [bigint, number, number, number] | null, bigint | null];
    const sqrt = slot0?.[0] ?? null;
    const token0 = candidate.v4!.currency0;
    let reserves: { token: bigint; quote: bigint } | null = null;
    if (sqrt !== null && sqrt > 0n && liquidity !== null) {
      // The virtual amounts of the active liquidity: L / √P of currency0 and L · √P of currency1.
      const amount0 = (liquidity * Q96) / sqrt;
      const amount1 = (liquidity * sqrt) / Q96;
      reserves = sameAddress(token0, candidate.token) ? { token: amount0, quote: amount1 } : { token: amount1, quote: amount0 };
    }
    return {
      ...candidate,
      token0,
      reserves,
      reservesSource: "in_range_liquidity",
      lpTotalSupply: null,
      v3: sqrt !== null && liquidity !== null ? { sqrtPriceX96: sqrt, liquidity, tick: Number(slot0![1]) } : null,
      stableUnits: null,
      midPrice: midPriceFromSqrt(sqrt, token0, candidate.token),
    };
  },
  // The PoolManager opens the pool: its Initialize event for the pool's id.
  readCreation: async (ctx, pool, lookbackBlocks) => {
    const scan = await scanLogs({ ...creationWindow(ctx, pool.dex.poolManager, lookbackBlocks), events: [v4Initialize] as const, args: { id: pool.v4?.id } });
    return { creation: scan.logs[0] ? { block: scan.logs[0].blockNumber, transaction: scan.logs[0].transactionHash } : null, fromBlock: scan.fromBlock, toBlock: scan.toBlock };
  },
  eventShape: () => "uniswap-v4",
  eventDecoders: {
    "uniswap-v4": {
      abi: uniswapV4Events,
      read: (event) => {
        const pool = event.pool(event.args.id as Hex);
        switch (event.name) {
          case "Swap":
            // Signed from the swapper's side (negative: paid into the pool): turned to the pool's side.
            return { what: "swap", pool, sender: event.address("sender"), recipient: null, delta0: -event.int("amount0"), delta1: -event.int("amount1"), sqrtPriceX96: event.int("sqrtPriceX96") };
          case "ModifyLiquidity": {
            const delta = event.int("liquidityDelta");
            return { what: delta >= 0n ? "liquidity_added" : "liquidity_removed", pool, owner: event.address("sender"), amount0: null, amount1: null, liquidity: delta >= 0n ? delta : -delta, ticks: event.ticks() };
          }
          case "Initialize":
            return { what: "pool_created", pool, currency0: event.address("currency0"), currency1: event.address("currency1"), fee: Number(event.args.fee), tickSpacing: Number(event.args.tickSpacing), hooks: event.address("hooks"), sqrtPriceX96: event.int("sqrtPriceX96") };
          default:
            return null;
        }
      },
    },
  },
  tradeRoute: (pool) => ({ via: "v4_pool_manager", poolManager: pool.dex.poolManager, key: pool.v4! }),
  // The PoolManager ends the unlock with the delta unsettled.
  shortPayment: { reasons: [], errors: ["CurrencyNotSettled()"] },
  lpToken: false,
  positions: {
    liquidityCall: "getPositionLiquidity",
    lockPatterns: [],
    openedPositions: async ({ pool, positionManager, window }): Promise<OpenedPositions> => {
      // Every sender's changes, so the pool's whole liquidity can be summed; the PositionManager's are its NFTs.
      const scan = await scanLogs({ ...window, address: pool.dex.poolManager, events: [v4ModifyLiquidity] as const, args: { id: pool.v4!.id } });
      const opened: OpenedPositions["opened"] = new Map();
      const ranges = new Map<string, LiquidityRange>();
      for (const log of scan.logs) {
        const { sender, tickLower, tickUpper, liquidityDelta, salt } = log.args;
        const range = `${tickLower}:${tickUpper}`;
        const standing = ranges.get(range) ?? { tickLower, tickUpper, liquidity: 0n };
        ranges.set(range, { ...standing, liquidity: standing.liquidity + liquidityDelta });
        if (sameAddress(sender, positionManager) && liquidityDelta > 0n && !opened.has(BigInt(salt))) opened.set(BigInt(salt), { transaction: log.transactionHash, tickLower, tickUpper });
      }
      return { opened, ranges: [...ranges.values()], scanned: { fromBlock: scan.fromBlock, toBlock: scan.toBlock, truncated: scan.truncated, end: scan.reason } };
    },
  },
  tickCall: (pool, tick) => ({ address: pool.dex.stateView, abi: v4StateViewAbi, functionName: "getTickLiquidity", args: [pool.v4!.id, tick] }),
  // The PoolManager holds the pool and opens it.
  factory: (dex) => dex.poolManager,
  fee: (pool) => {
    const tier = pool.v4 && hasDynamicFee(pool.v4) ? null : pool.feeTier;
    return { tier, bps: tier === null ? null : tier / 100, source: "pool" };
  },
  limitation:
    "A Uniswap V4 pool's reserves are the virtual amounts of its active liquidity (the PoolManager holds " +
      "every pool's tokens together); depth.total sums the ranges its ModifyLiquidity history shows, and " +
      "is null when that history starts before the read window; position_custody names who holds the " +
      "PositionManager positions opened in the history window.",
};
