import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { achievements, levels, type ACHIEVEMENT_RARITIES, type ACHIEVEMENT_TYPES } from "#server/db/schema";

/**
 * The default level curve (decision 0017): reaching level n needs 25·n·(n−1) XP, so each level costs 50 XP
 * more than the one before (level 2: 50, 5: 500, 10: 2,250, 20: 9,500, 50: 61,250, 100: 247,500).
 */
export const xpForLevel = (n: number) => 25 * n * (n - 1);
export const DEFAULT_LEVEL_COUNT = 100;

/** Titles by band of levels (i18n keys in the `levels` namespace). */
const TITLE_BANDS: Array<[fromLevel: number, key: string]> = [
  [1, "titles.newcomer"],
  [5, "titles.explorer"],
  [10, "titles.regular"],
  [20, "titles.adept"],
  [30, "titles.veteran"],
  [40, "titles.expert"],
  [50, "titles.master"],
  [70, "titles.grandmaster"],
  [90, "titles.legend"],
  [100, "titles.mythic"],
];
export const titleKeyFor = (level: number) => [...TITLE_BANDS].reverse().find(([from]) => level >= from)![1];

export const DEFAULT_LEVELS = Array.from({ length: DEFAULT_LEVEL_COUNT }, (_, i) => ({
  level: i + 1,
  titleKey: titleKeyFor(i + 1),
  xpRequired: xpForLevel(i + 1),
}));

type Rarity = (typeof ACHIEVEMENT_RARITIES)[number];
type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];
const a = (type: AchievementType, threshold: number, rarity: Rarity, rewardXp: number) => {
  const key = `${type === "level" ? "level" : type}_${threshold}`;
  return { id: key, key, nameKey: `${key}.name`, descriptionKey: `${key}.description`, type, threshold, rarity, rewardXp };
};

/** SPEC §9's thresholds: threads 1, 5, 20; replies 10, 50; likes 1, 50, 200, 1000 given and received; levels 5…100. */
export const DEFAULT_ACHIEVEMENTS = [
  a("threads", 1, "Common", 10),
  a("threads", 5, "Rare", 25),
  a("threads", 20, "Epic", 75),
  a("posts", 10, "Common", 15),
  a("posts", 50, "Rare", 50),
  a("likes_given", 1, "Common", 5),
  a("likes_given", 50, "Rare", 25),
  a("likes_given", 200, "Epic", 75),
  a("likes_given", 1000, "Legendary", 200),
  a("likes_received", 1, "Common", 5),
  a("likes_received", 50, "Rare", 50),
  a("likes_received", 200, "Epic", 100),
  a("likes_received", 1000, "Legendary", 250),
  a("level", 5, "Common", 25),
  a("level", 10, "Rare", 50),
  a("level", 20, "Epic", 100),
  a("level", 50, "Legendary", 250),
  a("level", 100, "Legendary", 500),
];

/**
 * Writes the default levels and achievements once, on a database without levels (the first start after the
 * migration). Level 1 can never be deleted, so an admin's later edits and deletions are never undone here.
 */
export async function ensureGamificationDefaults(db: Database): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(levels);
  if (n > 0) return false;
  await db.insert(levels).values(DEFAULT_LEVELS).onConflictDoNothing();
  await db.insert(achievements).values(DEFAULT_ACHIEVEMENTS).onConflictDoNothing();
  return true;
}
