// Compile-time checks of the venue table, run by `tsc --noEmit` (part of `npm test`): each line
// below must NOT compile. If the table loosened (a kind of the registry's Dex union allowed to go
// without a module, or a module without one of its parts), its @ts-expect-error would be unused
// and the type-check would fail.
import type { DexKind } from "@/lib/chain/networks";
import { venueKinds } from "@/lib/intel/reads/market";
import type { VenueModule } from "@/lib/intel/reads/market";

const { slipstream: _slipstream, ...withoutSlipstream } = venueKinds;

// @ts-expect-error a kind of the Dex union with no module
export const missingKind: { readonly [K in DexKind]: VenueModule<K> } = withoutSlipstream;

const { tradeRoute: _tradeRoute, ...withoutRoute } = venueKinds["uniswap-v2"];

// @ts-expect-error a module without its trade route
export const missingPart: VenueModule<"uniswap-v2"> = withoutRoute;

// @ts-expect-error a module filed under another kind
export const wrongKind: { readonly [K in DexKind]: VenueModule<K> } = { ...venueKinds, slipstream: venueKinds["uniswap-v3"] };
