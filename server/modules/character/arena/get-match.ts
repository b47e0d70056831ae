import { eq, inArray } from "drizzle-orm";
import { arenaMatches, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { matchIdInput } from "./input";
import { resolveMatch, type CombatProfile, type FighterSnapshot, type MatchSnapshot, type Side, type Turn } from "./resolve-match";
import { turnsDigest, type MatchOutcome, type PlayerOutcome } from "./settle-match";

export type MatchPlayerView = {
  side: Side;
  userId: string;
  /** The member's name today (the snapshot keeps the one they had then). */
  username: string;
  snapshot: FighterSnapshot;
  profile: CombatProfile;
  outcome: PlayerOutcome;
};
export type MatchView = {
  id: string;
  createdAt: Date;
  season: string;
  rated: boolean;
  engine: number;
  seed: string;
  winner: Side | null;
  decidedBy: MatchOutcome["decidedBy"];
  players: Record<Side, MatchPlayerView>;
  /** Fought again from the stored snapshot and seed, by the rules of its engine. */
  turns: Turn[];
  /** The replay gave exactly the turns fought (always true unless the stored record was altered). */
  replayMatches: boolean;
};

/**
 * One match, for everyone (SPEC §4 "result"): its turns are not stored but fought again from the snapshot and
 * the seed by the engine it was fought with, so what the page shows is what the rules give; the replay is
 * checked against the fingerprint taken when it was fought.
 */
export async function getMatch(deps: Pick<CharacterDeps, "db">, actor: Actor, input: unknown): Promise<MatchView> {
  assertCan(actor, "arena_match.view");
  const { matchId } = parseInput(matchIdInput, input);
  const [match] = await deps.db.select().from(arenaMatches).where(eq(arenaMatches.id, matchId));
  if (!match) throw new DomainError("arena.match_not_found");
  const snapshot = match.snapshot as unknown as MatchSnapshot;
  const outcome = match.outcome as unknown as MatchOutcome;
  const replay = resolveMatch(snapshot, match.seed, match.engine);
  const names = await deps.db
    .select({ id: profiles.id, username: profiles.username })
    .from(profiles)
    .where(inArray(profiles.id, [match.playerA, match.playerB]));
  const player = (side: Side): MatchPlayerView => {
    const userId = side === "a" ? match.playerA : match.playerB;
    return {
      side,
      userId,
      username: names.find((n) => n.id === userId)?.username ?? snapshot[side].username,
      snapshot: snapshot[side],
      profile: replay.profiles[side],
      outcome: outcome[side],
    };
  };
  return {
    id: match.id,
    createdAt: match.createdAt,
    season: match.season,
    rated: match.rated,
    engine: match.engine,
    seed: match.seed,
    winner: replay.winner,
    decidedBy: replay.decidedBy,
    players: { a: player("a"), b: player("b") },
    turns: replay.turns,
    replayMatches:
      turnsDigest(replay) === outcome.digest &&
      replay.turns.length === match.turns &&
      (replay.winner === null ? null : replay.winner === "a" ? match.playerA : match.playerB) === match.winnerId,
  };
}
