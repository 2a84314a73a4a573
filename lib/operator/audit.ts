import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** Who did what, to what, when and why. `actor` is a user's e-mail or "cli". */
export type Actor = string;

/**
 * `projectId` names the project the action touched (the project itself, or a key's project):
 * the owner's activity log reads exactly those entries.
 */
export async function audit(db: Db, entry: { actor: Actor; action: string; targetType: string; targetId: string; projectId?: string | null; reason?: string | null; details?: Record<string, unknown> }) {
  await db.auditLog.create({
    data: {
      id: newId("aud"), actor: entry.actor, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, projectId: entry.projectId ?? null,
      reason: entry.reason ?? null, details: (entry.details ?? undefined) as never,
    },
  });
}
