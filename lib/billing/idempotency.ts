// Idempotency-Key: the first request with a key runs; a repeat with the same key
// and the same request within 24 hours gets the stored response and is charged
// nothing; the same key with another request is refused (422 idempotency_key_reused).
// Only successful responses are stored, so a failed attempt can be retried.
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/contract/api-error";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export const idempotencyWindowMs = 24 * 60 * 60 * 1000;
const waitForFirstMs = 15_000;
const firstPollMs = 25;
const maxPollMs = 250;
/**
 * A first attempt still "in progress" after this long has been abandoned: its process stopped,
 * or the database was down when it tried to release the key. Well past the request deadline and
 * the commit's own bound, so a live attempt is never taken over.
 */
export const abandonedClaimMs = 2 * 60 * 1000;

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function requestFingerprint(method: string, endpointId: string, body: string): string {
  return createHash("sha256").update(`${method} ${endpointId}\n${body}`).digest("hex");
}

export function validIdempotencyKey(value: string): boolean {
  return value.length >= 1 && value.length <= 255 && /^[\x21-\x7e]+$/.test(value);
}

export type Claim = { kind: "run"; recordId: string } | { kind: "replay"; status: number; body: string };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

export async function claimIdempotencyKey(
  db: Db,
  input: { keyId: string; idempotencyKey: string; fingerprint: string; now: () => Date },
): Promise<Claim> {
  const deadline = Date.now() + waitForFirstMs;
  // Waiters back off so a burst of repeats does not crowd out the first request's own queries.
  let pollMs = firstPollMs;
  for (;;) {
    const now = input.now();
    try {
      const record = await db.idempotencyRecord.create({
        data: {
          id: newId("idem"),
          keyId: input.keyId,
          idempotencyKey: input.idempotencyKey,
          fingerprint: input.fingerprint,
          state: "in_progress",
          expiresAt: new Date(now.getTime() + idempotencyWindowMs),
        },
      });
      return { kind: "run", recordId: record.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await db.idempotencyRecord.findUnique({
      where: { keyId_idempotencyKey: { keyId: input.keyId, idempotencyKey: input.idempotencyKey } },
    });
    if (!existing) continue; // released by a failed first attempt: claim again
    if (existing.expiresAt <= now) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    const claimedAt = existing.expiresAt.getTime() - idempotencyWindowMs;
    if (existing.state === "in_progress" && claimedAt + abandonedClaimMs <= now.getTime()) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id, state: "in_progress" } });
      continue;
    }
    if (existing.fingerprint !== input.fingerprint) throw new ApiError("idempotency_key_reused");
    if (existing.state === "completed" && existing.responseStatus !== null && existing.responseBody !== null) {
      return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
    }
    if (Date.now() >= deadline) throw new ApiError("idempotency_in_progress");
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    pollMs = Math.min(maxPollMs, pollMs * 2);
  }
}

export async function completeIdempotencyKey(tx: Tx, recordId: string, status: number, body: string) {
  await tx.idempotencyRecord.update({ where: { id: recordId }, data: { state: "completed", responseStatus: status, responseBody: body } });
}

export async function releaseIdempotencyKey(db: Db, recordId: string) {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
}
