// Real answers checked with a JSON Schema validator (ajv, draft 2020-12) against the committed
// OpenAPI document, what a client would check them against. One chain's successes per file
// (answers-<chain>.test.ts): every endpoint's demo, venue, signal and locker requests on that chain.
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpointPath, endpoints } from "@/lib/api-contract/endpoints";
import type { DemoChainName } from "@/demo-chain";
import { publishCard } from "@/lib/operator/operations";
import { demoRequestsFor, lockerRequestsFor, signalRequestsFor, venueRequestsFor } from "@/demo-chain/requests";
import { useDemoNetworks } from "../../support/demo-chains";
import { createHarness, type Harness } from "../../support/harness";

type Json = Record<string, unknown>;
const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../public/openapi.json"), "utf8")) as Json & { paths: Record<string, Record<string, Json>>; components: Json };

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat("date-time", { validate: (value: string) => !Number.isNaN(Date.parse(value)) && /T/.test(value) });
// Refs in the document point into its components: give ajv the document itself to resolve them.
ajv.addSchema({ $id: "openapi", components: document.components }, "openapi");

export function validatorFor(endpointId: string, method: string, status: number) {
  const operation = document.paths[endpointPath({ id: endpointId })][method.toLowerCase()] as { responses: Record<string, { content: Record<string, { schema: Json }> }> };
  const response = operation.responses[String(status)];
  if (!response) return null;
  const schema = JSON.parse(JSON.stringify(response.content["application/json"].schema).replaceAll('"#/components/', '"openapi#/components/'));
  return ajv.compile(schema);
}

/** Every endpoint's successes on one demo chain, the venue, signal and locker scenarios included, each fitting the document. */
export function successesOn(chain: DemoChainName) {
  const demo = useDemoNetworks();
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness("pglite+memory");
    await publishCard(h.db, "test", { publisherId: h.owner.id, chain, token: demo.chains[chain].addressBook.scenarios.healthy.token.address, hook: "A healthy token", bullets: ["Deep pool", "Renounced owner"] });
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  describe(`answers fit the committed OpenAPI document, demo ${chain}`, () => {
    it("every endpoint's successes, the venue scenarios included", async () => {
      const checked: string[] = [];
      const book = demo.chains[chain].addressBook;
      for (const endpoint of endpoints) {
        const requests = endpoint.method === "GET" ? [undefined] : [...demoRequestsFor(endpoint.id, chain, book), ...venueRequestsFor(endpoint.id, chain, book), ...signalRequestsFor(endpoint.id, chain, book), ...lockerRequestsFor(endpoint.id, chain, book)];
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
  });
}
