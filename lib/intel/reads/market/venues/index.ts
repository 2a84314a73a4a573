// The venue kinds, one module each: every market read that differs by kind looks its kind up here.
// The mapped type makes a kind of the registry's Dex union without a module, or a module without
// one of its parts, a compile error. Adding a kind: its Dex type in lib/chain/networks.ts, its
// module beside these, and its entry below (docs/api.md: "Adding a venue kind").
import type { DexInfo, DexKind } from "@/lib/chain/networks";
import { slipstream } from "./slipstream";
import { solidlyV2 } from "./solidly-v2";
import { uniswapV2 } from "./uniswap-v2";
import { uniswapV3 } from "./uniswap-v3";
import { uniswapV4 } from "./uniswap-v4";
import type { VenueModule } from "./venue-module";

export const venueKinds: { readonly [K in DexKind]: VenueModule<K> } = {
  "uniswap-v2": uniswapV2,
  "solidly-v2": solidlyV2,
  "uniswap-v3": uniswapV3,
  slipstream,
  "uniswap-v4": uniswapV4,
};

/** The module of a venue's kind. */
export function venueModule<D extends DexInfo>(dex: D): VenueModule<D["kind"]> {
  return venueKinds[dex.kind] as VenueModule<D["kind"]>;
}

export type { DexOf, EventShape, PoolActivity, PoolCreation, PoolCreationRead, PoolRef, TradeRoute, VenueModule } from "./venue-module";
