// The committed OpenAPI document is what the code builds, and a change that would break a client
// built on it (a removed path or field, a narrowed type) is told apart from an addition.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { breakingChanges, unnotedBreakingChanges } from "@/lib/openapi/compatibility";
import { openApiDocument } from "@/lib/openapi/document";
import { versionNotes } from "@/lib/openapi/version-notes";

const committed = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../public/openapi.json"), "utf8"));

describe("the committed OpenAPI document", () => {
  it("is exactly what the registry and its schemas build (npm run openapi writes it)", () => {
    const generated = JSON.parse(JSON.stringify(openApiDocument()));
    if (JSON.stringify(generated) !== JSON.stringify(committed)) {
      const breaking = unnotedBreakingChanges(committed, generated, versionNotes);
      expect.fail(`public/openapi.json is stale: run npm run openapi.${breaking.length ? ` It would break clients without a version note: ${breaking.map((c) => `${c.where}: ${c.what}`).join("; ")}` : ""}`);
    }
  });

  it("declares a server, both key schemes, and the response headers", () => {
    expect(committed.servers).toEqual([expect.objectContaining({ url: "/" })]);
    expect(Object.keys(committed.components.securitySchemes).sort()).toEqual(["apiKey", "bearer"]);
    for (const name of ["X-Request-Id", "RateLimit", "RateLimit-Policy", "Retry-After", "Idempotent-Replayed"]) expect(committed.components.headers).toHaveProperty([name]);
    const risk = committed.paths["/v1/api/intel/risk"].post;
    expect(Object.keys(risk.responses["200"].headers)).toEqual(expect.arrayContaining(["X-Request-Id", "RateLimit", "Idempotent-Replayed"]));
    expect(Object.keys(risk.responses["429"].headers)).toContain("Retry-After");
    expect(risk.responses["422"].content["application/json"].schema.allOf[1].properties.error.enum).toContain("insufficient_data");
  });

  it("types discover's limit as an integer and accepts any case of a chain code", () => {
    const limit = committed.paths["/v1/api/discover"].get.parameters.find((p: { name: string }) => p.name === "limit");
    expect(limit.schema.type).toBe("integer");
    const chain = committed.paths["/v1/api/intel/risk"].post.requestBody.content["application/json"].schema.properties.chain;
    for (const code of ["eth", "ETH", "Base", "bsc"]) expect(new RegExp(chain.pattern).test(code), code).toBe(true);
    expect(new RegExp(chain.pattern).test("ethereum")).toBe(false);
  });
});

describe("breaking changes", () => {
  const base = {
    paths: {
      "/a": {
        post: {
          requestBody: { content: { "application/json": { schema: { type: "object", required: ["chain"], properties: { chain: { type: "string", enum: ["eth", "base"] }, limit: { type: "integer" } } } } } },
          responses: { "200": { content: { "application/json": { schema: { type: "object", required: ["data"], properties: { data: { type: "object", required: ["x"], properties: { x: { type: "string" }, y: { type: "integer" } } } } } } } } },
        },
      },
      "/b": { get: { responses: {} } },
    },
  };
  const edit = (change: (doc: typeof base) => void) => {
    const copy = structuredClone(base);
    change(copy);
    return breakingChanges(base, copy).map((c) => `${c.where}: ${c.what}`);
  };

  it("an addition breaks nothing", () => {
    expect(edit((d) => void ((d.paths["/a"].post.responses["200"].content["application/json"].schema.properties.data.properties as Record<string, unknown>).z = { type: "string" }))).toEqual([]);
    expect(edit((d) => void ((d.paths as Record<string, unknown>)["/c"] = { get: {} }))).toEqual([]);
    expect(edit((d) => d.paths["/a"].post.requestBody.content["application/json"].schema.properties.chain.enum.push("bsc"))).toEqual([]);
  });

  it("a removed path, a removed or no longer promised field, a changed type and a narrowed input are breaking", () => {
    expect(edit((d) => delete (d.paths as Record<string, unknown>)["/b"])).toEqual(["/b: path removed"]);
    const data = (d: typeof base) => d.paths["/a"].post.responses["200"].content["application/json"].schema.properties.data;
    expect(edit((d) => delete (data(d).properties as Record<string, unknown>).y)).toEqual(["POST /a 200.data.y: field removed"]);
    expect(edit((d) => void (data(d).required = []))).toEqual(["POST /a 200.data.x: field no longer always present"]);
    expect(edit((d) => void (data(d).properties.x = { type: "integer" }))).toEqual(["POST /a 200.data.x: type changed from string to integer"]);
    expect(edit((d) => void d.paths["/a"].post.requestBody.content["application/json"].schema.properties.chain.enum.pop())).toEqual(['POST /a body.chain: no longer accepts "base"']);
    expect(edit((d) => d.paths["/a"].post.requestBody.content["application/json"].schema.required.push("limit"))).toEqual(["POST /a body.limit: newly required"]);
  });

  it("looks inside nullable and union fields: a new value of a nullable enum is a change a client must hear of", () => {
    const withKind = structuredClone(base);
    const data = (d: typeof base) => d.paths["/a"].post.responses["200"].content["application/json"].schema.properties.data.properties as Record<string, unknown>;
    data(withKind).kind = { anyOf: [{ type: "string", enum: ["router"] }, { type: "null" }] };
    const widened = structuredClone(withKind);
    (data(widened).kind as { anyOf: { enum?: string[] }[] }).anyOf[0].enum!.push("permit2");
    expect(breakingChanges(withKind, widened).map((c) => `${c.where}: ${c.what}`)).toEqual(['POST /a 200.data.kind: may now return "permit2"']);
  });
});
