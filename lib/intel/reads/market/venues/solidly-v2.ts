// Solidly-style pools (Aerodrome classic): getPool(tokenA, tokenB, stable) per curve, reserves and
// a fungible LP token as on a V2 pair, a stable curve priced by its own formula, and events that
// order their fields their own way. The simulator pays the pool and swaps, as Aerodrome's router does.
import { parseAbi } from "viem";
import { solidlyFactoryAbi, solidlyPoolAbi, solidlyPoolCreated } from "../abis";
import { sameAddress } from "../context";
import type { Pool } from "../pool-types";
import { ratio, type Ratio } from "@/lib/intel/answers/ratio";
import { poolAddress, readFactoryCreation, sortedPair } from "./factory-pools";
import { decodeReservePool, readReservePoolEvent, reservePoolCalls } from "./uniswap-v2";
import type { VenueModule } from "./venue-module";

/**
 * The marginal price on Solidly's stable curve x³y + xy³ = k, quote base units per token base
 * unit: dy/dx = (3x²y + y³) / (x³ + 3xy²) on reserves scaled to 18 decimals. The reserve ratio
 * is not the price on this curve (a pool at 1:1.4 still trades near 1:1).
 */
export function stableMidPrice(held: { token: bigint; quote: bigint }, unit: { token: bigint; quote: bigint }): Ratio | null {
  const scale = 10n ** 18n;
  const x = (held.token * scale) / unit.token;
  const y = (held.quote * scale) / unit.quote;
  const den = x * x * x + 3n * x * y * y;
  if (den === 0n) return null;
  return ratio((3n * x * x * y + y * y * y) * unit.quote, den * unit.token);
}

/** A stable pool's state: its reserves, priced on the stable curve with the decimals its metadata() states. */
function decodeSolidlyPool(candidate: Parameters<typeof decodeReservePool>[0], values: unknown[]): Pool {
  const pool = decodeReservePool(candidate, values);
  if (!candidate.stable) return pool;
  const metadata = values[3] as readonly [bigint, bigint, ...unknown[]] | null | undefined;
  const tokenIsToken0 = pool.token0 === null ? null : sameAddress(pool.token0, candidate.token);
  const stableUnits = metadata && tokenIsToken0 !== null ? (tokenIsToken0 ? { token: metadata[0], quote: metadata[1] } : { token: metadata[1], quote: metadata[0] }) : null;
  // Without the pool's decimals the stable curve cannot be priced; the reserve ratio would be a wrong price.
  const held = pool.reserves;
  return { ...pool, stableUnits, midPrice: held && stableUnits && held.token > 0n ? stableMidPrice(held, stableUnits) : null };
}

const solidlyEvents = parseAbi([
  "event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out)",
  "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed sender, address indexed to, uint256 amount0, uint256 amount1)",
  "event Sync(uint256 reserve0, uint256 reserve1)",
]);

export const solidlyV2: VenueModule<"solidly-v2"> = {
  kind: "solidly-v2",
  probes: (_ctx, dex, token, quotes) =>
    quotes.flatMap((quote) =>
      [false, true].map((stable) => ({
        candidate: { dex, token, quote, feeTier: null, stable, tickSpacing: null, v4: null },
        found: poolAddress,
        call: { address: dex.factory, abi: solidlyFactoryAbi, functionName: "getPool", args: [token, quote.address, stable] },
      })),
    ),
  scanPools: null,
  // Pools are minimal-proxy clones: no init code hash to predict them by.
  predictPools: null,
  reference: { nativeUsd: true, quoteAssets: true },
  stateCalls: (pool) => [...reservePoolCalls(pool), ...(pool.stable ? [{ address: pool.address, abi: solidlyPoolAbi, functionName: "metadata" }] : [])],
  decodeState: decodeSolidlyPool,
  readCreation: (ctx, pool, lookbackBlocks) => {
    const [token0, token1] = sortedPair(pool);
    return readFactoryCreation(ctx, pool, pool.dex.factory, solidlyPoolCreated, { token0, token1, stable: pool.stable }, lookbackBlocks);
  },
  eventShape: () => "solidly",
  eventDecoders: { solidly: { abi: solidlyEvents, read: readReservePoolEvent } },
  tradeRoute: (pool) => ({ via: "solidly_pool", pool: pool.address }),
  shortPayment: null,
  lpToken: true,
  positions: null,
  tickCall: null,
  factory: (dex) => dex.factory,
  // Fees are set per pool, and not read.
  fee: (pool) => ({ tier: null, bps: null, stable: pool.stable, source: "unavailable" }),
  limitation: null,
};
