import { and, count, desc, eq, gte, or, sql } from "drizzle-orm";
import { arenaMatches, arenaQueue, characters } from "#server/db/schema";
import type { Database } from "#server/db/client";
import type { ArenaQueueStatus } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import type { CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { startOfUtcDay } from "./season";

export type QueueEntryView = {
  id: string;
  /** An entry still waiting past the time limit reads as failed before the next run marks it so. */
  status: ArenaQueueStatus;
  joinedAt: Date;
  /** When it is answered 'Could not find an opponent.' if nobody fits. */
  expiresAt: Date;
  matchId: string | null;
};
export type QueueStatus = {
  /** The person's latest entry, if any. */
  entry: QueueEntryView | null;
  hasClass: boolean;
  matchesToday: number;
  dailyCap: number;
  queueSeconds: number;
};

/** Matches a person fought since midnight UTC (the daily cap counts them). */
export async function matchesToday(db: Pick<Database, "select">, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(arenaMatches)
    .where(and(or(eq(arenaMatches.playerA, userId), eq(arenaMatches.playerB, userId)), gte(arenaMatches.createdAt, startOfUtcDay(now))));
  return row?.n ?? 0;
}

/** The arena page's own part for the signed-in member: their latest queue entry and today's count against the cap. */
export async function queueStatus(deps: Pick<CharacterDeps, "db" | "settings" | "now">, actor: Actor): Promise<QueueStatus> {
  assertCan(actor, "arena.join");
  const settings = await deps.settings.get("character_settings");
  const now = deps.now();
  const [entry] = await deps.db
    .select()
    .from(arenaQueue)
    .where(eq(arenaQueue.userId, actor.userId))
    // The waiting one if any (at most one), else the latest.
    .orderBy(sql`${arenaQueue.status} = 'waiting' desc`, desc(arenaQueue.joinedAt), desc(arenaQueue.updatedAt))
    .limit(1);
  const [character] = await deps.db
    .select({ characterClass: characters.characterClass })
    .from(characters)
    .where(eq(characters.userId, actor.userId));
  const view = entry
    ? (() => {
        const expiresAt = new Date(entry.joinedAt.getTime() + settings.arenaQueueSeconds * 1000);
        const status: ArenaQueueStatus = entry.status === "waiting" && expiresAt <= now ? "failed" : entry.status;
        return { id: entry.id, status, joinedAt: entry.joinedAt, expiresAt, matchId: entry.matchId };
      })()
    : null;
  return {
    entry: view,
    hasClass: !!character?.characterClass,
    matchesToday: await matchesToday(deps.db, actor.userId, now),
    dailyCap: settings.arenaDailyCap,
    queueSeconds: settings.arenaQueueSeconds,
  };
}
