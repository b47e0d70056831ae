import { asc, count, eq } from "drizzle-orm";
import { campaigns, companyGames } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { CampaignsDeps } from "./deps";
import { loadOwnGame } from "./owned";
import { assertCan } from "./policy";

/** The company's games, by name, with how many campaigns each has (its /company/games list). */
export async function listCompanyGames(deps: Pick<CampaignsDeps, "db">, actor: Actor) {
  assertCan(actor, "game.view");
  return deps.db
    .select({
      id: companyGames.id,
      name: companyGames.name,
      slug: companyGames.slug,
      shortDescription: companyGames.shortDescription,
      coverUrl: companyGames.coverUrl,
      platforms: companyGames.platforms,
      releaseStatus: companyGames.releaseStatus,
      updatedAt: companyGames.updatedAt,
      // A join, not a correlated subquery in the select list: drizzle writes a column there without its
      // table, so `game_id = id` compared the campaign with itself and every game counted 0.
      campaignCount: count(campaigns.id),
    })
    .from(companyGames)
    .leftJoin(campaigns, eq(campaigns.gameId, companyGames.id))
    .where(eq(companyGames.companyId, actor.userId))
    .groupBy(companyGames.id)
    .orderBy(asc(companyGames.name));
}

/** One of the company's games, every field (its edit form). */
export async function getCompanyGame(deps: Pick<CampaignsDeps, "db">, actor: Actor, input: { gameId: string }) {
  assertCan(actor, "game.view");
  return loadOwnGame(deps.db, actor, String(input?.gameId ?? ""));
}
