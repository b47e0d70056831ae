import { and, eq, inArray, sql } from "drizzle-orm";
import { arenaQueue } from "#server/db/schema";
import { userChannel } from "#server/platform/realtime";
import type { CharacterDeps, Tx } from "#server/modules/character/deps";
import { pairEntries, type WaitingEntry } from "./pairing";
import { settleMatch, type SettledMatch } from "./settle-match";

/** Entries one run considers at most (the oldest first); the next run takes the rest. */
const BATCH = 500;

export type MatchmakingRun = { matches: SettledMatch[]; failed: string[] };

/**
 * One matchmaking run (after each join, and every few seconds from the area's timer): takes the waiting
 * entries no other run holds (`FOR UPDATE SKIP LOCKED`, so concurrent runs share the queue without waiting on
 * each other and a person is in at most one match), pairs them (`pairEntries`), fights and records each pair's
 * match, marks the entries matched, and marks those that waited past `arenaQueueSeconds` failed ('Could not
 * find an opponent.'), all in one transaction. After it commits, each person hears it on their live channel
 * and `arena.match_settled` is published.
 */
export async function matchmake(
  deps: Pick<CharacterDeps, "db" | "settings" | "now" | "events" | "realtime" | "log">,
): Promise<MatchmakingRun> {
  // The timer's usual case, an empty queue, costs one indexed read and no transaction.
  const [anyone] = await deps.db.select({ id: arenaQueue.id }).from(arenaQueue).where(eq(arenaQueue.status, "waiting")).limit(1);
  if (!anyone) return { matches: [], failed: [] };
  const settings = await deps.settings.get("character_settings");
  const run = await deps.db.transaction(async (tx) => {
    const waiting = await tx
      .select({ id: arenaQueue.id, userId: arenaQueue.userId, rating: arenaQueue.rating, joinedAt: arenaQueue.joinedAt })
      .from(arenaQueue)
      .where(eq(arenaQueue.status, "waiting"))
      .orderBy(arenaQueue.joinedAt, arenaQueue.id)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (waiting.length === 0) return { matches: [], failed: [] };
    const now = deps.now();
    const last = await lastOpponents(
      tx,
      waiting.map((w) => w.userId),
    );
    const entries: WaitingEntry[] = waiting.map((w) => ({ ...w, lastOpponentId: last.get(w.userId) ?? null }));
    const { pairs, expired } = pairEntries(entries, now, settings.arenaQueueSeconds);
    const matches: SettledMatch[] = [];
    for (const [x, y] of pairs) {
      const match = await settleMatch(deps, tx, { a: x.userId, b: y.userId }, settings);
      await tx
        .update(arenaQueue)
        .set({ status: "matched", matchId: match.matchId, updatedAt: now })
        .where(and(inArray(arenaQueue.id, [x.id, y.id]), eq(arenaQueue.status, "waiting")));
      matches.push(match);
    }
    if (expired.length > 0) {
      await tx
        .update(arenaQueue)
        .set({ status: "failed", updatedAt: now })
        .where(
          and(
            inArray(
              arenaQueue.id,
              expired.map((e) => e.id),
            ),
            eq(arenaQueue.status, "waiting"),
          ),
        );
    }
    return { matches, failed: expired.map((e) => e.userId) };
  });
  for (const m of run.matches) {
    for (const userId of [m.playerA, m.playerB])
      await deps.realtime.publish(userChannel(userId), { type: "arena.matched", matchId: m.matchId });
    await deps.events.publish("arena.match_settled", {
      matchId: m.matchId,
      playerA: m.playerA,
      playerB: m.playerB,
      winnerId: m.winnerId,
      at: deps.now(),
    });
  }
  for (const userId of run.failed) await deps.realtime.publish(userChannel(userId), { type: "arena.failed" });
  if (run.matches.length || run.failed.length)
    deps.log.info("arena matchmaking", { matches: run.matches.length, failed: run.failed.length });
  return run;
}

/** Each person's last opponent (never met again at once). */
async function lastOpponents(tx: Tx, userIds: string[]) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select distinct on (me) me, opponent from (
      select player_a as me, player_b as opponent, created_at from arena_matches where player_a in (${ids})
      union all
      select player_b as me, player_a as opponent, created_at from arena_matches where player_b in (${ids})
    ) m
    order by me, created_at desc`);
  const rows = (result as unknown as { rows: { me: string; opponent: string }[] }).rows;
  return new Map(rows.map((r) => [r.me, r.opponent]));
}
