import { Award, Crown, Flame, Gamepad2, Heart, Lock, MessageSquare, Shield, Sparkles, Star, Trophy, type LucideIcon } from "lucide-react";
import type { AchievementRarity } from "#server/modules/gamification";
import { iconByKey } from "./icon-by-key";
import { RARITY_CLASSES } from "./rarity";

/** The icons an admin may name in an achievement's `icon` column (app/features/admin/gamification-limits.ts). */
const NAMED_ICONS: Record<string, LucideIcon> = {
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

/**
 * The icon of an achievement on the account, profile and admin pages: the one an admin named, else the one
 * its key gives (as the side panel shows it).
 */
export function achievementIcon(key: string, icon?: string | null): LucideIcon {
  return (icon && NAMED_ICONS[icon]) || iconByKey(key);
}

/**
 * The icon in a round frame in its rarity's colour; a locked achievement is greyed with a small lock. Purely
 * decorative: the name, rarity and state are always written next to it.
 */
export function AchievementIcon({
  achievementKey,
  icon,
  rarity,
  locked = false,
  size = 22,
}: {
  achievementKey: string;
  icon?: string | null;
  rarity: AchievementRarity;
  locked?: boolean;
  size?: number;
}) {
  const Icon = achievementIcon(achievementKey, icon);
  const c = RARITY_CLASSES[rarity];
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex shrink-0 self-start items-center justify-center rounded-full border-2 bg-muted p-2 ${locked ? "border-border text-muted-foreground opacity-70" : `${c.border} ${c.text}`}`}
    >
      <Icon size={size} />
      {locked ? (
        <span className="absolute -bottom-1 -right-1 rounded-full border border-border bg-card p-0.5 text-muted-foreground">
          <Lock size={12} />
        </span>
      ) : null}
    </span>
  );
}
