// The OpenAPI 3.1 document, built from the same reference the Endpoints tab shows.
import { errorCodes } from "@/lib/api/error-codes";
import { endpointReferences, type EndpointReference } from "./endpoint-reference";

const failureSchema = {
  type: "object",
  required: ["ok", "error", "request_id"],
  properties: {
    ok: { const: false },
    error: { type: "string", enum: Object.keys(errorCodes), description: "Stable machine-readable code." },
    message: { type: "string", description: "Human hint." },
    request_id: { type: "string" },
  },
};

const successSchema = {
  type: "object",
  required: ["ok", "data", "meta"],
  properties: {
    ok: { const: true },
    data: { type: "object", description: "The result; its shape depends on the endpoint." },
    meta: {
      type: "object",
      required: ["request_id", "credits_charged", "generated_at"],
      properties: {
        request_id: { type: "string" },
        credits_charged: { type: "integer", description: "The price on a successful paid call; 0 for free endpoints and any failed or honestly empty result." },
        generated_at: { type: "string", format: "date-time" },
        chain: { type: "string" },
        demo_data: { type: "boolean", description: "Present and true when this deployment reads the local demo chains: the result is demo data, not a public network's." },
        demo_notice: { type: "string" },
        sources: {},
      },
    },
  },
};

const healthSchema = {
  type: "object",
  required: ["ok", "service", "version", "generated_at"],
  properties: { ok: { const: true }, service: { type: "string" }, version: { const: "v1" }, generated_at: { type: "string", format: "date-time" } },
};

function operation(reference: EndpointReference) {
  const byStatus = new Map<number, string[]>();
  for (const error of reference.errors) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error.code]);
  const responses: Record<string, unknown> = {
    "200": {
      description: reference.surface === "public" ? "The service is up." : "Success envelope.",
      content: { "application/json": { schema: { $ref: reference.surface === "public" ? "#/components/schemas/Health" : "#/components/schemas/Success" }, example: reference.exampleResponse } },
    },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.join(", "),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Failure" } } },
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
    op.requestBody = { required: true, content: { "application/json": { schema: reference.schema, example: reference.exampleRequest } } };
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
      { name: "Idempotency-Key", in: "header", required: false, description: "Repeat a request safely within 24 hours; a replay charges nothing.", schema: { type: "string", maxLength: 255 } },
    ];
  }
  return op;
}

export function openApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const reference of endpointReferences()) {
    paths[reference.path] = { ...(paths[reference.path] ?? {}), [reference.method.toLowerCase()]: operation(reference) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Developer Intelligence API",
      version: "v1",
      description:
        "Read-only on-chain intelligence about tokens, wallets and contracts on Ethereum (eth), Base (base) and BNB Chain (bsc). Results are signals, not financial advice; an empty or null value means it could not be verified.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key" },
        bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API_KEY>, an alias of X-API-Key." },
      },
      schemas: { Success: successSchema, Failure: failureSchema, Health: healthSchema },
    },
  };
}
