import { desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { campaigns, companyGames, coverageLinks, creatorChannels, creatorRequests, keyReveals } from "#server/db/schema";

/**
 * What campaigns store about a person, for their account export (GDPR access): a creator's channels, requests,
 * coverage links and how many times they revealed each key; a company's games and campaigns. Never a key's
 * value (a creator reveals their keys on /my-keys; a company exports its pool as CSV), so an export that
 * reaches the wrong hands holds no key.
 */
export async function campaignsExportSection(db: Database, userId: string) {
  const channels = await db
    .select({
      kind: creatorChannels.kind,
      url: creatorChannels.url,
      subscribers: creatorChannels.subscribers,
      averageViews: creatorChannels.averageViews,
      languages: creatorChannels.languages,
      verifiedAt: creatorChannels.verifiedAt,
      checkedAt: creatorChannels.checkedAt,
      flaggedAt: creatorChannels.flaggedAt,
      createdAt: creatorChannels.createdAt,
    })
    .from(creatorChannels)
    .where(eq(creatorChannels.userId, userId));
  const requests = await db
    .select({
      id: creatorRequests.id,
      campaignId: creatorRequests.campaignId,
      game: companyGames.name,
      status: creatorRequests.status,
      message: creatorRequests.message,
      platform: creatorRequests.platform,
      region: creatorRequests.region,
      rejectionReason: creatorRequests.rejectionReason,
      coverageDueAt: creatorRequests.coverageDueAt,
      createdAt: creatorRequests.createdAt,
      decidedAt: creatorRequests.decidedAt,
      keyId: creatorRequests.keyId,
    })
    .from(creatorRequests)
    .innerJoin(campaigns, eq(campaigns.id, creatorRequests.campaignId))
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(eq(creatorRequests.creatorId, userId))
    .orderBy(desc(creatorRequests.createdAt));
  const requestIds = requests.map((r) => r.id);
  const coverage = requestIds.length
    ? await db
        .select({
          requestId: coverageLinks.requestId,
          url: coverageLinks.url,
          kind: coverageLinks.kind,
          createdAt: coverageLinks.createdAt,
        })
        .from(coverageLinks)
        .where(inArray(coverageLinks.requestId, requestIds))
    : [];
  const reveals = await db
    .select({ keyId: keyReveals.keyId, at: keyReveals.createdAt })
    .from(keyReveals)
    .where(eq(keyReveals.userId, userId));
  const games = await db
    .select({ id: companyGames.id, name: companyGames.name, slug: companyGames.slug, createdAt: companyGames.createdAt })
    .from(companyGames)
    .where(eq(companyGames.companyId, userId));
  const ownCampaigns = await db
    .select({
      id: campaigns.id,
      gameId: campaigns.gameId,
      status: campaigns.status,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
    })
    .from(campaigns)
    .where(eq(campaigns.companyId, userId));
  return { channels, requests, coverage, keyReveals: reveals, games, campaigns: ownCampaigns };
}
