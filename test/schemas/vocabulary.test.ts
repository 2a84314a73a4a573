// One vocabulary in every answer: a field that names a token amount, dollars, a price in dollars,
// a moment, a venue or movement counts has the one shared shape (lib/schemas/vocabulary.ts) in every
// endpoint's response schema, and the OpenAPI document holds each shape once, as a component the
// endpoints refer to. Two endpoints describing the same thing with different shapes fail here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "@/lib/api-contract/endpoints";
import { componentsPath, outputJsonSchemaWithComponents, type JsonSchema } from "@/lib/openapi/output-json-schema";
import { vocabularyFields } from "@/lib/schemas/vocabulary";

type Finding = { where: string; field: string; expected: string };

/** The component a field's schema refers to, directly or as the non-null branch of a nullable field. */
function refOf(schema: JsonSchema): string | null {
  if (typeof schema.$ref === "string") return schema.$ref.slice(componentsPath.length);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const refs = (branches ?? []).map(refOf).filter((ref): ref is string => ref !== null);
  return refs.length === 1 ? refs[0] : null;
}

/** Every property of a JSON Schema, however deep (objects, arrays, unions), with its dotted place. */
function* propertiesOf(schema: JsonSchema, where: string): Generator<{ where: string; name: string; schema: JsonSchema }> {
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    // data.unavailable and meta.provenance are keyed by field names; their values are reasons and labels.
    if (name === "unavailable" || name === "provenance") continue;
    yield { where: `${where}.${name}`, name, schema: field };
    yield* propertiesOf(field, `${where}.${name}`);
  }
  if (schema.items && typeof schema.items === "object") yield* propertiesOf(schema.items as JsonSchema, `${where}[]`);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches as JsonSchema[]) yield* propertiesOf(branch, where);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") yield* propertiesOf(schema.additionalProperties as JsonSchema, `${where}{}`);
}

/** Every object of a JSON Schema with its dotted place, for rules about fields side by side. */
function* objectsOf(schema: JsonSchema, where: string): Generator<{ where: string; schema: JsonSchema }> {
  if (schema.properties) yield { where, schema };
  for (const [name, field] of Object.entries(schema.properties ?? {})) if (name !== "unavailable" && name !== "provenance") yield* objectsOf(field, `${where}.${name}`);
  if (schema.items && typeof schema.items === "object") yield* objectsOf(schema.items as JsonSchema, `${where}[]`);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches as JsonSchema[]) yield* objectsOf(branch, where);
  }
}

function findings(schema: JsonSchema, where: string): Finding[] {
  const out: Finding[] = [];
  // A venue is its key and its display name, side by side.
  for (const object of objectsOf(schema, where)) {
    const fields = Object.keys(object.schema.properties ?? {});
    if (fields.includes("dex") && !fields.includes("dex_name")) out.push({ where: `${object.where}.dex`, field: "dex", expected: "DexName beside it (dex_name)" });
  }
  for (const property of propertiesOf(schema, where)) {
    const rule = vocabularyFields.find((entry) => entry.field.test(property.name));
    if (rule && refOf(property.schema) !== rule.component) out.push({ where: property.where, field: property.name, expected: rule.component });
    // An amount under another name, or the amount's shape copied and extended: {raw, formatted} lives only in the component.
    else if (!rule && [property.schema, ...(((property.schema.anyOf ?? []) as JsonSchema[]))].some((branch) => branch.properties && "raw" in branch.properties)) out.push({ where: property.where, field: property.name, expected: "Amount" });
  }
  return out;
}

/**
 * Fields not yet moved to the shared shape, each endpoint's in its own change. The test holds the
 * list to the truth both ways: a field listed here must still be off the vocabulary (so a moved
 * field leaves the list), and nothing else may be.
 */
const notYetMoved: string[] = [
];

describe("the answer vocabulary", () => {
  it("every field named as an amount, dollars, a dollar price, a time, a venue or counts has the shared shape, in every endpoint", () => {
    const all = endpoints.flatMap((endpoint) => {
      if (!("response" in endpoint) || !endpoint.response) return [];
      const { data, meta } = endpoint.response as { data: Parameters<typeof outputJsonSchemaWithComponents>[0]; meta?: Parameters<typeof outputJsonSchemaWithComponents>[0] };
      return [...findings(outputJsonSchemaWithComponents(data).schema, `${endpoint.id} data`), ...(meta ? findings(outputJsonSchemaWithComponents(meta).schema, `${endpoint.id} meta`) : [])];
    });
    const found = all.map((f) => `${f.where}: not the ${f.expected} component`);
    expect(found.filter((line) => !notYetMoved.includes(line))).toEqual([]);
    expect(notYetMoved.filter((line) => !found.includes(line)), "moved: take them off the list").toEqual([]);
  });

  it("catches a field that describes a shared thing in a shape of its own", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        total_supply: { type: "string" },
        held: { anyOf: [{ $ref: `${componentsPath}Amount` }, { type: "null" }] },
        pools: { type: "array", items: { type: "object", properties: { dex: { type: "string" }, liquidity_usd: { $ref: `${componentsPath}Usd` } } } },
      },
    };
    expect(findings(schema, "x").map((f) => `${f.where} ${f.expected}`)).toEqual(["x.pools[].dex DexName beside it (dex_name)", "x.total_supply Amount", "x.pools[].dex DexKey"]);
  });

  it("the committed OpenAPI document holds each shared shape once, and the endpoints refer to it", () => {
    const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../public/openapi.json"), "utf8")) as { components: { schemas: Record<string, JsonSchema> }; paths: unknown };
    const text = JSON.stringify(document.paths);
    const shared = Object.keys(document.components.schemas).filter((name) => !["Failure", "Health"].includes(name));
    expect(shared).toEqual(expect.arrayContaining(["Amount", "DexKey", "DexName", "Time", "Usd", "UsdPrice"]));
    for (const component of shared) expect(text.includes(`"${componentsPath}${component}"`), `${component} is referred to`).toBe(true);
  });

});
