import type { z } from "zod";
import { ApiError } from "../errors";
import type { EndpointDefinition } from "../registry";
import { fieldErrorCodes } from "@/lib/schemas/common";

export const maxBodyBytes = 16 * 1024;

function toApiError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  if (issue?.code === "unrecognized_keys") {
    return new ApiError("bad_request", `Unknown field${issue.keys.length > 1 ? "s" : ""}: ${issue.keys.join(", ")}.`);
  }
  const code = (field && fieldErrorCodes[field]) || "bad_request";
  const message = issue?.message && field ? issue.message : "The request body is malformed.";
  return new ApiError(code, field && code === "bad_request" && !message.includes(field) ? `${field}: ${message}` : message);
}

/** The request's input, validated by the endpoint's schema; raw is kept for the idempotency fingerprint. */
export async function parseInput(endpoint: EndpointDefinition, request: Request): Promise<{ input: Record<string, unknown>; raw: string }> {
  if (endpoint.query) {
    const url = new URL(request.url);
    const result = endpoint.query.safeParse(Object.fromEntries(url.searchParams));
    if (!result.success) throw toApiError(result.error);
    return { input: result.data as Record<string, unknown>, raw: url.search };
  }
  if (!endpoint.body) return { input: {}, raw: "" };

  const raw = await request.text();
  if (Buffer.byteLength(raw) > maxBodyBytes) throw new ApiError("bad_request", `The body exceeds ${maxBodyBytes} bytes.`);
  if (raw.trim() === "") throw new ApiError("bad_request", "Send a JSON object body, for example {\"chain\":\"eth\",\"address\":\"0x…\"}.");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiError("bad_request", "The body is not valid JSON.");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new ApiError("bad_request", "The body must be a JSON object.");
  const result = endpoint.body.safeParse(json);
  if (!result.success) throw toApiError(result.error);
  return { input: result.data as Record<string, unknown>, raw };
}
