import { asc, sql, type SQL } from "drizzle-orm";
import { achievements, levels, userStats, type ACHIEVEMENT_RARITIES, type ACHIEVEMENT_TYPES } from "#server/db/schema";

/** The level that follows from an XP column (the highest level whose XP required is reached), read live. */
export const levelOfXp = (xp: SQL | typeof userStats.xp): SQL<number> =>
  sql<number>`(select coalesce(max(l.level), 1) from ${levels} l where l.xp_required <= ${xp})`;

export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

/**
 * An achievement as pages show it: name and description are i18n keys in the `badges` namespace, unless an
 * admin typed texts (`names`/`descriptions`, per language; a missing language falls back to the key).
 */
export type AchievementView = {
  id: string;
  key: string;
  nameKey: string;
  descriptionKey: string;
  names: { es: string | null; en: string | null };
  descriptions: { es: string | null; en: string | null };
  icon: string | null;
  rarity: AchievementRarity;
  type: AchievementType;
  threshold: number;
  rewardXp: number;
};

export const toAchievementView = (a: typeof achievements.$inferSelect): AchievementView => ({
  id: a.id,
  key: a.key,
  nameKey: a.nameKey,
  descriptionKey: a.descriptionKey,
  names: { es: a.nameEs, en: a.nameEn },
  descriptions: { es: a.descriptionEs, en: a.descriptionEn },
  icon: a.icon,
  rarity: a.rarity,
  type: a.type,
  threshold: a.threshold,
  rewardXp: a.rewardXp,
});

const TYPE_ORDER: Record<AchievementType, number> = { threads: 0, posts: 1, likes_given: 2, likes_received: 3, level: 4 };
/** Achievements in a stable order: by type (threads, replies, likes given, likes received, level), then threshold. */
export const byTypeAndThreshold = (a: AchievementView, b: AchievementView) =>
  TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.threshold - b.threshold || a.key.localeCompare(b.key);

export const achievementOrder = [asc(achievements.type), asc(achievements.threshold)];
