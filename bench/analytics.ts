/**
 * The admin analytics tab on a large site: 5,000,000 page views (and 500,000 events) over 91 days on
 * PostgreSQL, written with generate_series, then the daily rollup of every day, then the tab's reads (the site
 * section and the featured games' section, as its loader calls them) for each window, repeated. Runs in a
 * database `bench_analytics_<pid>` created beside the one given and dropped at the end.
 *
 *   tsx bench/analytics.ts --url postgres://postgres@127.0.0.1:5432/bench [--views 5000000] [--runs 40]
 *     [--out bench/results/analytics-pg.json]
 *
 * Goal: the tab's reads under 100 ms at the median for 7, 30 and 90 days. Prints and writes the times.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#server/db/client";
import { featuredAnalytics } from "#server/modules/promotions/featured-analytics";
import { rollupSiteAnalytics } from "#server/modules/site/rollup-site-analytics";
import { siteAnalytics } from "#server/modules/site/site-analytics";
import { ANALYTICS_WINDOWS } from "#shared/promotions";
import { testActor } from "#tests/support/actors";

const { values } = parseArgs({
  options: {
    url: { type: "string" },
    views: { type: "string", default: "5000000" },
    runs: { type: "string", default: "40" },
    out: { type: "string", default: "bench/results/analytics-pg.json" },
  },
});
if (!values.url) {
  console.error("bench/analytics.ts needs PostgreSQL: DATABASE_URL=postgres://… npm run bench -- analytics");
  process.exit(2);
}
const VIEWS = Number(values.views);
const RUNS = Number(values.runs);
const DAYS = 91;
const DAY_MS = 86_400_000;
const pgName = `bench_analytics_${process.pid}`;
const adminQuery = async (text: string) => {
  const admin = new pg.Client({ connectionString: values.url });
  await admin.connect();
  await admin.query(text).finally(() => admin.end());
};
await adminQuery(`create database ${pgName}`);
const u = new URL(values.url);
u.pathname = `/${pgName}`;
const database = await openDatabase({ url: u.href });
const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};
try {
  await database.migrate();
  const db = database.db;
  const now = new Date();
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const first = new Date(today.getTime() - (DAYS - 1) * DAY_MS);

  // 2,000 paths (a few much more viewed than the rest), 250,000 visitors, 40 referring hosts, 30 countries.
  const t0 = performance.now();
  const CHUNK = 1_000_000;
  for (let done = 0; done < VIEWS; done += CHUNK) {
    const n = Math.min(CHUNK, VIEWS - done);
    await db.execute(sql`
      insert into analytics_pageviews (page_path, visitor_id, device_type, referrer, country, created_at)
      select '/es/community/t/' || floor(2000 * power(random(), 2))::int,
        md5('bench-visitor-' || floor(250000 * power(random(), 1.5))::int)::uuid::text,
        (array['mobile', 'desktop', 'tablet'])[1 + floor(3 * power(random(), 1.4))::int],
        case when random() < 0.4 then 'direct'
          else 'https://site' || floor(40 * power(random(), 2))::int || '.example/path?q=' || floor(random() * 1000)::int end,
        'C' || chr(65 + floor(30 * power(random(), 2))::int % 26),
        ${first.toISOString()}::timestamptz + random() * (${now.toISOString()}::timestamptz - ${first.toISOString()}::timestamptz)
      from generate_series(1, ${n})`);
  }
  await db.execute(sql`
    insert into analytics_events (event_type, page_path, visitor_id, metadata, created_at)
    select (array['video_play', 'podcast_platform_click', 'job_apply_click', 'campaign_request_click'])[1 + floor(4 * random())::int],
      '/es/', md5('bench-visitor-' || floor(250000 * random())::int)::uuid::text, '{}'::jsonb,
      ${first.toISOString()}::timestamptz + random() * (${now.toISOString()}::timestamptz - ${first.toISOString()}::timestamptz)
    from generate_series(1, ${Math.round(VIEWS / 10)})`);
  await db.execute(sql`vacuum analyze analytics_pageviews`);
  await db.execute(sql`vacuum analyze analytics_events`);
  const insertSeconds = seconds(t0);

  // The rollup of every day (the job does yesterday and today; a first run or a backfill does them all).
  const days = Array.from({ length: DAYS }, (_, i) => new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10));
  const t1 = performance.now();
  const rollupRows = await rollupSiteAnalytics({ db, now: () => now }, { days });
  const rollupSeconds = seconds(t1);
  const t2 = performance.now();
  await rollupSiteAnalytics({ db, now: () => now });
  const jobRunMs = Math.round(performance.now() - t2);
  await db.execute(sql`vacuum analyze site_analytics_daily`);

  // The tab's loader: the site section, then the featured games' section, as an admin.
  const admin = testActor({ roles: ["Admin"] });
  const deps = { db, now: () => now };
  const windows: Record<string, { p50Ms: number; p95Ms: number; siteP50Ms: number; goalMet: boolean; views: number }> = {};
  for (const window of ANALYTICS_WINDOWS) {
    const tab: number[] = [];
    const site: number[] = [];
    let views = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const a = performance.now();
      const report = await siteAnalytics(deps, admin, { window: String(window) });
      const b = performance.now();
      await featuredAnalytics(deps, admin, { window: String(window) });
      const c = performance.now();
      if (i < 3) continue; // warm-up
      views = report.totals.views;
      site.push(b - a);
      tab.push(c - a);
    }
    const p50 = percentile(tab, 50);
    windows[`${window}d`] = { p50Ms: p50, p95Ms: percentile(tab, 95), siteP50Ms: percentile(site, 50), goalMet: p50 < 100, views };
  }
  const [{ rows: dailyRows }] = [
    (await db.execute(sql`select count(*)::int as rows from site_analytics_daily`)) as unknown as { rows: { rows: number }[] },
  ];
  const result = {
    name: "analytics",
    date: new Date().toISOString(),
    database: database.kind,
    pageviews: VIEWS,
    events: Math.round(VIEWS / 10),
    days: DAYS,
    insertSeconds,
    rollup: { days: DAYS, rows: rollupRows, seconds: rollupSeconds, jobRunMs, storedRows: dailyRows[0].rows },
    runsPerWindow: RUNS,
    windows,
    goalMs: 100,
    goalMet: Object.values(windows).every((w) => w.goalMet),
  };
  console.log(JSON.stringify(result, null, 2));
  await writeFile(values.out!, `${JSON.stringify(result, null, 2)}\n`);
  if (!result.goalMet) process.exitCode = 1;
} finally {
  await database.close();
  await adminQuery(`drop database if exists ${pgName}`);
}
