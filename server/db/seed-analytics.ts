import { sql } from "drizzle-orm";
import { rollupSiteAnalytics } from "#server/modules/site";
import type { Logger } from "#server/platform/logger";
import type { Database } from "./client";
import { analyticsPageviews } from "./schema";

/** How many days of demo analytics: the longest window of the admin tab (SPEC §9), and today. */
export const DEMO_ANALYTICS_DAYS = 90;

const DAY_MS = 86_400_000;
const list = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")}]`);

/** Pages people open, most viewed first (the seed picks earlier ones more often). */
const PATHS = [
  "/es/",
  "/en/",
  "/es/community",
  "/es/campaigns",
  "/en/community",
  "/es/featured-games",
  "/en/campaigns",
  "/es/leaderboard",
  "/en/featured-games",
  "/es/resources",
  "/es/shop",
  "/en/leaderboard",
  "/es/about",
  "/en/resources",
  "/en/about",
];
const REFERRERS = [
  "direct",
  "direct",
  "direct",
  "https://www.google.com/",
  "https://www.google.com/",
  "https://duckduckgo.com/",
  "https://www.reddit.com/r/IndieDev/",
  "https://itch.io/",
  "https://x.com/",
  "https://www.youtube.com/",
];
const COUNTRIES = ["ES", "ES", "ES", "MX", "MX", "AR", "CO", "CL", "US", "PE", "GB", "Unknown"];
const DEVICES = ["mobile", "mobile", "mobile", "desktop", "desktop", "tablet"];
const EVENTS = [
  "video_play",
  "video_play",
  "podcast_platform_click",
  "job_apply_click",
  "campaign_request_click",
  "campaign_request_click",
];

/**
 * 90 days of synthetic page views and events for the demo (about 25,000 rows), then their daily rollups, so the
 * admin analytics tab shows something right after `npm start`. Written in two statements with
 * generate_series (a weekly rhythm, slow growth, a few hundred visitors), only while no page view is stored.
 */
export async function seedDemoAnalytics(db: Database, log: Logger, now: Date = new Date()): Promise<boolean> {
  const [stored] = await db.select({ id: analyticsPageviews.id }).from(analyticsPageviews).limit(1);
  if (stored) return false;
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const first = new Date(today.getTime() - DEMO_ANALYTICS_DAYS * DAY_MS).toISOString();
  const nowIso = now.toISOString();
  // The share of each list's entries falls with its position: floor(n * random()^1.6) favours the first ones.
  const pick = (values: string[], skew = 1) => sql`(${list(values)})[1 + floor(${values.length} * power(random(), ${skew}))::int]`;
  await db.execute(sql`
    insert into analytics_pageviews (page_path, visitor_id, device_type, referrer, country, created_at)
    select ${pick(PATHS, 1.6)},
      md5('demo-visitor-' || floor(900 * power(random(), 1.3))::int)::uuid::text,
      ${pick(DEVICES)}, ${pick(REFERRERS)}, ${pick(COUNTRIES)},
      least(d.day + make_interval(secs => floor(random() * 86400)::int), ${nowIso}::timestamptz)
    from generate_series(${first}::timestamptz, ${today.toISOString()}::timestamptz, interval '1 day') as d(day)
    cross join lateral generate_series(
      1,
      (180 + 120 * (extract(epoch from d.day - ${first}::timestamptz) / ${DEMO_ANALYTICS_DAYS * 86400})
        + case when extract(isodow from d.day) >= 6 then 90 else 0 end + floor(random() * 40))::int
    ) as n(i)`);
  await db.execute(sql`
    insert into analytics_events (event_type, page_path, visitor_id, element_id, metadata, created_at)
    select ${pick(EVENTS)}, ${pick(PATHS, 1.6)},
      md5('demo-visitor-' || floor(900 * power(random(), 1.3))::int)::uuid::text,
      null, '{}'::jsonb,
      least(d.day + make_interval(secs => floor(random() * 86400)::int), ${nowIso}::timestamptz)
    from generate_series(${first}::timestamptz, ${today.toISOString()}::timestamptz, interval '1 day') as d(day)
    cross join lateral generate_series(1, (12 + floor(random() * 18))::int) as n(i)`);
  const days = Array.from({ length: DEMO_ANALYTICS_DAYS + 1 }, (_, i) =>
    new Date(Date.parse(first) + i * DAY_MS).toISOString().slice(0, 10),
  );
  const rows = await rollupSiteAnalytics({ db, now: () => now }, { days });
  log.info("demo analytics seeded", { days: days.length, rollupRows: rows });
  return true;
}
