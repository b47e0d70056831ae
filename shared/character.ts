/**
 * The role-play character's constants, read by the pages and the server alike (SPEC §1, §3, §9): classes,
 * stats, equipment slots, item rarities, the class perks and the limits each form shows.
 */

export const CHARACTER_CLASSES = ["warrior", "mage", "rogue", "trader"] as const;
export type CharacterClass = (typeof CHARACTER_CLASSES)[number];

export const CHARACTER_STATS = ["strength", "intelligence", "agility", "charisma"] as const;
export type CharacterStat = (typeof CHARACTER_STATS)[number];

/** Every stat starts here; each stat point spent adds one. */
export const BASE_STAT = 5;

/** SPEC §3: the eleven equipment slots, in the order the inventory lists them. */
export const ITEM_SLOTS = ["head", "chest", "legs", "feet", "main_hand", "off_hand", "ring", "amulet", "frame", "aura", "badge"] as const;
export type ItemSlot = (typeof ITEM_SLOTS)[number];

export const ITEM_RARITIES = ["common", "uncommon", "rare", "epic", "legendary"] as const;
export type ItemRarity = (typeof ITEM_RARITIES)[number];

/** How an item reached a person's inventory. */
export const ITEM_SOURCES = ["purchase", "achievement", "arena", "grant"] as const;
export type ItemSource = (typeof ITEM_SOURCES)[number];

/**
 * SPEC §9, as percentages: warrior +5% combat power; mage +5% gold from all sources; rogue +5% initiative in
 * the arena; trader +3% XP when others comment on their threads.
 */
export const CLASS_PERKS = {
  warrior: { kind: "combat_power", percent: 5 },
  mage: { kind: "gold", percent: 5 },
  rogue: { kind: "initiative", percent: 5 },
  trader: { kind: "thread_reply_xp", percent: 3 },
} as const satisfies Record<CharacterClass, { kind: string; percent: number }>;

/** Why gold moved. Every coin has one of these and a source (decision: the gold ledger mirrors the XP ledger). */
export const GOLD_REASONS = [
  "level_up",
  "achievement",
  "arena_win",
  "arena_loss",
  "daily_activity",
  "item_purchase",
  "class_change",
  "adjustment",
] as const;
export type GoldReason = (typeof GOLD_REASONS)[number];

/** Render states of an avatar (SPEC §4: pending, failed; plus done, and cancelled by an admin). */
export const AVATAR_RENDER_STATUSES = ["pending", "done", "failed", "cancelled"] as const;
export type AvatarRenderStatus = (typeof AVATAR_RENDER_STATUSES)[number];

/** Which picture stands for the person across the site: the uploaded one or the rendered character. */
export const AVATAR_CHOICES = ["upload", "rendered"] as const;
export type AvatarChoice = (typeof AVATAR_CHOICES)[number];

/** SPEC §4 arena states of a queue entry: waiting, then matched, or failed (no opponent found in time). */
export const ARENA_QUEUE_STATUSES = ["waiting", "matched", "failed", "left"] as const;
export type ArenaQueueStatus = (typeof ARENA_QUEUE_STATUSES)[number];

/** Glicko-2 defaults (Glickman): new players at 1500, deviation 350, volatility 0.06. */
export const ARENA_START = { rating: 1500, deviation: 350, volatility: 0.06 } as const;
/** A player is provisional (shown apart on the leaderboard) while their deviation is above this. */
export const ARENA_PROVISIONAL_DEVIATION = 110;
/** Leaderboards list this many. */
export const ARENA_LEADERBOARD_SIZE = 100;

/** Form limits shown beside the fields and enforced by the operations. */
export const CHARACTER_LIMITS = {
  /** Stat points spent at once. */
  statPointsPerSpend: 100,
  itemNameMax: 60,
  itemDescriptionMax: 280,
  itemStatBonusMax: 50,
  itemLevelMax: 100,
  itemPriceMax: 100_000,
  itemArtMaxBytes: 512 * 1024,
} as const;
