// The output side of a response schema as JSON Schema (2020-12, what OpenAPI 3.1 uses), for the
// OpenAPI document and the reference pages alike.
import { z } from "zod";

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** Where the OpenAPI document keeps the vocabulary's shared shapes (lib/schemas/vocabulary.ts). */
export const componentsPath = "#/components/schemas/";

/**
 * The output side of a schema as JSON Schema (2020-12, what OpenAPI 3.1 uses). A shape of the
 * answer vocabulary (a schema with an `id`) is a `$ref` into the document's components, and its
 * definition is returned in `components` for the document to hold once.
 */
export function outputJsonSchemaWithComponents(schema: z.ZodType): { schema: JsonSchema; components: Record<string, JsonSchema> } {
  const json = z.toJSONSchema(schema, {
    io: "output",
    target: "draft-2020-12",
    unrepresentable: "any",
    // Answers may gain fields in v1 (an addition is not a breaking change), so a client that
    // validates them must not refuse fields it does not know yet.
    override: (ctx) => {
      if (ctx.jsonSchema.additionalProperties === false) delete ctx.jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
  delete json.$schema;
  const components = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  // zod points a single schema's shared shapes at its own $defs; the document's home for them is its components.
  const relocate = <T>(node: T): T => JSON.parse(JSON.stringify(node).replaceAll('"#/$defs/', `"${componentsPath}`)) as T;
  return { schema: relocate(json), components: relocate(components) };
}

/** The output side of a schema with every shared shape written out in place (the reference pages read fields, not refs). */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
  const { schema: json, components } = outputJsonSchemaWithComponents(schema);
  return inlineComponents(json, components);
}

/** A schema with each `$ref` into the components replaced by the component (its own description kept where the field has one). */
export function inlineComponents(node: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!value || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    const ref = typeof object.$ref === "string" && object.$ref.startsWith(componentsPath) ? components[object.$ref.slice(componentsPath.length)] : undefined;
    const { $ref: _ref, ...rest } = object;
    const base = ref ? { ...(walk(ref) as Record<string, unknown>), ...rest } : object;
    return Object.fromEntries(Object.entries(base).map(([key, inner]) => [key, key === "$ref" ? inner : walk(inner)]));
  };
  return walk(node) as JsonSchema;
}
