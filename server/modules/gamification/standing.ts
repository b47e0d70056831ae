import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { userStats, xpLedger } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { GamificationDeps } from "./deps";
import type { XpReason } from "./pipeline";

/** Where a person stands before an act that may earn XP: the highest level they ever reached. */
export type Standing = { peakLevel: number };

/** What an act earned its author: the XP of its award (0 when a cap left none) and a new level, if reached. */
export type Earned = { xp: number; levelUp: { level: number; statPoints: number } | null };

/** One's highest level so far (1 before any XP). One primary-key read. */
export async function standingOf(deps: { db: Pick<Database, "select"> }, actor: NonNullable<Actor>): Promise<Standing> {
  const [row] = await deps.db.select({ peakLevel: userStats.peakLevel }).from(userStats).where(eq(userStats.userId, actor.userId)).limit(1);
  return { peakLevel: row?.peakLevel ?? 1 };
}

/**
 * What one source (a reply, a thread) earned the actor, read after the act: the forum's events are handled
 * before its operation returns (the award is written by the listener in its own transaction, after the
 * forum's commit), so the ledger already holds the award, as the pipeline made it (modifiers, daily caps).
 * A source that earned nothing, or whose award failed, answers 0. A new level is one above `before`'s peak
 * (the level.up event's rule), with the stat points it granted. One statement.
 */
export async function earnedFor(
  deps: Pick<GamificationDeps, "db" | "settings">,
  actor: NonNullable<Actor>,
  source: { reason: Extract<XpReason, "thread_create" | "post_create">; sourceId: string },
  before: Standing,
): Promise<Earned> {
  const [row] = await deps.db
    .select({
      peakLevel: userStats.peakLevel,
      xp: sql<number>`(select coalesce(sum(${xpLedger.amount}), 0)::int from ${xpLedger} where ${and(
        eq(xpLedger.userId, actor.userId),
        eq(xpLedger.reason, source.reason),
        eq(xpLedger.sourceId, source.sourceId),
      )})`,
    })
    .from(userStats)
    .where(eq(userStats.userId, actor.userId))
    .limit(1);
  if (!row) return { xp: 0, levelUp: null };
  const xp = Math.max(0, row.xp);
  if (row.peakLevel <= before.peakLevel) return { xp, levelUp: null };
  const { statPointsPerLevel } = await deps.settings.get("gamification_settings");
  return { xp, levelUp: { level: row.peakLevel, statPoints: (row.peakLevel - before.peakLevel) * statPointsPerLevel } };
}

/**
 * The level of each of these people (1 for anyone without XP), for a page that names several members (a
 * thread's posts): one primary-key read for all of them. The stored level, which the XP session keeps with the
 * XP (and the settle job after a level table edit), rather than a subquery on the level table per author: the
 * thread page reads this on every view.
 */
export async function levelsOf(deps: { db: Pick<Database, "select"> }, userIds: readonly string[]): Promise<Record<string, number>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return {};
  const rows = await deps.db
    .select({ userId: userStats.userId, level: userStats.level })
    .from(userStats)
    .where(inArray(userStats.userId, ids));
  const levels: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 1]));
  for (const r of rows) levels[r.userId] = r.level;
  return levels;
}
