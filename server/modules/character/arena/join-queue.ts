import { and, eq, lte } from "drizzle-orm";
import { arenaQueue, arenaRatings, characters } from "#server/db/schema";
import { isUniqueViolation } from "#server/db/unique-violation";
import { ARENA_START } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { matchmake } from "./matchmake";
import { matchesToday, queueStatus, type QueueStatus } from "./queue-status";
import { ALL_TIME } from "./season";

/**
 * Enters the arena's queue (SPEC §4 "queue"): a member with a class, under the day's match cap, once at a time
 * (the partial unique index settles two joins at once). The entry carries the all-time rating matchmaking
 * pairs by. Matchmaking runs right after the commit, so a waiting opponent is met at once; the answer is the
 * person's queue status after that run (waiting, or matched with the match's id).
 */
export async function joinQueue(
  deps: Pick<CharacterDeps, "db" | "settings" | "now" | "events" | "realtime" | "log">,
  actor: Actor,
): Promise<QueueStatus> {
  assertCan(actor, "arena.join");
  const settings = await deps.settings.get("character_settings");
  const now = deps.now();
  try {
    await deps.db.transaction(async (tx) => {
      const [character] = await tx
        .select({ characterClass: characters.characterClass })
        .from(characters)
        .where(eq(characters.userId, actor.userId));
      if (!character?.characterClass) throw new DomainError("character.class_required");
      // An entry left waiting past the limit (no run came by) is over: it does not block a new one.
      await tx
        .update(arenaQueue)
        .set({ status: "failed", updatedAt: now })
        .where(
          and(
            eq(arenaQueue.userId, actor.userId),
            eq(arenaQueue.status, "waiting"),
            lte(arenaQueue.joinedAt, new Date(now.getTime() - settings.arenaQueueSeconds * 1000)),
          ),
        );
      const [waiting] = await tx
        .select({ id: arenaQueue.id })
        .from(arenaQueue)
        .where(and(eq(arenaQueue.userId, actor.userId), eq(arenaQueue.status, "waiting")));
      if (waiting) throw new DomainError("arena.already_queued");
      if ((await matchesToday(tx, actor.userId, now)) >= settings.arenaDailyCap) throw new DomainError("arena.daily_cap");
      const [rating] = await tx
        .select({ rating: arenaRatings.rating })
        .from(arenaRatings)
        .where(and(eq(arenaRatings.userId, actor.userId), eq(arenaRatings.season, ALL_TIME)));
      await tx
        .insert(arenaQueue)
        .values({ userId: actor.userId, rating: rating?.rating ?? ARENA_START.rating, joinedAt: now, updatedAt: now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError("arena.already_queued");
    throw err;
  }
  try {
    await matchmake(deps);
  } catch (err) {
    // The entry is in: the recurring run pairs it if this one failed.
    deps.log.error("arena matchmaking after a join failed", { err });
  }
  return queueStatus(deps, actor);
}
