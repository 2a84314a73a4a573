// Every venue the registry configures is served by its kind's module, and every event encoding a
// venue names has one decoder: a kind added to the registry without its module, or a module whose
// parts disagree, fails here (the missing module also fails the type-check: test/architecture/venue-kinds.ts).
import { describe, expect, it } from "vitest";
import { CHAIN_IDS, networks } from "@/lib/chain/networks";
import { venueKinds, venueModule } from "@/lib/intel/reads/market";
import { eventShapes } from "@/lib/intel/reads/market/venues/venue-module";
import { eventShapeOf, venueTopics } from "@/lib/intel/reads/market/venue-events";

const configured = CHAIN_IDS.flatMap((chain) => networks[chain].dexes.map((dex) => ({ chain, dex })));

describe("venue kinds", () => {
  it("every DEX of every network resolves to the module of its own kind", () => {
    expect(configured.length).toBeGreaterThan(0);
    for (const { chain, dex } of configured) expect(venueModule(dex)?.kind, `${chain} ${dex.key}`).toBe(dex.kind);
  });

  it("every kind's module is filed under its own kind", () => {
    for (const [kind, venue] of Object.entries(venueKinds)) expect(venue.kind).toBe(kind);
  });

  it("every event encoding has exactly one module that decodes it, and every venue's encoding is one of them", () => {
    const brought = Object.values(venueKinds).flatMap((venue) => Object.keys(venue.eventDecoders));
    expect([...brought].sort()).toEqual([...eventShapes].sort());
    for (const { dex } of configured) expect(venueTopics(eventShapeOf(dex)).length, dex.key).toBeGreaterThan(0);
  });

  it("a kind's liquidity is either an LP token or position NFTs, and concentrated kinds say how to read a tick", () => {
    for (const venue of Object.values(venueKinds)) {
      expect(venue.lpToken, venue.kind).toBe(venue.positions === null);
      expect(venue.tickCall === null, venue.kind).toBe(venue.lpToken);
    }
  });
});
