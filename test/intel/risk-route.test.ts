// intel/risk through the whole API pipeline on the demo chain: 2 credits once on success with
// provenance and the data source in meta, intel:read required, an address with no code a 422
// that charges nothing, and a node stopped mid-request a 503 that charges nothing.
import { describe, expect, it } from "vitest";
import { useChargedRoute } from "../support/route-harness";
import { expectFailure, expectSuccess } from "../support/harness";

describe("POST /v1/api/intel/risk", () => {
  const route = useChargedRoute("eth");
  const { useNode, setAccount, balance, recordOf } = route;

  it("answers the signals with provenance and the data source, and charges 2 credits once", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const honeypot = route.chain.addressBook.scenarios.honeypot;
    const response = await route.h.call("POST", "intel/risk", { key, body: { chain: "eth", address: honeypot.token.address } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({ credits_charged: 2, chain: "eth", chain_data_source: { service_grounded: true, block_number: route.chain.addressBook.latestBlock }, provenance: { simulation: "verified_onchain" } });
    expect(answer.data.flags).toContain("honeypot");
    expect(Object.keys(answer.data).sort()).toEqual(["fallback", "flags", "headline", "limitations", "signals", "simulation", "summary", "token", "unavailable"]);
    const record = await recordOf(answer.meta.request_id);
    expect({ status: record.httpStatus, outcome: record.outcome, quoted: record.quoted, charged: record.charged }).toEqual({ status: 200, outcome: "success", quoted: 2, charged: 2 });
    expect(await balance()).toBe(8);
  });

  it("needs intel:read", async () => {
    const { key } = await route.h.key({ permissions: ["liquidity:read", "contract:read"] });
    const response = await route.h.call("POST", "intel/risk", { key, body: { chain: "eth", address: route.chain.addressBook.scenarios.healthy.token.address } });
    expectFailure(response, "scope_denied");
    expect(response.status).toBe(403);
  });

  it("an address with no code is 422 insufficient_data and charges nothing", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const response = await route.h.call("POST", "intel/risk", { key, body: { chain: "eth", address: route.chain.addressBook.wallets.buyer1 } });
    const refusal = expectFailure(response, "insufficient_data");
    expect(response.status).toBe(422);
    expect(refusal.message).toMatch(/no contract code/);
    expect((await recordOf(refusal.request_id)).charged).toBe(0);
    expect(await balance()).toBe(10);
  });

  // Each stop starts a demo chain of its own from the saved state: seconds each on busy cores.
  it("a node stopped mid-request answers 503 unavailable and charges nothing", async () => {
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    await route.expectNodeStopUncharged("intel/risk", key, (book) => ({ chain: "eth", address: book.scenarios.tax.token.address }));
    expect(await balance()).toBe(10);
  }, 120_000);
});
