// A WRAPPED-NATIVE/STABLECOIN pool at a fixed price, so the native coin (and through it every
// demo token) has a dollar price read on chain the same way as on mainnet. Nothing trades in it.

import { artifact, type ScenarioContext } from "./scenarios/common";
import type { TxRef } from "./player";
import type { Address } from "viem";

export type ReferencePool = {
  /** WRAPPED-NATIVE/STABLECOIN pool that prices the native coin; nothing trades in it. */
  pair: Address;
  provider: Address;
  nativeReserve: string;
  stableReserve: string;
  nativePriceInStable: string;
  addLiquidityTx: TxRef;
};

const NATIVE_RESERVE = 400n * 10n ** 18n;

export async function seedReferencePool(ctx: ScenarioContext): Promise<ReferencePool> {
  const { stablecoin } = ctx.canonical;
  const provider = ctx.wallets.liquidityProvider;
  const stableUnit = 10n ** BigInt(stablecoin.decimals);
  const stableReserve = (NATIVE_RESERVE / 10n ** 18n) * ctx.network.nativePriceInStable * stableUnit;
  const stableAbi = artifact(ctx, stablecoin.contract).abi;

  await ctx.player.write(provider, stablecoin.address, stableAbi, "mint", [provider.address, stableReserve]);
  const launch = await ctx.market.launch({
    from: provider,
    token: stablecoin.address,
    tokenAmount: stableReserve,
    nativeAmount: NATIVE_RESERVE,
  });
  return {
    pair: launch.pair,
    provider: provider.address,
    nativeReserve: NATIVE_RESERVE.toString(),
    stableReserve: stableReserve.toString(),
    nativePriceInStable: ctx.network.nativePriceInStable.toString(),
    addLiquidityTx: launch.addLiquidityTx,
  };
}
