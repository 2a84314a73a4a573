// The one success envelope and the one failure envelope.
import { randomFillSync } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import { knownApiError } from "@/lib/api-contract/known-errors";
import { isDatabaseUnavailable, isSchemaBehind } from "@/lib/db/faults";
import { demoDataNotice, servesDemoChainData } from "@/lib/chain/demo-data";
import { serverLog } from "@/lib/log";
import type { z } from "zod";
import type { EndpointId, ResponseDataOf, ResponseMetaOf } from "@/lib/api-contract/endpoints";
import type { healthResponse } from "@/lib/schemas/responses/health";

const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// Every request needs fresh random bytes; one CSPRNG call per 256 requests instead of one
// each (about 3 µs apiece, on the hot path of every call).
const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

function takeRandomBytes(count: number): Buffer {
  if (randomOffset + count > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  randomOffset += count;
  return randomPool.subarray(randomOffset - count, randomOffset);
}

/** `req_` + a time-sortable id (48-bit milliseconds + 80 random bits, Crockford base32). */
export function newRequestId(now = Date.now()): string {
  let time = "";
  let value = now;
  for (let i = 0; i < 10; i++) {
    time = crockford[value % 32] + time;
    value = Math.floor(value / 32);
  }
  const random = takeRandomBytes(16);
  let tail = "";
  for (let i = 0; i < 16; i++) tail += crockford[random[i] % 32];
  return `req_${time}${tail}`;
}

export type SuccessMeta = {
  credits_charged: number;
  chain?: string;
  sources?: unknown;
  [extra: string]: unknown;
};

export function successBody<Data>(requestId: string, data: Data, meta: SuccessMeta, generatedAt = new Date()) {
  const { credits_charged, chain, sources, ...extra } = meta;
  return {
    ok: true as const,
    data,
    meta: {
      request_id: requestId,
      credits_charged,
      generated_at: generatedAt.toISOString(),
      ...(chain ? { chain } : {}),
      ...(chain && servesDemoChainData() ? { demo_data: true, demo_notice: demoDataNotice } : {}),
      ...(sources !== undefined ? { sources } : {}),
      ...extra,
    },
  };
}

export function failureBody(requestId: string, error: ApiError) {
  return { ok: false as const, error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}), request_id: requestId };
}

/** The success envelope as successBody writes it: `Data` its data, `Meta` the endpoint's own meta fields beside the envelope's. */
export type SuccessEnvelope<Data = unknown, Meta = unknown> = Omit<ReturnType<typeof successBody<Data>>, "meta"> & { meta: ReturnType<typeof successBody<Data>>["meta"] & Meta };

/** The failure envelope as failureBody writes it. */
export type FailureEnvelope = ReturnType<typeof failureBody>;

/** Either envelope: `ok` tells them apart. */
export type Envelope<Data = unknown, Meta = unknown> = SuccessEnvelope<Data, Meta> | FailureEnvelope;

/** What an endpoint answers on success: health its own body, every other endpoint the success envelope of its response schema's output. */
export type ApiResponseOf<Id extends EndpointId> = Id extends "health" ? z.output<typeof healthResponse> : SuccessEnvelope<ResponseDataOf<Id>, ResponseMetaOf<Id>>;

/** The headers every JSON answer carries, whether a route handler or the server itself writes it. */
export function jsonHeaders(requestId: string, extra: Record<string, string> = {}): Record<string, string> {
  return { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-request-id": requestId, ...extra };
}

export function jsonResponse(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: jsonHeaders(requestId, headers) });
}

export function failureResponse(requestId: string, error: ApiError, headers: Record<string, string> = {}): Response {
  return jsonResponse(error.status, failureBody(requestId, error), requestId, { ...headers, ...error.headers });
}

const databaseUnavailableMessage = "The database is unavailable; nothing was charged. Retry.";

/**
 * A database that is down or silent is a dependency fault (503, retry), said in one log line;
 * anything else that is not an ApiError is an internal error, its details in the log only.
 */
export function toApiError(error: unknown, requestId: string): ApiError {
  const known = knownApiError(error);
  if (known) return known;
  if (isDatabaseUnavailable(error)) {
    serverLog().warn({ request_id: requestId, err: error instanceof Error ? error.message.split("\n")[0] : String(error) }, "database unavailable");
    return new ApiError("unavailable", databaseUnavailableMessage, { cause: error });
  }
  if (isSchemaBehind(error)) {
    serverLog().error({ request_id: requestId, err: error instanceof Error ? error.message.split("\n")[0] : String(error) }, "the database schema is behind this version");
    return new ApiError("unavailable", "The database schema is behind this version of the server; the operator must run `npm run db:migrate`.", { cause: error });
  }
  serverLog().error({ request_id: requestId, err: error }, "internal error");
  return new ApiError("internal_error");
}
