import type { Database } from "#server/db/client";
import { auditLog } from "#server/db/schema";
import type { Actor } from "./actor";

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId: string;
  targetName?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Writes one audit row. Call it inside the same transaction as the change it records, so that a change
 * never exists without its trace.
 */
export async function recordAudit(db: Pick<Database, "insert">, actor: NonNullable<Actor>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.userId === "system" ? null : actor.userId,
    actorName: actor.username ?? actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetName: entry.targetName ?? null,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}
