// The output side of a response schema as JSON Schema (2020-12, what OpenAPI 3.1 uses), for the
// OpenAPI document and the reference pages alike.
import { z } from "zod";

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/** The output side of a schema as JSON Schema (2020-12, what OpenAPI 3.1 uses). */
export function outputJsonSchema(schema: z.ZodType): JsonSchema {
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
  return json;
}
