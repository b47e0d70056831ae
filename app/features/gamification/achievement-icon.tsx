import { Icon, type IconName } from "#app/components/ui/icon";
import type { AchievementRarity } from "#server/modules/gamification";
import { iconByKey } from "./icon-by-key";
import { RARITY_CLASSES } from "./rarity";

/** The icons an admin may name in an achievement's `icon` column (app/features/admin/gamification-limits.ts). */
const NAMED_ICONS: Record<string, IconName> = {
  star: "star",
  message: "message-square",
  heart: "heart",
  trophy: "trophy",
  award: "award",
  flame: "flame",
  crown: "crown",
  sparkles: "sparkles",
  shield: "shield",
  gamepad: "gamepad-2",
};

/**
 * The icon of an achievement on the account, profile and admin pages: the one an admin named, else the one
 * its key gives (as the side panel shows it).
 */
export function achievementIcon(key: string, icon?: string | null): IconName {
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
  const c = RARITY_CLASSES[rarity];
  return (
    <span
      aria-hidden="true"
      className={`relative inline-flex shrink-0 self-start items-center justify-center rounded-full border-2 bg-muted p-2 ${locked ? "border-border text-muted-foreground opacity-70" : `${c.border} ${c.text}`}`}
    >
      <Icon name={achievementIcon(achievementKey, icon)} size={size} />
      {locked ? (
        <span className="absolute -bottom-1 -right-1 rounded-full border border-border bg-card p-0.5 text-muted-foreground">
          <Icon name="lock" size={12} />
        </span>
      ) : null}
    </span>
  );
}
