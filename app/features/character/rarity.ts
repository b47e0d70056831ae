import type { ItemRarity } from "#shared/character";

/**
 * The colour of each item rarity, the same family as the achievements' (slate, emerald, sky, violet, amber),
 * every text colour at WCAG AA on card and muted in both themes. The rarity is always written too: the colour
 * only repeats it.
 */
export const ITEM_RARITY_CLASSES: Record<ItemRarity, { text: string; border: string; chip: string }> = {
  common: { text: "text-slate-700 dark:text-slate-200", border: "border-slate-400", chip: "bg-slate-400 dark:bg-slate-300" },
  uncommon: { text: "text-emerald-800 dark:text-emerald-300", border: "border-emerald-500", chip: "bg-emerald-500 dark:bg-emerald-400" },
  rare: { text: "text-sky-800 dark:text-sky-300", border: "border-sky-500", chip: "bg-sky-500 dark:bg-sky-400" },
  epic: { text: "text-violet-800 dark:text-violet-300", border: "border-violet-500", chip: "bg-violet-500 dark:bg-violet-400" },
  legendary: { text: "text-amber-800 dark:text-amber-300", border: "border-amber-500", chip: "bg-amber-500 dark:bg-amber-400" },
};
