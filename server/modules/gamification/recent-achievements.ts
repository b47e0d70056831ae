import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { achievements, profiles, userAchievements } from "#server/db/schema";
import type { AchievementRarity } from "./views";

export type RecentAchievement = {
  key: string;
  nameKey: string;
  names: { es: string | null; en: string | null };
  icon: string | null;
  rarity: AchievementRarity;
  createdAt: string;
  username: string;
  avatarUrl: string | null;
};

/**
 * The newest unlocked achievements, whoever unlocked them (the side panel's card 3, SPEC §2: 3 of them), with
 * the key (the page picks the icon by it), the name key or typed names, and who. One statement.
 */
export async function recentAchievements(deps: { db: Pick<Database, "select"> }, limit = 3): Promise<RecentAchievement[]> {
  const n = Math.min(Math.max(Math.trunc(limit) || 1, 1), 50);
  const rows = await deps.db
    .select({
      key: achievements.key,
      nameKey: achievements.nameKey,
      nameEs: achievements.nameEs,
      nameEn: achievements.nameEn,
      icon: achievements.icon,
      rarity: achievements.rarity,
      createdAt: userAchievements.createdAt,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
    })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .innerJoin(profiles, eq(profiles.id, userAchievements.userId))
    .orderBy(desc(userAchievements.createdAt), desc(achievements.threshold))
    .limit(n);
  return rows.map((r) => ({
    key: r.key,
    nameKey: r.nameKey,
    names: { es: r.nameEs, en: r.nameEn },
    icon: r.icon,
    rarity: r.rarity,
    createdAt: r.createdAt.toISOString(),
    username: r.username,
    avatarUrl: r.avatarUrl,
  }));
}
