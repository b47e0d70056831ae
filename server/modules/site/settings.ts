import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { siteSettings } from "#server/db/schema";
import { POSTING_LIMIT_MAX } from "#shared/forum-limits";
import {
  CURRENCIES,
  FEATURE_DURATION_MAX_DAYS,
  FEATURE_DURATION_MIN_DAYS,
  FEATURE_TYPES,
  type Currency,
  type FeatureType,
} from "#shared/promotions";

/** A posting limit: a whole number from 0 to `max`, with the message the settings form shows beside it. */
const limitField = (max: number) =>
  z
    .number({ error: "errors:forum.limit_range" })
    .int("errors:forum.limit_range")
    .min(0, "errors:forum.limit_range")
    .max(max, "errors:forum.limit_range");

/** XP for one action (gamification settings): a whole number from 0 to 10,000. */
const xpAmount = z
  .number({ error: "errors:gamification.xp_range" })
  .int("errors:gamification.xp_range")
  .min(0, "errors:gamification.xp_range")
  .max(10_000, "errors:gamification.xp_range");
/** A daily XP cap: a whole number from 0 to 1,000,000, or null for none. */
const xpCap = z
  .number({ error: "errors:gamification.cap_range" })
  .int("errors:gamification.cap_range")
  .min(0, "errors:gamification.cap_range")
  .max(1_000_000, "errors:gamification.cap_range")
  .nullable();

/** Gold for one cause or one price (character settings): a whole number from 0 to 100,000. */
const goldAmount = z
  .number({ error: "errors:character.setting_range" })
  .int("errors:character.setting_range")
  .min(0, "errors:character.setting_range")
  .max(100_000, "errors:character.setting_range");

/** One feature type's offer: a price from 1.00 to 10,000.00 and a duration the team may approve. */
const featureOffer = z.object({
  priceMinor: z
    .number({ error: "errors:promotions.price_range" })
    .int("errors:promotions.price_range")
    .min(100, "errors:promotions.price_range")
    .max(1_000_000, "errors:promotions.price_range"),
  durationDays: z
    .number({ error: "errors:promotions.duration_range" })
    .int("errors:promotions.duration_range")
    .min(FEATURE_DURATION_MIN_DAYS, "errors:promotions.duration_range")
    .max(FEATURE_DURATION_MAX_DAYS, "errors:promotions.duration_range"),
});

