// Real failures checked with a JSON Schema validator (ajv, draft 2020-12) against the committed
// OpenAPI document — what a client would check them against — and the reference pages' example
// answers kept equal to real answers. Each chain's successes are checked in answers-<chain>.test.ts.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api-contract/endpoints";
import { publishCard } from "@/lib/operator/operations";
import { demoExampleRequests, demoRequestsFor } from "@/demo-chain/requests";
import { exampleEnvelope, exampleFileName, savedExample } from "@/lib/openapi/examples";
import { endpointReferences } from "@/lib/openapi/endpoint-reference";
import { demoChainDataSetting, setDemoExampleRequests } from "@/lib/chain/demo-data";
import { useDemoNetworks } from "../support/demo-chains";
import { createHarness, expectSuccess, type Harness } from "../support/harness";
import { validatorFor } from "./support/answers-suite";

const demo = useDemoNetworks();
let h: Harness;

beforeAll(async () => {
  h = await createHarness("pglite+memory");
  await publishCard(h.db, "test", { publisherId: h.owner.id, chain: "eth", token: demo.chains.eth.addressBook.scenarios.healthy.token.address, hook: "A healthy token", bullets: ["Deep pool", "Renounced owner"] });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe("answers fit the committed OpenAPI document", () => {
  it("failures: the envelope with the codes the document lists for that status", async () => {
    const key = (await h.key()).key;
    const cases = [
      { id: "intel/risk", body: { chain: "ethereum", address: "0x0" }, status: 400 },
      { id: "intel/risk", body: undefined, key: "none", status: 401 },
      { id: "wallet/exact-movements", body: { chain: "eth", wallet: `0x${"1".repeat(40)}` }, status: 422 },
    ];
    for (const { id, body, status, ...rest } of cases) {
      const endpoint = endpoints.find((e) => e.id === id)!;
      const response = await h.call(endpoint.method, id, { key: "key" in rest ? undefined : key, body });
      expect(response.status, id).toBe(status);
      const validate = validatorFor(id, endpoint.method, status)!;
      expect(validate(response.body) ? null : validate.errors, `${id} ${status}`).toBeNull();
    }
  });
});

describe("the reference pages' example answers", () => {
  it("are real answers of the first demo request on the eth demo chain (npx vitest run test/openapi/answers.test.ts -u renews them)", async () => {
    for (const endpoint of endpoints.filter((e) => e.surface === "intelligence")) {
      const body = demoRequestsFor(endpoint.id, "eth", demo.chains.eth.addressBook)[0];
      const response = await h.call(endpoint.method, endpoint.id, { key: (await h.key()).key, body });
      expect(response.status, endpoint.id).toBe(200);
      const answer = expectSuccess(response);
      const example = { ...answer, meta: { ...answer.meta, ...exampleEnvelope } };
      await expect(`${JSON.stringify({ request: body, response: example }, null, 2)}\n`).toMatchFileSnapshot(path.resolve(__dirname, `../../lib/openapi/examples/${exampleFileName(endpoint.id)}`));
    }
  }, 120_000);

  it("on a deployment serving the demo chains, the reference pages' example requests are those demo requests", () => {
    const saved = process.env[demoChainDataSetting];
    process.env[demoChainDataSetting] = "1";
    setDemoExampleRequests(demoExampleRequests("eth", demo.chains.eth.addressBook));
    try {
      for (const reference of endpointReferences().filter((r) => r.surface === "intelligence")) {
        expect(reference.exampleRequest, reference.id).toEqual(savedExample(reference.id)!.request);
        expect(reference.exampleResponseSource, reference.id).toMatch(/demo chain/);
      }
    } finally {
      if (saved === undefined) delete process.env[demoChainDataSetting];
      else process.env[demoChainDataSetting] = saved;
    }
    // Elsewhere: mainnet addresses, not the demo's.
    expect(endpointReferences().find((r) => r.id === "intel/risk")!.exampleRequest).not.toEqual(savedExample("intel/risk")!.request);
  });
});

