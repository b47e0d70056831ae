import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";
import { arenaMatches, arenaRatings } from "#server/db/schema";
import { ARENA_START } from "#shared/character";
import type { CharacterDeps, CharacterSettings, Tx } from "#server/modules/character/deps";
import { lockCharacter, moveGold } from "#server/modules/character/gold";
import { rateMatch, type Glicko2Rating } from "./glicko2";
import { ENGINE_VERSION, resolveMatch, type MatchResult, type MatchSnapshot, type Side } from "./resolve-match";
import { ALL_TIME, seasonOf } from "./season";
import { readSnapshots } from "./snapshot";

/** Two people fight one rated match a day at most: a repeat within this long moves no rating. */
export const REPEAT_WINDOW_MS = 24 * 3600_000;

/** A rating before and after the match, in one season. */
export type RatingChange = { before: number; after: number; deviationBefore: number; deviationAfter: number };
/** What the match did to one player, stored in `arena_matches.outcome`. */
export type PlayerOutcome = {
  userId: string;
  result: "win" | "loss" | "draw";
  /** All time and this season (unchanged when the match was not rated). */
  ratings: { all: RatingChange; season: RatingChange };
  /** Gold won (positive) or lost (negative; the loser never goes below zero, so it can be less than the setting). */
  gold: number;
};
export type MatchOutcome = {
  decidedBy: MatchResult["decidedBy"];
  /** A fingerprint of the turns, so a replay can be proved equal to what was fought. */
  digest: string;
  a: PlayerOutcome;
  b: PlayerOutcome;
};
export type SettledMatch = { matchId: string; playerA: string; playerB: string; winnerId: string | null; rated: boolean };

/** The fingerprint of a match's turns (the same turns give the same one). */
export function turnsDigest(result: Pick<MatchResult, "turns" | "winner" | "decidedBy">): string {
  return createHash("sha256")
    .update(JSON.stringify([result.turns, result.winner, result.decidedBy]))
    .digest("hex")
    .slice(0, 32);
}

const ratingOf = (row: { rating: number; deviation: number; volatility: number }): Glicko2Rating => ({
  rating: row.rating,
  deviation: row.deviation,
  volatility: row.volatility,
});

/**
 * Fights and records one match between two people, inside the caller's transaction (matchmaking's): locks both
 * characters (in a fixed order, so two settlements never wait on each other), reads what each brings, fights
 * it from a fresh seed, then moves the Glicko-2 ratings of all time and of this season (not for a repeat of a
 * rated match between the same two within a day), counts the win and the loss, and moves the gold through the
 * gold ledger (the winner's `arenaWinGold`, the loser's `arenaLossGold`, never below zero), each with the
 * match as its cause. The caller publishes after commit.
 */
