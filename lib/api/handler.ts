// The API-key pipeline (its order: docs/api.md, "Every request passes the same checks"), composed from the small steps in
// ./pipeline. Each route file binds an endpoint id to its implementation.
import { performance } from "node:perf_hooks";
import { errorCodes, type RequestOutcome } from "@/lib/errors/error-codes";
import { ApiError, isApiError } from "@/lib/errors/api-error";
import { apiDeps } from "./deps";
import { allowedMethods, endpointPath, findEndpoint, getEndpoint, isPaid, notAvailableFeature, apiBasePath, type EndpointDefinition, type EndpointId, type EndpointImplementationOf } from "@/lib/api-contract/endpoints";
import { failureResponse, jsonHeaders, jsonResponse, newRequestId, successBody, toApiError } from "@/lib/api-contract/respond";
import { assertAccess, assertChainAllowed, assertTrial } from "./pipeline/access";
import { assertAllowLists, requestOrigin } from "./pipeline/allow-lists";
import { answerPreflight, corsHeadersFor } from "./pipeline/cors";
import { assertPublicApiOn, authenticate } from "./pipeline/authenticate";
import { clientAddress } from "@/lib/server/client-address";
import type { KeyContext } from "@/lib/keys/key-context";
import type { AnyEndpointImplementation, EndpointContext } from "@/lib/api-contract/endpoint";
import { assertKeyUsable } from "./pipeline/key-state";
import { parseInput } from "./pipeline/parse-input";
import { peekRateBudget, refuseWithoutKey, spendAnonymousBudget, spendRateBudget } from "./pipeline/rate-budget";
import { ratePolicyFor } from "@/lib/rate-limit/policies";
import { openRequestScope, requestDeadlineMs } from "./pipeline/deadline";
import { holdReadSlot } from "./pipeline/in-flight";
import { shapeAnswer } from "./pipeline/shape-answer";
import { ensureCreditAccount } from "@/lib/billing/credits";
import { assertCredits } from "./pipeline/credits";
import { settleSuccess } from "@/lib/billing/settle";
import { answerLevel, serverLog } from "@/lib/server/log";
import { countApiRequest, countDependencyError } from "@/lib/metrics";
import { claimIdempotencyKey, releaseIdempotencyKey, requestFingerprint, validIdempotencyKey, type Claim } from "@/lib/billing/idempotency";
import { getSettings, intelReadsInFlightPerKey, type Settings } from "@/lib/settings";
import { recordFailedUsage, recordUsage, type RequestVia, type UsageRecord } from "@/lib/usage/record";
import { isDatabaseUnavailable } from "@/lib/db/faults";
import { schemaBehind } from "@/lib/db/schema-status";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { Db } from "@/lib/db/client";


const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof methods)[number];
type RouteHandlers = Record<Method, (request: Request) => Promise<Response>>;

export const serviceName = "developer-intelligence-api";


/**
 * Route exports for one endpoint: its own method runs the pipeline, OPTIONS names the methods
 * it accepts, the others answer 405. HEAD is left to Next, which answers it from GET.
 */
export function apiRoute<Id extends EndpointId>(id: Id, implementation: EndpointImplementationOf<Id>): RouteHandlers {
  const endpoint = getEndpoint(id);
  const handlers = {} as RouteHandlers;
  const run = endpoint.surface === "public" ? answerHealth : (request: Request) => runEndpoint(request, endpoint, implementation, httpCall(request));
  for (const method of methods) {
    handlers[method] = method === endpoint.method ? run : (request) => answerUnmatched(request, id);
  }
  handlers.OPTIONS = (request) => answerPreflight(request, { allow: allowedMethods(endpoint), method: endpoint.method, requestId: newRequestId(), sql: () => apiDeps().sql() });
  return handlers;
}

