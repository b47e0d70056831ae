import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { REQUEST_STATUSES } from "#shared/campaigns";
import { campaignKeys, campaigns, companyGames, coverageLinks, creatorChannels, creatorRequests, profiles } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { CAMPAIGNS_PAGE_SIZE, type CampaignsDeps } from "./deps";
import { meetsMinimums, meetsStatedMinimums } from "./eligibility";
import { loadOwnCampaign } from "./owned";
import { assertCan, campaignAbilities } from "./policy";
import { nextStatuses } from "./campaign-status";

/** Key counts per state of one or all of a company's campaigns (one grouped query). */
const keyCounts = sql<number>`count(*)::int`;

/** /company/campaigns: the company's campaigns, newest first, with their game, keys left and pending requests. */
export async function listCompanyCampaigns(deps: Pick<CampaignsDeps, "db">, actor: Actor) {
  assertCan(actor, "campaign.view");
  const rows = await deps.db
    .select({
      id: campaigns.id,
      status: campaigns.status,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      autoApprove: campaigns.autoApprove,
      pausedByAdmin: campaigns.pausedByAdmin,
      pauseReason: campaigns.pauseReason,
      gameName: companyGames.name,
      gameCover: companyGames.coverUrl,
      keysAvailable: sql<number>`(select count(*)::int from ${campaignKeys} where ${campaignKeys.campaignId} = ${campaigns.id} and ${campaignKeys.status} = 'available')`,
      keysClaimed: sql<number>`(select count(*)::int from ${campaignKeys} where ${campaignKeys.campaignId} = ${campaigns.id} and ${campaignKeys.status} = 'claimed')`,
      pendingRequests: sql<number>`(select count(*)::int from ${creatorRequests} where ${creatorRequests.campaignId} = ${campaigns.id} and ${creatorRequests.status} = 'pending')`,
    })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(eq(campaigns.companyId, actor.userId))
    .orderBy(desc(campaigns.createdAt));
  return rows;
}

