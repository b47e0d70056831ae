import type { IconName } from "#app/components/ui/icons";

/**
 * SPEC §2 card 3: an achievement's icon chosen by its key — a key naming a level → a star, posts or threads →
 * a message, likes → a heart, anything else → a trophy. Its own small module: the side panel is on every page,
 * so it must not pull in the icons an admin can name (achievement-icon.tsx).
 */
export function iconByKey(key: string): IconName {
  if (key.includes("level")) return "star";
  if (key.includes("post") || key.includes("thread")) return "message-square";
  if (key.includes("like")) return "heart";
  return "trophy";
}