/** Unknown paths and methods under /v1/api, and the paths not available in v1. */
export async function answerUnmatched(request: Request, subpath: string): Promise<Response> {
  const requestId = newRequestId();
  const started = performance.now();
  try {
    const settings = await getSettings(await apiDeps().db());
    if (!settings.publicApiEnabled) throw new ApiError("public_api_disabled");
    const feature = notAvailableFeature(subpath);
    if (feature) throw new ApiError("not_available", `${feature} is not available in v1.`);
    const endpoint = findEndpoint(subpath);
    if (endpoint) {
      throw new ApiError("method_not_allowed", `${endpointPath(endpoint)} accepts ${endpoint.method} only.`, { headers: { allow: allowedMethods(endpoint) } });
    }
    throw new ApiError("not_found", subpath ? `No endpoint at ${apiBasePath}/${subpath}.` : `${apiBasePath} lists no endpoints itself; see /docs for them.`);
  } catch (error) {
    const refusal = toApiError(error, requestId);
    // Under one label: the paths callers make up must not each become a metric series.
    countAnswered(findEndpoint(subpath)?.id ?? "(unmatched)", request, started, refusal);
    return failureResponse(requestId, refusal);
  }
}

/** health and the paths no endpoint serves have no request line or record; they are counted all the same. */
function countAnswered(endpoint: string, request: Request, started: number, refusal?: ApiError) {
  const status = refusal ? refusal.status : 200;
  countApiRequest({ endpoint, method: request.method, status, outcome: refusal ? errorCodes[refusal.code].outcome : "success", durationMs: performance.now() - started });
}

/** health: no key, no envelope; 404 when the public API is off, 503 when the database cannot say. */
async function answerHealth(request: Request): Promise<Response> {
  const requestId = newRequestId();
  const started = performance.now();
  const deps = apiDeps();
  // Health carries no key: it spends its caller's address budget, and says so in RateLimit headers.
  // A store that cannot answer leaves the headers out rather than failing health (Redis is not the app).
  const budget = await spendAnonymousBudget(deps.limiter(), clientAddress(request.headers));
  const rateHeaders = budget?.headers ?? {};
  try {
    if (budget && !budget.allowed) throw new ApiError("rate_limited", `Too many health checks from this address; retry after ${rateHeaders["Retry-After"] ?? 1} s.`);
    // A server started on a database its migrations have not reached cannot serve: say so, as 503.
    const behind = await schemaBehind(await deps.sql());
    if (behind) throw new ApiError("unavailable", behind, { headers: { "retry-after": "30" } });
    assertPublicApiOn(await getSettings(await deps.db()));
    countAnswered("health", request, started);
    return jsonResponse(200, { ok: true, service: serviceName, version: "v1", generated_at: deps.now().toISOString() }, requestId, rateHeaders);
  } catch (error) {
    const refusal = toApiError(error, requestId);
    countAnswered("health", request, started, refusal);
    return failureResponse(requestId, refusal, rateHeaders);
  }
}

/**
 * How a call reaches the pipeline: an endpoint's own route reads its HTTP request; an MCP tool call
 * (lib/api/mcp.ts) brings its arguments inside the MCP request. Everything else is the same run.
 */
export type CallSource = {
  via: RequestVia;
  /** The call's input as the endpoint's schema outputs it, and the raw text the idempotency fingerprint is taken of. */
  readInput(endpoint: EndpointDefinition, request: Request): Promise<{ input: Record<string, unknown>; raw: string }>;
  idempotencyKey: string | null;
};

function httpCall(request: Request): CallSource {
  return { via: "api", readInput: parseInput, idempotencyKey: request.headers.get("idempotency-key") };
}

/**
 * One call of one endpoint through every check, the answer, the charge and the usage record. The
 * request carries the key, origin, client address and the signal of a client that leaves.
 */
export async function runEndpoint(request: Request, endpoint: EndpointDefinition, implementation: AnyEndpointImplementation, source: CallSource): Promise<Response> {
  return (await runEndpointCall(request, endpoint, implementation, source)).response;
}

/** runEndpoint, and the refusal its answer carries, for a caller that answers some refusals its own way (MCP). */
export async function runEndpointCall(request: Request, endpoint: EndpointDefinition, implementation: AnyEndpointImplementation, source: CallSource): Promise<{ response: Response; refusal?: ApiError }> {
  const call = openCall(request, endpoint, source);
  try {
    const admitted = await admit(call);
    const { input, raw } = await readRequest(call, admitted);
    const replay = await replayOrClaim(call, admitted, raw);
    if (replay) return { response: replay };
    const account = await checkPayment(call, admitted);
    // Last before the read: a call refused for any other reason never holds one of the key's slots.
    call.releaseSlot = await holdReadSlot(call.deps.limiter().inFlight, { keyId: admitted.key.id, endpoint, limit: intelReadsInFlightPerKey(), deadlineMs: call.deadlineMs, rateHeaders: call.rateHeaders });
    const result = await readAnswer(call, admitted, implementation, input);
    return { response: await settle(call, admitted, result, account) };
  } catch (caught) {
    // Awaited here, so the request line and its metric (closeCall, in finally) see the refusal.
    return await refuse(call, caught);
  } finally {
    await closeCall(call);
  }
}

