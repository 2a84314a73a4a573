// The one table of API error codes: code → HTTP status, the outcome it is recorded
// as, and a default message. Routes, the failure envelope, usage records, the
// Endpoints tab and the OpenAPI document all read it.
import { z } from "zod";

export type RequestOutcome =
  | "success"
  | "client_error"
  | "denied"
  | "rate_limited"
  | "honest_empty"
  | "server_error"
  | "client_closed";

type ErrorDefinition = { status: number; outcome: RequestOutcome; message: string };

export const errorCodes = {
  bad_request: { status: 400, outcome: "client_error", message: "The request is malformed." },
  invalid_chain: { status: 400, outcome: "client_error", message: "chain must be one of eth, base, bsc." },
  invalid_address: { status: 400, outcome: "client_error", message: "address must be 0x followed by 40 hexadecimal characters." },
  invalid_wallet: { status: 400, outcome: "client_error", message: "wallet must be 0x followed by 40 hexadecimal characters." },
  invalid_token: { status: 400, outcome: "client_error", message: "token must be 0x followed by 40 hexadecimal characters." },
  missing_api_key: { status: 401, outcome: "denied", message: "Send your key in the X-API-Key header (or Authorization: Bearer)." },
  invalid_api_key: { status: 401, outcome: "denied", message: "The API key is not valid." },
  // There is no payment flow: credits come from the operator's staff (see paymentRequiredMessage).
  payment_required: { status: 402, outcome: "denied", message: "Your credits cannot cover this call; nothing was charged. There is no top-up page: ask the operator's staff to grant credits, quoting your project id." },
  access_required: { status: 403, outcome: "denied", message: "This key cannot run this endpoint yet." },
  sandbox_limited: { status: 403, outcome: "denied", message: "Test keys cannot run live intelligence. Create a live key." },
  trial_expired: { status: 403, outcome: "denied", message: "The trial allowance of this key has ended." },
  trial_exhausted: { status: 403, outcome: "denied", message: "The trial allowance of this key is used up." },
  endpoint_denied: { status: 403, outcome: "denied", message: "This key's arrangement does not cover this endpoint." },
  chain_denied: { status: 403, outcome: "denied", message: "This key is restricted to other networks." },
  key_expired: { status: 403, outcome: "denied", message: "This key has expired." },
  suspended_key: { status: 403, outcome: "denied", message: "This key is suspended." },
  revoked_api_key: { status: 403, outcome: "denied", message: "This key was revoked or rotated." },
  project_disabled: { status: 403, outcome: "denied", message: "The project owning this key is suspended or archived." },
  scope_denied: { status: 403, outcome: "denied", message: "This key lacks the permission this endpoint needs." },
  origin_denied: { status: 403, outcome: "denied", message: "The request's origin or IP address is not on this key's allow list." },
  not_found: { status: 404, outcome: "client_error", message: "No such endpoint." },
  not_available: { status: 404, outcome: "client_error", message: "Not available in v1." },
  public_api_disabled: { status: 404, outcome: "denied", message: "The public API is switched off." },
  payload_too_large: { status: 413, outcome: "client_error", message: "The request body is larger than 16 KiB." },
  method_not_allowed: { status: 405, outcome: "client_error", message: "This endpoint does not accept that method." },
  idempotency_in_progress: { status: 409, outcome: "client_error", message: "A request with this Idempotency-Key is still running; retry shortly." },
  idempotency_key_reused: { status: 422, outcome: "client_error", message: "This Idempotency-Key was used with a different request." },
  insufficient_data: { status: 422, outcome: "honest_empty", message: "The chain holds too little data to ground a fair result." },
  rate_limited: { status: 429, outcome: "rate_limited", message: "Rate budget exhausted; retry after the time in Retry-After." },
  // Never read by anyone (the client has gone); recorded with nginx's 499 so it is not a server error.
  client_closed: { status: 499, outcome: "client_closed", message: "The client closed the connection before the answer; nothing was charged." },
  internal_error: { status: 500, outcome: "server_error", message: "Unexpected failure. Quote the request id to support." },
  pricing_mismatch: { status: 503, outcome: "server_error", message: "Pricing could not be confirmed; nothing was charged. Retry." },
  billing_unavailable: { status: 503, outcome: "server_error", message: "Billing is unavailable; nothing was charged. Retry." },
  billing_commit_failed: { status: 503, outcome: "server_error", message: "The charge could not be committed; nothing was charged. Retry." },
  unavailable: { status: 503, outcome: "server_error", message: "A dependency is unavailable; nothing was charged. Retry." },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);

export function statusOf(code: ErrorCode): number {
  return errorCodes[code].status;
}
