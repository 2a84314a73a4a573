// One endpoint's example answer, answer fields and errors, which the Endpoints tab and /docs load
// when a reader opens them (components/portal/endpoint-details.tsx). Public like /docs and
// /openapi.json, and the same for every deployment: prerendered at build, one file per endpoint.
import { endpoints } from "@/lib/api-contract/endpoints";
import { endpointReference } from "@/lib/openapi/endpoint-reference";
import { endpointDetailsOf } from "@/components/portal/endpoint-details-source";

export const dynamic = "force-static";
export const dynamicParams = false;

export function generateStaticParams() {
  return endpoints.map((endpoint) => ({ endpoint: endpoint.id.split("/") }));
}

export async function GET(_request: Request, { params }: { params: Promise<{ endpoint: string[] }> }) {
  const id = (await params).endpoint.join("/");
  const endpoint = endpoints.find((candidate) => candidate.id === id);
  if (!endpoint) return Response.json({ error: "No such endpoint." }, { status: 404 });
  return Response.json(endpointDetailsOf(endpointReference(endpoint)));
}
