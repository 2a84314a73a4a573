// Both clients' generated files, from the OpenAPI document the registry builds: written by
// `npm run clients`, and compared with the committed files by the tests (a stale client fails).
import { openApiDocument } from "@/lib/openapi/document";
import type { OpenApiDocument } from "./operations";
import { pythonClientFiles } from "./python";
import { typescriptClientFiles } from "./typescript";

/** Path under the project root → contents. */
export async function generatedClientFiles(document: OpenApiDocument = openApiDocument() as unknown as OpenApiDocument): Promise<Record<string, string>> {
  return { ...(await typescriptClientFiles(document)), ...pythonClientFiles(document) };
}
