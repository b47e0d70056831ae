/**
 * The gamification admin's lists and limits, without zod (zod must not reach the browser bundle): the pages
 * show them beside the fields and `server/modules/gamification/input.ts` builds its rules from them.
 */
export const GAMIFICATION_LIMITS = {
  xpMax: 10_000,
  capMax: 1_000_000,
  statPointsMax: 100,
  levelMax: 1000,
  xpRequiredMax: 100_000_000,
  thresholdMax: 10_000_000,
  rewardMax: 100_000,
  adjustMax: 1_000_000,
  reasonMin: 3,
  reasonMax: 500,
  nameMax: 80,
  descriptionMax: 300,
  iconMax: 200,
} as const;

/** The settings form's fields (updateSettings' input), grouped as the tab shows them. */
export const SETTINGS_GROUPS = [
  { key: "rewards", fields: ["threadCreateXp", "postCreateXp", "likeReceivedXp"] },
  { key: "caps", fields: ["threadCreateCap", "postCreateCap", "likeReceivedCap", "pairDailyCap"] },
  { key: "levels", fields: ["statPointsPerLevel"] },
] as const;
export type SettingsField = (typeof SETTINGS_GROUPS)[number]["fields"][number];

/** The achievement types and rarities (the schema's columns take these lists). */
export const ACHIEVEMENT_TYPE_LIST = ["threads", "posts", "likes_given", "likes_received", "level"] as const;
export const RARITY_LIST = ["Common", "Rare", "Epic", "Legendary"] as const;
export type Rarity = (typeof RARITY_LIST)[number];

/** The level titles an admin may choose: the `titles.*` keys of the `levels` namespace. */
export const LEVEL_TITLE_KEYS = [
  "titles.newcomer",
  "titles.explorer",
  "titles.regular",
  "titles.adept",
  "titles.veteran",
  "titles.expert",
  "titles.master",
  "titles.grandmaster",
  "titles.legend",
  "titles.mythic",
] as const;

/**
 * The icons an achievement may name (its `icon` column); none (empty) lets the key choose, as the side panel
 * does (level → star, post or thread → speech bubble, like → heart, otherwise a medal).
 */
export const ACHIEVEMENT_ICON_LIST = [
  "star",
  "message",
  "heart",
  "trophy",
  "award",
  "flame",
  "crown",
  "sparkles",
  "shield",
  "gamepad",
] as const;
export type AchievementIconName = (typeof ACHIEVEMENT_ICON_LIST)[number];
