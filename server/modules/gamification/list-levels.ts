import { asc } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { levels } from "#server/db/schema";

/**
 * A level as pages show it: its number, its title (an i18n key in `levels`) and the title's rank among the
 * levels that share it (levels 1–4 are Newcomer I–IV), so no two levels read the same; null when the title
 * names one level only.
 */
export type LevelView = { level: number; titleKey: string; titleRank: number | null; xpRequired: number };

/**
 * Ranks each title among the levels that share it, in level order. Computed from the table as it stands, so
 * every level keeps a distinct name whatever titles an admin gives them (no stored name can repeat).
 */
export function rankTitles<T extends { level: number; titleKey: string }>(rows: T[]): (T & { titleRank: number | null })[] {
  const sorted = [...rows].sort((a, b) => a.level - b.level);
  const total = new Map<string, number>();
  for (const r of sorted) total.set(r.titleKey, (total.get(r.titleKey) ?? 0) + 1);
  const seen = new Map<string, number>();
  return sorted.map((r) => {
    const rank = (seen.get(r.titleKey) ?? 0) + 1;
    seen.set(r.titleKey, rank);
    return { ...r, titleRank: total.get(r.titleKey)! > 1 ? rank : null };
  });
}

/** The level table (public): number, title and its rank, XP required, in order. */
export async function listLevels(deps: { db: Pick<Database, "select"> }): Promise<LevelView[]> {
  const rows = await deps.db
    .select({ level: levels.level, titleKey: levels.titleKey, xpRequired: levels.xpRequired })
    .from(levels)
    .orderBy(asc(levels.level));
  return rankTitles(rows);
}
