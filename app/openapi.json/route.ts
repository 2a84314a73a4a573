// GET /openapi.json — the OpenAPI 3.1 document of /v1/api, from the endpoint registry.
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-static";

export function GET() {
  return Response.json(openApiDocument(), { headers: { "cache-control": "public, max-age=300" } });
}
