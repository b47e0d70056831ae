import type { AchievementRarity } from "#server/modules/gamification";

/**
 * The colour of each rarity (SPEC §3: Common, Rare, Epic, Legendary): slate, sky, violet and amber. Every text
 * colour keeps WCAG AA contrast (4.5:1) on the card and muted backgrounds in both themes. Rarity is always
 * written too (RarityBadge): the colour only repeats it.
 */
export const RARITY_CLASSES: Record<AchievementRarity, { text: string; border: string; bar: string; dot: string }> = {
  Common: {
    text: "text-slate-700 dark:text-slate-200",
    border: "border-slate-400",
    bar: "bg-slate-500 dark:bg-slate-300",
    dot: "bg-slate-400",
  },
  Rare: { text: "text-sky-800 dark:text-sky-300", border: "border-sky-500", bar: "bg-sky-600 dark:bg-sky-400", dot: "bg-sky-500" },
  Epic: {
    text: "text-violet-800 dark:text-violet-300",
    border: "border-violet-500",
    bar: "bg-violet-600 dark:bg-violet-400",
    dot: "bg-violet-500",
  },
  Legendary: {
    text: "text-amber-800 dark:text-amber-300",
    border: "border-amber-500",
    bar: "bg-amber-600 dark:bg-amber-400",
    dot: "bg-amber-500",
  },
};

/** Rarities from the most common to the rarest (for sorting and legends). */
export const RARITY_ORDER: AchievementRarity[] = ["Common", "Rare", "Epic", "Legendary"];
