import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ARENA_QUEUE_STATUSES,
  AVATAR_CHOICES,
  AVATAR_RENDER_STATUSES,
  BASE_STAT,
  CHARACTER_CLASSES,
  GOLD_REASONS,
  ITEM_RARITIES,
  ITEM_SLOTS,
  ITEM_SOURCES,
} from "#shared/character";
import { users } from "./accounts";
import { achievements } from "./gamification";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A member's role-play character (SPEC §1, §3): the class (picked once; a later change costs gold), the four
 * stats (each starts at BASE_STAT, a spent stat point adds one), and the gold balance, which is the gold
 * ledger's sum kept under a row lock and can never go below zero (the check is the last line of defence).
 * Stat points themselves are granted by gamification (`user_stats.stat_points`) and taken from there when spent.
 */
export const characters = pgTable(
  "characters",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    characterClass: text("class", { enum: CHARACTER_CLASSES }),
    strength: integer("strength").notNull().default(BASE_STAT),
    intelligence: integer("intelligence").notNull().default(BASE_STAT),
    agility: integer("agility").notNull().default(BASE_STAT),
    charisma: integer("charisma").notNull().default(BASE_STAT),
    gold: integer("gold").notNull().default(0),
    /** How many times the class was changed after the first pick (each change is a gold ledger row too). */
    classChanges: integer("class_changes").notNull().default(0),
    /** Which picture stands for the person across the site. */
    avatarChoice: text("avatar_choice", { enum: AVATAR_CHOICES }).notNull().default("upload"),
    /** The last finished render (its PNG and WebP keys in storage), or null before the first one. */
    renderedAvatarId: uuid("rendered_avatar_id"),
    /** The uploaded picture's address, kept while the rendered avatar stands in for it, to go back to it. */
    uploadedAvatarUrl: text("uploaded_avatar_url"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("characters_gold_not_negative", sql`${t.gold} >= 0`),
    check("characters_stats_not_negative", sql`${t.strength} >= 0 and ${t.intelligence} >= 0 and ${t.agility} >= 0 and ${t.charisma} >= 0`),
  ],
);

/**
 * The gold ledger, like the XP ledger: every coin that moves is a row with its cause (reason and source) and
 * how the amount came about (`details`: base, the mage's +5%, …); rows are never updated or deleted by the
 * application, and the balance is their sum (kept in `characters.gold` in the same transaction). The unique
 * index makes each cause pay once (an event handled twice, a match settled twice).
 */
