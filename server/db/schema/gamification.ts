import { sql } from "drizzle-orm";
import { bigint, bigserial, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { RARITY_LIST as ACHIEVEMENT_RARITIES, ACHIEVEMENT_TYPE_LIST as ACHIEVEMENT_TYPES } from "#shared/gamification-limits";
import { users } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Why XP moved (SPEC §3 rewards, plus achievement rewards and an admin's manual adjustment). */
export const XP_REASONS = ["thread_create", "post_create", "like_received", "achievement", "adjustment"] as const;
/** What the XP was for: a thread, a reply, a like (source = the post, counterpart = the liker), an achievement, an admin. */
export const XP_SOURCE_KINDS = ["thread", "post", "like", "achievement", "admin"] as const;
// One list for the column, the operations and the admin pages (shared/gamification-limits.ts).
export { ACHIEVEMENT_RARITIES, ACHIEVEMENT_TYPES };

/**
 * The XP ledger (decision 0017): every award is a row, and taking XP back is a NEW row with the negative
 * amount that points at the award it reverses (`reverses_id`); rows are never updated or deleted by the
 * application. A person's XP is the sum of their rows. An award is "active" while no row reverses it.
 * `award_no` counts the awards of one source for one person (0, then 1 after a reversal and a re-award…):
 * the partial unique index lets only one award per source and generation exist, so an event handled twice
 * (or two handlers racing) cannot award twice. A re-award of reversed XP (content shown again) points at the
 * award it restores (`restores_id`) and is not counted against the daily caps.
 */
export const xpLedger = pgTable(
  "xp_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: XP_REASONS }).notNull(),
    amount: integer("amount").notNull(),
    sourceKind: text("source_kind", { enum: XP_SOURCE_KINDS }).notNull(),
    sourceId: text("source_id").notNull(),
    /** The other person: the liker of a like, the admin of an adjustment. */
    counterpartId: text("counterpart_id"),
    awardNo: integer("award_no").notNull().default(0),
    reversesId: bigint("reverses_id", { mode: "number" }),
    restoresId: bigint("restores_id", { mode: "number" }),
    /** An admin's reason for an adjustment. */
    note: text("note"),
    /** How the amount came about: base reward, modifiers, caps (so every number can be explained). */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("xp_ledger_award_idx")
      .on(t.userId, t.reason, t.sourceId, sql`coalesce(${t.counterpartId}, '')`, t.awardNo)
      .where(sql`${t.reversesId} is null`),
    uniqueIndex("xp_ledger_reverses_idx")
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    index("xp_ledger_user_day_idx").on(t.userId, t.reason, t.createdAt),
    index("xp_ledger_counterpart_idx")
      .on(t.counterpartId)
      .where(sql`${t.reason} = 'like_received'`),
    index("xp_ledger_created_idx").on(t.createdAt),
  ],
);

/**
 * One row per person, kept in the same transaction as their ledger rows under a row lock (SELECT … FOR
 * UPDATE): XP (= the ledger's sum), level (follows XP both ways), the highest level ever reached (stat points
 * are granted once per level), unspent stat points, and the counters achievements look at (active awards in
 * the ledger: visible threads and replies, likes given and received on visible posts).
 */
export const userStats = pgTable(
  "user_stats",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    xp: integer("xp").notNull().default(0),
    level: integer("level").notNull().default(1),
    peakLevel: integer("peak_level").notNull().default(1),
    statPoints: integer("stat_points").notNull().default(0),
    threads: integer("threads").notNull().default(0),
    replies: integer("replies").notNull().default(0),
    likesGiven: integer("likes_given").notNull().default(0),
    likesReceived: integer("likes_received").notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("user_stats_xp_idx").on(t.xp.desc().nullsFirst(), t.userId)],
);

/**
 * XP per person per week (ISO, Monday, UTC) and per calendar month (UTC), by the ledger rows' created_at,
 * kept in the same transaction as the ledger: the week and month leaderboards read an index instead of
 * summing the ledger (decision 0017 has the measurements).
 */
export const xpPeriodTotals = pgTable(
  "xp_period_totals",
  {
    period: text("period", { enum: ["week", "month"] }).notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    xp: integer("xp").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.startsOn, t.userId] }),
    index("xp_period_totals_rank_idx").on(t.period, t.startsOn, t.xp.desc().nullsFirst(), t.userId),
  ],
);

/** Levels (SPEC §3): number, title (an i18n key in the `levels` namespace), XP required; edited by admins. */
export const levels = pgTable(
  "levels",
  {
    level: integer("level").primaryKey(),
    titleKey: text("title_key").notNull(),
    xpRequired: integer("xp_required").notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("levels_xp_required_idx").on(t.xpRequired)],
);

/**
 * Achievements (SPEC §3): name and description as i18n keys in the `badges` namespace, optionally replaced by
 * texts an admin typed in both languages; icon, reward XP, rarity, and the condition (type and threshold).
 */
export const achievements = pgTable("achievements", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  nameKey: text("name_key").notNull(),
  descriptionKey: text("description_key").notNull(),
  nameEs: text("name_es"),
  nameEn: text("name_en"),
  descriptionEs: text("description_es"),
  descriptionEn: text("description_en"),
  icon: text("icon"),
  rewardXp: integer("reward_xp").notNull().default(0),
  rarity: text("rarity", { enum: ACHIEVEMENT_RARITIES }).notNull(),
  type: text("type", { enum: ACHIEVEMENT_TYPES }).notNull(),
  threshold: integer("threshold").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** Unlocked achievements: the primary key makes each unlock happen once (INSERT … ON CONFLICT DO NOTHING). */
export const userAchievements = pgTable(
  "user_achievements",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: text("achievement_id")
      .notNull()
      .references(() => achievements.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.achievementId] }),
    index("user_achievements_created_idx").on(t.createdAt),
    index("user_achievements_achievement_idx").on(t.achievementId),
  ],
);
