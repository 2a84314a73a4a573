// Market reads shared by the liquidity and risk intelligence: pools, reserves, prices and LP
// custody, each function costing at most the rounds it names. How to use them: README.md beside
// this file.
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