export async function settleMatch(
  deps: Pick<CharacterDeps, "now">,
  tx: Tx,
  players: { a: string; b: string },
  settings: Pick<CharacterSettings, "arenaWinGold" | "arenaLossGold">,
  /** The demo's matches: a known id and seed, so the demo is the same on every machine and its pages can be named. */
  fixed: { matchId?: string; seed?: string } = {},
): Promise<SettledMatch> {
  const now = deps.now();
  const season = seasonOf(now);
  for (const userId of [players.a, players.b].sort()) await lockCharacter(tx, userId);
  const snapshots = await readSnapshots(tx, [players.a, players.b]);
  const snapshot: MatchSnapshot = { a: snapshots.get(players.a)!, b: snapshots.get(players.b)! };
  const seed = fixed.seed ?? randomBytes(16).toString("hex");
  const result = resolveMatch(snapshot, seed, ENGINE_VERSION);

  const [repeat] = await tx
    .select({ id: arenaMatches.id })
    .from(arenaMatches)
    .where(
      and(
        eq(arenaMatches.rated, true),
        gt(arenaMatches.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
        or(
          and(eq(arenaMatches.playerA, players.a), eq(arenaMatches.playerB, players.b)),
          and(eq(arenaMatches.playerA, players.b), eq(arenaMatches.playerB, players.a)),
        ),
      ),
    )
    .limit(1);
  const rated = !repeat;

  // Rows for both people in both seasons, then locked in a fixed order.
  const userIds = [players.a, players.b].sort();
  await tx
    .insert(arenaRatings)
    .values(userIds.flatMap((userId) => [ALL_TIME, season].map((s) => ({ userId, season: s, ...ARENA_START, updatedAt: now }))))
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(arenaRatings)
    .where(and(inArray(arenaRatings.userId, userIds), inArray(arenaRatings.season, [ALL_TIME, season])))
    .orderBy(arenaRatings.userId, arenaRatings.season)
    .for("update");
  const row = (userId: string, s: string) => rows.find((r) => r.userId === userId && r.season === s)!;

  const scoreA = result.winner === "a" ? 1 : result.winner === "b" ? 0 : 0.5;
  const changes = {} as Record<Side, Record<"all" | "season", RatingChange>>;
  for (const side of ["a", "b"] as const) changes[side] = {} as Record<"all" | "season", RatingChange>;
  for (const [key, s] of [
    ["all", ALL_TIME],
    ["season", season],
  ] as const) {
    const before = { a: row(players.a, s), b: row(players.b, s) };
    const after = rated ? rateMatch(ratingOf(before.a), ratingOf(before.b), scoreA) : { a: ratingOf(before.a), b: ratingOf(before.b) };
    for (const side of ["a", "b"] as const) {
      const won = result.winner === side;
      const lost = result.winner !== null && !won;
      await tx
        .update(arenaRatings)
        .set({
          rating: after[side].rating,
          deviation: after[side].deviation,
          volatility: after[side].volatility,
          wins: sql`${arenaRatings.wins} + ${won ? 1 : 0}`,
          losses: sql`${arenaRatings.losses} + ${lost ? 1 : 0}`,
          lastMatchAt: now,
          updatedAt: now,
        })
        .where(and(eq(arenaRatings.userId, players[side]), eq(arenaRatings.season, s)));
      changes[side][key] = {
        before: before[side].rating,
        after: after[side].rating,
        deviationBefore: before[side].deviation,
        deviationAfter: after[side].deviation,
      };
    }
  }

  const [match] = await tx
    .insert(arenaMatches)
    .values({
      ...(fixed.matchId ? { id: fixed.matchId } : {}),
      playerA: players.a,
      playerB: players.b,
      seed,
      engine: ENGINE_VERSION,
      snapshot: snapshot as unknown as Record<string, unknown>,
      winnerId: result.winner ? players[result.winner] : null,
      turns: result.turns.length,
      rated,
      season,
      createdAt: now,
    })
    .returning({ id: arenaMatches.id });
  const matchId = match!.id;

  const gold: Record<Side, number> = { a: 0, b: 0 };
  if (result.winner) {
    const winner = result.winner;
    const loser: Side = winner === "a" ? "b" : "a";
    if (settings.arenaWinGold > 0) {
      const won = await moveGold(tx, {
        userId: players[winner],
        reason: "arena_win",
        amount: settings.arenaWinGold,
        sourceId: matchId,
        counterpartId: players[loser],
      });
      gold[winner] = won?.amount ?? 0;
    }
    if (settings.arenaLossGold > 0) {
      const lost = await moveGold(tx, {
        userId: players[loser],
        reason: "arena_loss",
        amount: -settings.arenaLossGold,
        sourceId: matchId,
        counterpartId: players[winner],
        clampAtZero: true,
      });
      gold[loser] = lost?.amount ?? 0;
    }
  }

  const outcomeOf = (side: Side): PlayerOutcome => ({
    userId: players[side],
    result: result.winner === null ? "draw" : result.winner === side ? "win" : "loss",
    ratings: changes[side],
    gold: gold[side],
  });
  const outcome: MatchOutcome = { decidedBy: result.decidedBy, digest: turnsDigest(result), a: outcomeOf("a"), b: outcomeOf("b") };
  await tx.update(arenaMatches).set({ outcome }).where(eq(arenaMatches.id, matchId));
  return { matchId, playerA: players.a, playerB: players.b, winnerId: result.winner ? players[result.winner] : null, rated };
}
