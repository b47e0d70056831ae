import { Heart, Lock, MessageSquare, Star, Trophy, type LucideIcon } from "lucide-react";
import type { AchievementRarity } from "../../../server/modules/gamification";
import { RARITY_CLASSES } from "./rarity";

/**
 * The icon of an achievement, chosen by its key (SPEC §2): a key naming a level → a star, posts or threads →
 * a message, likes → a heart, anything else → a trophy. Achievements an admin adds get theirs the same way.
 */
export function achievementIcon(key: string): LucideIcon {
  if (key.includes("level")) return Star;
  if (key.includes("post") || key.includes("thread")) return MessageSquare;
  if (key.includes("like")) return Heart;
  return Trophy;
}

/**
 * The icon in a round frame in its rarity's colour; a locked achievement is greyed with a small lock. Purely
 * decorative: the name, rarity and state are always written next to it.
 */
export function AchievementIcon({ achievementKey, rarity, locked = false, size = 22 }: { achievementKey: string; rarity: AchievementRarity; locked?: boolean; size?: number }) {
  const Icon = achievementIcon(achievementKey);
  const c = RARITY_CLASSES[rarity];
  return (
    <span aria-hidden="true" className={`relative inline-flex shrink-0 self-start items-center justify-center rounded-full border-2 bg-muted p-2 ${locked ? "border-border text-muted-foreground opacity-70" : `${c.border} ${c.text}`}`}>
      <Icon size={size} />
      {locked ? (
        <span className="absolute -bottom-1 -right-1 rounded-full border border-border bg-card p-0.5 text-muted-foreground">
          <Lock size={12} />
        </span>
      ) : null}
    </span>
  );
}
