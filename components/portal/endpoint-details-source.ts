// The heavy parts of one endpoint's reference — the example answer, the answer's fields and the
// errors it can return — which the Endpoints tab and /docs load when a reader opens them instead
// of carrying all of them in every page (together they were most of a 0.96 MB page, rendered on the
// thread that also reads the portal's database). Taken from the same reference the page renders
// (lib/openapi/endpoint-reference.ts), served by app/developers/reference/[...endpoint]/route.ts.
// A plain module: the route (server) and the component that fetches (browser) both import it.
import type { EndpointReference } from "@/lib/openapi/endpoint-reference";

export type EndpointDetails = Pick<EndpointReference, "id" | "responseFields" | "exampleResponse" | "exampleResponseSource" | "errors">;

export type EndpointDetailsPart = "example" | "fields" | "errors";

/** Where a browser reads one endpoint's details (ids keep their slash: `intel/risk`). */
export function endpointDetailsPath(endpointId: string): string {
  return `/developers/reference/${endpointId.split("/").map(encodeURIComponent).join("/")}`;
}

export function endpointDetailsOf(reference: EndpointReference): EndpointDetails {
  const { id, responseFields, exampleResponse, exampleResponseSource, errors } = reference;
  return { id, responseFields, exampleResponse, exampleResponseSource, errors };
}
