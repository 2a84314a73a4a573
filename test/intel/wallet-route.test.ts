// wallet/approvals, wallet/exact-movements and wallet/pnl through the whole API pipeline on the demo
// chain: charged once at their prices on success, security:read for approvals, an empty
// approval list an honest empty answer that is never charged, no movements a 422 that is
// never charged, and a node stopped mid-request a 503 that is never charged.
import { describe, expect, it } from "vitest";
import { useChargedRoute } from "../support/route-harness";
import { expectFailure, expectSuccess } from "../support/harness";

describe("POST /v1/api/wallet/approvals, wallet/exact-movements and wallet/pnl", () => {
  const route = useChargedRoute("eth");
  const { useNode, setAccount, balance, recordOf } = route;

  it("approvals: 2 credits once; security:read required; limit bounds validated", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["security:read"] });
    const wallet = route.chain.addressBook.scenarios.approvals.wallet;
    const response = await route.h.call("POST", "wallet/approvals", { key, body: { chain: "eth", address: wallet, limit: 1 } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({ credits_charged: 2, chain: "eth", provenance: { approvals: "verified_onchain" } });
    expect({ total: answer.data.total, returned: answer.data.approvals.length }).toEqual({ total: 2, returned: 1 });
    expect((await recordOf(answer.meta.request_id)).charged).toBe(2);
    expect(await balance()).toBe(8);

    const tooMany = await route.h.call("POST", "wallet/approvals", { key, body: { chain: "eth", address: wallet, limit: 201 } });
    const tooManyRefusal = expectFailure(tooMany, "bad_request");
    expect({ status: tooMany.status, message: tooManyRefusal.message }).toEqual({ status: 400, message: expect.stringMatching(/limit must be an integer from 1 to 200/) });
    const { key: intelOnly } = await route.h.key({ permissions: ["intel:read"] });
    const denied = await route.h.call("POST", "wallet/approvals", { key: intelOnly, body: { chain: "eth", address: wallet } });
    expectFailure(denied, "scope_denied");
    expect(denied.status).toBe(403);
    expect(await balance()).toBe(8);
  });

  it("approvals: an empty list is a success that is never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["security:read"] });
    const response = await route.h.call("POST", "wallet/approvals", { key, body: { chain: "eth", address: route.chain.addressBook.wallets.buyer1 } });
    const answer = expectSuccess(response);
    expect({ approvals: answer.data.approvals, charged: answer.meta.credits_charged }).toEqual({ approvals: [], charged: 0 });
    const record = await recordOf(answer.meta.request_id);
    expect({ outcome: record.outcome, quoted: record.quoted, charged: record.charged }).toEqual({ outcome: "honest_empty", quoted: 2, charged: 0 });
    expect(await balance()).toBe(10);
  });

  it("exact movements: 5 credits once; none is 422 and never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const trader = route.chain.addressBook.scenarios.trader;
    const response = await route.h.call("POST", "wallet/exact-movements", { key, body: { chain: "eth", wallet: trader.wallet, token: trader.token } });
    const answer = expectSuccess(response);
    expect(answer.meta.credits_charged).toBe(5);
    expect(answer.data.counts).toMatchObject({ buy: 2, sell: 1, total: 3 });
    expect(await balance()).toBe(5);

    const none = await route.h.call("POST", "wallet/exact-movements", { key, body: { chain: "eth", wallet: route.chain.addressBook.wallets.limitedSpender, token: trader.token } });
    const insufficient = expectFailure(none, "insufficient_data");
    expect(none.status).toBe(422);
    const record = await recordOf(insufficient.request_id);
    expect({ outcome: record.outcome, charged: record.charged }).toEqual({ outcome: "honest_empty", charged: 0 });
    expect(await balance()).toBe(5);
  });

  it("pnl: 10 credits once; a wallet with no trade is 422 and never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(20);
    const { key } = await route.h.key({ permissions: ["intel:read"] });
    const trader = route.chain.addressBook.scenarios.trader;
    const response = await route.h.call("POST", "wallet/pnl", { key, body: { chain: "eth", wallet: trader.wallet, token: trader.token } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({ credits_charged: 10, provenance: { realized: "interpretation" } });
    expect(answer.data.realized?.quote?.raw).toBe(trader.expected.realizedPnlNativeAverageCost);
    expect(await balance()).toBe(10);

    const none = await route.h.call("POST", "wallet/pnl", { key, body: { chain: "eth", wallet: route.chain.addressBook.wallets.limitedSpender, token: trader.token } });
    const insufficient = expectFailure(none, "insufficient_data");
    expect(none.status).toBe(422);
    expect((await recordOf(insufficient.request_id)).charged).toBe(0);
    expect(await balance()).toBe(10);
  });

  // Each stop starts a demo chain of its own from the saved state: seconds each on busy cores.
  it("a node stopped mid-request answers 503 unavailable and charges nothing", async () => {
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["intel:read", "security:read"] });
    await route.expectNodeStopUncharged("wallet/exact-movements", key, (book) => ({ chain: "eth", wallet: book.scenarios.trader.wallet }));
    await route.expectNodeStopUncharged("wallet/approvals", key, (book) => ({ chain: "eth", address: book.scenarios.approvals.wallet }));
    await route.expectNodeStopUncharged("wallet/pnl", key, (book) => ({ chain: "eth", wallet: book.scenarios.trader.wallet, token: book.scenarios.trader.token }));
    expect(await balance()).toBe(10);
  }, 240_000);
});
