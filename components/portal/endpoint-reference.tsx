// The reference for every endpoint: method, path, permission, price, input fields and rules, the
// answer's fields, examples and errors. Rendering it calls nothing and spends nothing; why the page
// is split as it is: EndpointReferenceList below.
import type { EndpointReference } from "@/lib/openapi/endpoint-reference";
import { curlSample } from "@/lib/portal/samples";
import { EndpointReferenceView, type EndpointEntry } from "./endpoint-reference-view";

/**
 * The reference for every endpoint: method, path, permission, price, input fields
 * and their rules, the answer's fields, example request and response, and every error it can return.
 * Rendering it calls nothing and spends nothing. The page carries what a reader scans (the request
 * side and an example request); the example answer, the answer's fields and the errors are one
 * click away, each loaded when opened (./endpoint-details.tsx): carried inline they made the
 * Endpoints tab about 0.96 MB under `npm run dev`, seconds of rendering on the thread that also
 * waits for the page's database answers. The markup is drawn by a client component from one
 * compact entry per endpoint, so the page's RSC payload carries that data, not a second copy of
 * the markup with every class name.
 */
export function EndpointReferenceList({ references, baseUrl }: { references: EndpointReference[]; baseUrl: string }) {
  return <EndpointReferenceView entries={references.map((reference) => endpointEntry(reference, baseUrl))} />;
}

/** What the page shows of one endpoint before anything is opened. */
function endpointEntry(reference: EndpointReference, baseUrl: string): EndpointEntry {
  return {
    id: reference.id,
    method: reference.method,
    path: reference.path,
    summary: reference.summary,
    access: reference.access,
    priceLabel: reference.priceLabel,
    fieldsIn: reference.fieldsIn,
    fields: reference.fields,
    exampleRequest:
      reference.surface === "public"
        ? `curl -s "${baseUrl}${reference.path}"`
        : curlSample(baseUrl, { method: reference.method, path: reference.path, body: reference.exampleRequest }),
    exampleResponseLabel: reference.exampleResponseSource ? `Example response (${reference.exampleResponseSource})` : "Example response",
    responseFieldCount: reference.responseFields.length,
    errorCount: reference.errors.length,
  };
}
