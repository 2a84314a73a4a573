// Aerodrome Slipstream: Uniswap V3's pools, events and position NFTs, found by tick spacing instead
// of fee (getPool(tokenA, tokenB, tickSpacing)); pools are clones, so no init code hash.
import { slipstreamFactoryAbi, slipstreamPoolCreated, v3PoolAbi } from "../abis";
import { poolAddress, readFactoryCreation, sortedPair } from "./factory-pools";
import { decodeV3Pool, poolKeyFee, v3PoolCalls, v3ShortPayment, v3StyleLimitation, v3StylePositions } from "./uniswap-v3";
import type { VenueModule } from "./venue-module";

export const slipstream: VenueModule<"slipstream"> = {
  kind: "slipstream",
  probes: (_ctx, dex, token, quotes) =>
    quotes.flatMap((quote) =>
      dex.tickSpacings.map(({ tickSpacing, fee }) => ({
        candidate: { dex, token, quote, feeTier: fee, stable: null, tickSpacing, v4: null },
        found: poolAddress,
        call: { address: dex.factory, abi: slipstreamFactoryAbi, functionName: "getPool", args: [token, quote.address, tickSpacing] },
      })),
    ),
  scanPools: null,
  predictPools: null,
  reference: { nativeUsd: false, quoteAssets: false },
  stateCalls: v3PoolCalls,
  decodeState: decodeV3Pool,
  readCreation: (ctx, pool, lookbackBlocks) => {
    const [token0, token1] = sortedPair(pool);
    return readFactoryCreation(ctx, pool, pool.dex.factory, slipstreamPoolCreated, { token0, token1, tickSpacing: pool.tickSpacing }, lookbackBlocks);
  },
  // Uniswap V3's encoding: its decoder is the V3 module's.
  eventShape: () => "uniswap-v3",
  eventDecoders: {},
  tradeRoute: (pool) => ({ via: "v3_pool", pool: pool.address }),
  shortPayment: v3ShortPayment,
  lpToken: false,
  positions: v3StylePositions([]),
  tickCall: (pool, tick) => ({ address: pool.address, abi: v3PoolAbi, functionName: "ticks", args: [tick] }),
  factory: (dex) => dex.factory,
  fee: (pool) => poolKeyFee(pool.feeTier),
  limitation: v3StyleLimitation,
};
