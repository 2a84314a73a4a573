// contract/analysis through the whole API pipeline: free, provenance and the data
// source in meta, a missing node setting answered 503 and uncharged.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeSettingsChanged } from "../support/node-settings";
import { startAnvil, type Anvil } from "../chain/support/anvil";
import { deployer, installMulticall3, setupClients } from "../chain/support/contracts";
import { createHarness, expectFailure, expectSuccess, type Harness } from "../support/harness";
import { deployFixture, fixtures } from "./support/fixtures";

describe("POST /v1/api/contract/analysis", () => {
  let h: Harness;
  let anvil: Anvil;
  let token: string;
  const saved = process.env.ETH_RPC_URL;

  beforeAll(async () => {
    fixtures();
    anvil = await startAnvil({ chainId: 1 });
    const chain = setupClients(anvil.url);
    await installMulticall3(chain);
    token = (await deployFixture(chain, "OwnedToken", [deployer])).address;
    h = await createHarness("postgres+redis");
  }, 120_000);
  afterAll(async () => {
    process.env.ETH_RPC_URL = saved;
    await nodeSettingsChanged();
    await h?.close();
    await anvil?.stop();
  });

  it("answers with data, provenance for every field and the data source, and charges nothing", async () => {
    process.env.ETH_RPC_URL = anvil.url;
    await nodeSettingsChanged();
    const { key } = await h.key({ permissions: ["contract:read"] });
    const response = await h.call("POST", "contract/analysis", { key, body: { chain: "ETH", address: token.toLowerCase() } });
    const answer = expectSuccess(response);
    expect(answer.meta).toMatchObject({ credits_charged: 0, chain: "eth", chain_data_source: { service_grounded: true } });
    expect(Object.keys(answer.data).sort()).toEqual(["contract", "controllers", "deployer", "limitations", "ownership", "proxy", "source_verification", "unavailable"]);
    const provenance = answer.meta.provenance as Record<string, string>;
    for (const field of ["contract", "ownership", "proxy", "deployer", "controllers", "source_verification", "limitations"]) {
      expect(["verified_onchain", "augmented", "interpretation", "unavailable"]).toContain(provenance[field]);
    }
    const reasons: Record<string, string | undefined> = answer.data.unavailable;
    for (const [field, label] of Object.entries(provenance)) if (label === "unavailable") expect(reasons[field]).toBeTruthy();
    expect(answer.data.ownership?.owner).toBe(deployer);
    const record = await h.db.requestRecord.findUniqueOrThrow({ where: { id: answer.meta.request_id } });
    expect({ status: record.httpStatus, charged: record.charged, chain: record.chain }).toEqual({ status: 200, charged: 0, chain: "eth" });
  });

  it("a network without a node URL answers 503 naming the setting, uncharged", async () => {
    delete process.env.BASE_RPC_URL;
    const { key } = await h.key({ permissions: ["contract:read"] });
    const response = await h.call("POST", "contract/analysis", { key, body: { chain: "base", address: token } });
    const refusal = expectFailure(response, "unavailable");
    expect(response.status).toBe(503);
    expect(refusal.message).toMatch(/BASE_RPC_URL/);
  });
});
