// The Endpoints tab and /openapi.json come from the registry, the zod schemas and
// the error table, so they list exactly what the routes enforce.
import { describe, expect, it } from "vitest";
import { errorCodes } from "@/lib/errors/error-codes";
import { endpointPath, endpoints } from "@/lib/api-contract/endpoints";
import { openApiDocument } from "@/lib/openapi/document";
import { endpointReferences } from "@/lib/openapi/endpoint-reference";

describe("endpoint reference", () => {
  const references = endpointReferences();

  it("covers every registry endpoint with its method, path, permission and price", () => {
    expect(references.map((r) => [r.id, r.method, r.path, r.permission, r.price])).toEqual(endpoints.map((e) => [e.id, e.method, endpointPath(e), e.permission, e.price]));
  });

  it("documents body fields with their rules and a valid example request", () => {
    for (const endpoint of endpoints) {
      const reference = references.find((r) => r.id === endpoint.id)!;
      if (!("body" in endpoint)) continue;
      expect(reference.fields.find((f) => f.name === "chain")).toMatchObject({ required: true, rules: [expect.stringContaining("eth, base, bsc")] });
      expect(endpoint.body.safeParse(reference.exampleRequest).success, endpoint.id).toBe(true);
    }
  });

  it("lists the errors each endpoint can return, from the one error table", () => {
    const byId = new Map(references.map((r) => [r.id, r.errors.map((e) => e.code)]));
    expect(byId.get("health")).not.toContain("missing_api_key");
    expect(byId.get("me")).toContain("invalid_api_key");
    expect(byId.get("me")).not.toContain("scope_denied");
    expect(byId.get("intel/risk")).toEqual(expect.arrayContaining(["scope_denied", "sandbox_limited", "invalid_chain", "invalid_address", "chain_denied", "payment_required"]));
    expect(byId.get("contract/analysis")).not.toContain("payment_required");
    expect(byId.get("wallet/pnl")).toEqual(expect.arrayContaining(["invalid_wallet", "invalid_token", "insufficient_data"]));
    for (const reference of references) for (const error of reference.errors) expect(error.status).toBe(errorCodes[error.code].status);
  });
});

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 with one operation per endpoint and JSON Schema bodies", () => {
    const doc = openApiDocument();
    expect(doc.openapi).toBe("3.1.0");
    for (const endpoint of endpoints) {
      const operation = (doc.paths[endpointPath(endpoint)] as Record<string, Record<string, unknown>>)[endpoint.method.toLowerCase()];
      expect(operation, endpoint.id).toBeDefined();
      if (endpoint.method === "POST") {
        const schema = (operation.requestBody as { content: Record<string, { schema: Record<string, unknown> }> }).content["application/json"].schema;
        expect(schema).toMatchObject({ type: "object", additionalProperties: false });
        expect(schema.$schema).toBeUndefined();
      }
      expect(Object.keys(operation.responses as object)).toContain("200");
    }
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
});

describe("the answer's fields", () => {
  it("lists every endpoint's data fields with a type and a meaning, from its response schema", () => {
    for (const reference of endpointReferences().filter((r) => r.surface !== "public")) {
      expect(reference.responseFields.length, reference.id).toBeGreaterThan(1);
      for (const field of reference.responseFields) {
        expect(field.description, `${reference.id} ${field.name}`).toMatch(/\w{3,}/);
        expect(field.type, `${reference.id} ${field.name}`).not.toBe("any");
      }
    }
    const pnl = endpointReferences().find((r) => r.id === "wallet/pnl")!;
    expect(pnl.responseFields.map((f) => f.name)).toEqual(expect.arrayContaining(["realized", "realized.usd", "position", "counts.buy"]));
  });
});

describe("the Endpoints tab's text", () => {
  it("shows the schemas' `code` spans as code, never as literal backticks", async () => {
    const { createElement } = await import("react");
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { EndpointReferenceList } = await import("@/components/portal/endpoint-reference");
    const html = renderToStaticMarkup(createElement(EndpointReferenceList, { references: endpointReferences(), baseUrl: "http://localhost:3000" }));
    // Example code blocks are JSON and curl, which carry no backticks; the prose must not either.
    const text = html.replace(/<[^>]+>/g, "");
    expect(text).toContain("Names such as ethereum and numeric chain ids are rejected.");
    expect(text).not.toContain("`");
    expect(html).toContain('<code class="rounded bg-zinc-100');
  });
});
