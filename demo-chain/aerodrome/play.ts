// Aerodrome on the chains that have it (Base): placed with the other canonical contracts before
// any scenario, played after all of them.

import { DEMO_AERODROME } from "../networks";
import { playAerodromeStable, type AerodromeStableScenario } from "../scenarios/aerodrome-stable";
import { playAerodromeVolatile, type AerodromeVolatileScenario } from "../scenarios/aerodrome-volatile";
import type { ScenarioContext } from "../scenarios/common";
import { playSlipstream, type SlipstreamScenario } from "../scenarios/slipstream";
import { placeAerodrome, type AerodromeCanonical } from "./placement";
import { createAerodromeVenue } from "./venue";

export type AerodromeScenarios = {
  aerodromeVolatile: AerodromeVolatileScenario;
  aerodromeStable: AerodromeStableScenario;
  slipstream: SlipstreamScenario;
};

export type AerodromeBook = {
  canonical: AerodromeCanonical;
  scenarios: AerodromeScenarios;
};

/** Places Aerodrome classic and Slipstream when the network has them; null otherwise. */
export async function placeAerodromeOn(ctx: ScenarioContext): Promise<AerodromeCanonical | null> {
  const config = DEMO_AERODROME[ctx.network.chain];
  if (!config) return null;
  return placeAerodrome(ctx.player, config, ctx.canonical.wrappedNative.address, ctx.wallets.dexAdmin.address);
}

export async function playAerodrome(ctx: ScenarioContext, canonical: AerodromeCanonical): Promise<AerodromeBook> {
  const venue = createAerodromeVenue(ctx.player, canonical, ctx.canonical.wrappedNative.address);
  const aerodromeCtx = { ...ctx, aerodrome: canonical, venue };
  const aerodromeVolatile = await playAerodromeVolatile(aerodromeCtx);
  const aerodromeStable = await playAerodromeStable(aerodromeCtx);
  const slipstream = await playSlipstream(aerodromeCtx);
  return { canonical, scenarios: { aerodromeVolatile, aerodromeStable, slipstream } };
}