/** What a call has learned so far, as the steps pass it on: the failure path and the request line read it too. */
type Call = {
  request: Request;
  endpoint: EndpointDefinition;
  source: CallSource;
  requestId: string;
  started: number;
  deps: ReturnType<typeof apiDeps>;
  deadlineMs: number;
  scope: ReturnType<typeof openRequestScope>;
  db?: Db;
  sql?: SqlExecutor;
  key?: KeyContext;
  discoverDailyCap?: number;
  chain?: string;
  rateHeaders: Record<string, string>;
  cors: Record<string, string>;
  claim?: Claim;
  releaseSlot?: () => Promise<void>;
  /** What the request line says at the end: the answer's status, and for a failure its code. */
  answered: { status: number; outcome: RequestOutcome; error: string | null; replayOf?: string };
};

/** A key found, usable, and allowed this endpoint: what every later step reads. */
type Admitted = { db: Db; sql: SqlExecutor; key: KeyContext; settings: Settings; now: Date };

function openCall(request: Request, endpoint: EndpointDefinition, source: CallSource): Call {
  const deadlineMs = requestDeadlineMs();
  return {
    request, endpoint, source, requestId: newRequestId(), started: performance.now(), deps: apiDeps(), deadlineMs,
    scope: openRequestScope(request, deadlineMs), rateHeaders: {}, cors: {},
    answered: { status: 500, outcome: "server_error", error: "internal_error" },
  };
}

/** The key and its state, the allow lists, the rate budget and access, in the pipeline's order. */
async function admit(call: Call): Promise<Admitted> {
  const { request, endpoint, deps } = call;
  const db = (call.db = await deps.db());
  const sql = (call.sql = await deps.sql());
  const { key, settings } = await authenticate(db, sql, request.headers);
  call.key = key;
  call.discoverDailyCap = settings.discoverDailyCap;
  const now = deps.now();
  assertKeyUsable(key, now);
  assertAllowLists(key, { origin: requestOrigin(request.headers), ip: clientAddress(request.headers) });
  // From here on a browser page on a listed origin may read the answer, failures included.
  call.cors = corsHeadersFor(key, request.headers.get("origin"));
  call.rateHeaders = await spendRateBudget(deps.limiter(), key.id, ratePolicyFor(key, endpoint, settings.discoverDailyCap));
  assertAccess(key, endpoint);
  return { db, sql, key, settings, now };
}

/** The input as the endpoint's schema outputs it, and the network restriction on its chain. */
async function readRequest(call: Call, { key }: Admitted) {
  const read = await call.source.readInput(call.endpoint, call.request);
  call.chain = typeof read.input.chain === "string" ? read.input.chain : undefined;
  assertChainAllowed(key, call.chain);
  return read;
}

/** A repeated Idempotency-Key answers with the first answer (recorded, never charged again); a new one is claimed. */
async function replayOrClaim(call: Call, { db, sql, key, now }: Admitted, raw: string): Promise<Response | undefined> {
  const { endpoint, source, requestId } = call;
  const claim = (call.claim = await claimIdempotency(db, source.idempotencyKey, endpoint, key, raw, call.deps.now));
  if (claim?.kind !== "replay") return undefined;
  // The caller sees the first request's id again, so the replay's record names it: a lookup by that id finds both.
  const original = replayedRequestId(claim.body, requestId);
  await recordUsage(sql, { ...usageRecord({ requestId, key, endpoint, chain: call.chain, started: call.started, status: claim.status, errorCode: null, outcome: "success", charged: 0, now, via: source.via }), replayOf: original });
  // The caller saw the first request's id: the line names it, so a search for that id finds the replay too.
  call.answered = { status: claim.status, outcome: "success", error: null, replayOf: original };
  return new Response(claim.body, {
    status: claim.status,
    headers: jsonHeaders(original, { "idempotent-replayed": "true", ...call.rateHeaders, ...call.cors }),
  });
}