/** Every runtime setting, its schema and its default. Unknown keys cannot be written. */
export const settingDefinitions = {
  analytics_enabled: { schema: z.boolean(), default: false },
  forum_enabled: { schema: z.boolean(), default: false },
  i18n_missing_enabled: { schema: z.boolean(), default: false },
  announcement: {
    schema: z.object({ url: z.url({ protocol: /^https?$/ }), imageUrl: z.string().min(1) }),
    default: { url: "https://www.youtube.com/@nexoindie", imageUrl: "/images/announcement.svg" },
  },
  /**
   * Forum posting limits; intervals in seconds, the first day counted from registration.
   * Whole numbers from 0 up to the maxima the forum admin's settings tab shows.
   */
  forum_posting_limits: {
    schema: z.object({
      postIntervalSeconds: limitField(POSTING_LIMIT_MAX.postIntervalSeconds),
      threadIntervalSeconds: limitField(POSTING_LIMIT_MAX.threadIntervalSeconds),
      newUserHours: limitField(POSTING_LIMIT_MAX.newUserHours),
      newUserPostIntervalSeconds: limitField(POSTING_LIMIT_MAX.newUserPostIntervalSeconds),
      newUserThreadIntervalSeconds: limitField(POSTING_LIMIT_MAX.newUserThreadIntervalSeconds),
      newUserMaxThreads: limitField(POSTING_LIMIT_MAX.newUserMaxThreads),
      newUserMaxReplies: limitField(POSTING_LIMIT_MAX.newUserMaxReplies),
      duplicateWindowSeconds: limitField(POSTING_LIMIT_MAX.duplicateWindowSeconds),
    }),
    default: {
      postIntervalSeconds: 5,
      threadIntervalSeconds: 15,
      newUserHours: 24,
      newUserPostIntervalSeconds: 30,
      newUserThreadIntervalSeconds: 120,
      newUserMaxThreads: 3,
      newUserMaxReplies: 10,
      duplicateWindowSeconds: 300,
    },
  },
  /**
   * Gamification (decision 0017): XP per action, daily caps in XP per UTC day (null: no cap) per
   * reason and from one liker to one author (stops like rings), and the stat points each new level grants.
   */
  gamification_settings: {
    schema: z.object({
      rewards: z.object({ thread_create: xpAmount, post_create: xpAmount, like_received: xpAmount }),
      dailyCaps: z.object({ thread_create: xpCap, post_create: xpCap, like_received: xpCap }),
      pairDailyCap: xpCap,
      statPointsPerLevel: z
        .number({ error: "errors:gamification.stat_points_range" })
        .int("errors:gamification.stat_points_range")
        .min(0, "errors:gamification.stat_points_range")
        .max(100, "errors:gamification.stat_points_range"),
    }),
    default: {
      rewards: { thread_create: 10, post_create: 5, like_received: 2 },
      dailyCaps: { thread_create: 50, post_create: 150, like_received: 200 },
      pairDailyCap: 10,
      statPointsPerLevel: 3,
    },
  },
  /**
   * Featured games: the price (whole minor units of `currency`) and duration of each feature type,
   * and how many homepage features may run at once.
   */
  featured_offer: {
    schema: z.object({
      currency: z.enum(Object.keys(CURRENCIES) as [Currency, ...Currency[]]),
      offers: z.object(Object.fromEntries(FEATURE_TYPES.map((t) => [t, featureOffer])) as Record<FeatureType, typeof featureOffer>),
      homepageSlots: z
        .number({ error: "errors:promotions.slots_range" })
        .int("errors:promotions.slots_range")
        .min(1, "errors:promotions.slots_range")
        .max(12, "errors:promotions.slots_range"),
    }),
    default: {
      currency: "EUR" as Currency,
      offers: {
        homepage: { priceMinor: 4900, durationDays: 14 },
        details_page: { priceMinor: 2900, durationDays: 30 },
        both: { priceMinor: 6900, durationDays: 30 },
      },
      homepageSlots: 3,
    },
  },
  /**
   * Job applications (and their resumes) are deleted this many whole months after their offer closed (the
   * privacy policy says so); a daily job does it.
   */
  applications_retention_months: {
    schema: z
      .number({ error: "errors:jobs.retention_range" })
      .int("errors:jobs.retention_range")
      .min(1, "errors:jobs.retention_range")
      .max(60, "errors:jobs.retention_range"),
    default: 6,
  },
  /**
   * The role-play layer: gold earned per level reached, per achievement, per day of activity, per arena win (the
   * loser loses `arenaLossGold`, never below zero); what a class change costs; the arena's daily match cap and
   * how long the queue waits before 'Could not find an opponent.'; renders a person may ask for per minute.
   */
  character_settings: {
    schema: z.object({
      goldPerLevel: goldAmount,
      goldPerAchievement: goldAmount,
      goldDailyActivity: goldAmount,
      arenaWinGold: goldAmount,
      arenaLossGold: goldAmount,
      classChangeCost: goldAmount,
      arenaDailyCap: z
        .number({ error: "errors:character.setting_range" })
        .int("errors:character.setting_range")
        .min(1, "errors:character.setting_range")
        .max(1000, "errors:character.setting_range"),
      arenaQueueSeconds: z
        .number({ error: "errors:character.setting_range" })
        .int("errors:character.setting_range")
        .min(5, "errors:character.setting_range")
        .max(600, "errors:character.setting_range"),
      rendersPerMinute: z
        .number({ error: "errors:character.setting_range" })
        .int("errors:character.setting_range")
        .min(1, "errors:character.setting_range")
        .max(60, "errors:character.setting_range"),
    }),
    default: {
      goldPerLevel: 50,
      goldPerAchievement: 25,
      goldDailyActivity: 5,
      arenaWinGold: 20,
      arenaLossGold: 5,
      classChangeCost: 200,
      arenaDailyCap: 20,
      arenaQueueSeconds: 60,
      rendersPerMinute: 3,
    },
  },
  /**
   * Episode rooms: how many days an invitation link works before it must be re-issued; chat messages a person may
   * send per minute in one room.
   */
  episode_rooms: {
    schema: z.object({
      tokenDays: z
        .number({ error: "errors:rooms.setting_range" })
        .int("errors:rooms.setting_range")
        .min(1, "errors:rooms.setting_range")
        .max(90, "errors:rooms.setting_range"),
      chatPerMinute: z
        .number({ error: "errors:rooms.setting_range" })
        .int("errors:rooms.setting_range")
        .min(1, "errors:rooms.setting_range")
        .max(120, "errors:rooms.setting_range"),
    }),
    default: { tokenDays: 14, chatPerMinute: 20 },
  },
  maintenance: {
    schema: z.object({ enabled: z.boolean(), passwordHash: z.string().nullable(), changedAt: z.string() }),
    default: { enabled: false, passwordHash: null, changedAt: "1970-01-01T00:00:00.000Z" },
  },
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.infer<(typeof settingDefinitions)[K]["schema"]>;
export type AllSettings = { [K in SettingKey]: SettingValue<K> };

/**
 * Reads all settings in one query and keeps them for a few seconds: every page needs the flags, and a
 * change made on another instance shows up within the TTL.
 */
export class SettingsStore {
  private cached: { at: number; value: AllSettings } | null = null;
  private readonly changeListeners: (() => void)[] = [];
  constructor(
    private readonly db: Database,
    private readonly ttlMs = 3000,
    private readonly now = () => Date.now(),
  ) {}

  async all(): Promise<AllSettings> {
    if (this.cached && this.now() - this.cached.at < this.ttlMs) return this.cached.value;
    const rows = await this.db.select().from(siteSettings);
    const value = Object.fromEntries(
      Object.entries(settingDefinitions).map(([key, def]) => {
        const row = rows.find((r) => r.key === key);
        const parsed = row ? def.schema.safeParse(row.value) : null;
        return [key, parsed?.success ? parsed.data : def.default];
      }),
    ) as AllSettings;
    this.cached = { at: this.now(), value };
    return value;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
    return (await this.all())[key];
  }

  /** Raw write without a permission check: callers are operations that checked it. */
  async write<K extends SettingKey>(key: K, value: SettingValue<K>, updatedBy: string): Promise<void> {
    const valid = settingDefinitions[key].schema.parse(value);
    await this.db
      .insert(siteSettings)
      .values({ key, value: valid, updatedBy })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: valid, updatedBy, updatedAt: sql`now()` } });
    this.cached = null;
    for (const listener of this.changeListeners) listener();
  }

  /** Called after every write on this instance (the page cache forgets pages that showed the old value). */
  onChange(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  /**
   * Writes a setting in a transaction that first locks its row, and hands the value it replaces to `record`
   * (the audit row) inside the same transaction. A value equal to the current one writes nothing.
   */
  async change<K extends SettingKey>(
    key: K,
    value: SettingValue<K>,
    updatedBy: string,
    record: (tx: Pick<Database, "insert">, before: SettingValue<K>, after: SettingValue<K>) => Promise<void>,
  ): Promise<{ before: SettingValue<K>; after: SettingValue<K>; changed: boolean }> {
    const def = settingDefinitions[key];
    const after = def.schema.parse(value) as SettingValue<K>;
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key)).for("update");
      const parsed = row ? def.schema.safeParse(row.value) : null;
      const before = (parsed?.success ? parsed.data : def.default) as SettingValue<K>;
      if (JSON.stringify(before) === JSON.stringify(after)) return { before, after, changed: false };
      await tx
        .insert(siteSettings)
        .values({ key, value: after, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: after, updatedBy, updatedAt: sql`now()` } });
      await record(tx, before, after);
      return { before, after, changed: true };
    });
    this.cached = null;
    return result;
  }

  /** The flags the browser may know (never the maintenance password hash). */
  async runtimeFlags(): Promise<RuntimeFlags> {
    return getRuntimeFlags(this);
  }

  invalidate() {
    this.cached = null;
  }
}

/** The flags the browser may know (never the maintenance password hash). */
export type RuntimeFlags = { analytics_enabled: boolean; forum_enabled: boolean; i18n_missing_enabled: boolean };

export async function getRuntimeFlags(settings: SettingsStore): Promise<RuntimeFlags> {
  const all = await settings.all();
  return {
    analytics_enabled: all.analytics_enabled,
    forum_enabled: all.forum_enabled,
    i18n_missing_enabled: all.i18n_missing_enabled,
  };
}
