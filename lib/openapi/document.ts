// The OpenAPI 3.1 document, generated from the endpoint registry: each endpoint's request schema,
// its response schema (data field by field, and the meta it adds), every error it can answer and
// the headers that come with them. The committed copy (public/openapi.json) is what /openapi.json
// serves; a test keeps it equal to what this builds.
import { errorCodes } from "@/lib/errors/error-codes";
import { getEndpoint, type EndpointId } from "@/lib/api-contract/endpoints";
import { provenanceLabels } from "@/lib/schemas/provenance";
import type { ResponseSchema } from "@/lib/schemas/responses/common";
import { healthResponse } from "@/lib/schemas/responses/health";
import { endpointReferences, type EndpointReference, type JsonSchema } from "./endpoint-reference";
import { savedExample } from "./examples";
import { outputJsonSchema, outputJsonSchemaWithComponents } from "./output-json-schema";

const failureSchema = {
  type: "object",
  required: ["ok", "error", "request_id"],
  properties: {
    ok: { const: false },
    error: { type: "string", enum: Object.keys(errorCodes), description: "Stable machine-readable code." },
    message: { type: "string", description: "Human hint." },
    details: {
      type: "object",
      additionalProperties: { type: "integer" },
      description: "Figures beside the message, where a failure has them; on 402 payment_required, in credits: price (what the call costs), available (what the account can spend now), free_credits_left (today's free credits) and balance.",
    },
    request_id: { type: "string", description: "The same as the X-Request-Id header; quote it to support." },
  },
};

/** The envelope's own meta fields, on every success. */
const envelopeMeta: JsonSchema = {
  type: "object",
  required: ["request_id", "credits_charged", "generated_at"],
  properties: {
    request_id: { type: "string", description: "Unique per call; the same as X-Request-Id." },
    credits_charged: { type: "integer", description: "The price on a successful paid call; 0 for free endpoints and any failed or honestly empty result (and always the list price reported, even while charging is switched off)." },
    generated_at: { type: "string", format: "date-time", description: "When the result was produced." },
    chain: { type: "string", enum: ["eth", "base", "bsc"], description: "The network, on chain-specific calls." },
    demo_data: { const: true, description: "Present when this deployment reads the local demo chains: the result is demo data, not a public network's." },
    demo_notice: { type: "string", description: "Present with demo_data: what that means." },
  },
};

const healthSchema = outputJsonSchema(healthResponse);

/**
 * The answer vocabulary's shapes (lib/schemas/vocabulary.ts), gathered from every schema the
 * document holds: each once, under components.schemas, where every endpoint refers to it.
 */
type Components = Record<string, JsonSchema>;

function withComponents(schema: Parameters<typeof outputJsonSchemaWithComponents>[0], components: Components): JsonSchema {
  const converted = outputJsonSchemaWithComponents(schema);
  for (const [id, definition] of Object.entries(converted.components)) {
    if (id in components && JSON.stringify(components[id]) !== JSON.stringify(definition)) throw new Error(`Two shapes of the answer vocabulary share the id ${id}`);
    components[id] = definition;
  }
  return converted.schema;
}

function successSchema(response: ResponseSchema | undefined, components: Components): JsonSchema {
  const meta = response?.meta ? withComponents(response.meta, components) : undefined;
  const properties: Record<string, JsonSchema> = { ...envelopeMeta.properties, ...(meta?.properties ?? {}) };
  if (response?.sources) properties.sources = { ...withComponents(response.sources, components), description: "The sources the result cites." };
  return {
    type: "object",
    required: ["ok", "data", "meta"],
    properties: {
      ok: { const: true },
      data: response ? withComponents(response.data, components) : { type: "object" },
      meta: { type: "object", required: [...(envelopeMeta.required ?? []), ...(meta?.required ?? [])], properties },
    },
  };
}

