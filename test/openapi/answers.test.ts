// Real answers of every endpoint on the three demo chains, checked with a JSON Schema validator
// (ajv, draft 2020-12) against the committed OpenAPI document — what a client would check them
// against — successes and failures alike.
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointPath, endpoints } from "@/lib/api-contract/endpoints";
import { DEMO_CHAINS } from "@/demo-chain";
import { publishCard } from "@/lib/operator/operations";
import { demoExampleRequests, demoRequestsFor, lockerRequestsFor, signalRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { exampleEnvelope, exampleFileName, savedExample } from "@/lib/openapi/examples";
import { endpointReferences } from "@/lib/openapi/endpoint-reference";
import { demoChainDataSetting, setDemoExampleRequests } from "@/lib/chain/demo-data";
import { useDemoNetworks } from "../support/demo-chains";
import { createHarness, type Harness } from "../support/harness";

type Json = Record<string, unknown>;
const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../public/openapi.json"), "utf8")) as Json & { paths: Record<string, Record<string, Json>>; components: Json };

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat("date-time", { validate: (value: string) => !Number.isNaN(Date.parse(value)) && /T/.test(value) });
// Refs in the document point into its components: give ajv the document itself to resolve them.
ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");

function validatorFor(endpointId: string, method: string, status: number) {
  const operation = document.paths[endpointPath({ id: endpointId })][method.toLowerCase()] as { responses: Record<string, { content: Record<string, { schema: Json }> }> };
  const response = operation.responses[String(status)];
  if (!response) return null;
  const schema = JSON.parse(JSON.stringify(response.content["application/json"].schema).replaceAll('"#/components/', '"openapi#/components/'));
  return ajv.compile(schema);
}

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
  it("every endpoint's successes on eth, base and bsc, the venue scenarios included", async () => {
    const checked: string[] = [];
    for (const endpoint of endpoints) {
      const requests = endpoint.method === "GET" ? [undefined] : DEMO_CHAINS.flatMap((chain) => [...demoRequestsFor(endpoint.id, chain, demo.chains[chain].addressBook), ...venueRequestsFor(endpoint.id, chain, demo.chains[chain].addressBook), ...signalRequestsFor(endpoint.id, chain, demo.chains[chain].addressBook), ...lockerRequestsFor(endpoint.id, chain, demo.chains[chain].addressBook)]);
      expect(requests.length, endpoint.id).toBeGreaterThan(0);
      for (const body of requests) {
        // A fresh key per call: the metadata budget allows one call a second per key.
        const key = endpoint.surface === "public" ? undefined : (await h.key()).key;
        const response = await h.call(endpoint.method, endpoint.id, { key, body });
        const label = `${endpoint.id} ${JSON.stringify(body ?? {})} → ${response.status}`;
        const validate = validatorFor(endpoint.id, endpoint.method, response.status);
        expect(validate, `${label}: the document declares no ${response.status}`).not.toBeNull();
        expect(validate!(response.body) ? null : validate!.errors?.slice(0, 5), label).toBeNull();
        checked.push(label);
      }
    }
    expect(checked.filter((label) => label.endsWith("→ 200")).length).toBeGreaterThanOrEqual(endpoints.length);
  }, 180_000);

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
      const example = { ...response.body, meta: { ...response.body.meta, ...exampleEnvelope } };
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

