import { z } from "zod";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { siteAnalyticsDaily, siteAnalyticsTop } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { SITE_ANALYTICS_TOP } from "#shared/analytics";
import { ANALYTICS_WINDOWS, type AnalyticsWindow } from "#shared/promotions";
import { utcDay } from "./rollup-site-analytics";
import { assertCan } from "./policy";

const DAY_MS = 86_400_000;

/** `?window=` as one of 7, 30, 90 (anything else: 30), as the featured games' view reads it. */
const windowInput = z.coerce
  .number()
  .int()
  .refine((n): n is AnalyticsWindow => (ANALYTICS_WINDOWS as readonly number[]).includes(n))
  .catch(30)
  .transform((n) => n as AnalyticsWindow);
const input = z.object({ window: windowInput });

export const SITE_DIMENSIONS = ["page", "referrer", "country", "device", "event"] as const;
export type SiteDimension = (typeof SITE_DIMENSIONS)[number];

export type SiteDay = { day: string; views: number; visitors: number };
/** A row of a "top" table: the key (a path, host, country code, device or event type) and its count. */
export type SiteTopRow = { key: string; views: number };
export type SiteAnalyticsReport = {
  window: AnalyticsWindow;
  from: string;
  to: string;
  /** Every day of the window, oldest first, zeros included (the chart's points). */
  perDay: SiteDay[];
  totals: { views: number; events: number; averageVisitors: number };
  top: Record<SiteDimension, SiteTopRow[]>;
};

type Deps = { db: Pick<Database, "select">; now: () => Date };

/**
 * The site section of /admin/analytics (SPEC §1, §2, §9): page views and unique visitors per day, and the most
 * viewed pages, referrers, countries, devices and events of the last 7, 30 or 90 days, read only from the daily
 * rollups: the days' totals, and each dimension's keys as the rollup job ranked them for this window (two small
 * reads whatever the traffic; ranked live from the daily rows when the job has not ranked today's windows yet). A day's unique visitors are exact; over the window the tab
 * shows their daily average, since the rollups cannot tell one visitor seen on two days from two. Admins only.
 */
export async function siteAnalytics(deps: Deps, actor: Actor, raw: unknown, opts: { top?: number } = {}): Promise<SiteAnalyticsReport> {
  assertCan(actor, "analytics.read");
  return siteReport(deps, raw, opts.top ?? SITE_ANALYTICS_TOP);
}

/** The report without the permission check, for the export operation (which checks its own). */
export async function siteReport(deps: Deps, raw: unknown, top: number, opts: { live?: boolean } = {}): Promise<SiteAnalyticsReport> {
  const { window } = input.parse(raw ?? {});
  const now = deps.now();
  const days = Array.from({ length: window }, (_, i) => utcDay(new Date(now.getTime() - (window - 1 - i) * DAY_MS)));
  const from = days[0];
  const to = days[days.length - 1];
  const d = siteAnalyticsDaily;
  const inWindow = and(gte(d.day, from), lte(d.day, to));
  const totalsRows = await deps.db
    .select({ day: d.day, views: d.views, visitors: d.visitors })
    .from(d)
    .where(and(eq(d.dimension, "total"), inWindow))
    .orderBy(asc(d.day));
  const ranked = opts.live
    ? []
    : await deps.db
        .select({ dimension: siteAnalyticsTop.dimension, key: siteAnalyticsTop.key, views: siteAnalyticsTop.views })
        .from(siteAnalyticsTop)
        .where(and(eq(siteAnalyticsTop.windowDays, window), eq(siteAnalyticsTop.toDay, to), lte(siteAnalyticsTop.rank, top)))
        .orderBy(siteAnalyticsTop.dimension, siteAnalyticsTop.rank);
  const topRows = ranked.length ? ranked : await rankLive(deps, from, to, top);
  return assemble(window, days, totalsRows, topRows);
}

/** Each dimension's first `top` keys by views over the days, in one statement. */
async function rankLive(deps: Deps, from: string, to: string, top: number) {
  const d = siteAnalyticsDaily;
  const inWindow = and(gte(d.day, from), lte(d.day, to));
  const ranked = deps.db
    .select({
      dimension: d.dimension,
      key: d.key,
      views: sql<number>`sum(${d.views})::int`.as("views"),
      rank: sql<number>`row_number() over (partition by ${d.dimension} order by sum(${d.views}) desc, ${d.key})`.as("rank"),
    })
    .from(d)
    .where(and(sql`${d.dimension} <> 'total'`, inWindow))
    .groupBy(d.dimension, d.key)
    .as("ranked");
  return deps.db
    .select({ dimension: ranked.dimension, key: ranked.key, views: ranked.views })
    .from(ranked)
    .where(lte(ranked.rank, top))
    .orderBy(ranked.dimension, ranked.rank);
}

function assemble(
  window: AnalyticsWindow,
  days: string[],
  totalsRows: SiteDay[],
  topRows: { dimension: string; key: string; views: number }[],
): SiteAnalyticsReport {
  const from = days[0];
  const to = days[days.length - 1];
  const counted = new Map(totalsRows.map((r) => [r.day, r]));
  const perDay = days.map((day) => ({ day, views: counted.get(day)?.views ?? 0, visitors: counted.get(day)?.visitors ?? 0 }));
  const topOf = Object.fromEntries(SITE_DIMENSIONS.map((k) => [k, [] as SiteTopRow[]])) as Record<SiteDimension, SiteTopRow[]>;
  for (const r of topRows) topOf[r.dimension as SiteDimension]?.push({ key: r.key, views: r.views });
  const views = perDay.reduce((n, r) => n + r.views, 0);
  const visitorDays = perDay.reduce((n, r) => n + r.visitors, 0);
  // Events in total: the sum of every type (the event table lists at most `top` of them, all types fit).
  const events = topOf.event.reduce((n, r) => n + r.views, 0);
  return { window, from, to, perDay, totals: { views, events, averageVisitors: Math.round(visitorDays / window) }, top: topOf };
}
