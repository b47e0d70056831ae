import { Glicko2 } from "glicko2";
import { ARENA_START } from "#shared/character";

/** Glickman's system constant: how fast volatility may change (0.5 is his example's and the package's default). */
export const GLICKO2_TAU = 0.5;

export type Glicko2Rating = { rating: number; deviation: number; volatility: number };
/** A result from the player's side: 1 won, 0 lost, 0.5 drawn. */
export type Glicko2Result = { opponent: Glicko2Rating; score: 0 | 0.5 | 1 };

/**
 * One player's new rating after one rating period against these opponents, by the `glicko2` package (Glickman's
 * algorithm with the Illinois procedure for the volatility). The opponents are rated from where they stood
 * before the period, as the system requires; the arena calls it with one opponent (one match, one period).
 */
export function glicko2Update(player: Glicko2Rating, results: readonly Glicko2Result[]): Glicko2Rating {
  const system = new Glicko2({ tau: GLICKO2_TAU, rating: ARENA_START.rating, rd: ARENA_START.deviation, vol: ARENA_START.volatility });
  const me = system.makePlayer(player.rating, player.deviation, player.volatility);
  system.updateRatings(
    results.map((r) => [me, system.makePlayer(r.opponent.rating, r.opponent.deviation, r.opponent.volatility), r.score]),
  );
  return { rating: me.getRating(), deviation: me.getRd(), volatility: me.getVol() };
}

/** Both players' new ratings after one match between them (`scoreA` from A's side). */
export function rateMatch(a: Glicko2Rating, b: Glicko2Rating, scoreA: 0 | 0.5 | 1): { a: Glicko2Rating; b: Glicko2Rating } {
  const scoreB = (1 - scoreA) as 0 | 0.5 | 1;
  return { a: glicko2Update(a, [{ opponent: b, score: scoreA }]), b: glicko2Update(b, [{ opponent: a, score: scoreB }]) };
}
