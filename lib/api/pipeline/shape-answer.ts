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
 * Answers already shaped, by the result object the endpoint returned: calls that share one read
 * (a hot token's hundred callers, a kept answer) get the very same result, and shaping a large
 * answer costs a few hundred microseconds of the request thread each time. Shaping is a pure
 * function of the result, so the first call's shaped answer serves the others.
 */
const shaped = new WeakMap<EndpointResult, { endpoint: string; answer: EndpointResult }>();

export function shapeAnswer(endpoint: EndpointDefinition, result: EndpointResult): EndpointResult {
  const response = endpoint.response;
  if (!response) return result;
  const known = shaped.get(result);
  if (known && known.endpoint === endpoint.id) return known.answer;
  const answer = shapeOnce(endpoint, response, result);
  shaped.set(result, { endpoint: endpoint.id, answer });
  return answer;
}

function shapeOnce(endpoint: EndpointDefinition, response: NonNullable<EndpointDefinition["response"]>, result: EndpointResult): EndpointResult {
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
