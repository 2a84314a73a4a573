// Uniswap V2 and its forks (SushiSwap, PancakeSwap V2): constant-product pairs found with
// getPair, at CREATE2 addresses the init code hash predicts, with a fungible LP token; the
// simulator trades them through the venue's router.
import { encodePacked, getAddress, getContractAddress, keccak256, parseAbi, type Address } from "viem";
import { pairCreated, v2FactoryAbi, v2PairAbi } from "../abis";
import { sameAddress, type ContractCall } from "../context";
import type { Pool, PoolCandidate } from "../pool-types";
import { ratio } from "@/lib/intel/answers/ratio";
import { poolAddress, readFactoryCreation, sortedPair } from "./factory-pools";
import type { DecodedPoolEvent, PoolActivity, VenueModule } from "./venue-module";

/** getReserves, token0 and totalSupply of a reserve pool. */
export function reservePoolCalls(pool: PoolCandidate): ContractCall[] {
  return [
    { address: pool.address, abi: v2PairAbi, functionName: "getReserves" },
    { address: pool.address, abi: v2PairAbi, functionName: "token0" },
    { address: pool.address, abi: v2PairAbi, functionName: "totalSupply" },
  ];
}

/** A reserve pool's state from reservePoolCalls' answers, priced by its reserve ratio. */
export function decodeReservePool(candidate: PoolCandidate, values: unknown[]): Pool {
  const [reserves, token0Raw, totalSupply] = values as [readonly [bigint, bigint, number] | null, Address | null, bigint | null];
  const token0 = token0Raw ? getAddress(token0Raw) : null;
  const tokenIsToken0 = token0 ? sameAddress(token0, candidate.token) : null;
  const held = reserves && tokenIsToken0 !== null ? (tokenIsToken0 ? { token: reserves[0], quote: reserves[1] } : { token: reserves[1], quote: reserves[0] }) : null;
  const midPrice = held && held.token > 0n ? ratio(held.quote, held.token) : null;
  return { ...candidate, token0, reserves: held, reservesSource: "getReserves", lpTotalSupply: totalSupply, v3: null, stableUnits: null, midPrice };
}

/** A reserve pool's events, by name (Uniswap V2 and Solidly order their fields differently, and name them alike). */
export function readReservePoolEvent(event: DecodedPoolEvent): PoolActivity | null {
  const pool = event.pool();
  switch (event.name) {
    case "Swap":
      return { what: "swap", pool, sender: event.address("sender"), recipient: event.address("to"), delta0: event.int("amount0In") - event.int("amount0Out"), delta1: event.int("amount1In") - event.int("amount1Out"), sqrtPriceX96: null };
    case "Mint":
      // The LP tokens' receiver is in the pair's Transfer, not here.
      return { what: "liquidity_added", pool, owner: null, amount0: event.int("amount0"), amount1: event.int("amount1"), liquidity: null, ticks: null };
    case "Burn":
      return { what: "liquidity_removed", pool, owner: event.address("to"), amount0: event.int("amount0"), amount1: event.int("amount1"), liquidity: null, ticks: null };
    case "Sync":
      return { what: "reserves", pool, reserve0: event.int("reserve0"), reserve1: event.int("reserve1") };
    default:
      return null;
  }
}

const uniswapV2Events = parseAbi([
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
  "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
  "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
]);

export const uniswapV2: VenueModule<"uniswap-v2"> = {
  kind: "uniswap-v2",
  probes: (_ctx, dex, token, quotes) =>
    quotes.map((quote) => ({
      candidate: { dex, token, quote, feeTier: null, stable: null, tickSpacing: null, v4: null },
      found: poolAddress,
      call: { address: dex.factory, abi: v2FactoryAbi, functionName: "getPair", args: [token, quote.address] },
    })),
  scanPools: null,
  predictPools: (dex, token, quotes) =>
    quotes.map((quote) => {
      const [token0, token1] = token.toLowerCase() < quote.address.toLowerCase() ? [token, quote.address] : [quote.address, token];
      const address = getContractAddress({ from: dex.factory, salt: keccak256(encodePacked(["address", "address"], [token0, token1])), bytecodeHash: dex.initCodeHash, opcode: "CREATE2" });
      return { address, dex, token, quote, feeTier: null, stable: null, tickSpacing: null, v4: null };
    }),
  reference: { nativeUsd: true, quoteAssets: true },
  stateCalls: reservePoolCalls,
  decodeState: decodeReservePool,
  readCreation: (ctx, pool, lookbackBlocks) => {
    const [token0, token1] = sortedPair(pool);
    return readFactoryCreation(ctx, pool, pool.dex.factory, pairCreated, { token0, token1 }, lookbackBlocks);
  },
  eventShape: () => "uniswap-v2",
  eventDecoders: { "uniswap-v2": { abi: uniswapV2Events, read: readReservePoolEvent } },
  tradeRoute: (pool) => ({ via: "v2_router", router: pool.dex.router, pool: pool.address }),
  shortPayment: null,
  lpToken: true,
  positions: null,
  tickCall: null,
  factory: (dex) => dex.factory,
  fee: (pool) => ({ tier: null, bps: pool.dex.swapFeeBps, source: "registry" }),
  limitation: null,
};
