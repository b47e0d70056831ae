import { and, eq } from "drizzle-orm";
import { arenaQueue } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";

/**
 * Leaves the queue before a match is found. Matchmaking holds the entry's row while it pairs it, so a leave
 * racing a run waits for it and then finds the entry matched ('You are not in the arena queue.').
 */
export async function leaveQueue(deps: Pick<CharacterDeps, "db" | "now">, actor: Actor): Promise<{ left: true }> {
  assertCan(actor, "arena.leave");
  const rows = await deps.db
    .update(arenaQueue)
    .set({ status: "left", updatedAt: deps.now() })
    .where(and(eq(arenaQueue.userId, actor.userId), eq(arenaQueue.status, "waiting")))
    .returning({ id: arenaQueue.id });
  if (rows.length === 0) throw new DomainError("arena.not_queued");
  return { left: true };
}
