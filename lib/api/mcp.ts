// The API as tools for AI assistants: a Model Context Protocol endpoint (Streamable HTTP, stateless:
// every POST carries its own key and gets its own server) at /v1/api/mcp. Each intelligence endpoint
// of the registry is one tool: its name from the endpoint id, its description from the summary, its
// input schema the endpoint's own request schema. A tool call is one call of the endpoint through
// runEndpoint, the function its HTTP route runs, so scopes, the chain restriction, rate budgets,
// trial and credits, the one charge and the usage record (marked mcp) are the route's own.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode as JsonRpcErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "@/lib/api-contract/api-error";
import { apiBasePath, endpoints, type EndpointDefinition, type IntelEndpointId } from "@/lib/api-contract/endpoints";
import type { EndpointImplementation } from "@/lib/api-contract/endpoint";
import { intelImplementations } from "@/lib/intel/implementations";
import { inputJsonSchema } from "@/lib/openapi/endpoint-reference";
import { clientAddress } from "@/lib/server/client-address";
import { serverLog } from "@/lib/server/log";
import { getSettings } from "@/lib/settings";
import { apiDeps } from "./deps";
import { runEndpoint, serviceName, type CallSource } from "./handler";
import { assertAllowLists, requestOrigin } from "./pipeline/allow-lists";
import { assertPublicApiOn, authenticate } from "./pipeline/authenticate";
import { answerPreflight } from "./pipeline/cors";
import { assertKeyUsable } from "./pipeline/key-state";
import { maxBodyBytes, parseBodyValue } from "./pipeline/parse-input";
import { refuseWithoutKey } from "./pipeline/rate-budget";
import { failureResponse, newRequestId, toApiError } from "./respond";

export const mcpPath = `${apiBasePath}/mcp`;
const allow = "POST, OPTIONS";

const toolEndpoints = (endpoints as readonly EndpointDefinition[]).filter((endpoint) => endpoint.surface === "intelligence");

/**
 * A tool's name: the endpoint id with `/` and `-` as `_` (intel/why-down → intel_why_down), since
 * assistants accept only letters, digits, `_` and `-` in tool names, and some not even `-`.
 */
export function toolName(endpoint: Pick<EndpointDefinition, "id">): string {
  return endpoint.id.replace(/[/-]/g, "_");
}

function priceText(endpoint: EndpointDefinition): string {
  return endpoint.price > 0 ? `${endpoint.price} credits per successful call; failed and honestly empty calls are free.` : "Free.";
}

let tools: Tool[] | undefined;

/** The tool list, derived from the registry once. */
export function mcpTools(): Tool[] {
  tools ??= toolEndpoints.map((endpoint) => ({
    name: toolName(endpoint),
    title: endpoint.id,
    description: `${endpoint.summary} ${priceText(endpoint)} Needs the ${endpoint.permission} permission. The same call as POST ${apiBasePath}/${endpoint.id}.`,
    inputSchema: inputJsonSchema(endpoint.body!) as Tool["inputSchema"],
    // Read-only by the specification: nothing is signed, sent or changed on any chain.
    annotations: { title: endpoint.id, readOnlyHint: true, destructiveHint: false, openWorldHint: true },
  }));
  return tools;
}

const instructions =
  "Read-only on-chain intelligence about tokens, wallets and contracts on Ethereum (eth), Base (base) and BNB Chain (bsc). " +
  "Addresses are 0x followed by 40 hex characters (no ENS names or symbols). Results are signals, not financial advice: a clean result never proves safety, " +
  "and an empty or null value means it could not be verified. Each tool call is one API call, charged and limited like it; a failure carries the API's error code and request id.";

function mcpCall(args: unknown): CallSource {
  return {
    via: "mcp",
    // An MCP request may carry several calls, so no Idempotency-Key header can speak for one of them.
    idempotencyKey: null,
    readInput: async (endpoint) => ({ input: parseBodyValue(endpoint, args ?? {}), raw: JSON.stringify(args ?? {}) }),
  };
}

type Envelope = { ok: true; data: unknown; meta: { request_id: string; credits_charged: number; chain?: string } } | { ok: false; error: string; message?: string; request_id: string };

