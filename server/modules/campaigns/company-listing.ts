import { and, asc, eq, gt } from "drizzle-orm";
import { campaigns, companyGames } from "#server/db/schema";
import type { CampaignsDeps } from "./deps";

/** /company/{slug}: the company's games and its active campaigns (public: no keys, no requests). */
export async function companyListing(deps: Pick<CampaignsDeps, "db" | "now">, input: { companyId: string }) {
  const games = await deps.db
    .select({
      id: companyGames.id,
      name: companyGames.name,
      slug: companyGames.slug,
      shortDescription: companyGames.shortDescription,
      coverUrl: companyGames.coverUrl,
      platforms: companyGames.platforms,
      releaseStatus: companyGames.releaseStatus,
    })
    .from(companyGames)
    .where(eq(companyGames.companyId, input.companyId))
    .orderBy(asc(companyGames.name));
  const active = await deps.db
    .select({
      id: campaigns.id,
      gameId: campaigns.gameId,
      gameName: companyGames.name,
      gameCover: companyGames.coverUrl,
      endsAt: campaigns.endsAt,
      platforms: campaigns.platforms,
    })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(and(eq(campaigns.companyId, input.companyId), eq(campaigns.status, "active"), gt(campaigns.endsAt, deps.now())))
    .orderBy(asc(campaigns.endsAt));
  return { games, campaigns: active };
}
