import { and, desc, eq, gt, isNotNull, lte } from "drizzle-orm";
import { arenaRatings, profiles } from "#server/db/schema";
import { ARENA_LEADERBOARD_SIZE, ARENA_PROVISIONAL_DEVIATION } from "#shared/character";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { leaderboardInput } from "./input";
import { ALL_TIME, seasonOf } from "./season";

export type ArenaLeaderboardEntry = {
  rank: number;
  userId: string;
  username: string;
  avatarUrl: string | null;
  rating: number;
  deviation: number;
  wins: number;
  losses: number;
};
export type ArenaLeaderboard = {
  scope: "all" | "season";
  /** The season shown ('all', or this quarter: "2026-Q4"). */
  season: string;
  /** This quarter's season name, whichever scope is shown (the tab's label). */
  currentSeason: string;
  /** Established ratings, best first: the ranking. */
  ranked: ArenaLeaderboardEntry[];
  /** Players still provisional (deviation above ARENA_PROVISIONAL_DEVIATION), listed apart and unranked. */
  provisional: ArenaLeaderboardEntry[];
};

/** The arena leaderboards (top 100 by rating, all time or this season), provisional players apart. */
export async function arenaLeaderboard(deps: Pick<CharacterDeps, "db" | "now">, actor: Actor, input: unknown): Promise<ArenaLeaderboard> {
  assertCan(actor, "arena_match.view");
  const { scope } = parseInput(leaderboardInput, input);
  const currentSeason = seasonOf(deps.now());
  const season = scope === "all" ? ALL_TIME : currentSeason;
  const read = (established: boolean) =>
    deps.db
      .select({
        userId: arenaRatings.userId,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        rating: arenaRatings.rating,
        deviation: arenaRatings.deviation,
        wins: arenaRatings.wins,
        losses: arenaRatings.losses,
      })
      .from(arenaRatings)
      .innerJoin(profiles, eq(profiles.id, arenaRatings.userId))
      .where(
        and(
          eq(arenaRatings.season, season),
          isNotNull(arenaRatings.lastMatchAt),
          established ? lte(arenaRatings.deviation, ARENA_PROVISIONAL_DEVIATION) : gt(arenaRatings.deviation, ARENA_PROVISIONAL_DEVIATION),
        ),
      )
      .orderBy(desc(arenaRatings.rating), arenaRatings.userId)
      .limit(ARENA_LEADERBOARD_SIZE);
  const [ranked, provisional] = [await read(true), await read(false)];
  return {
    scope,
    season,
    currentSeason,
    ranked: ranked.map((r, i) => ({ rank: i + 1, ...r })),
    provisional: provisional.map((r, i) => ({ rank: i + 1, ...r })),
  };
}
