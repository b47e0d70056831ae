import { ACHIEVEMENT_TYPE_LIST, RARITY_LIST } from "#shared/gamification-limits";

/** The achievements table's sortable columns, as the URL names them (`?sort=xp&dir=desc`). */
export const ACHIEVEMENT_SORTS = ["name", "condition", "rarity", "xp", "earned"] as const;
export type AchievementSort = (typeof ACHIEVEMENT_SORTS)[number];
export type SortDir = "asc" | "desc";

/** `?sort=&dir=` as typed in a URL: anything unknown is the default order (by condition, ascending). */
export function sortOf(q: URLSearchParams): { sort: AchievementSort; dir: SortDir } {
  const sort = ACHIEVEMENT_SORTS.find((s) => s === q.get("sort")) ?? "condition";
  return { sort, dir: q.get("dir") === "desc" ? "desc" : "asc" };
}

type Sortable = { type: string; threshold: number; rarity: string; rewardXp: number; unlocks: number; name: string };

/**
 * The rows in the asked order; ties keep the default order (what they count, then threshold), so the order
 * is stable whatever the column. Names compare in the page's language.
 */
export function sortAchievements<T extends Sortable>(rows: T[], sort: AchievementSort, dir: SortDir, locale: string): T[] {
  const byName = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const typeIndex = (t: string) => ACHIEVEMENT_TYPE_LIST.indexOf(t as never);
  const byCondition = (a: T, b: T) => typeIndex(a.type) - typeIndex(b.type) || a.threshold - b.threshold;
  const compare: Record<AchievementSort, (a: T, b: T) => number> = {
    name: (a, b) => byName.compare(a.name, b.name),
    condition: byCondition,
    rarity: (a, b) => RARITY_LIST.indexOf(a.rarity as never) - RARITY_LIST.indexOf(b.rarity as never),
    xp: (a, b) => a.rewardXp - b.rewardXp,
    earned: (a, b) => a.unlocks - b.unlocks,
  };
  const sign = dir === "desc" ? -1 : 1;
  return [...rows].sort((a, b) => sign * compare[sort](a, b) || byCondition(a, b));
}
