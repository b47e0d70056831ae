import { eq } from "drizzle-orm";
import { z } from "zod";
import { avatarRenders, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { recordAudit } from "#server/modules/accounts/audit";
import { DomainError } from "#server/modules/errors";
import type { AvatarRenderStatus } from "#shared/character";
import { parseInput, type Tx } from "#server/modules/character/deps";
import type { AvatarRenderRow } from "./renders";

/** What the queue's row buttons send: the render's id. */
export const renderIdInput = z.object({ renderId: z.uuid({ error: "errors:character.render_not_found" }) });

export const parseRenderId = (raw: unknown) => parseInput(renderIdInput, raw).renderId;

/**
 * The admin queue's state changes (requeue, force, cancel) in one place: moves the render from one of the
 * allowed states to the next under its row lock, and writes the audit entry in the same transaction.
 * Refuses a render that does not exist (`character.render_not_found`) or is in no allowed state
 * (`character.render_state`).
 */
export async function changeRenderState(
  tx: Tx,
  actor: NonNullable<Actor>,
  renderId: string,
  change: { from: readonly AvatarRenderStatus[]; to: AvatarRenderStatus; action: string; now: Date },
): Promise<AvatarRenderRow> {
  const [row] = await tx.select().from(avatarRenders).where(eq(avatarRenders.id, renderId)).for("update");
  if (!row) throw new DomainError("character.render_not_found");
  if (!change.from.includes(row.status)) throw new DomainError("character.render_state");
  const reset = change.to === "pending" ? { error: null, startedAt: null, finishedAt: null } : { finishedAt: change.now };
  const [updated] = await tx
    .update(avatarRenders)
    .set({ status: change.to, ...reset })
    .where(eq(avatarRenders.id, renderId))
    .returning();
  const [owner] = await tx.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, row.userId)).limit(1);
  await recordAudit(tx, actor, {
    action: change.action,
    targetType: "avatar_render",
    targetId: renderId,
    targetName: owner?.username ?? null,
    details: { before: row.status, after: change.to, attempts: row.attempts },
  });
  return updated!;
}
