// intel/risk through the whole API pipeline on the demo chain: 2 credits once on success with
// provenance and the data source in meta, intel:read required, an address with no code a 422
// that charges nothing, and a node stopped mid-request a 503 that charges nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearChainClients } from "@/lib/chain/clients";
import { ensureCreditAccount, utcDay } from "@/lib/billing/credits";
import { startDemoChain, type DemoChain } from "@/lib/demo-chain";
import { changeSettings } from "@/lib/operator/operations";
import { withNodeStoppedMidRequest } from "../support/doomed-node";
import { createHarness, type Harness } from "../support/harness";

describe("POST /v1/api/intel/risk", () => {
  let h: Harness;
  let chain: DemoChain;
  const saved = process.env.ETH_RPC_URL;

  const useNode = (rpcUrl: string) => {
    process.env.ETH_RPC_URL = rpcUrl;
    clearChainClients();
  };
  async function setAccount(balance: number) {
    // Today's free credits used up, so the balance shows every deduction.
    await ensureCreditAccount(h.db, h.owner.id);
    await h.db.creditAccount.update({ where: { userId: h.owner.id }, data: { balance, freeCreditsDay: utcDay(h.clock.now), freeCreditsUsed: 5 } });
  }
  const balance = async () => (await h.db.creditAccount.findUniqueOrThrow({ where: { userId: h.owner.id } })).balance;
  const recordOf = (requestId: string) => h.db.requestRecord.findUniqueOrThrow({ where: { id: requestId } });

  beforeAll(async () => {
    chain = await startDemoChain({ chain: "eth", log: () => undefined });
    h = await createHarness("postgres+redis");
    await changeSettings(h.db, "test", { chargingEnabled: true });
  }, 120_000);
  afterAll(async () => {
    process.env.ETH_RPC_URL = saved;
    clearChainClients();
    await h?.close();
    await chain?.stop();
  });

  it("answers the signals with provenance and the data source, and charges 2 credits once", async () => {
    useNode(chain.rpcUrl);
    await setAccount(10);
    const { key } = await h.key({ permissions: ["intel:read"] });
    const honeypot = chain.addressBook.scenarios.honeypot;
    const response = await h.call("POST", "intel/risk", { key, body: { chain: "eth", address: honeypot.token.address } });
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ credits_charged: 2, chain: "eth", chain_data_source: { service_grounded: true, block_number: chain.addressBook.latestBlock }, provenance: { simulation: "verified_onchain" } });
    expect(response.body.data.flags).toContain("honeypot");
    expect(Object.keys(response.body.data).sort()).toEqual(["fallback", "flags", "limitations", "signals", "simulation", "summary", "token", "unavailable"]);
    const record = await recordOf(response.body.meta.request_id);
    expect({ status: record.httpStatus, outcome: record.outcome, quoted: record.quoted, charged: record.charged }).toEqual({ status: 200, outcome: "success", quoted: 2, charged: 2 });
    expect(await balance()).toBe(8);
  });

  it("needs intel:read", async () => {
    const { key } = await h.key({ permissions: ["liquidity:read", "contract:read"] });
    const response = await h.call("POST", "intel/risk", { key, body: { chain: "eth", address: chain.addressBook.scenarios.healthy.token.address } });
    expect({ status: response.status, error: response.body.error }).toEqual({ status: 403, error: "scope_denied" });
  });

  it("an address with no code is 422 insufficient_data and charges nothing", async () => {
    useNode(chain.rpcUrl);
    await setAccount(10);
    const { key } = await h.key({ permissions: ["intel:read"] });
    const response = await h.call("POST", "intel/risk", { key, body: { chain: "eth", address: chain.addressBook.wallets.buyer1 } });
    expect({ status: response.status, error: response.body.error }).toEqual({ status: 422, error: "insufficient_data" });
    expect(response.body.message).toMatch(/no contract code/);
    expect((await recordOf(response.body.request_id)).charged).toBe(0);
    expect(await balance()).toBe(10);
  });

  it("a node stopped mid-request answers 503 unavailable and charges nothing", async () => {
    const doomed = await startDemoChain({ chain: "eth", log: () => undefined });
    useNode(doomed.rpcUrl);
    await setAccount(10);
    const { key } = await h.key({ permissions: ["intel:read"] });
    const { result: response, nodeRequests } = await withNodeStoppedMidRequest(doomed, 1, () =>
      h.call("POST", "intel/risk", { key, body: { chain: "eth", address: doomed.addressBook.scenarios.tax.token.address } }),
    );
    expect({ status: response.status, error: response.body.error }).toEqual({ status: 503, error: "unavailable" });
    expect(response.body.message).toMatch(/^Ethereum node did not answer: /);
    expect(nodeRequests).toBeGreaterThanOrEqual(2);
    const record = await recordOf(response.body.request_id);
    expect({ status: record.httpStatus, outcome: record.outcome, charged: record.charged }).toEqual({ status: 503, outcome: "server_error", charged: 0 });
    expect(await h.db.creditLedger.findUnique({ where: { requestId: response.body.request_id } })).toBeNull();
    expect(await balance()).toBe(10);
  });
});
