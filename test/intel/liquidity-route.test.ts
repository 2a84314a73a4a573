// intel/liquidity through the whole API pipeline on the demo chain: 2 credits on success,
// provenance and the data source in meta, the booleans validated, an honest empty answer
// never charged, and a node stopped mid-request answered 503 and never charged.
import { describe, expect, it } from "vitest";
import { useChargedRoute } from "../support/route-harness";
import { expectFailure, expectSuccess } from "../support/harness";

const labels = ["verified_onchain", "augmented", "interpretation", "unavailable"];

describe("POST /v1/api/intel/liquidity", () => {
  const route = useChargedRoute("eth");
  const { useNode, setAccount, balance, recordOf } = route;

  it("answers with data, provenance for every field and the data source, and charges 2 credits once", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["liquidity:read"] });
    const healthy = route.chain.addressBook.scenarios.healthy;
    const response = await route.h.call("POST", "intel/liquidity", { key, body: { chain: "ETH", address: healthy.token.address.toLowerCase() } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({
      credits_charged: 2,
      chain: "eth",
      chain_data_source: { service_grounded: true, block_number: route.chain.addressBook.latestBlock },
      // 14 days at 12 s a block.
      read: { metadata: false, locks: false, full: false, lookback_blocks: 100_800, list_limit: 10 },
    });
    expect(Object.keys(answer.data).sort()).toEqual(["limitations", "lp_custody", "market", "position_custody", "team_wallets", "token", "unavailable"]);
    const provenance = answer.meta.provenance as Record<string, string>;
    for (const field of ["token", "team_wallets", "market", "lp_custody", "position_custody", "limitations"]) {
      expect(Object.keys(provenance).some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
    }
    const reasons: Record<string, string | undefined> = answer.data.unavailable;
    for (const [field, label] of Object.entries(provenance)) {
      expect(labels).toContain(label);
      if (label === "unavailable") expect(reasons[field]).toBeTruthy();
    }
    expect(answer.data.lp_custody[0].burned?.share_bps).toBe(healthy.facts.lpBurnedShareBps);
    expect(answer.data.market.pools[0].reserves?.token.raw).toBe(healthy.finalPool.reserveToken);
    const record = await route.h.db.requestRecord.findUniqueOrThrow({ where: { id: answer.meta.request_id } });
    expect({ status: record.httpStatus, outcome: record.outcome, quoted: record.quoted, charged: record.charged, chain: record.chain }).toEqual({ status: 200, outcome: "success", quoted: 2, charged: 2, chain: "eth" });
    expect(await balance()).toBe(8);
  });

  it("the booleans are validated: a non-boolean or an unknown field is a 400, uncharged", async () => {
    await useNode(route.chain.rpcUrl);
    const { key } = await route.h.key({ permissions: ["liquidity:read"] });
    const token = route.chain.addressBook.scenarios.healthy.token.address;
    for (const body of [{ chain: "eth", address: token, metadata: "yes" }, { chain: "eth", address: token, lock: true }]) {
      const response = await route.h.call("POST", "intel/liquidity", { key, body });
      expectFailure(response, "bad_request");
      expect(response.status).toBe(400);
    }
  });

  it("needs liquidity:read", async () => {
    const { key } = await route.h.key({ permissions: ["intel:read", "contract:read"] });
    const response = await route.h.call("POST", "intel/liquidity", { key, body: { chain: "eth", address: route.chain.addressBook.scenarios.healthy.token.address } });
    expectFailure(response, "scope_denied");
    expect(response.status).toBe(403);
  });

  it("a token with no pool is an honest empty success: answered, recorded as honest_empty, never charged", async () => {
    await useNode(route.chain.rpcUrl);
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["liquidity:read"] });
    const response = await route.h.call("POST", "intel/liquidity", { key, body: { chain: "eth", address: route.chain.addressBook.scenarios.lockedLiquidity.facts.locker } });
    const answer = expectSuccess(response);
    expect(answer.meta.credits_charged).toBe(0);
    expect(answer.data.market.pools).toEqual([]);
    const record = await route.h.db.requestRecord.findUniqueOrThrow({ where: { id: answer.meta.request_id } });
    expect({ outcome: record.outcome, quoted: record.quoted, charged: record.charged }).toEqual({ outcome: "honest_empty", quoted: 2, charged: 0 });
    expect(await route.h.db.creditLedger.findUnique({ where: { requestId: answer.meta.request_id } })).toBeNull();
    expect(await balance()).toBe(10);
  });

  // Each stop starts a demo chain of its own from the saved state: seconds each on busy cores.
  it("a node stopped mid-request answers 503 unavailable and charges nothing", async () => {
    await setAccount(10);
    const { key } = await route.h.key({ permissions: ["liquidity:read"] });
    await route.expectNodeStopUncharged("intel/liquidity", key, (book) => ({ chain: "eth", address: book.scenarios.healthy.token.address }));
    expect(await balance()).toBe(10);
  }, 120_000);
});
