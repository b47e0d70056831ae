import { and, desc, eq, ne, or } from "drizzle-orm";
import { featuredGames, featuredSubmissions } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { PromotionsDeps } from "./deps";
import { assertCan } from "./policy";
import { cardColumns, onShow, withPage } from "./public-featured";

/** At most this many of each list (newest first): a studio has a handful. */
const SHOWN = 50;

/**
 * "My games" (/company/games): the studio's featured games in every state (scheduled, on show, hidden, ended),
 * and its promotion requests still on their way (waiting for payment or the team) or refused. An approved
 * request is listed as the featured game it became. Reading them is the same right as reading their numbers.
 */
export async function listStudioFeaturedGames(deps: Pick<PromotionsDeps, "db" | "now">, actor: Actor) {
  assertCan(actor, "game_stats.view", { companyId: actor?.userId ?? null });
  const companyId = actor!.userId;
  const now = deps.now();
  const games = await deps.db
    .select({
      ...cardColumns,
      scheduleStatus: featuredGames.scheduleStatus,
      visible: featuredGames.visible,
      startsAt: featuredGames.startsAt,
      endsAt: featuredGames.endsAt,
    })
    .from(featuredGames)
    .where(eq(featuredGames.companyId, companyId))
    .orderBy(desc(featuredGames.startsAt), featuredGames.id)
    .limit(SHOWN);
  const requests = await deps.db
    .select({
      id: featuredSubmissions.id,
      gameName: featuredSubmissions.gameName,
      featureType: featuredSubmissions.featureType,
      status: featuredSubmissions.status,
      createdAt: featuredSubmissions.createdAt,
    })
    .from(featuredSubmissions)
    .where(
      and(
        or(eq(featuredSubmissions.companyId, companyId), eq(featuredSubmissions.submittedBy, companyId)),
        ne(featuredSubmissions.status, "approved"),
      ),
    )
    .orderBy(desc(featuredSubmissions.createdAt), featuredSubmissions.id)
    .limit(SHOWN);
  return {
    games: games.map((g) => ({
      ...withPage(g),
      // What visitors see today: the same rule as the public lists (visible, inside its period, not ended early).
      onShow: g.visible && (g.scheduleStatus === "scheduled" || g.scheduleStatus === "active") && g.startsAt <= now && g.endsAt > now,
    })),
    requests,
  };
}

/** The studio's public page (/company/{slug}): its featured games on show now, as the public lists show them. */
export async function publicStudioFeaturedGames(deps: Pick<PromotionsDeps, "db" | "now">, input: { companyId: string }) {
  const rows = await deps.db
    .select(cardColumns)
    .from(featuredGames)
    .where(and(eq(featuredGames.companyId, input.companyId), onShow(deps.now())))
    .orderBy(desc(featuredGames.startsAt), featuredGames.id)
    .limit(SHOWN);
  return rows.map(withPage);
}