const headers = {
  "X-Request-Id": { description: "Unique per call; the same as request_id in the body.", schema: { type: "string" } },
  "RateLimit-Policy": { description: "The key's budget windows (IETF RateLimit headers draft).", schema: { type: "string" } },
  RateLimit: { description: "What is left of the most constraining window (IETF RateLimit headers draft).", schema: { type: "string" } },
  "RateLimit-Limit": { description: "The most constraining window's limit.", schema: { type: "integer" } },
  "RateLimit-Remaining": { description: "Requests left in that window.", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until that window has room again.", schema: { type: "integer" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
  "Idempotent-Replayed": { description: "true when the answer is the stored response of an earlier request with the same Idempotency-Key (charged nothing).", schema: { type: "string", enum: ["true"] } },
  Allow: { description: "The methods the endpoint accepts.", schema: { type: "string" } },
};

const headerRef = (name: keyof typeof headers) => ({ $ref: `#/components/headers/${name}` });

function responseHeaders(reference: EndpointReference, status: number) {
  const names: Array<keyof typeof headers> = ["X-Request-Id"];
  // A call whose budget was read carries the RateLimit headers (one refused before that, a 401 say, does not).
  if (reference.surface !== "public" && status !== 401) names.push("RateLimit-Policy", "RateLimit", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset");
  if (status === 429 || status === 503) names.push("Retry-After");
  if (status === 405) names.push("Allow");
  if (status === 200 && reference.surface === "intelligence") names.push("Idempotent-Replayed");
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}

function operation(reference: EndpointReference, components: Components) {
  const endpoint = getEndpoint(reference.id as EndpointId);
  const saved = savedExample(reference.id);
  const byStatus = new Map<number, string[]>();
  for (const error of reference.errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error.code]);
  const responses: Record<string, unknown> = {
    "200": {
      description: reference.surface === "public" ? "The service is up." : "Success envelope.",
      headers: responseHeaders(reference, 200),
      content: { "application/json": { schema: reference.surface === "public" ? { $ref: "#/components/schemas/Health" } : successSchema(endpoint.response, components), example: reference.exampleResponse } },
      ...(saved ? { "x-example-source": "A real answer of the example request on the eth demo chain." } : {}),
    },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.join(", "),
      headers: responseHeaders(reference, status),
      content: { "application/json": { schema: { allOf: [{ $ref: "#/components/schemas/Failure" }, { properties: { error: { enum: codes } } }] } } },
    };
  }
  const op: Record<string, unknown> = {
    operationId: reference.id.replace(/[/-](.)/g, (_, c: string) => c.toUpperCase()),
    summary: reference.summary,
    description: `${reference.access}. ${reference.priceLabel}.`,
    security: reference.surface === "public" ? [] : [{ apiKey: [] }, { bearer: [] }],
    responses,
    "x-permission": reference.permission,
    "x-credits": reference.price,
  };
  if (reference.fieldsIn === "body" && reference.schema) {
    // The saved example's own request, so the document's request and answer belong together.
    op.requestBody = { required: true, content: { "application/json": { schema: reference.schema, example: saved?.request ?? reference.exampleRequest } } };
  }
  if (reference.fieldsIn === "query" && reference.schema) {
    op.parameters = Object.entries(reference.schema.properties ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: (reference.schema?.required ?? []).includes(name),
      description: schema.description,
      schema: { ...schema, description: undefined },
    }));
  }
  if (reference.surface === "intelligence") {
    op.parameters = [
      ...((op.parameters as unknown[]) ?? []),
      { name: "Idempotency-Key", in: "header", required: false, description: "Repeat a request safely within 24 hours; a replay charges nothing.", schema: { type: "string", minLength: 1, maxLength: 255 } },
    ];
  }
  return op;
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  const vocabulary: Components = {};
  for (const reference of endpointReferences()) {
    paths[reference.path] = { ...(paths[reference.path] ?? {}), [reference.method.toLowerCase()]: operation(reference, vocabulary) };
  }
  const sortedVocabulary = Object.fromEntries(Object.entries(vocabulary).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.0",
    info: {
      title: "Developer Intelligence API",
      version: "v1",
      description:
        "Read-only on-chain intelligence about tokens, wallets and contracts on Ethereum (eth), Base (base) and BNB Chain (bsc). Results are signals, not financial advice; an empty or null value means it could not be verified. " +
        `Every field of an intelligence answer carries a provenance label in meta.provenance: ${Object.entries(provenanceLabels).map(([label, meaning]) => `${label} — ${meaning}`).join(" ")}`,
    },
    // Relative: the deployment that serves this document at /openapi.json is the one it describes.
    servers: [{ url: "/", description: "The deployment serving this document." }],
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY>, an alias of X-API-Key." },
      },
      schemas: { Failure: failureSchema, Health: healthSchema, ...sortedVocabulary },
      headers,
    },
  };
}
