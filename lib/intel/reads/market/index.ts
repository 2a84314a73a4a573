/**
 * Market reads shared by the liquidity and risk intelligence: pools, reserves, prices and LP custody.
 *
 * Every function takes a MarketContext (client, chain, and the block all reads are pinned to;
 * build it with `marketContext({ client, chain, block, blockTimestamp })`) and costs at most
 * the rounds it names, so callers can run independent steps side by side inside one round:
 *
 * - `findPools(ctx, token)` → `{ pools, referencePools }` (2 rounds). Pools of `token` on every
 *   registry DEX (Uniswap V2 style via getPair, Solidly via getPool per curve, V3 via getPool per
 *   fee tier) against the wrapped native coin and each registry stablecoin, with reserves
 *   (bigint base units; V3: the pool's balances), token0, LP supply (V2 style) and mid price.
 *   `referencePools` are the wrapped-native/stablecoin V2-style pools that price the native coin.
 *   Split into `discoverPools` (1 round) and `readPools` (1 round) to overlap with other reads.
 * - `deepestPool(pools, where?)` (no reads): the read pool holding the most quote asset (one quote
 *   asset at a time); `deepestPoolUsd(pools, nativeUsd, where?)` across quote assets, in dollars.
 * - `priceToken({ pools, referencePools }, tokenDecimals)` → TokenPrice | null (no reads): the
 *   deepest pool's price in its quote asset, and in USD through the deepest stablecoin pool
 *   (stablecoins taken at $1: USD figures are an interpretation). Also `quotePerToken`,
 *   `nativeUsdPrice`, `poolLiquidityUsd`. Prices are exact `Ratio`s; `formatRatio` writes them.
 * - `readLpCustody(ctx, pool, { team, locks, lookbackBlocks, listLimit })` → LpCustody (2 rounds),
 *   for V2-style pools (`hasFungibleLp`): burned (dead/zero balances and burn transfers), locked in
 *   a recognised locker (registry address or known locker code; with `locks`, each lock's unlock
 *   time proven by the locker's own state), team-held (the wallets given, plus the first LP
 *   provider), unverified custody (unrecognised contracts: never read as unlocked), other
 *   holders (identified and the unidentified remainder), and LP removals with their transactions.
 *
 * - `readPoolCreation(ctx, pool, lookbackBlocks)` → creation block and transaction from the
 *   factory's PairCreated / PoolCreated event (1 round), null when outside the window.
 *
 * Node faults surface as viem errors; wrap calls in `readChain(chain, …)` to turn them into 503s.
 */
export { aggregate, marketContext, sameAddress, valueOrNull, type CallResult, type ContractCall, type LatestContext, type MarketContext } from "./context";
export { stableMidPrice } from "./pools";
export { deepestPool, hasDynamicFee, discoverPools, discoverReferencePools, findPools, hasFungibleLp, predictedV2Pairs, quoteAssets, readPools, type MarketPools, type Pool, type PoolCandidate, type PoolDiscovery, type QuoteAsset } from "./pools";
export { checkPegs, deeperFirst, deepestPoolUsd, depegThresholdBps, nativeUsdPrice, poolLiquidityUsd, priceToken, quotePerToken, usdPerQuote, type NativeUsd, type PegCheck, type StablecoinCheck, type TokenPrice } from "./prices";
export { bpsOf, compareRatio, formatRatio, plus, ratio, times, type Ratio } from "@/lib/intel/answers/ratio";
export {
  custodyDefaults,
  readLpCustody,
  type BurnTransfer,
  type CustodyOptions,
  type Holding,
  type LiquidityRemoval,
  type LockerHolding,
  type LockProof,
  type LpCustody,
  type TeamRelation,
} from "./lp-custody";
export { readPoolCreation, type PoolCreation, type PoolCreationRead } from "./pool-creation";
export { hasPositionNfts, readPositionCustodies, type LiquidityRange, type PositionCustody, type PositionHolding, type PositionLockTerms } from "./position-custody";
export { venueKinds, venueModule, type EventShape, type TradeRoute, type VenueModule } from "./venues";
export { depthBandBps, sidesOf, inQuoteUnits, positionValue, readConcentratedDepths, type Amounts, type ConcentratedDepth } from "./depth";
