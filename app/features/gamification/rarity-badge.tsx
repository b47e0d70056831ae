import { useTranslation } from "react-i18next";
import type { AchievementRarity } from "#server/modules/gamification";
import { RARITY_CLASSES } from "./rarity";

/** An achievement's rarity as a word in its colour, with a dot (needs the `badges` namespace). */
export function RarityBadge({ rarity, className = "" }: { rarity: AchievementRarity; className?: string }) {
  const { t } = useTranslation("badges");
  const c = RARITY_CLASSES[rarity] ?? RARITY_CLASSES.Common;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold ${c.text} ${c.border} ${className}`}
    >
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${c.dot}`} />
      {t(`rarity.${rarity}`)}
    </span>
  );
}
