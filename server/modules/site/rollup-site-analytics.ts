import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client";

import { ANALYTICS_WINDOWS } from "#shared/promotions";

const DAY_MS = 86_400_000;

/** How many keys per dimension each window keeps ranked (the tab shows 20, a download up to this many). */
export const SITE_TOP_KEPT = 1000;
/** How many days one pass of the rollup counts together. */
const DAYS_PER_PASS = 31;

/** A UTC day as `YYYY-MM-DD`. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** A referrer as its host (`https://www.example.com/a?b` → `www.example.com`); `direct` and odd values as they are. */
const REFERRER_HOST = sql.raw(
  `coalesce(nullif(lower(substring(referrer from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@]*@)?([^/:?#]+)')), ''), left(referrer, 200))`,
);

/**
 * The daily rollup of the site's analytics (SPEC §1, §9): for each UTC day, the page views and distinct
 * visitors in total, per path, per referring host, per country and per device, and the events and their
 * distinct visitors per type, written to site_analytics_daily. The admin tab and its downloads read only these
 * rows, so a 90-day report adds up at most a few thousand rows instead of millions of raw ones.
 *
 * It runs in the featured games' analytics job (promotions, `featured.analytics-rollup`, every 15 minutes over
 * yesterday and today): one job brings both reports up to date. Today's partial day is rolled up with it rather
 * than read live from the raw tables: the report then costs the same whatever the traffic, and is at most
 * 15 minutes behind, which the tab's help says. Each day is recomputed whole in one transaction (its rows
 * deleted, then counted again from the raw tables, up to a month of days per pass), so running it twice gives
 * the same rows, a key that no longer has any view disappears, and a reader sees either the old day or the new.
 *
 * Then, for each window (7, 30, 90 days) ending on the job's day, the most viewed keys of each dimension are
 * ranked once into site_analytics_top (`rankSiteWindows`): a 90-day window of a busy site adds up some hundred
 * thousand daily rows (a row per path and day), which every opening of the tab would otherwise repeat.
 */
export async function rollupSiteAnalytics(deps: { db: Database; now: () => Date }, input: { days?: string[] } = {}): Promise<number> {
  const now = deps.now();
  const asked = input.days ?? [utcDay(new Date(now.getTime() - DAY_MS)), utcDay(now)];
  for (const day of asked) if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
  const days = [...new Set(asked)].sort();
  let rows = 0;
  // Up to a month of days per statement (the demo seed's 91 days in 3 passes instead of 91; the job's two in one).
  for (let i = 0; i < days.length; i += DAYS_PER_PASS) {
    const chunk = days.slice(i, i + DAYS_PER_PASS);
    const start = new Date(`${chunk[0]}T00:00:00.000Z`).toISOString();
    const end = new Date(Date.parse(`${chunk[chunk.length - 1]}T00:00:00.000Z`) + DAY_MS).toISOString();
    const dayList = sql.join(
      chunk.map((d) => sql`${d}::date`),
      sql`, `,
    );
    const utcDate = sql.raw(`(created_at at time zone 'UTC')::date`);
    rows += await deps.db.transaction(async (tx) => {
      await tx.execute(sql`delete from site_analytics_daily where day in (${dayList})`);
      // One pass over the days' page views: grouping sets give each day's total and each dimension's counts.
      const views = await tx.execute(sql`
        insert into site_analytics_daily (dimension, day, key, views, visitors)
        select
          case
            when grouping(p.page_path) = 0 then 'page'
            when grouping(p.ref) = 0 then 'referrer'
            when grouping(p.country) = 0 then 'country'
            when grouping(p.device_type) = 0 then 'device'
            else 'total'
          end,
          p.day,
          coalesce(p.page_path, p.ref, p.country, p.device_type, ''),
          count(*)::int,
          count(distinct p.visitor_id)::int
        from (
          select ${utcDate} as day, page_path, visitor_id, country, device_type, ${REFERRER_HOST} as ref
          from analytics_pageviews
          where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and ${utcDate} in (${dayList})
        ) p
        group by grouping sets ((p.day), (p.day, p.page_path), (p.day, p.ref), (p.day, p.country), (p.day, p.device_type))
        on conflict (dimension, day, key) do update set views = excluded.views, visitors = excluded.visitors
        returning 1`);
      const events = await tx.execute(sql`
        insert into site_analytics_daily (dimension, day, key, views, visitors)
        select 'event', ${utcDate}, event_type, count(*)::int, count(distinct visitor_id)::int
        from analytics_events
        where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz and ${utcDate} in (${dayList})
        group by ${utcDate}, event_type
        on conflict (dimension, day, key) do update set views = excluded.views, visitors = excluded.visitors
        returning 1`);
      return rowCount(views) + rowCount(events);
    });
  }
  await rankSiteWindows(deps);
  return rows;
}

/**
 * Ranks each window's keys per dimension from the daily rows into site_analytics_top, for the windows ending on
 * `now`'s day, replacing the previous ranking of that window in one transaction. The report falls back to
 * ranking live when no ranking for its window and day exists yet (just after midnight, before the job ran).
 */
export async function rankSiteWindows(deps: { db: Database; now: () => Date }): Promise<void> {
  const now = deps.now();
  const to = utcDay(now);
  await deps.db.transaction(async (tx) => {
    for (const window of ANALYTICS_WINDOWS) {
      const from = utcDay(new Date(now.getTime() - (window - 1) * DAY_MS));
      await tx.execute(sql`delete from site_analytics_top where window_days = ${window}`);
      await tx.execute(sql`
        insert into site_analytics_top (window_days, to_day, dimension, rank, key, views)
        select ${window}, ${to}::date, r.dimension, r.rank, r.key, r.views
        from (
          select dimension, key, sum(views)::int as views,
            row_number() over (partition by dimension order by sum(views) desc, key)::int as rank
          from site_analytics_daily
          where dimension <> 'total' and day >= ${from}::date and day <= ${to}::date
          group by dimension, key
        ) r
        where r.rank <= ${SITE_TOP_KEPT}`);
    }
  });
}

const rowCount = (result: unknown) => (result as { rows: unknown[] }).rows.length;
