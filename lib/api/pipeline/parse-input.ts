import type { z } from "zod";
import { ApiError, isApiError } from "@/lib/errors/api-error";
import type { EndpointDefinition } from "@/lib/api-contract/endpoints";
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

function tooLarge(): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${maxBodyBytes / 1024} KiB (${maxBodyBytes} bytes); nothing was read past that.`);
}

/**
 * The body as text, read no further than `limit` bytes: a declared Content-Length over the
 * limit is refused before anything is read, and a body streamed without one is cut at the
 * limit, so a huge upload costs no memory. A body the client stops sending is its leaving.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (isApiError(error)) throw error;
    throw new ApiError("client_closed", "The client stopped sending the body; nothing was charged.", { cause: error });
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
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

  const raw = await readBodyWithin(request, maxBodyBytes);
  if (raw.trim() === "") throw new ApiError("bad_request", "Send a JSON object body, for example {\"chain\":\"eth\",\"address\":\"0x…\"}.");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ApiError("bad_request", "The body is not valid JSON.");
  }
  return { input: parseBodyValue(endpoint, json), raw };
}

/**
 * A body already read as JSON (an HTTP body, or an MCP tool call's arguments), checked by the
 * endpoint's body schema: the same errors for the same mistakes, however the call came in.
 */
export function parseBodyValue(endpoint: EndpointDefinition, json: unknown): Record<string, unknown> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new ApiError("bad_request", "The body must be a JSON object.");
  if (!endpoint.body) return {};
  const result = endpoint.body.safeParse(json);
  if (!result.success) throw toApiError(result.error);
  return result.data as Record<string, unknown>;
}
