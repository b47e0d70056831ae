import { count, desc, eq, inArray, or } from "drizzle-orm";
import { arenaMatches, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type CharacterDeps } from "#server/modules/character/deps";
import { assertCan } from "#server/modules/character/policy";
import { ARENA_MATCHES_PAGE_SIZE, memberMatchesInput } from "./input";
import type { MatchOutcome } from "./settle-match";

export type MatchListItem = {
  id: string;
  createdAt: Date;
  opponent: { userId: string; username: string };
  result: "win" | "loss" | "draw";
  rated: boolean;
  /** All-time rating before and after, from this member's side. */
  ratingBefore: number;
  ratingAfter: number;
  gold: number;
};
export type MatchList = { items: MatchListItem[]; page: number; pageCount: number; total: number };

/** A member's matches, newest first, 20 a page (public, like the matches themselves). */
export async function listMatches(deps: Pick<CharacterDeps, "db">, actor: Actor, input: unknown): Promise<MatchList> {
  assertCan(actor, "arena_match.view");
  const { userId, page } = parseInput(memberMatchesInput, input);
  const mine = or(eq(arenaMatches.playerA, userId), eq(arenaMatches.playerB, userId));
  const [{ total } = { total: 0 }] = await deps.db.select({ total: count() }).from(arenaMatches).where(mine);
  const pageCount = Math.max(1, Math.ceil(total / ARENA_MATCHES_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await deps.db
    .select({
      id: arenaMatches.id,
      createdAt: arenaMatches.createdAt,
      playerA: arenaMatches.playerA,
      playerB: arenaMatches.playerB,
      rated: arenaMatches.rated,
      outcome: arenaMatches.outcome,
    })
    .from(arenaMatches)
    .where(mine)
    .orderBy(desc(arenaMatches.createdAt), desc(arenaMatches.id))
    .limit(ARENA_MATCHES_PAGE_SIZE)
    .offset((current - 1) * ARENA_MATCHES_PAGE_SIZE);
  const opponentIds = [...new Set(rows.map((r) => (r.playerA === userId ? r.playerB : r.playerA)))];
  const names = opponentIds.length
    ? await deps.db.select({ id: profiles.id, username: profiles.username }).from(profiles).where(inArray(profiles.id, opponentIds))
    : [];
  const items = rows.map((r): MatchListItem => {
    const side = r.playerA === userId ? "a" : "b";
    const opponentId = side === "a" ? r.playerB : r.playerA;
    const me = (r.outcome as unknown as MatchOutcome)[side];
    return {
      id: r.id,
      createdAt: r.createdAt,
      opponent: { userId: opponentId, username: names.find((n) => n.id === opponentId)?.username ?? "" },
      result: me.result,
      rated: r.rated,
      ratingBefore: me.ratings.all.before,
      ratingAfter: me.ratings.all.after,
      gold: me.gold,
    };
  });
  return { items, page: current, pageCount, total };
}
