import { desc, eq, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { arenaMatches, arenaQueue, arenaRatings } from "#server/db/schema";

/**
 * What the arena stores about a person, for their account export: their ratings per season, the matches they
 * fought (the opponent by id, the result and what it moved) and their queue entries.
 */
export async function arenaExportSection(db: Database, userId: string) {
  const ratings = await db.select().from(arenaRatings).where(eq(arenaRatings.userId, userId));
  const matches = await db
    .select({
      id: arenaMatches.id,
      createdAt: arenaMatches.createdAt,
      playerA: arenaMatches.playerA,
      playerB: arenaMatches.playerB,
      winnerId: arenaMatches.winnerId,
      rated: arenaMatches.rated,
      season: arenaMatches.season,
      turns: arenaMatches.turns,
      outcome: arenaMatches.outcome,
    })
    .from(arenaMatches)
    .where(or(eq(arenaMatches.playerA, userId), eq(arenaMatches.playerB, userId)))
    .orderBy(desc(arenaMatches.createdAt));
  const queue = await db
    .select({ status: arenaQueue.status, joinedAt: arenaQueue.joinedAt, matchId: arenaQueue.matchId })
    .from(arenaQueue)
    .where(eq(arenaQueue.userId, userId))
    .orderBy(desc(arenaQueue.joinedAt));
  return {
    ratings: ratings.map((r) => ({
      season: r.season,
      rating: r.rating,
      deviation: r.deviation,
      volatility: r.volatility,
      wins: r.wins,
      losses: r.losses,
      lastMatchAt: r.lastMatchAt,
    })),
    matches,
    queue,
  };
}
