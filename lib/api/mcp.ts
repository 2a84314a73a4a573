// The API as tools for AI assistants: a Model Context Protocol endpoint at /v1/api/mcp, one tool
// per intelligence endpoint, each call run through runEndpoint as its HTTP route runs it
// (docs/mcp.md).
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { CallToolRequestSchema, ErrorCode as JsonRpcErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { ApiError, isApiError } from "@/lib/errors/api-error";
import type { KeyContext } from "@/lib/keys/key-context";
import type { InFlightSlots, RatePolicy } from "@/lib/rate-limit";
import { mcpProtocolPolicy, ratePolicyFor } from "@/lib/rate-limit/policies";
import { apiBasePath, endpoints, type Endpoint, type EndpointDefinition } from "@/lib/api-contract/endpoints";
import { intelImplementations } from "@/lib/intel/endpoints/index";
import { inputJsonSchema } from "@/lib/openapi/endpoint-reference";
import { clientAddress } from "@/lib/server/client-address";
import { answerLevel, serverLog } from "@/lib/server/log";
import { getSettings } from "@/lib/settings";
import { apiDeps } from "./deps";
import { runEndpointCall, serviceName, type CallSource } from "./handler";
import { assertAllowLists, requestOrigin } from "./pipeline/allow-lists";
import { assertPublicApiOn, authenticate } from "./pipeline/authenticate";
import { answerPreflight, corsHeadersFor } from "./pipeline/cors";
import { deadlineError, openRequestScope, requestDeadlineMs, type RequestScope } from "./pipeline/deadline";
import { isInFlightRefusal } from "./pipeline/in-flight";
import { assertKeyUsable } from "./pipeline/key-state";
import { maxBodyBytes, parseBodyValue, readBodyWithin } from "./pipeline/parse-input";
import { peekRateBudget, refuseWithoutKey, spendRateBudget } from "./pipeline/rate-budget";
import { failureResponse, newRequestId, toApiError, type Envelope } from "@/lib/api-contract/respond";

export const mcpPath = `${apiBasePath}/mcp`;
const allow = "POST, OPTIONS";

const toolEndpoints = endpoints.filter((endpoint): endpoint is Extract<Endpoint, { surface: "intelligence" }> => endpoint.surface === "intelligence");

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
    inputSchema: inputJsonSchema(endpoint.body) as Tool["inputSchema"],
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

/** What an MCP POST's answer carries besides the SDK's body: the headers an HTTP call would. */
type Reply = { requestId: string; rateHeaders: Record<string, string>; cors: Record<string, string>; toolCalled: boolean };

/** The RateLimit headers (and Retry-After) a tool call's answer carried, for the MCP POST's own answer. */
const passedHeaders = ["ratelimit-policy", "ratelimit", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "retry-after"];

/** Server-defined JSON-RPC codes for the API's refusals of a whole message: 429 and 503 in the server range. */
const jsonRpcCodes: Partial<Record<string, number>> = { rate_limited: -32029, unavailable: -32003 };
const jsonRpcCodeOf = (code: string) => jsonRpcCodes[code] ?? -32000;

/**
 * One tool call: the endpoint's own run, its envelope handed back as the tool's structured result.
 * `signal` ends it (the MCP request's deadline, the client's cancel, the client leaving).
 */
async function callTool(request: Request, reply: Reply, signal: AbortSignal, name: string, args: unknown): Promise<CallToolResult> {
  const endpoint = toolEndpoints.find((candidate) => toolName(candidate) === name);
  if (!endpoint) throw new McpError(JsonRpcErrorCode.InvalidParams, `Unknown tool: ${name}. tools/list names the ${toolEndpoints.length} tools.`);
  // The input reaching the implementation is what this endpoint's own schema parsed (parseBodyValue).
  const implementation = intelImplementations[endpoint.id];
  // The MCP request's body is the JSON-RPC message, read already: the call carries its headers and signal only.
  const callRequest = new Request(request.url, { method: "POST", headers: request.headers, signal });
  const { response, refusal } = await runEndpointCall(callRequest, endpoint, implementation, mcpCall(args));
  reply.toolCalled = true;
  reply.requestId = response.headers.get("x-request-id") ?? reply.requestId;
  reply.rateHeaders = Object.fromEntries(passedHeaders.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)!]] : [])));
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
  // Too many of the key's calls at once is a refusal of the message, not the tool's answer: a JSON-RPC error with the API's code.
  if (isInFlightRefusal(refusal)) throw new McpError(jsonRpcCodeOf(envelope.error), envelope.message ?? envelope.error, failure);
  return {
    isError: true,
    structuredContent: failure,
    content: [{ type: "text", text: `${envelope.error} (HTTP ${response.status}): ${envelope.message ?? ""} Request ${envelope.request_id}; nothing was charged.` }],
  };
}

