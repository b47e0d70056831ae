import { and, eq, inArray } from "drizzle-orm";
import { arenaRatings } from "#server/db/schema";
import { ARENA_PROVISIONAL_DEVIATION, ARENA_START } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { memberInput } from "./input";
import { ALL_TIME, seasonOf } from "./season";

export type ArenaStanding = {
  rating: number;
  deviation: number;
  /** Deviation above ARENA_PROVISIONAL_DEVIATION: too few matches to trust the rating yet. */
  provisional: boolean;
  wins: number;
  losses: number;
  /** False before the first match (the numbers are then the starting ones). */
  played: boolean;
};
export type ArenaRecord = { season: string; all: ArenaStanding; current: ArenaStanding };

const standing = (row?: { rating: number; deviation: number; wins: number; losses: number; lastMatchAt: Date | null }): ArenaStanding =>
  row
    ? {
        rating: row.rating,
        deviation: row.deviation,
        provisional: row.deviation > ARENA_PROVISIONAL_DEVIATION,
        wins: row.wins,
        losses: row.losses,
        played: row.lastMatchAt !== null,
      }
    : { rating: ARENA_START.rating, deviation: ARENA_START.deviation, provisional: true, wins: 0, losses: 0, played: false };

/** A member's arena rating and record, all time and this season (public: /arena and /u/{username}). */
export async function arenaRecord(deps: Pick<CharacterDeps, "db" | "now">, actor: Actor, input: unknown): Promise<ArenaRecord> {
  assertCan(actor, "arena_match.view");
  const { userId } = parseInput(memberInput, input);
  const season = seasonOf(deps.now());
  const rows = await deps.db
    .select()
    .from(arenaRatings)
    .where(and(eq(arenaRatings.userId, userId), inArray(arenaRatings.season, [ALL_TIME, season])));
  return {
    season,
    all: standing(rows.find((r) => r.season === ALL_TIME)),
    current: standing(rows.find((r) => r.season === season)),
  };
}
