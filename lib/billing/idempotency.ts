// Idempotency-Key: the first request with a key runs; a repeat with the same key
// and the same request within 24 hours gets the stored response and is charged
// nothing; the same key with another request is refused (422 idempotency_key_reused).
// Only successful responses are stored, so a failed attempt can be retried.
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
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


export function requestFingerprint(method: string, endpointId: string, body: string): string {
  return createHash("sha256").update(`${method} ${endpointId}\n${body}`).digest("hex");
}

export function validIdempotencyKey(value: string): boolean {
  return value.length >= 1 && value.length <= 255 && /^[\x21-\x7e]+$/.test(value);
}

/** The response a first attempt stored, which its repeats replay. */
export type StoredResponse = { status: number; body: string };

export type Claim =
  | {
      kind: "run";
      recordId: string;
      /**
       * Tells the repeats waiting in this process how the attempt ended: the response once it is
       * committed, or null when it stored none (they then claim again). Safe to call twice.
       */
      finish(stored: StoredResponse | null): void;
    }
  | ({ kind: "replay" } & StoredResponse);

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * The first attempt in this process for each key. Its repeats here wait on it rather than each
 * asking the database: a burst of a hundred retries costs the database one claim, not a hundred
 * polling loops that crowd the pool (the database stays the judge across processes).
 */
const firstHere = new Map<string, { fingerprint: string; outcome: Promise<StoredResponse | null> }>();

function untilDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError("idempotency_in_progress")), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

export async function claimIdempotencyKey(
  db: Db,
  input: { keyId: string; idempotencyKey: string; fingerprint: string; now: () => Date },
): Promise<Claim> {
  const deadline = Date.now() + waitForFirstMs;
  const slot = `${input.keyId}\n${input.idempotencyKey}`;
  for (;;) {
    const first = firstHere.get(slot);
    // A repeat of another request goes to the database, which holds the first request's fingerprint.
    if (!first || first.fingerprint !== input.fingerprint) break;
    const stored = await untilDeadline(first.outcome, deadline);
    if (stored) return { kind: "replay", ...stored };
  }
  if (firstHere.has(slot)) {
    const claim = await claimFromDatabase(db, input, deadline);
    return claim.kind === "run" ? { ...claim, finish: () => undefined } : claim;
  }

  let settle!: (stored: StoredResponse | null) => void;
  const entry = { fingerprint: input.fingerprint, outcome: new Promise<StoredResponse | null>((resolve) => (settle = resolve)) };
  firstHere.set(slot, entry);
  const finish = (stored: StoredResponse | null) => {
    if (firstHere.get(slot) === entry) firstHere.delete(slot);
    settle(stored);
  };
  try {
    const claim = await claimFromDatabase(db, input, deadline);
    if (claim.kind === "replay") finish({ status: claim.status, body: claim.body });
    return claim.kind === "run" ? { ...claim, finish } : claim;
  } catch (error) {
    finish(null);
    throw error;
  }
}

async function claimFromDatabase(
  db: Db,
  input: { keyId: string; idempotencyKey: string; fingerprint: string; now: () => Date },
  deadline: number,
): Promise<{ kind: "run"; recordId: string } | ({ kind: "replay" } & StoredResponse)> {
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


export async function releaseIdempotencyKey(db: Db, recordId: string) {
  await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
}