function mcpServer(request: Request, reply: Reply, stop: AbortSignal): Server {
  const server = new Server({ name: serviceName, title: "Developer Intelligence API", version: "v1" }, { capabilities: { tools: { listChanged: false } }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (call, extra) => callTool(request, reply, AbortSignal.any([stop, extra.signal]), call.params.name, call.params.arguments));
  return server;
}

/** A JSON-RPC message is small; a tool's arguments are held to an HTTP body's limit by its schema and this bound. */
const maxMessageBytes = 4 * maxBodyBytes;

/** A JSON-RPC error answer (finish adds the API's headers): the SDK never saw the message, or could not answer it. */
function jsonRpcError(status: number, id: unknown, code: number, message: string, data?: unknown): Response {
  const validId = typeof id === "string" || typeof id === "number" ? id : null;
  return new Response(JSON.stringify({ jsonrpc: "2.0", id: validId, error: { code, message, ...(data === undefined ? {} : { data }) } }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

/** The API's refusal of a message that got past the key checks (deadline, the key's in-flight cap) as a JSON-RPC error carrying its code. */
function apiRefusalAsJsonRpc(id: unknown, error: ApiError, requestId: string): Response {
  const retryAfter = error.headers["retry-after"] ?? error.headers["Retry-After"];
  const data = { ok: false, error: error.code, message: error.message, request_id: requestId, status: error.status, ...(retryAfter ? { retry_after_seconds: Number(retryAfter) } : {}) };
  return jsonRpcError(200, id, jsonRpcCodeOf(error.code), error.message, data);
}

type Message = { id?: unknown; method?: unknown; params?: Record<string, unknown> };

/**
 * Batches are refused: protocol 2025-06-18 dropped them, and a batch is the one way to put a call
 * and its own cancellation in one request, which the SDK then never answers.
 */
const batchRefusal = "Batches are not accepted: MCP 2025-06-18 removed JSON-RPC batching. Send one message per POST.";

/**
 * A key's requests in flight in this process by JSON-RPC id, so that a `notifications/cancelled`
 * POST (stateless: it reaches a server of its own) can stop the call it names.
 */
const inFlightCalls = new Map<string, AbortController>();
const callName = (keyId: string, id: unknown) => `${keyId}:${JSON.stringify(id)}`;
const cancelled = () => new ApiError("client_closed", "The client cancelled this call (notifications/cancelled); nothing was charged.");
/** How often a call running here looks for a cancel that reached another instance. */
const cancelPollMs = 250;

/**
 * Stops the call a cancel names: at once when it runs in this process; when it runs on another
 * instance (the id is held in the shared store), by word left in the store for that instance's
 * poll. A cancel for an id not in flight leaves nothing behind that could stop a later call.
 */
async function cancelCall(slots: InFlightSlots, keyId: string, message: Message, ttlMs: number) {
  const requestId = message.params?.requestId;
  if (typeof requestId !== "string" && typeof requestId !== "number") return;
  const name = callName(keyId, requestId);
  const local = inFlightCalls.get(name);
  if (local) return local.abort(cancelled());
  if ((await slots.held(`mcp-id:${name}`)) > 0) await slots.signal(`mcp-cancel:${name}`, ttlMs);
}

/** Aborts `canceller` when a cancel for `name` reaches another instance; the stop function ends the watch. */
function watchForCancel(slots: InFlightSlots, name: string, canceller: AbortController): () => void {
  // Word left for an earlier call with this id, which ended before it was read, is not for this one.
  void slots.takeSignal(`mcp-cancel:${name}`).catch(() => undefined);
  const timer = setInterval(() => {
    slots.takeSignal(`mcp-cancel:${name}`).then(
      (taken) => taken && canceller.abort(cancelled()),
      () => undefined,
    );
  }, cancelPollMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The endpoint a tools/call names: its call spends that endpoint's budget as it runs, so nothing is spent for it beforehand. */
function toolOf(message: Message): EndpointDefinition | undefined {
  if (message.method !== "tools/call") return undefined;
  const name = message.params?.name;
  return toolEndpoints.find((candidate) => toolName(candidate) === name);
}

async function readMessage(request: Request): Promise<{ message: unknown } | { unparsable: true }> {
  const text = await readBodyWithin(request, maxMessageBytes);
  try {
    return { message: JSON.parse(text) as unknown };
  } catch {
    return { unparsable: true };
  }
}

/** One MCP POST's state, shared by its handling and the deadline that may answer it instead. */
type Post = {
  reply: Reply;
  scope: RequestScope;
  deadlineMs: number;
  messageId?: unknown;
  server?: Server;
  /** The key's budget this message spends, once known: a deadline's answer shows it as it stands. */
  budget?: { keyId: string; policy: RatePolicy };
};

/** How long a deadline's answer waits to read the budget for its headers: the store may be what it waited on. */
const budgetPeekMs = 250;

/** The answer with the headers an HTTP call's answer would carry. */
function finish(reply: Reply, response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries({ ...reply.rateHeaders, ...reply.cors, "x-request-id": reply.requestId })) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * One MCP POST, ended at the API's deadline whatever it waits on (a store, a read, a message the
 * SDK would never answer): then the answer is the deadline's JSON-RPC error, the server is closed
 * and the tool call in it, stopped by the same signal, charges nothing.
 */
async function answerPost(request: Request): Promise<Response> {
  const deadlineMs = requestDeadlineMs();
  const post: Post = { reply: { requestId: newRequestId(), rateHeaders: {}, cors: {}, toolCalled: false }, scope: openRequestScope(request, deadlineMs), deadlineMs };
  const { scope } = post;
  try {
    const stopped = new Promise<null>((resolve) => (scope.signal.aborted ? resolve(null) : scope.signal.addEventListener("abort", () => resolve(null), { once: true })));
    const answered = await Promise.race([handlePost(request, post), stopped]);
    if (answered) return answered;
    const reason = scope.signal.reason;
    const error = isApiError(reason) ? reason : deadlineError(deadlineMs);
    serverLog()[answerLevel(error.status)]({ request_id: post.reply.requestId, endpoint: "mcp", method: request.method, status: error.status, error: error.code }, "mcp stopped");
    if (Object.keys(post.reply.rateHeaders).length === 0 && post.budget) {
      const { keyId, policy } = post.budget;
      const peeked = await Promise.race([peekRateBudget(apiDeps().limiter(), keyId, policy), new Promise<Record<string, string>>((resolve) => setTimeout(() => resolve({}), budgetPeekMs).unref())]);
      post.reply.rateHeaders = peeked;
    }
    post.reply.rateHeaders = { ...post.reply.rateHeaders, ...error.headers };
    return finish(post.reply, apiRefusalAsJsonRpc(post.messageId, error, post.reply.requestId));
  } finally {
    scope.dispose();
    // Handlers still running are aborted with it; its transport's pending answer is dropped.
    await post.server?.close().catch(() => undefined);
  }
}

/**
 * One MCP POST through the API's checks, in the API's order: key, key state, allow lists (the
 * answer's CORS from here on), the rate budget of the message's method (a tool call: its
 * endpoint's, spent by the call itself; anything else: the key's MCP budget), then no batches and
 * no request id the key already has in flight. Every answer carries the request id, the RateLimit
 * headers and, for a listed origin, CORS.
 */
async function handlePost(request: Request, post: Post): Promise<Response> {
  const deps = apiDeps();
  const { reply, scope, deadlineMs } = post;
  let key: KeyContext | undefined;
  let releaseId: (() => Promise<void>) | undefined;
  let cancellerName: string | undefined;
  let stopWatching: (() => void) | undefined;
  try {
    let settings;
    try {
      ({ key, settings } = await authenticate(await deps.db(), await deps.sql(), request.headers));
      assertKeyUsable(key, deps.now());
      assertAllowLists(key, { origin: requestOrigin(request.headers), ip: clientAddress(request.headers) });
      reply.cors = corsHeadersFor(key, request.headers.get("origin"));
    } catch (caught) {
      let error = toApiError(caught, reply.requestId);
      // As over HTTP: a key refused before spending shows its budget as it stands; no usable key spends the address's.
      if (key) reply.rateHeaders = await peekRateBudget(deps.limiter(), key.id, mcpProtocolPolicy);
      else if (error.status === 401) ({ error, headers: reply.rateHeaders } = await refuseWithoutKey(deps.limiter(), clientAddress(request.headers), error));
      serverLog()[answerLevel(error.status)]({ request_id: reply.requestId, key_id: key?.id ?? null, endpoint: "mcp", method: request.method, status: error.status, error: error.code }, "mcp refused");
      return finish(reply, failureResponse(reply.requestId, error));
    }

    const read = await readMessage(request);
    const message = ("message" in read && typeof read.message === "object" && read.message !== null ? read.message : {}) as Message;
    post.messageId = message.id;
    const tool = toolOf(message);
    post.budget = { keyId: key.id, policy: tool ? ratePolicyFor(key, tool, settings.discoverDailyCap) : mcpProtocolPolicy };
    // A tool call that reaches its endpoint spends that budget there; everything else spends here, refusals included.
    if (!tool) reply.rateHeaders = await spendRateBudget(deps.limiter(), key.id, mcpProtocolPolicy);
    const spendToolBudget = async () => {
      if (tool) reply.rateHeaders = await spendRateBudget(deps.limiter(), key!.id, ratePolicyFor(key!, tool, settings.discoverDailyCap));
    };

    if ("unparsable" in read) return finish(reply, jsonRpcError(400, null, JsonRpcErrorCode.ParseError, "Parse error: the body is not JSON."));
    if (Array.isArray(read.message)) return finish(reply, jsonRpcError(400, null, JsonRpcErrorCode.InvalidRequest, batchRefusal));
    if (message.method === "notifications/cancelled") await cancelCall(deps.limiter().inFlight, key.id, message, deadlineMs + 5_000);

    let stop = scope.signal;
    // One id, one call: a tools/call repeating an id the key has in flight (here or on another
    // instance) is refused, not run and charged again. Other requests are free and answered at once;
    // holding them to it would only refuse two assistants sharing a key whose ids (numbered from 0
    // by the SDK's client) meet at start-up.
    const isCall = message.method === "tools/call" && (typeof message.id === "string" || typeof message.id === "number");
    if (isCall) {
      releaseId = (await deps.limiter().inFlight.acquire(`mcp-id:${callName(key.id, message.id)}`, 1, deadlineMs + 5_000)) ?? undefined;
      if (!releaseId) {
        await spendToolBudget();
        return finish(reply, jsonRpcError(409, message.id, JsonRpcErrorCode.InvalidRequest, `Request id ${JSON.stringify(message.id)} is already in flight for this key; nothing was run or charged. Use a new id for a new request.`));
      }
      const canceller = new AbortController();
      cancellerName = callName(key.id, message.id);
      inFlightCalls.set(cancellerName, canceller);
      // Only a store other instances share can carry a cancel from one of them.
      if (tool && deps.limiter().kind !== "memory") stopWatching = watchForCancel(deps.limiter().inFlight, cancellerName, canceller);
      stop = AbortSignal.any([scope.signal, canceller.signal]);
    }
    if (scope.signal.aborted) throw scope.signal.reason;
    const server = mcpServer(request, reply, stop);
    post.server = server;
    // JSON answers, not an event stream: every tool answers once, so the answer is one JSON body.
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: maxMessageBytes });
    await server.connect(transport);
    const answered = await transport.handleRequest(request, { parsedBody: read.message });
    if (tool && !reply.toolCalled) await spendToolBudget();
    return finish(reply, answered);
  } catch (caught) {
    const error = toApiError(caught, reply.requestId);
    if (key && Object.keys(reply.rateHeaders).length === 0 && error.code !== "rate_limited") reply.rateHeaders = await peekRateBudget(deps.limiter(), key.id, mcpProtocolPolicy);
    serverLog()[answerLevel(error.status)]({ request_id: reply.requestId, key_id: key?.id ?? null, endpoint: "mcp", method: request.method, status: error.status, error: error.code }, "mcp refused");
    return finish(reply, failureResponse(reply.requestId, error));
  } finally {
    stopWatching?.();
    if (cancellerName) inFlightCalls.delete(cancellerName);
    await releaseId?.();
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

/**
 * The API as tools for AI assistants: a Model Context Protocol endpoint (Streamable HTTP, stateless:
 * every POST carries its own key and gets its own server) at /v1/api/mcp. Each intelligence endpoint
 * of the registry is one tool: its name from the endpoint id, its description from the summary, its
 * input schema the endpoint's own request schema. A tool call is one call of the endpoint through
 * runEndpoint, the function its HTTP route runs, so scopes, the chain restriction, rate budgets,
 * the key's cap on calls in flight, trial and credits, the one charge and the usage record (marked
 * mcp) are the route's own. Around it, each POST carries one message (no batches), ends at the
 * API's deadline, may not reuse a request id the key has in flight, and answers with the headers an
 * HTTP call's answer carries.
 *
 * The route exports of the MCP endpoint.
 */
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
