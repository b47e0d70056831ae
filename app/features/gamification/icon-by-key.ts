import { Heart, MessageSquare, Star, Trophy, type LucideIcon } from "lucide-react";

/**
 * SPEC §2 card 3: an achievement's icon chosen by its key — a key naming a level → a star, posts or threads →
 * a message, likes → a heart, anything else → a trophy. Its own small module: the side panel is on every page,
 * so it must not pull in the icons an admin can name (achievement-icon.tsx).
 */
export function iconByKey(key: string): LucideIcon {
  if (key.includes("level")) return Star;
  if (key.includes("post") || key.includes("thread")) return MessageSquare;
  if (key.includes("like")) return Heart;
  return Trophy;
}