const TABS = ["details", "requests", "keys", "participants"] as const;
export type ManageTab = (typeof TABS)[number];
const manageInput = z.object({
  campaignId: z.string().min(1).max(100),
  tab: z.enum(TABS).catch("details"),
  status: z.enum(REQUEST_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/**
 * /company/campaigns/{id}: the campaign with the tab its address names (SPEC §2: details, requests, keys,
 * participants). Each tab reads only what it shows, a page at a time; key values never leave here (the keys tab
 * shows states, regions and holders; the full values are in the CSV export).
 */
export async function manageCampaign(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  assertCan(actor, "campaign.view");
  const { campaignId, tab, status, page } = manageInput.parse(input ?? {});
  const { campaign, gameName, gameSlug } = await loadOwnCampaign(deps.db, actor, campaignId);
  const counts = await deps.db
    .select({ status: campaignKeys.status, region: campaignKeys.region, n: keyCounts })
    .from(campaignKeys)
    .where(eq(campaignKeys.campaignId, campaign.id))
    .groupBy(campaignKeys.status, campaignKeys.region);
  const requestCounts = await deps.db
    .select({ status: creatorRequests.status, n: count() })
    .from(creatorRequests)
    .where(eq(creatorRequests.campaignId, campaign.id))
    .groupBy(creatorRequests.status);
  const offset = (page - 1) * CAMPAIGNS_PAGE_SIZE;
  const base = {
    campaign,
    gameName,
    gameSlug,
    tab,
    page,
    can: campaignAbilities(actor, campaign),
    next: campaign.pausedByAdmin ? nextStatuses(campaign.status).filter((s) => s !== "active") : nextStatuses(campaign.status),
    keyCounts: counts,
    requestCounts: Object.fromEntries(requestCounts.map((r) => [r.status, r.n])) as Partial<
      Record<(typeof REQUEST_STATUSES)[number], number>
    >,
  };

  if (tab === "requests") {
    const where = and(eq(creatorRequests.campaignId, campaign.id), status ? eq(creatorRequests.status, status) : undefined);
    const requests = await deps.db
      .select({
        id: creatorRequests.id,
        status: creatorRequests.status,
        message: creatorRequests.message,
        platform: creatorRequests.platform,
        region: creatorRequests.region,
        rejectionReason: creatorRequests.rejectionReason,
        autoApproved: creatorRequests.autoApproved,
        createdAt: creatorRequests.createdAt,
        decidedAt: creatorRequests.decidedAt,
        creatorId: creatorRequests.creatorId,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
      })
      .from(creatorRequests)
      .leftJoin(profiles, eq(profiles.id, creatorRequests.creatorId))
      .where(where)
      .orderBy(asc(sql`case ${creatorRequests.status} when 'pending' then 0 else 1 end`), desc(creatorRequests.createdAt))
      .limit(CAMPAIGNS_PAGE_SIZE)
      .offset(offset);
    const [{ total }] = await deps.db.select({ total: count() }).from(creatorRequests).where(where);
    const creatorIds = [...new Set(requests.map((r) => r.creatorId))];
    const channels = creatorIds.length
      ? await deps.db.select().from(creatorChannels).where(inArray(creatorChannels.userId, creatorIds))
      : [];
    return {
      ...base,
      status: status ?? null,
      total,
      requests: requests.map((r) => {
        const own = channels.filter((c) => c.userId === r.creatorId);
        return {
          ...r,
          channels: own.map((c) => ({
            kind: c.kind,
            url: c.url,
            subscribers: c.subscribers,
            averageViews: c.averageViews,
            checked: !!c.checkedAt,
            verified: !!c.verifiedAt,
            flagged: !!c.flaggedAt,
            languages: c.languages,
          })),
          meetsMinimums: meetsMinimums(own, campaign),
          meetsStated: meetsStatedMinimums(own, campaign),
        };
      }),
    };
  }
  if (tab === "keys") {
    const keys = await deps.db
      .select({
        id: campaignKeys.id,
        region: campaignKeys.region,
        status: campaignKeys.status,
        holder: profiles.username,
        claimedAt: campaignKeys.claimedAt,
        revokedAt: campaignKeys.revokedAt,
        createdAt: campaignKeys.createdAt,
      })
      .from(campaignKeys)
      .leftJoin(profiles, eq(profiles.id, campaignKeys.claimedBy))
      .where(eq(campaignKeys.campaignId, campaign.id))
      .orderBy(asc(campaignKeys.createdAt), asc(campaignKeys.id))
      .limit(CAMPAIGNS_PAGE_SIZE)
      .offset(offset);
    const total = counts.reduce((n, c) => n + c.n, 0);
    return { ...base, keys, total };
  }
  if (tab === "participants") {
    const participants = await deps.db
      .select({
        requestId: creatorRequests.id,
        username: profiles.username,
        platform: creatorRequests.platform,
        region: campaignKeys.region,
        claimedAt: campaignKeys.claimedAt,
        coverageDueAt: creatorRequests.coverageDueAt,
        keyId: campaignKeys.id,
      })
      .from(creatorRequests)
      .innerJoin(campaignKeys, eq(campaignKeys.id, creatorRequests.keyId))
      .leftJoin(profiles, eq(profiles.id, creatorRequests.creatorId))
      .where(and(eq(creatorRequests.campaignId, campaign.id), eq(creatorRequests.status, "approved")))
      .orderBy(desc(campaignKeys.claimedAt))
      .limit(CAMPAIGNS_PAGE_SIZE)
      .offset(offset);
    const ids = participants.map((p) => p.requestId);
    const links = ids.length ? await deps.db.select().from(coverageLinks).where(inArray(coverageLinks.requestId, ids)) : [];
    const now = deps.now().getTime();
    const total = base.requestCounts.approved ?? 0;
    return {
      ...base,
      total,
      participants: participants.map((p) => {
        const coverage = links
          .filter((l) => l.requestId === p.requestId)
          .map((l) => ({ url: l.url, kind: l.kind, createdAt: l.createdAt }));
        return { ...p, coverage, deadlinePassed: !!p.coverageDueAt && p.coverageDueAt.getTime() < now };
      }),
    };
  }
  return { ...base, total: 0 };
}
