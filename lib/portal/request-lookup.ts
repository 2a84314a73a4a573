// Request lookup: the record of one API request, found by the request id its caller
// received. An owner looks only inside their own project, staff across every project;
// a request outside the scope is reported exactly like one that does not exist, so a
// guessed or leaked id says nothing about other projects.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { RequestOutcome } from "@/lib/errors/error-codes";
import { maskApiKey, shortenMaskedKey } from "@/lib/keys/api-key";
import type { RequestVia } from "@/lib/usage/record";
import { counterLabels, counterOfOutcome, outcomeLabels, type UsageScope } from "./usage";

/** What the search box accepts: the `req_…` id from a response body or the X-Request-Id header. */
export const requestIdSchema = z
  .string({ error: "Paste a request id, such as req_01JD3Q6Y1M8K2N4P5R7S9T0VWX." })
  .trim()
  .min(1, { error: "Paste a request id, such as req_01JD3Q6Y1M8K2N4P5R7S9T0VWX." })
  .max(100, { error: "That is too long for a request id." })
  .regex(/^req_[0-9A-Za-z_]+$/, { error: "A request id starts with req_ followed by letters and digits, as in X-Request-Id or meta.request_id." });

export type RequestDetail = {
  id: string;
  createdAt: string;
  project: { id: string; name: string };
  key: { id: string; name: string | null; masked: string };
  endpoint: string;
  method: string;
  httpStatus: number;
  errorCode: string | null;
  errorMessage: string | null;
  outcome: RequestOutcome;
  outcomeLabel: string;
  /** Which Usage counter the request counts in. */
  counterLabel: string;
  quoted: number;
  charged: number;
  allowanceUsed: number;
  chain: string | null;
  latencyMs: number;
  /** This request answered with the stored response of that earlier one (an idempotent replay). */
  replayOf: string | null;
  /** api (its HTTP route) or mcp (a tool call through the MCP endpoint). */
  via: RequestVia;
  /** Later requests that were answered with this one's stored response. */
  replays: Array<{ id: string; createdAt: string; httpStatus: number }>;
};

/** Replays can only follow within the Idempotency-Key's lifetime; a few are enough to show. */
const replaysShown = 20;

/** The request's record within the scope, or null — the same null for "not yours" and "no such request". */
export async function findRequest(db: Db, scope: UsageScope, requestId: string): Promise<RequestDetail | null> {
  const parsed = requestIdSchema.safeParse(requestId);
  if (!parsed.success) return null;
  const record = await db.requestRecord.findFirst({
    where: { id: parsed.data, ...(scope.projectId ? { projectId: scope.projectId } : {}) },
    include: { key: { select: { id: true, name: true, mode: true, lastFour: true } }, project: { select: { id: true, name: true } } },
  });
  if (!record) return null;
  // Replays are recorded in the same project after the original: the project's time index finds them.
  const replays = record.replayOf
    ? []
    : await db.requestRecord.findMany({
        where: { projectId: record.projectId, createdAt: { gte: record.createdAt }, replayOf: record.id },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        take: replaysShown,
        select: { id: true, createdAt: true, httpStatus: true },
      });
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    project: record.project,
    key: { id: record.key.id, name: record.key.name, masked: shortenMaskedKey(maskApiKey(record.key.mode, record.key.lastFour)) },
    endpoint: record.endpoint,
    method: record.method,
    httpStatus: record.httpStatus,
    errorCode: record.errorCode,
    errorMessage: record.errorMessage,
    outcome: record.outcome,
    outcomeLabel: outcomeLabels[record.outcome],
    counterLabel: counterLabels[counterOfOutcome[record.outcome]],
    quoted: record.quoted,
    charged: record.charged,
    allowanceUsed: record.allowanceUsed,
    chain: record.chain,
    latencyMs: record.latencyMs,
    replayOf: record.replayOf,
    via: record.via,
    replays: replays.map((replay) => ({ id: replay.id, createdAt: replay.createdAt.toISOString(), httpStatus: replay.httpStatus })),
  };
}
