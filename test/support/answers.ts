// Real answers from the demo chains, and the check that an endpoint's response schema names
// every field of them: parsing drops what a schema does not name, so an answer that comes out
// of its schema unchanged carries nothing the contract leaves out.
import { expect } from "vitest";
import type { ResponseSchema } from "@/lib/schemas/responses/common";

/** The envelope's own meta fields; everything else in meta is the endpoint's. */
const envelopeMeta = ["request_id", "credits_charged", "generated_at", "chain", "demo_data", "demo_notice", "sources"];

export function expectSourcesFit(schema: ResponseSchema, sources: unknown, label: string) {
  if (sources === undefined) return;
  expect(schema.sources, `${label}: meta.sources present but the schema declares none`).toBeDefined();
  const parsed = schema.sources!.safeParse(sources);
  expect(parsed.success ? null : parsed.error.issues.slice(0, 5), `${label}: sources`).toBeNull();
  expect(parsed.data, `${label}: sources has fields the schema does not name`).toStrictEqual(sources);
}

export function endpointMeta(meta: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(meta).filter(([name]) => !envelopeMeta.includes(name)));
}

export function expectAnswerFits(schema: ResponseSchema, body: { data: unknown; meta: Record<string, unknown> }, label: string) {
  expectSourcesFit(schema, body.meta.sources, label);
  const data = schema.data.safeParse(body.data);
  expect(data.success ? null : data.error.issues.slice(0, 5), `${label}: data`).toBeNull();
  expect(data.data, `${label}: data has fields the schema does not name`).toStrictEqual(body.data);
  const extra = endpointMeta(body.meta);
  const meta = (schema.meta ?? (undefined as never))?.safeParse(extra);
  if (!schema.meta) {
    expect(extra, `${label}: meta has fields but the schema declares none`).toEqual({});
    return;
  }
  expect(meta.success ? null : meta.error.issues.slice(0, 5), `${label}: meta`).toBeNull();
  expect(meta.data, `${label}: meta has fields the schema does not name`).toStrictEqual(extra);
}
