import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Runtime settings and flags (analytics_enabled, forum_enabled, maintenance, …), one JSON value per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

export const analyticsPageviews = pgTable(
  "analytics_pageviews",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    pagePath: text("page_path").notNull(),
    visitorId: text("visitor_id").notNull(),
    deviceType: text("device_type").notNull().default("desktop"),
    referrer: text("referrer").notNull().default("direct"),
    country: text("country").notNull().default("Unknown"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("analytics_pageviews_created_idx").on(t.createdAt)],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventType: text("event_type").notNull(),
    pagePath: text("page_path").notNull(),
    gameId: text("game_id"),
    elementId: text("element_id"),
    metadata: jsonb("metadata").notNull().default({}),
    visitorId: text("visitor_id").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("analytics_events_created_idx").on(t.createdAt),
    index("analytics_events_type_idx").on(t.eventType),
    // The featured games' daily rollup reads one game's events of one day.
    index("analytics_events_game_idx")
      .on(t.gameId, t.createdAt)
      .where(sql`${t.gameId} is not null`),
  ],
);

/**
 * The site's analytics, one row per UTC day, dimension and key, written by the analytics rollup job
 * (server/modules/site/rollup-site-analytics.ts) from analytics_pageviews and analytics_events; the admin tab
 * reads only these. Dimensions: `total` (key '': the day's page views and unique visitors), `page` (a path),
 * `referrer` (a referring host, or `direct`), `country`, `device`, and `event` (an event type: `views` holds
 * the events counted). `visitors` is the day's distinct visitor ids for that key.
 */
export const siteAnalyticsDaily = pgTable(
  "site_analytics_daily",
  {
    dimension: text("dimension").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [
    // The report reads one dimension over a range of days.
    primaryKey({ columns: [t.dimension, t.day, t.key] }),
    check("site_analytics_daily_dimension_check", sql`${t.dimension} in ('total', 'page', 'referrer', 'country', 'device', 'event')`),
  ],
);

/**
 * Each window's most viewed keys per dimension (pages, referrers, countries, devices, events), added up from
 * site_analytics_daily by the same rollup job for the windows ending on the job's day (7, 30 and 90 days), so the
 * admin tab reads at most a few hundred rows instead of adding up 90 days of every path. `rank` starts at 1.
 */
export const siteAnalyticsTop = pgTable(
  "site_analytics_top",
  {
    windowDays: integer("window_days").notNull(),
    toDay: date("to_day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    rank: integer("rank").notNull(),
    key: text("key").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.windowDays, t.toDay, t.dimension, t.rank] })],
);

/** SPEC §3 Missing-translation record; repeated reports of one key only bump the counter. */
export const i18nMissing = pgTable(
  "i18n_missing",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lang: text("lang").notNull(),
    namespace: text("namespace").notNull(),
    key: text("key").notNull(),
    route: text("route").notNull(),
    count: integer("count").notNull().default(1),
    firstSeenAt: ts("first_seen_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("i18n_missing_key_idx").on(t.lang, t.namespace, t.key)],
);

/** Fixed-window rate-limit counters, kept in the database so limits hold across instances. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index("rate_limit_hits_expires_idx").on(t.expiresAt)],
);