/** One tool call: the endpoint's own run, its envelope handed back as the tool's structured result. */
async function callTool(request: Request, name: string, args: unknown): Promise<CallToolResult> {
  const endpoint = toolEndpoints.find((candidate) => toolName(candidate) === name);
  if (!endpoint) throw new McpError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names the ${toolEndpoints.length} tools.`);
  // The input reaching the implementation is what this endpoint's own schema parsed (parseBodyValue).
  const implementation = intelImplementations[endpoint.id as IntelEndpointId] as unknown as EndpointImplementation;
  const response = await runEndpoint(request, endpoint, implementation, mcpCall(args));
  // The body as the route wrote it serves as the JSON text as it is: an answer is serialised once, not again.
  const body = await response.text();
  const envelope = JSON.parse(body) as Envelope;
  if (envelope.ok) {
    const { meta } = envelope;
    const summary = `${endpoint.id}${meta.chain ? ` on ${meta.chain}` : ""}: answered; ${meta.credits_charged} credit${meta.credits_charged === 1 ? "" : "s"} charged; request ${meta.request_id}. The answer is in the structured content, provenance per field in meta.provenance.`;
    return { structuredContent: envelope, content: [{ type: "text", text: summary }, { type: "text", text: body }] };
  }
  const retryAfter = response.headers.get("retry-after");
  const failure = { ...envelope, status: response.status, ...(retryAfter ? { retry_after_seconds: Number(retryAfter) } : {}) };
  return {
    isError: true,
    structuredContent: failure,
    content: [{ type: "text", text: `${envelope.error} (HTTP ${response.status}): ${envelope.message ?? ""} Request ${envelope.request_id}; nothing was charged.` }],
  };
}

function mcpServer(request: Request): Server {
  const server = new Server({ name: serviceName, title: "Developer Intelligence API", version: "v1" }, { capabilities: { tools: { listChanged: false } }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (call) => callTool(request, call.params.name, call.params.arguments));
  return server;
}

/**
 * Who may speak MCP here at all: the same key checks as any call up to its budget (public API
 * switch, key, key and project state, allow lists). initialize and tools/list cost nothing and
 * record nothing; each tools/call then runs the whole pipeline again as its own call.
 */
async function admit(request: Request): Promise<void> {
  const deps = apiDeps();
  const { key } = await authenticate(await deps.db(), await deps.sql(), request.headers);
  assertKeyUsable(key, deps.now());
  assertAllowLists(key, { origin: requestOrigin(request.headers), ip: clientAddress(request.headers) });
}

/** A JSON-RPC message is small; a tool's arguments are held to an HTTP body's limit by its schema and this bound. */
const maxMessageBytes = 4 * maxBodyBytes;

async function answerPost(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    await admit(request);
  } catch (caught) {
    let error = toApiError(caught, requestId);
    let headers: Record<string, string> = {};
    if (error.status === 401) ({ error, headers } = await refuseWithoutKey(apiDeps().limiter(), clientAddress(request.headers), error));
    serverLog().info({ request_id: requestId, key_id: null, endpoint: "mcp", method: request.method, status: error.status, error: error.code }, "mcp refused");
    return failureResponse(requestId, error, headers);
  }
  const server = mcpServer(request);
  // JSON answers, not an event stream: every tool answers once, so the answer is one JSON body.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: maxMessageBytes });
  try {
    await server.connect(transport);
    return await transport.handleRequest(request);
  } finally {
    await server.close().catch(() => undefined);
  }
}

/**
 * GET (a server event stream) and DELETE (ending a session) have nothing to serve in stateless
 * mode: 405, which the SDK's client reads as "no stream" and "no session to end".
 */
async function answerOtherMethod(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    assertPublicApiOn(await getSettings(await apiDeps().db()));
    throw new ApiError("method_not_allowed", `${mcpPath} accepts POST only: it is stateless Streamable HTTP, with no event stream to GET and no session to DELETE.`, { headers: { allow } });
  } catch (error) {
    return failureResponse(requestId, toApiError(error, requestId));
  }
}

type Handler = (request: Request) => Promise<Response>;

/** The route exports of the MCP endpoint. */
export function mcpRoute(): Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler> {
  return {
    POST: answerPost,
    GET: answerOtherMethod,
    PUT: answerOtherMethod,
    PATCH: answerOtherMethod,
    DELETE: answerOtherMethod,
    OPTIONS: (request) => answerPreflight(request, { allow, method: "POST", requestId: newRequestId(), sql: () => apiDeps().sql() }),
  };
}
