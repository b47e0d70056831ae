import { useTranslation } from "react-i18next";
import type { AchievementRarity } from "../../../server/modules/gamification";
import { RARITY_CLASSES } from "./rarity";

/** An achievement's rarity as a word in its colour (needs the `badges` namespace). */
export function RarityBadge({ rarity, className = "" }: { rarity: AchievementRarity; className?: string }) {
  const { t } = useTranslation("badges");
  const c = RARITY_CLASSES[rarity];
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${c.text} ${c.border} ${className}`}>
      {t(`rarity.${rarity}`)}
    </span>
  );
}