/** The trial's limits, and the credits a paid call needs: the account it will be charged to. */
async function checkPayment(call: Call, { db, key, settings, now }: Admitted) {
  const { endpoint } = call;
  assertTrial(key, endpoint.price, now);
  const account = isPaid(endpoint) ? (key.account ?? (await ensureCreditAccount(db, key.project.ownerId))) : undefined;
  if (account && settings.chargingEnabled && key.accessMode !== "trial") assertCredits(account, endpoint.price, now, key.projectId);
  return account;
}

/** The implementation's answer, shaped by the endpoint's response schema; a client that left meanwhile is refused. */
async function readAnswer(call: Call, { db, key, settings, now }: Admitted, implementation: AnyEndpointImplementation, input: Record<string, unknown>) {
  const { endpoint, scope } = call;
  // The one cast between the pipeline and an implementation: the input is what this endpoint's own schema parsed (readRequest), looked up at run time.
  const context = {
    input: input as never, endpoint: endpoint.id, chain: call.chain, key, requestId: call.requestId, now, settings, db,
    // Made when an implementation first wants it (lib/api/pipeline/deadline.ts).
    get signal() {
      return scope.signal;
    },
  } satisfies EndpointContext<never>;
  // The metadata endpoints read no chain: they run without the request's node scope and its signal.
  const result = shapeAnswer(endpoint, await (endpoint.surface === "intelligence" ? scope.run(() => implementation(context)) : implementation(context)));
  // A client that left while the answer was read is not charged for it.
  scope.throwIfStopped();
  return result;
}

/** The success envelope, charged once with its usage record (and kept for a replay of its Idempotency-Key). */
async function settle(call: Call, { sql, key, settings, now }: Admitted, result: Awaited<ReturnType<typeof readAnswer>>, account: Awaited<ReturnType<typeof checkPayment>>): Promise<Response> {
  const { endpoint, requestId, claim } = call;
  const paidSuccess = isPaid(endpoint) && !result.honestEmpty;
  const body = JSON.stringify(successBody(requestId, result.data, { credits_charged: paidSuccess ? endpoint.price : 0, chain: call.chain, sources: result.sources, ...result.meta }, call.deps.now()));
  const success = usageRecord({ requestId, key, endpoint, chain: call.chain, started: call.started, status: 200, errorCode: null, outcome: result.honestEmpty ? "honest_empty" : "success", charged: 0, now, via: call.source.via });
  await settleSuccess(sql, {
    key, price: endpoint.price, paid: paidSuccess, account, chargingEnabled: settings.chargingEnabled, requestId, now,
    replay: claim?.kind === "run" ? { recordId: claim.recordId, status: 200, body } : undefined,
    usage: (charged, allowanceUsed) => ({ ...success, charged, allowanceUsed }),
  });
  if (claim?.kind === "run") claim.finish({ status: 200, body });
  call.claim = undefined;
  call.answered = { status: 200, outcome: result.honestEmpty ? "honest_empty" : "success", error: null };
  return new Response(body, { status: 200, headers: jsonHeaders(requestId, { ...call.rateHeaders, ...call.cors }) });
}

