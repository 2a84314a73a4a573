// The API reference, derived from the one endpoint registry, its zod schemas and
// the one error table. The Endpoints tab, the public docs page and the OpenAPI
// document all render this, so they cannot disagree with what the routes enforce.
import { z } from "zod";
import { errorCodes, type ErrorCode } from "@/lib/errors/error-codes";
import { apiBasePath, endpointPath, endpoints, permissions, type EndpointDefinition, type EndpointId, type Permission } from "@/lib/api-contract/endpoints";
import { demoExampleRequest } from "@/lib/chain/demo-data";
import { savedExample } from "./examples";
import { fieldErrorCodes } from "@/lib/schemas/common";
import { outputJsonSchema, type JsonSchema } from "./output-json-schema";

export type { JsonSchema };

export type FieldDoc = { name: string; type: string; required: boolean; rules: string[]; description: string | null };

export type ErrorDoc = { code: ErrorCode; status: number; message: string };

export type EndpointReference = {
  id: string;
  method: "GET" | "POST";
  path: string;
  surface: EndpointDefinition["surface"];
  permission: Permission | null;
  access: string;
  price: number;
  priceLabel: string;
  summary: string;
  fieldsIn: "body" | "query" | null;
  fields: FieldDoc[];
  /** The answer's data, field by field (nested fields with dotted names), from the response schema. */
  responseFields: FieldDoc[];
  schema: JsonSchema | null;
  exampleRequest: Record<string, unknown> | null;
  exampleResponse: Record<string, unknown>;
  /** Where the example answer comes from, when it is a real one. */
  exampleResponseSource: string | null;
  errors: ErrorDoc[];
};

/** The input side of a schema as JSON Schema (2020-12, what OpenAPI 3.1 uses). */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
    override: (ctx) => {
      // Chain codes are lower-cased and then checked against an enum: any case of the codes is accepted.
      const def = ctx.zodSchema._zod.def as { type: string; out?: { _zod: { def: { type: string; entries?: Record<string, string> } } } };
      const out = def.type === "pipe" ? def.out?._zod.def : undefined;
      if (out?.type === "enum" && out.entries) {
        const codes = Object.values(out.entries);
        ctx.jsonSchema.pattern = `^(${codes.map((code) => [...code].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join("")).join("|")})$`;
        ctx.jsonSchema.examples = codes;
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

function fieldRules(field: JsonSchema): string[] {
  const rules: string[] = [];
  if (Array.isArray(field.enum)) rules.push(`one of ${(field.enum as string[]).join(", ")}`);
  // A case-insensitive code list is a pattern with its codes as examples: name the codes.
  if (typeof field.pattern === "string" && Array.isArray(field.examples)) rules.push(`one of ${(field.examples as string[]).join(", ")} (any case)`);
  else if (typeof field.pattern === "string") rules.push(`matches ${field.pattern}`);
  if (typeof field.minimum === "number") rules.push(`≥ ${field.minimum}`);
  if (typeof field.maximum === "number" && field.maximum < Number.MAX_SAFE_INTEGER) rules.push(`≤ ${field.maximum}`);
  if (field.default !== undefined) rules.push(`default ${JSON.stringify(field.default)}`);
  return rules;
}

/** A JSON Schema type as people read it: "string | null", "array of object", one of several shapes. */
function typeLabel(field: JsonSchema): string {
  const variants = (field.anyOf ?? field.oneOf) as JsonSchema[] | undefined;
  if (variants) return [...new Set(variants.map(typeLabel))].join(" | ");
  if (Array.isArray(field.type)) return field.type.join(" | ");
  if (field.type === "array" && field.items) return `array of ${typeLabel(field.items as JsonSchema)}`;
  if (field.const !== undefined) return JSON.stringify(field.const);
  return String(field.type ?? "any");
}

/** The object a field holds, when it holds one (directly or as the non-null variant). */
function objectOf(field: JsonSchema): JsonSchema | null {
  if (field.properties) return field;
  const variants = (field.anyOf ?? field.oneOf) as JsonSchema[] | undefined;
  const objects = variants?.filter((variant) => variant.properties) ?? [];
  return objects.length === 1 ? objects[0] : null;
}

/** The answer's fields two levels deep, so the reference stays readable; the OpenAPI document has them all. */
export function answerFieldsOf(schema: JsonSchema, prefix = "", depth = 0): FieldDoc[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const doc: FieldDoc = { name: `${prefix}${name}`, type: typeLabel(field), required: required.has(name), rules: [], description: typeof field.description === "string" ? field.description : null };
    const inner = objectOf(field);
    return depth < 1 && inner ? [doc, ...answerFieldsOf(inner, `${prefix}${name}.`, depth + 1)] : [doc];
  });
}

export function fieldsOf(schema: JsonSchema): FieldDoc[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    type: String(field.type ?? "any"),
    required: required.has(name),
    rules: fieldRules(field),
    description: typeof field.description === "string" ? field.description : null,
  }));
}

// Example values: real, well-known mainnet addresses (WETH and a public wallet), so a copied example is a meaningful call.
const exampleValues: Record<string, unknown> = {
  chain: "eth",
  address: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
  token: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
  wallet: "0xd8da6bf26964af9d7eed9e03e53415d37aa96045",
};

