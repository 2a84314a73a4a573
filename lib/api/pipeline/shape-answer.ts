// Every answer leaves through its endpoint's response schema: fields the contract does not name
// are dropped, and an answer that does not fit its contract is a bug — answered 500, never sent
// half-right, and never charged (the charge comes after this step).
import type { EndpointDefinition } from "@/lib/api-contract/endpoints";
import type { EndpointResult } from "@/lib/api-contract/endpoint";

export class AnswerContractError extends Error {
  constructor(endpointId: string, part: string, issues: unknown) {
    super(`The ${endpointId} answer does not fit its response schema (${part}): ${JSON.stringify(issues).slice(0, 2_000)}`);
    this.name = "AnswerContractError";
  }
}

/**
 * Answers already shaped, by the result object they were shaped from: the callers that share one
 * read (hot-reads.ts: a read in flight, an answer kept at the head) receive the same result, so its
 * check against the contract runs once for all of them instead of once per caller. A result is never
 * changed once answered; a new read is a new object.
 */
const shapedResults = new WeakMap<EndpointResult, { endpoint: string; shaped: EndpointResult }>();

export function shapeAnswer(endpoint: EndpointDefinition, result: EndpointResult): EndpointResult {
  const response = endpoint.response;
  if (!response) return result;
  const known = shapedResults.get(result);
  if (known?.endpoint === endpoint.id) return known.shaped;
  const shaped = checkedAnswer(endpoint, response, result);
  shapedResults.set(result, { endpoint: endpoint.id, shaped });
  return shaped;
}

function checkedAnswer(endpoint: EndpointDefinition, response: NonNullable<EndpointDefinition["response"]>, result: EndpointResult): EndpointResult {
  const data = response.data.safeParse(result.data);
  if (!data.success) throw new AnswerContractError(endpoint.id, "data", data.error.issues);
  let meta = result.meta;
  if (meta && Object.keys(meta).length > 0) {
    if (!response.meta) throw new AnswerContractError(endpoint.id, "meta", "the endpoint adds meta its schema does not declare");
    const parsed = response.meta.safeParse(meta);
    if (!parsed.success) throw new AnswerContractError(endpoint.id, "meta", parsed.error.issues);
    meta = parsed.data as Record<string, unknown>;
  }
  let sources = result.sources;
  if (sources !== undefined) {
    if (!response.sources) throw new AnswerContractError(endpoint.id, "sources", "the endpoint cites sources its schema does not declare");
    const parsed = response.sources.safeParse(sources);
    if (!parsed.success) throw new AnswerContractError(endpoint.id, "sources", parsed.error.issues);
    sources = parsed.data;
  }
  return { ...result, data: data.data, meta, sources };
}
