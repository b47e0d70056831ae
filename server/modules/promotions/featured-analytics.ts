import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { featuredGameDaily, featuredGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { FeatureType, ScheduleStatus } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";
import { addCounts, windowDays, windowInput, ZERO_COUNTS, type GameCounts } from "./analytics-window";
import { assertCan } from "./policy";

const input = z.object({ window: windowInput });

/** The games a report covers: every featured game with numbers in the window, plus the active ones. */
export const REPORT_GAMES_MAX = 500;

export type GameReportRow = GameCounts & {
  id: string;
  slug: string;
  gameName: string;
  studioName: string;
  scheduleStatus: ScheduleStatus;
  featureType: FeatureType;
};
export type DayRow = GameCounts & { day: string };

/**
 * The featured-games view of /admin/analytics (SPEC §9): views and clicks per game over 7, 30 or 90 days, the
 * totals and the counts per day for the chart, read only from the daily rollups. Bounded: at most 90 days ×
 * `REPORT_GAMES_MAX` games.
 */
export async function featuredAnalytics(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor, raw: unknown) {
  assertCan(actor, "featured_analytics.view");
  const { window } = input.parse(raw ?? {});
  const days = windowDays(deps.now(), window);
  const from = days[0];
  const to = days[days.length - 1];
  const inWindow = and(gte(featuredGameDaily.day, from), lte(featuredGameDaily.day, to));
  const sum = {
    views: sql<number>`coalesce(sum(${featuredGameDaily.views}), 0)::int`,
    storeClicks: sql<number>`coalesce(sum(${featuredGameDaily.storeClicks}), 0)::int`,
    trailerClicks: sql<number>`coalesce(sum(${featuredGameDaily.trailerClicks}), 0)::int`,
    campaignClicks: sql<number>`coalesce(sum(${featuredGameDaily.campaignClicks}), 0)::int`,
  };
  const games: GameReportRow[] = await deps.db
    .select({
      id: featuredGames.id,
      slug: featuredGames.slug,
      gameName: featuredGames.gameName,
      studioName: featuredGames.studioName,
      scheduleStatus: featuredGames.scheduleStatus,
      featureType: featuredGames.featureType,
      ...sum,
    })
    .from(featuredGames)
    .leftJoin(featuredGameDaily, and(eq(featuredGameDaily.featuredGameId, featuredGames.id), inWindow))
    .groupBy(featuredGames.id)
    .having(sql`count(${featuredGameDaily.day}) > 0 or ${featuredGames.scheduleStatus} = 'active'`)
    .orderBy(sql`coalesce(sum(${featuredGameDaily.views}), 0) desc`, asc(featuredGames.gameName))
    .limit(REPORT_GAMES_MAX);
  const byDay = await deps.db
    .select({ day: featuredGameDaily.day, ...sum })
    .from(featuredGameDaily)
    .where(inWindow)
    .groupBy(featuredGameDaily.day);
  const counted = new Map(byDay.map((d) => [d.day, d]));
  const perDay: DayRow[] = days.map((day) => ({ ...ZERO_COUNTS, ...counted.get(day), day }));
  const totals = games.reduce<GameCounts>((t, r) => addCounts(t, r), ZERO_COUNTS);
  return { window, from, to, games, totals, perDay };
}

/**
 * Every game's counts of every day of the window (the exports' daily sheet), games in the report's order.
 * Bounded like the report: 90 days × `REPORT_GAMES_MAX` games at most.
 */
export async function featuredAnalyticsDaily(deps: Pick<PromotionsDeps, "db">, gameIds: string[], from: string, to: string) {
  if (!gameIds.length) return [];
  return deps.db
    .select({
      featuredGameId: featuredGameDaily.featuredGameId,
      day: featuredGameDaily.day,
      views: featuredGameDaily.views,
      storeClicks: featuredGameDaily.storeClicks,
      trailerClicks: featuredGameDaily.trailerClicks,
      campaignClicks: featuredGameDaily.campaignClicks,
    })
    .from(featuredGameDaily)
    .where(and(inArray(featuredGameDaily.featuredGameId, gameIds), gte(featuredGameDaily.day, from), lte(featuredGameDaily.day, to)))
    .orderBy(asc(featuredGameDaily.day));
}
