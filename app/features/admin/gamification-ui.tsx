import { Award, Crown, Flame, Gamepad2, Heart, MessageSquare, Shield, Sparkles, Star, Trophy, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { achievementIcon } from "~/components/layout/side-panel";
import type { AchievementIconName, Rarity } from "./gamification-limits";

const ICONS: Record<AchievementIconName, LucideIcon> = {
  star: Star,
  message: MessageSquare,
  heart: Heart,
  trophy: Trophy,
  award: Award,
  flame: Flame,
  crown: Crown,
  sparkles: Sparkles,
  shield: Shield,
  gamepad: Gamepad2,
};

/** An achievement's icon: the one an admin chose, else the one its key suggests (as the side panel shows it). */
export function achievementIconOf(icon: string | null, key: string): LucideIcon {
  return (icon && ICONS[icon as AchievementIconName]) || achievementIcon(key);
}

/**
 * Each rarity's colour, readable on a card in both themes (at least 4.5:1), and always with its name as text:
 * the colour alone never carries the meaning.
 */
const RARITY_TONE: Record<Rarity, { text: string; dot: string }> = {
  Common: { text: "border-slate-400 text-slate-700 dark:text-slate-200", dot: "bg-slate-400" },
  Rare: { text: "border-sky-500 text-sky-800 dark:text-sky-300", dot: "bg-sky-500" },
  Epic: { text: "border-violet-500 text-violet-800 dark:text-violet-300", dot: "bg-violet-500" },
  Legendary: { text: "border-amber-500 text-amber-800 dark:text-amber-300", dot: "bg-amber-500" },
};

export function RarityBadge({ rarity }: { rarity: Rarity }) {
  const { t } = useTranslation("badges");
  const tone = RARITY_TONE[rarity] ?? RARITY_TONE.Common;
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-semibold ${tone.text}`}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${tone.dot}`} />
      {t(`rarity.${rarity}`)}
    </span>
  );
}

/** A signed XP amount ("+10", "−5"), with a real minus sign. */
export const signedXp = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");

/** A whole number in the page's language ("10,000" / "10.000"). */
export const formatNumber = (n: number, locale: "es" | "en") => new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US").format(n);
