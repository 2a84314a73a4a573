import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Who did what, to what, when and why. `actor` is a user's e-mail or "cli". */
export type Actor = string;

export async function audit(db: Db, entry: { actor: Actor; action: string; targetType: string; targetId: string; reason?: string | null; details?: Record<string, unknown> }) {
  await db.auditLog.create({
    data: { id: newId("aud"), actor: entry.actor, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, reason: entry.reason ?? null, details: (entry.details ?? undefined) as never },
  });
}
