import { sql } from "drizzle-orm";
import type { PromotionsDeps } from "./deps";

const DAY_MS = 86_400_000;

/** A UTC day as `YYYY-MM-DD`. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The daily rollup of featured games' analytics (SPEC §9): each game's views and clicks of one UTC day,
 * counted from analytics_events and written to featured_game_daily with one upsert per day. It recomputes
 * whole days, so running it again (the job runs every 15 minutes, over today and yesterday) gives the same
 * rows. Reports read only the rollups.
 */
export async function rollupGameAnalytics(deps: Pick<PromotionsDeps, "db" | "now">, input: { days?: string[] } = {}): Promise<number> {
  const now = deps.now();
  const days = input.days ?? [utcDay(new Date(now.getTime() - DAY_MS)), utcDay(now)];
  let rows = 0;
  for (const day of days) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`bad day ${day}`);
    const start = new Date(`${day}T00:00:00.000Z`);
    const end = new Date(start.getTime() + DAY_MS);
    const result = await deps.db.execute(sql`
      insert into featured_game_daily (featured_game_id, day, views, store_clicks, trailer_clicks, campaign_clicks)
      select e.game_id, ${day}::date,
        (count(*) filter (where e.event_type = 'game_view'))::int,
        (count(*) filter (where e.event_type = 'store_click'))::int,
        (count(*) filter (where e.event_type = 'trailer_click'))::int,
        (count(*) filter (where e.event_type = 'campaign_click'))::int
      from analytics_events e
      join featured_games g on g.id = e.game_id
      where e.game_id is not null
        and e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz
        and e.event_type in ('game_view', 'store_click', 'trailer_click', 'campaign_click')
      group by e.game_id
      on conflict (featured_game_id, day) do update set
        views = excluded.views,
        store_clicks = excluded.store_clicks,
        trailer_clicks = excluded.trailer_clicks,
        campaign_clicks = excluded.campaign_clicks
      returning featured_game_id`);
    rows += (result as unknown as { rows: unknown[] }).rows.length;
  }
  return rows;
}
