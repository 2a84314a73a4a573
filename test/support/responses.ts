// What a call's body is, typed by the endpoint its path names, and the two checks that narrow it:
// a test that reads an answer's data first proves it is a success, and a refusal's code first
// proves it is a failure, each failing with what the server said instead.
// node:assert, not Vitest: the benchmarks call through this harness outside Vitest, which cannot load there.
import { fail } from "node:assert/strict";
import type { EndpointId } from "@/lib/api-contract/endpoints";
import type { ApiResponseOf, FailureEnvelope, SuccessEnvelope } from "@/lib/api-contract/respond";
import type { ErrorCode } from "@/lib/errors/error-codes";

/** The endpoint id a path under /v1/api names, its query left off. */
export type PathId<Path extends string> = Path extends `${infer Id}?${string}` ? Id : Path;

/**
 * The body a path answers: for an endpoint, its success or the failure envelope; any other named
 * path under /v1/api, the failure envelope (MCP speaks JSON-RPC: unknown); a path not known to the
 * compiler, unknown.
 */
export type BodyOf<Path extends string> = string extends Path
  ? unknown
  : PathId<Path> extends EndpointId
    ? ApiResponseOf<PathId<Path>> | FailureEnvelope
    : PathId<Path> extends "mcp"
      ? unknown
      : FailureEnvelope;

export type CallResponse<Body> = { status: number; headers: Headers; body: Body };

/** A harness answer, its body parsed; a fetch Response (its body a stream, read by json()) is not one. */
type ParsedAnswer<Body> = { status: number; body: Body; json?: never };

/** The body of a call not yet typed (callUntyped): what JSON.parse gives, read unchecked; a file moves off it by taking the typed call. */
export type UntypedBody = any;

type SuccessOf<Body> = unknown extends Body ? SuccessEnvelope : Extract<Body, { ok: true }>;
type FailureOf<Body> = unknown extends Body ? FailureEnvelope : Extract<Body, { ok: false }>;

function isEnvelope(body: unknown, ok: boolean): boolean {
  return typeof body === "object" && body !== null && (body as { ok?: unknown }).ok === ok;
}

/** The success body of a 200 answer; any other answer fails the test with its status and body. */
export function expectSuccess<Body>(response: ParsedAnswer<Body>): SuccessOf<Body> {
  if (response.status !== 200 || !isEnvelope(response.body, true)) fail(`expected a success, got ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as SuccessOf<Body>;
}

/** The failure body of a refusal (with `code`, that code); a success or another code fails the test with the body. */
export function expectFailure<Body>(response: ParsedAnswer<Body>, code?: ErrorCode): FailureOf<Body> {
  if (response.status < 400 || !isEnvelope(response.body, false)) fail(`expected a failure, got ${response.status}: ${JSON.stringify(response.body)}`);
  const failure = response.body as FailureOf<Body>;
  if (code !== undefined && (failure as FailureEnvelope).error !== code) fail(`expected ${code}, got ${response.status}: ${JSON.stringify(response.body)}`);
  return failure;
}
