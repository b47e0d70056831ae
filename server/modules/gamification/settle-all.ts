import { sql } from "drizzle-orm";
import { achievements, userAchievements, userStats } from "#server/db/schema";
import { announceChange } from "./announce-change";
import type { GamificationDeps } from "./deps";
import { runSession } from "./session";
import { levelOfXp } from "./views";

/**
 * Brings everyone up to date with the current levels and achievements, one person per transaction (the
 * `gamification.settle` job, started when an admin adds or changes an achievement or a level): people whose
 * level differs from what their XP gives now, or who qualify for an achievement they do not have. Each is
 * settled as after an award: level, stat points for levels above their highest, achievements unlocked once
 * (reward XP, notification). Running it again changes nothing. Answers how many people were settled.
 */
export async function settleAll(
  deps: Pick<GamificationDeps, "db" | "settings" | "events" | "modifiers" | "now" | "log">,
): Promise<{ settled: number }> {
  const level = levelOfXp(userStats.xp);
  const value = sql`case ${achievements.type}
    when 'threads' then ${userStats.threads}
    when 'posts' then ${userStats.replies}
    when 'likes_given' then ${userStats.likesGiven}
    when 'likes_received' then ${userStats.likesReceived}
    else ${level} end`;
  const rows = await deps.db
    .select({ userId: userStats.userId })
    .from(userStats)
    .where(
      sql`${userStats.level} <> ${level} or ${level} > ${userStats.peakLevel} or exists (
        select 1 from ${achievements} where ${value} >= ${achievements.threshold}
        and not exists (select 1 from ${userAchievements} where ${userAchievements.userId} = ${userStats.userId} and ${userAchievements.achievementId} = ${achievements.id}))`,
    );
  for (const { userId } of rows) {
    await runSession(deps, deps.now(), async (s) => {
      await s.lock([userId]);
      s.touch(userId);
    });
  }
  if (rows.length) {
    deps.log.info("gamification settled", { settled: rows.length });
    await announceChange(deps, "settled");
  }
  return { settled: rows.length };
}
