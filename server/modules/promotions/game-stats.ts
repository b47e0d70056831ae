import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { featuredGameDaily, featuredGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { PromotionsDeps } from "./deps";
import { addCounts, windowDays, windowInput, ZERO_COUNTS, type GameCounts } from "./analytics-window";
import { assertCan, can } from "./policy";
import { getStudioMailConsent } from "./studio-mail-consent";

const input = z.object({ companyId: z.string().max(64).optional(), window: windowInput });

/** At most this many of a studio's featured games on its dashboard (newest first). */
const GAMES_SHOWN = 50;

/**
 * A studio's own featured games with their views and clicks over 7, 30 or 90 days (its dashboard), read from
 * the daily rollups. A company reads only its own (another company's id is refused).
 */
export async function gameStats(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor, raw: unknown) {
  const parsed = input.parse(raw ?? {});
  const companyId = parsed.companyId ?? actor?.userId ?? null;
  assertCan(actor, "game_stats.view", { companyId });
  const days = windowDays(deps.now(), parsed.window);
  const rows = await deps.db
    .select({
      id: featuredGames.id,
      slug: featuredGames.slug,
      gameName: featuredGames.gameName,
      featureType: featuredGames.featureType,
      scheduleStatus: featuredGames.scheduleStatus,
      startsAt: featuredGames.startsAt,
      endsAt: featuredGames.endsAt,
      views: sql<number>`coalesce(sum(${featuredGameDaily.views}), 0)::int`,
      storeClicks: sql<number>`coalesce(sum(${featuredGameDaily.storeClicks}), 0)::int`,
      trailerClicks: sql<number>`coalesce(sum(${featuredGameDaily.trailerClicks}), 0)::int`,
      campaignClicks: sql<number>`coalesce(sum(${featuredGameDaily.campaignClicks}), 0)::int`,
    })
    .from(featuredGames)
    .leftJoin(
      featuredGameDaily,
      and(
        eq(featuredGameDaily.featuredGameId, featuredGames.id),
        gte(featuredGameDaily.day, days[0]),
        lte(featuredGameDaily.day, days[days.length - 1]),
      ),
    )
    .where(eq(featuredGames.companyId, companyId!))
    .groupBy(featuredGames.id)
    .orderBy(desc(featuredGames.startsAt))
    .limit(GAMES_SHOWN);
  const totals = rows.reduce<GameCounts>((t, r) => addCounts(t, r), ZERO_COUNTS);
  return { window: parsed.window, from: days[0], to: days[days.length - 1], games: rows, totals };
}

/**
 * /dashboard's featured-games part: for a verified company, its games' numbers over the window and its consent
 * to promotional email; null for anyone else (the dashboard shows nothing then).
 */
export async function dashboardGameStats(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor, raw: unknown) {
  if (!actor || !can(actor, "game_stats.view", { companyId: actor.userId })) return null;
  const stats = await gameStats(deps, actor, { ...(raw as object), companyId: actor.userId });
  return { ...stats, mailConsent: await getStudioMailConsent(deps, actor) };
}
