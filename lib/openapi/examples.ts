// Example answers for the reference pages and the OpenAPI document: real answers of each
// intelligence endpoint's first demo request on the eth demo chain, saved by the test that checks
// them (test/openapi/answers.test.ts), with the per-call envelope fields fixed.
import fs from "node:fs";
import path from "node:path";

export type Example = { request: Record<string, unknown>; response: Record<string, unknown> };

/** The envelope fields that differ on every call, as the saved examples show them. */
export const exampleEnvelope = { request_id: "req_01KEXAMPLE0000000000000000", generated_at: "2026-11-23T12:00:00.000Z" };

export function exampleFileName(endpointId: string): string {
  return `${endpointId.replace(/\//g, "-")}.json`;
}

const examplesDir = path.join(process.cwd(), "lib/openapi/examples");
const cache = new Map<string, Example | null>();

/** The saved example of an endpoint, if there is one. */
export function savedExample(endpointId: string): Example | null {
  if (!cache.has(endpointId)) {
    const file = path.join(/*turbopackIgnore: true*/ examplesDir, exampleFileName(endpointId));
    cache.set(endpointId, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Example) : null);
  }
  return cache.get(endpointId)!;
}
