// intel/team-wallets and intel/why-down through the whole API pipeline on the demo chain:
// charged once at their prices with meta.sources, an empty team an honest empty answer that
// is never charged, no trade a 422 that is never charged, a node stopped mid-request a 503.
import { describe, expect, it } from "vitest";
import { useChargedRoute } from "../support/route-harness";
import { expectFailure, expectSuccess } from "../support/harness";

describe("POST /v1/api/intel/team-wallets and intel/why-down", () => {
  // Base: the node names no deployer there, so a contract without owner or history links no one.
  const route = useChargedRoute("base");
  const { useNode, setAccount, balance, recordOf } = route;

  it("team-wallets: 5 credits once, with meta.sources citing the linking transactions", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const dump = route.chain.addressBook.scenarios.dump;
    const response = await route.h.call("POST", "intel/team-wallets", { key, body: { chain: "base", address: dump.token.address } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({ credits_charged: 5, chain: "base", sources: { transactions: expect.arrayContaining(dump.facts.teamWallets.map((team) => team.allocationTx.hash)) } });
    expect(await balance()).toBe(5);
  });

  it("team-wallets: nothing linkable is an honest empty answer, never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const response = await route.h.call("POST", "intel/team-wallets", { key, body: { chain: "base", address: route.chain.addressBook.scenarios.lockedLiquidity.facts.locker } });
    const answer = expectSuccess(response);
    expect({ wallets: answer.data.wallets, charged: answer.meta.credits_charged }).toEqual({ wallets: [], charged: 0 });
    expect((await recordOf(answer.meta.request_id)).outcome).toBe("honest_empty");
    expect(await balance()).toBe(10);
  });

  it("why-down: 3 credits once; a token with no pool is 422 and never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const response = await route.h.call("POST", "intel/why-down", { key, body: { chain: "base", address: route.chain.addressBook.scenarios.rug.token.address } });
    const answer = expectSuccess(response);
    expect(answer.data.dominant_driver).toBe("liquidity_pulled");
    expect(answer.meta).toMatchObject({ credits_charged: 3, provenance: { dominant_driver: "interpretation" } });
    expect(await balance()).toBe(7);
    const none = await route.h.call("POST", "intel/why-down", { key, body: { chain: "base", address: route.chain.addressBook.scenarios.lockedLiquidity.facts.locker } });
    const insufficient = expectFailure(none, "insufficient_data");
    expect(none.status).toBe(422);
    expect((await recordOf(insufficient.request_id)).charged).toBe(0);
    expect(await balance()).toBe(7);
  });

  // Each stop starts a demo chain of its own from the saved state: seconds each on busy cores.
  it("a node stopped mid-request answers 503 unavailable and charges nothing", async () => {
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    await route.expectNodeStopUncharged("intel/team-wallets", key, (book) => ({ chain: "base", address: book.scenarios.dump.token.address }));
    await route.expectNodeStopUncharged("intel/why-down", key, (book) => ({ chain: "base", address: book.scenarios.dump.token.address }));
    expect(await balance()).toBe(10);
  }, 120_000);
});
