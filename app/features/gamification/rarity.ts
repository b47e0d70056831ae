import type { AchievementRarity } from "../../../server/modules/gamification";

/**
 * The colour of each rarity, from the theme (SPEC §3: Common, Rare, Epic, Legendary). Every text colour keeps
 * WCAG AA contrast (4.5:1) on the card and muted backgrounds in both themes: Common the muted text, Rare the
 * accent, Epic the primary, Legendary amber (dark amber on light, light amber on dark). Rarity is always
 * written too (RarityBadge): the colour only repeats it.
 */
export const RARITY_CLASSES: Record<AchievementRarity, { text: string; border: string; bar: string }> = {
  Common: { text: "text-muted-foreground", border: "border-muted-foreground/60", bar: "bg-muted-foreground" },
  Rare: { text: "text-accent", border: "border-accent/70", bar: "bg-accent" },
  Epic: { text: "text-primary", border: "border-primary/70", bar: "bg-primary" },
  Legendary: { text: "text-amber-800 dark:text-amber-300", border: "border-amber-700/70 dark:border-amber-300/70", bar: "bg-amber-700 dark:bg-amber-300" },
};

/** Rarities from the most common to the rarest (for sorting and legends). */
export const RARITY_ORDER: AchievementRarity[] = ["Common", "Rare", "Epic", "Legendary"];
