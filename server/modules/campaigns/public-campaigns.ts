import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { CONTENT_LANGUAGES, GENRES, PLATFORMS, REGIONS } from "#shared/campaigns";
import { campaignKeys, campaigns, companyGames, companyProfiles, creatorChannels, creatorRequests } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { isOpen } from "./campaign-status";
import { CAMPAIGNS_PAGE_SIZE, type CampaignsDeps } from "./deps";
import { meetsMinimums, meetsStatedMinimums } from "./eligibility";
import { requestAbility } from "./policy";

const filtersInput = z.object({
  platform: z.enum(PLATFORMS).optional().catch(undefined),
  genre: z.enum(GENRES).optional().catch(undefined),
  language: z.enum(CONTENT_LANGUAGES).optional().catch(undefined),
  region: z.enum(REGIONS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type CampaignFilters = z.infer<typeof filtersInput>;

const publicColumns = {
  id: campaigns.id,
  description: campaigns.description,
  startsAt: campaigns.startsAt,
  endsAt: campaigns.endsAt,
  status: campaigns.status,
  autoApprove: campaigns.autoApprove,
  minSubscribers: campaigns.minSubscribers,
  minAverageViews: campaigns.minAverageViews,
  platforms: campaigns.platforms,
  regions: campaigns.regions,
  languages: campaigns.languages,
  coverageDays: campaigns.coverageDays,
  gameName: companyGames.name,
  gameSlug: companyGames.slug,
  gameCover: companyGames.coverUrl,
  shortDescription: companyGames.shortDescription,
  genres: companyGames.genres,
  releaseStatus: companyGames.releaseStatus,
  companyName: companyProfiles.companyName,
  companySlug: companyProfiles.slug,
  keysLeft: sql<number>`(select count(*)::int from ${campaignKeys} where ${campaignKeys.campaignId} = ${campaigns.id} and ${campaignKeys.status} = 'available')`,
};

/** What the asker's own standing is for campaigns: their channels (creators), and the requests they made. */
async function standing(deps: Pick<CampaignsDeps, "db">, actor: Actor, campaignIds: string[]) {
  if (!actor || actor.profileRole !== "creator") return { channels: [], requested: new Map<string, string>() };
  const channels = await deps.db.select().from(creatorChannels).where(eq(creatorChannels.userId, actor.userId));
  const requests = campaignIds.length
    ? await deps.db
        .select({ campaignId: creatorRequests.campaignId, status: creatorRequests.status })
        .from(creatorRequests)
        .where(
          and(eq(creatorRequests.creatorId, actor.userId), sql`${creatorRequests.campaignId} = any(${sql.param(campaignIds)}::text[])`),
        )
    : [];
  return { channels, requested: new Map(requests.map((r) => [r.campaignId, r.status])) };
}

/**
 * /campaigns (the opportunities): active campaigns that have not ended, filtered by platform, genre, coverage
 * language (a campaign without languages takes any) and region (a worldwide one shows under every region); each says whether the signed-in creator meets
 * its minimums and whether they already asked.
 */
export async function listOpenCampaigns(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: unknown) {
  const filters = filtersInput.parse(input ?? {});
  const now = deps.now();
  const where = and(
    eq(campaigns.status, "active"),
    gt(campaigns.endsAt, now),
    filters.platform ? sql`${campaigns.platforms} ? ${filters.platform}` : undefined,
    // A worldwide campaign (or one stating no region) takes creators from every region, as a campaign without
    // languages takes any language.
    filters.region
      ? sql`(${campaigns.regions} = '[]'::jsonb or ${campaigns.regions} ? 'global' or ${campaigns.regions} ? ${filters.region})`
      : undefined,
    filters.genre ? sql`${companyGames.genres} ? ${filters.genre}` : undefined,
    filters.language ? sql`(${campaigns.languages} = '[]'::jsonb or ${campaigns.languages} ? ${filters.language})` : undefined,
  );
  const rows = await deps.db
    .select(publicColumns)
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .innerJoin(companyProfiles, eq(companyProfiles.id, campaigns.companyId))
    .where(where)
    .orderBy(asc(campaigns.endsAt), asc(campaigns.id))
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((filters.page - 1) * CAMPAIGNS_PAGE_SIZE);
  const [{ total }] = await deps.db
    .select({ total: count() })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .where(where);
  const mine = await standing(
    deps,
    actor,
    rows.map((r) => r.id),
  );
  const creator = !!actor && actor.profileRole === "creator";
  return {
    filters,
    total,
    pageCount: Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE)),
    campaigns: rows.map((r) => ({
      ...r,
      open: isOpen(r, now),
      meetsMinimums: creator ? meetsMinimums(mine.channels, r) : null,
      meetsStated: creator ? meetsStatedMinimums(mine.channels, r) : null,
      myRequest: mine.requested.get(r.id) ?? null,
    })),
  };
}

/**
 * /campaigns/{id}: the public detail of an active, paused or finished campaign (a draft is not found), with the
 * Request button's state: visitors are sent to sign in, a company or an unconfirmed account is told why.
 */
export async function getPublicCampaign(deps: Pick<CampaignsDeps, "db" | "now">, actor: Actor, input: { campaignId: string }) {
  const id = String(input?.campaignId ?? "");
  if (!id || id.length > 100) throw new DomainError("campaigns.not_found");
  const [row] = await deps.db
    .select({
      ...publicColumns,
      descriptionHtml: companyGames.descriptionHtml,
      trailerUrl: companyGames.trailerUrl,
      storeLinks: companyGames.storeLinks,
    })
    .from(campaigns)
    .innerJoin(companyGames, eq(companyGames.id, campaigns.gameId))
    .innerJoin(companyProfiles, eq(companyProfiles.id, campaigns.companyId))
    .where(eq(campaigns.id, id))
    .limit(1);
  if (!row || row.status === "draft") throw new DomainError("campaigns.not_found");
  const now = deps.now();
  const mine = await standing(deps, actor, [row.id]);
  const ability = requestAbility(actor);
  const creator = !!actor && actor.profileRole === "creator";
  return {
    campaign: { ...row, open: isOpen(row, now) },
    request: {
      ...ability,
      onboarded: mine.channels.some((c) => !c.flaggedAt),
      meetsMinimums: creator ? meetsMinimums(mine.channels, row) : null,
      meetsStated: creator ? meetsStatedMinimums(mine.channels, row) : null,
      myRequest: mine.requested.get(row.id) ?? null,
    },
  };
}