function exampleFor(schema: JsonSchema): Record<string, unknown> {
  const example: Record<string, unknown> = {};
  for (const field of fieldsOf(schema)) {
    if (field.name in exampleValues) example[field.name] = exampleValues[field.name];
    else if (field.required) example[field.name] = field.type === "boolean" ? false : field.type === "integer" ? 1 : "…";
  }
  return example;
}

/** Every error an endpoint can answer with, in the order the pipeline checks (README: "Every request passes the same checks in this order"). */
export function errorCodesFor(endpoint: EndpointDefinition): ErrorCode[] {
  const codes: ErrorCode[] = ["public_api_disabled", "method_not_allowed"];
  if (endpoint.surface === "public") return [...codes, "internal_error", "unavailable"];
  codes.push("missing_api_key", "invalid_api_key", "revoked_api_key", "key_expired", "project_disabled", "suspended_key", "origin_denied", "rate_limited");
  const input = endpoint.body ?? endpoint.query;
  const inputFields = input ? Object.keys(inputJsonSchema(input).properties ?? {}) : [];
  const fieldCodes = [...new Set(inputFields.map((name) => fieldErrorCodes[name]).filter(Boolean))];
  if (endpoint.surface === "intelligence") {
    codes.push("access_required", "sandbox_limited", "scope_denied", "endpoint_denied", "bad_request", "payload_too_large", ...fieldCodes, "chain_denied");
    codes.push("idempotency_in_progress", "idempotency_key_reused", "trial_expired", "trial_exhausted");
    if (endpoint.price > 0) codes.push("payment_required");
    codes.push(...(endpoint.errors ?? []));
    codes.push("internal_error", "unavailable");
    // pricing_mismatch stays in the table as the specification names it, and no endpoint answers it:
    // the price quoted and the price charged are read from the one registry in the same call.
    if (endpoint.price > 0) codes.push("billing_unavailable", "billing_commit_failed");
    return codes;
  }
  codes.push(...fieldCodes, "internal_error", "unavailable");
  return codes;
}

function accessOf(endpoint: EndpointDefinition): string {
  if (endpoint.surface === "public") return "No key";
  if (!endpoint.permission) return "Any valid key";
  return `${endpoint.permission} (unlocks ${permissions[endpoint.permission]})`;
}

function priceLabel(endpoint: EndpointDefinition): string {
  if (endpoint.id === "discover") return "Free, strict daily cap";
  if (endpoint.price === 0) return endpoint.surface === "intelligence" ? "Free (all plans)" : "Free";
  return `${endpoint.price} credits per successful call`;
}

const generatedAt = "2030-01-01T12:00:00.000Z";

function exampleResponseFor(endpoint: EndpointDefinition): Record<string, unknown> {
  if (endpoint.surface === "public") return { ok: true, service: "developer-intelligence-api", version: "v1", generated_at: generatedAt };
  const meta: Record<string, unknown> = { request_id: "req_0123456789abcdef", credits_charged: endpoint.price, generated_at: generatedAt };
  if (endpoint.id === "me") {
    return {
      ok: true,
      data: {
        key: "svc_live_****************************abcd", project_id: "prj_0123456789", environment: "live", tier: "basic", access_mode: "paid",
        scopes: ["contract:read", "intel:read"], rate_limit_per_hour: 1000, credits_balance: 120, free_credits_today: 5, charging_enabled: false,
        top_up: "…", allowed_chains: null, expires_at: null,
      },
      meta,
    };
  }
  if (endpoint.id === "discover") return { ok: true, data: { cards: [{ chain: "eth", token: { address: exampleValues.token, name: "…", symbol: "…" }, hook: "…", bullets: ["…"] }], total: 1 }, meta };
  return savedExample(endpoint.id)?.response ?? { ok: true, data: {}, meta: { ...meta, chain: "eth" } };
}

/**
 * A request worth copying: on a deployment that serves the demo chains, the endpoint's first demo
 * request (it answers there); elsewhere real mainnet addresses.
 */
function exampleRequestFor(endpoint: EndpointDefinition, schema: JsonSchema): Record<string, unknown> {
  return demoExampleRequest(endpoint.id) ?? exampleFor(schema);
}

export function endpointReference(endpoint: EndpointDefinition): EndpointReference {
  const input = endpoint.body ?? endpoint.query;
  const schema = input ? inputJsonSchema(input) : null;
  return {
    id: endpoint.id,
    method: endpoint.method,
    path: endpointPath(endpoint),
    surface: endpoint.surface,
    permission: endpoint.permission,
    access: accessOf(endpoint),
    price: endpoint.price,
    priceLabel: priceLabel(endpoint),
    summary: endpoint.summary,
    fieldsIn: endpoint.body ? "body" : endpoint.query ? "query" : null,
    fields: schema ? fieldsOf(schema) : [],
    responseFields: endpoint.response ? answerFieldsOf(outputJsonSchema(endpoint.response.data)) : [],
    schema,
    exampleRequest: endpoint.body && schema ? exampleRequestFor(endpoint, schema) : null,
    exampleResponse: exampleResponseFor(endpoint),
    exampleResponseSource: savedExample(endpoint.id) ? "a real answer on the eth demo chain" : null,
    errors: errorCodesFor(endpoint).map((code) => ({ code, status: errorCodes[code].status, message: errorCodes[code].message })),
  };
}

export function endpointReferences(): EndpointReference[] {
  return (endpoints as readonly EndpointDefinition[]).map(endpointReference);
}

export { apiBasePath };