/** Any refusal or fault as the failure envelope: its rate headers, the claim released, the usage record kept. */
async function refuse(call: Call, caught: unknown): Promise<{ response: Response; refusal: ApiError }> {
  const { request, endpoint, requestId, deps, db, sql, key, claim } = call;
  // Whatever failed after the client left failed because it left (or for the reason its caller
  // stopped it: an MCP request's deadline, a cancelled tool call).
  const stoppedBy = request.signal.aborted ? request.signal.reason : undefined;
  let error = request.signal.aborted ? (isApiError(stoppedBy) ? stoppedBy : new ApiError("client_closed", undefined, { cause: caught })) : toApiError(caught, requestId);
  // RateLimit headers on every answer: a key refused before spending shows its budget as it
  // stands; a call with no usable key spends its address's budget, and a flood of them is 429.
  if (Object.keys(call.rateHeaders).length === 0 && error.code !== "rate_limited") {
    if (key && call.discoverDailyCap !== undefined) {
      call.rateHeaders = await peekRateBudget(deps.limiter(), key.id, ratePolicyFor(key, endpoint, call.discoverDailyCap));
    } else if (error.status === 401) {
      ({ error, headers: call.rateHeaders } = await refuseWithoutKey(deps.limiter(), clientAddress(request.headers), error));
    }
  }
  const databaseDown = isDatabaseUnavailable(caught);
  if (databaseDown) countDependencyError("database");
  if (db && claim?.kind === "run") await releaseIdempotencyKey(db, claim.recordId).catch(() => undefined);
  if (claim?.kind === "run") claim.finish(null);
  if (sql && key) {
    const record = usageRecord({
      requestId, key, endpoint, chain: call.chain, started: call.started, status: error.status, errorCode: error.code,
      outcome: errorCodes[error.code].outcome, charged: 0, now: deps.now(), via: call.source.via,
    });
    record.errorMessage = error.message;
    await recordFailedUsage(sql, record, { databaseDown }).catch((recordError) =>
      serverLog().error({ request_id: requestId, err: recordError instanceof Error ? recordError.message : String(recordError) }, "usage record failed"),
    );
  } else if (databaseDown) {
    // Without the database the key is unknown, so there is no project to record this under.
    serverLog().warn({ request_id: requestId, endpoint: endpoint.id }, "answered 503, not recorded: the database is unavailable");
  }
  call.answered = { status: error.status, outcome: errorCodes[error.code].outcome, error: error.code };
  return { response: failureResponse(requestId, error, { ...call.rateHeaders, ...call.cors }), refusal: error };
}

/** The key's slot freed, one request line and its metric, whatever the call came to. */
async function closeCall(call: Call): Promise<void> {
  const { request, endpoint, requestId, key, answered } = call;
  await call.releaseSlot?.();
  // One line per request, answered or refused, with or without a key (refusals before a key was
  // found have no usage record, so this line is where they are seen): never the key itself.
  const durationMs = performance.now() - call.started;
  serverLog()[answerLevel(answered.status)](
    {
      request_id: requestId,
      ...(answered.replayOf ? { replay_of: answered.replayOf } : {}),
      key_id: key?.id ?? null,
      project_id: key?.projectId ?? null,
      endpoint: endpoint.id,
      via: call.source.via,
      method: request.method,
      status: answered.status,
      outcome: answered.outcome,
      error: answered.error,
      chain: call.chain ?? null,
      duration_ms: Math.round(durationMs),
    },
    "request",
  );
  countApiRequest({ endpoint: endpoint.id, method: request.method, status: answered.status, outcome: answered.outcome, durationMs });
  // A failure before the catch could release it still lets this process's waiting repeats go on.
  if (call.claim?.kind === "run") call.claim.finish(null);
  call.scope.dispose();
}

async function claimIdempotency(db: Db, header: string | null, endpoint: EndpointDefinition, key: KeyContext, raw: string, now: () => Date) {
  if (header === null || endpoint.method !== "POST") return undefined;
  if (!validIdempotencyKey(header)) throw new ApiError("bad_request", "Idempotency-Key must be 1 to 255 visible ASCII characters.");
  return claimIdempotencyKey(db, { keyId: key.id, idempotencyKey: header, fingerprint: requestFingerprint(endpoint.method, endpoint.id, raw), now });
}

function replayedRequestId(body: string, fallback: string): string {
  try {
    return (JSON.parse(body) as { meta?: { request_id?: string } }).meta?.request_id ?? fallback;
  } catch {
    return fallback;
  }
}

function usageRecord(
  input: { requestId: string; key: KeyContext; endpoint: EndpointDefinition; chain: string | undefined; started: number; status: number; errorCode: string | null; outcome: RequestOutcome; charged: number; now: Date; via: RequestVia },
): UsageRecord {
  return {
    requestId: input.requestId, keyId: input.key.id, projectId: input.key.projectId, endpoint: input.endpoint.id, method: input.endpoint.method,
    httpStatus: input.status, errorCode: input.errorCode, outcome: input.outcome, quoted: input.endpoint.price, charged: input.charged,
    chain: input.chain ?? null, latencyMs: Math.round(performance.now() - input.started), createdAt: input.now, via: input.via,
  };
}