export const goldLedger = pgTable(
  "gold_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: GOLD_REASONS }).notNull(),
    amount: integer("amount").notNull(),
    /** What it was for: a level number, an achievement id, a match id, a day, an item id, … */
    sourceId: text("source_id").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    /** The admin of an adjustment. */
    counterpartId: text("counterpart_id"),
    note: text("note"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gold_ledger_cause_idx").on(t.userId, t.reason, t.sourceId),
    index("gold_ledger_user_idx").on(t.userId, t.id.desc()),
    check("gold_ledger_balance_not_negative", sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * Items (SPEC §3): one slot each, a rarity, stat bonuses, a level requirement and artwork (a drawing that ships
 * with the project, `artKey`, or one an admin uploaded, `artStorageKey`). An item with a price can be bought
 * with gold from the inventory's "available" list; an item an achievement grants names it. A retired item is
 * no longer offered or granted; those who own it keep it.
 */
export const items = pgTable(
  "items",
  {
    id: text("id").primaryKey(),
    slot: text("slot", { enum: ITEM_SLOTS }).notNull(),
    rarity: text("rarity", { enum: ITEM_RARITIES }).notNull(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es").notNull().default(""),
    strength: integer("strength").notNull().default(0),
    intelligence: integer("intelligence").notNull().default(0),
    agility: integer("agility").notNull().default(0),
    charisma: integer("charisma").notNull().default(0),
    levelRequired: integer("level_required").notNull().default(1),
    /** Gold price; null when it cannot be bought (earned only). */
    price: integer("price"),
    /** The achievement that grants it, if any. */
    achievementId: text("achievement_id").references(() => achievements.id, { onDelete: "set null" }),
    /** Granted to the winner of an arena match at random among such items. */
    arenaReward: boolean("arena_reward").notNull().default(false),
    /** The built-in drawing's name (`server/modules/character/avatar/art`). */
    artKey: text("art_key"),
    /** An uploaded drawing (an SVG or PNG in storage), used instead of the built-in one. */
    artStorageKey: text("art_storage_key"),
    sort: integer("sort").notNull().default(0),
    retiredAt: ts("retired_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("items_slot_idx").on(t.slot, t.sort),
    check("items_price_positive", sql`${t.price} is null or ${t.price} > 0`),
    check("items_level_positive", sql`${t.levelRequired} >= 1`),
  ],
);

/** What a person owns: each item once. */
export const userItems = pgTable(
  "user_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "restrict" }),
    source: text("source", { enum: ITEM_SOURCES }).notNull(),
    /** The cause: the gold ledger row of a purchase, the achievement, the match. */
    sourceId: text("source_id"),
    acquiredAt: ts("acquired_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** What a person wears: one item per slot, and only an item they own. */
export const equipment = pgTable(
  "equipment",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slot: text("slot", { enum: ITEM_SLOTS }).notNull(),
    itemId: text("item_id").notNull(),
    equippedAt: ts("equipped_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.slot] }),
    foreignKey({ columns: [t.userId, t.itemId], foreignColumns: [userItems.userId, userItems.itemId] }).onDelete("cascade"),
  ],
);

/**
 * Avatar renders (SPEC §4): each request draws the character's equipped items in layers and rasterises them
 * to PNG and WebP through a pg-boss queue; pending, then done or failed; an admin can requeue, force or cancel.
 * `loadout` is what was drawn (class and item per slot), so a render can be repeated exactly.
 */
export const avatarRenders = pgTable(
  "avatar_renders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: AVATAR_RENDER_STATUSES }).notNull().default("pending"),
    loadout: jsonb("loadout").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    pngKey: text("png_key"),
    webpKey: text("webp_key"),
    requestedBy: text("requested_by"),
    requestedAt: ts("requested_at").notNull().defaultNow(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    index("avatar_renders_status_idx").on(t.status, t.requestedAt),
    index("avatar_renders_user_idx").on(t.userId, t.requestedAt.desc()),
  ],
);

/**
 * Arena ratings, Glicko-2: one row per person and season ('all' for all time, '2026-Q4' for a quarter).
 * Wins, losses and the last opponent keep the anti-abuse rules cheap to check.
 */
export const arenaRatings = pgTable(
  "arena_ratings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    season: text("season").notNull(),
    rating: doublePrecision("rating").notNull(),
    deviation: doublePrecision("deviation").notNull(),
    volatility: doublePrecision("volatility").notNull(),
    wins: integer("wins").notNull().default(0),
    losses: integer("losses").notNull().default(0),
    lastMatchAt: ts("last_match_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.season] }), index("arena_ratings_rank_idx").on(t.season, t.rating.desc())],
);

/**
 * The arena queue: one entry per person at a time (the partial unique index). Matchmaking takes waiting
 * entries under row locks (FOR UPDATE SKIP LOCKED), so a person is in at most one match; an entry that waits
 * past the limit is marked failed ('Could not find an opponent.').
 */
export const arenaQueue = pgTable(
  "arena_queue",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ARENA_QUEUE_STATUSES }).notNull().default("waiting"),
    rating: doublePrecision("rating").notNull(),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    matchId: uuid("match_id"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("arena_queue_waiting_idx")
      .on(t.userId)
      .where(sql`${t.status} = 'waiting'`),
    index("arena_queue_status_idx").on(t.status, t.joinedAt),
  ],
);

/**
 * A fought match: both players, the seed and what each brought (stats, class, equipment: `snapshot`), so the
 * same turns can be computed again at any time; the result, and the rating and gold changes it caused.
 * `rated` is false for a repeat against the same opponent within a day (no rating moves then).
 */
export const arenaMatches = pgTable(
  "arena_matches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    playerA: text("player_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playerB: text("player_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    seed: text("seed").notNull(),
    /** The engine's version: a replay uses the rules the match was fought with. */
    engine: integer("engine").notNull().default(1),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    winnerId: text("winner_id"),
    turns: integer("turns").notNull(),
    rated: boolean("rated").notNull().default(true),
    season: text("season").notNull(),
    /** Ratings before and after, gold won and lost, per player. */
    outcome: jsonb("outcome").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("arena_matches_a_idx").on(t.playerA, t.createdAt.desc()),
    index("arena_matches_b_idx").on(t.playerB, t.createdAt.desc()),
    check("arena_matches_two_players", sql`${t.playerA} <> ${t.playerB}`),
  ],
);
