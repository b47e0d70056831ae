import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { achievements, levels, profiles, userAchievements, userStats } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { parseInput } from "./deps";
import { idField } from "./input";
import { rankTitles } from "./list-levels";
import { achievementValue } from "./session";
import { byTypeAndThreshold, toAchievementView, type AchievementView } from "./views";

const summaryInput = z.object({ userId: idField });

export type AchievementProgress = AchievementView & {
  unlocked: boolean;
  unlockedAt: string | null;
  progress: { current: number; target: number; percent: number };
};

export type PersonSummary = {
  userId: string;
  username: string;
  xp: number;
  level: number;
  titleKey: string;
  /** The title's rank among the levels that share it (see `LevelView`), so each level reads differently. */
  titleRank: number | null;
  /** XP the current level needed, and the next level (null at the top). */
  levelXp: number;
  next: { level: number; titleKey: string; titleRank: number | null; xpRequired: number } | null;
  /** Progress from the current level to the next, 0–100 (100 at the top). */
  progressPercent: number;
  statPoints: number;
  counters: { threads: number; replies: number; likesGiven: number; likesReceived: number };
  achievements: AchievementProgress[];
};

const percent = (current: number, from: number, to: number) =>
  to <= from ? 100 : Math.max(0, Math.min(100, Math.floor(((current - from) * 100) / (to - from))));

/**
 * One person's gamification (SPEC §2 /account and /u/{username}): level and title from their XP, progress to
 * the next level, unspent stat points, counters, and every achievement locked or unlocked with its rarity and
 * progress toward its threshold (an unlocked one stays unlocked when a count drops later). Public: the profile
 * page shows the level and the unlocked achievements. A member without activity has level 1 and 0 XP.
 */
export async function personSummary(deps: { db: Pick<Database, "select"> }, input: unknown): Promise<PersonSummary> {
  const { userId } = parseInput(summaryInput, input);
  const [person] = await deps.db
    .select({ username: profiles.username, stats: userStats })
    .from(profiles)
    .leftJoin(userStats, eq(userStats.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!person) throw new DomainError("not_found");
  const s = person.stats ?? { xp: 0, statPoints: 0, threads: 0, replies: 0, likesGiven: 0, likesReceived: 0 };
  // The whole table (a hundred short rows by default): the titles' ranks depend on every level.
  const table = rankTitles(
    await deps.db
      .select({ level: levels.level, titleKey: levels.titleKey, xpRequired: levels.xpRequired })
      .from(levels)
      .orderBy(asc(levels.xpRequired)),
  ).sort((a, b) => a.xpRequired - b.xpRequired);
  const current = table.findLast((l) => l.xpRequired <= s.xp);
  const next = table.find((l) => l.xpRequired > s.xp);
  const level = current?.level ?? 1;
  const levelXp = current?.xpRequired ?? 0;
  const all = await deps.db.select().from(achievements);
  const unlocked = new Map(
    (await deps.db.select().from(userAchievements).where(eq(userAchievements.userId, userId))).map((u) => [u.achievementId, u.createdAt]),
  );
  const values = { threads: s.threads, replies: s.replies, likesGiven: s.likesGiven, likesReceived: s.likesReceived, level };
  const list = all
    .map(toAchievementView)
    .sort(byTypeAndThreshold)
    .map((a) => {
      const at = unlocked.get(a.id) ?? null;
      const currentValue = achievementValue(a.type, values);
      return {
        ...a,
        unlocked: !!at,
        unlockedAt: at?.toISOString() ?? null,
        progress: { current: currentValue, target: a.threshold, percent: at ? 100 : percent(currentValue, 0, a.threshold) },
      };
    });
  return {
    userId,
    username: person.username,
    xp: s.xp,
    level,
    titleKey: current?.titleKey ?? "titles.newcomer",
    titleRank: current?.titleRank ?? null,
    levelXp,
    next: next ? { level: next.level, titleKey: next.titleKey, titleRank: next.titleRank, xpRequired: next.xpRequired } : null,
    progressPercent: next ? percent(s.xp, levelXp, next.xpRequired) : 100,
    statPoints: s.statPoints,
    counters: { threads: s.threads, replies: s.replies, likesGiven: s.likesGiven, likesReceived: s.likesReceived },
    achievements: list,
  };
}
