import { and, count, desc, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { companyProfiles, featuredGames } from "#server/db/schema";
import { DomainError } from "#server/modules/errors";
import { FEATURE_TYPES_ON_HOMEPAGE, FEATURE_TYPES_WITH_PAGE, PLATFORMS, RELEASE_STATUSES } from "#shared/promotions";
import type { PromotionsDeps } from "./deps";

/**
 * How long the home page's featured section is kept per process: short, so a game leaves at its end time
 * within seconds even before the schedule job runs (any change made here is seen at once through events).
 */
export const HOME_FEATURED_KEEP_MS = 15_000;

/** Cards per page of /featured-games. */
export const FEATURED_PAGE_SIZE = 12;

/**
 * What visitors may see: visible, not ended by the team, and inside its period by the clock (a late schedule
 * job never shows a game early or keeps one past its end).
 */
export const onShow = (now: Date) =>
  and(
    eq(featuredGames.visible, true),
    inArray(featuredGames.scheduleStatus, ["scheduled", "active"]),
    lte(featuredGames.startsAt, now),
    gt(featuredGames.endsAt, now),
  );

export const cardColumns = {
  id: featuredGames.id,
  slug: featuredGames.slug,
  gameName: featuredGames.gameName,
  studioName: featuredGames.studioName,
  shortDescription: featuredGames.shortDescription,
  imageUrl: featuredGames.imageUrl,
  capsuleUrl: featuredGames.capsuleUrl,
  releaseStatus: featuredGames.releaseStatus,
  platforms: featuredGames.platforms,
  featureType: featuredGames.featureType,
};
export type FeaturedCard = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] } & { hasPage: boolean };

export const withPage = <T extends { featureType: string }>(r: T) => ({
  ...r,
  hasPage: FEATURE_TYPES_WITH_PAGE.includes(r.featureType as never),
});

const listInput = z.object({
  release: z.enum(RELEASE_STATUSES).optional().catch(undefined),
  platform: z.enum(PLATFORMS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

/** /featured-games: the featured games on show, by release status and platform, the ones ending soonest last. */
export async function listPublicFeatured(deps: Pick<PromotionsDeps, "db" | "now">, input: unknown) {
  const { release, platform, page } = listInput.parse(input ?? {});
  const where = and(
    onShow(deps.now()),
    release ? eq(featuredGames.releaseStatus, release) : undefined,
    platform ? sql`${featuredGames.platforms} @> ${JSON.stringify([platform])}::jsonb` : undefined,
  );
  const rows = await deps.db
    .select(cardColumns)
    .from(featuredGames)
    .where(where)
    .orderBy(desc(featuredGames.startsAt), featuredGames.id)
    .limit(FEATURED_PAGE_SIZE)
    .offset((page - 1) * FEATURED_PAGE_SIZE);
  const [{ total }] = await deps.db.select({ total: count() }).from(featuredGames).where(where);
  return {
    games: rows.map(withPage),
    total,
    pageCount: Math.max(1, Math.ceil(total / FEATURED_PAGE_SIZE)),
    filters: { release: release ?? null, platform: platform ?? null, page },
  };
}

/** The home page's featured section: the homepage features on show (homepage and both), newest first. */
export async function homepageFeatured(deps: Pick<PromotionsDeps, "db" | "now">, limit = 12) {
  const rows = await deps.db
    .select(cardColumns)
    .from(featuredGames)
    .where(and(onShow(deps.now()), inArray(featuredGames.featureType, [...FEATURE_TYPES_ON_HOMEPAGE])))
    .orderBy(desc(featuredGames.startsAt), featuredGames.id)
    .limit(limit);
  return rows.map(withPage);
}

/**
 * /games/{slug}: a details page (details_page and both) while on show. Anything else — unknown, hidden,
 * not started, finished or ended early, homepage-only — is `promotions.not_found` (the page answers 404).
 */
export async function getPublicGame(deps: Pick<PromotionsDeps, "db" | "now">, input: { slug: string }) {
  const slug = String(input.slug ?? "").toLowerCase();
  if (!slug || slug.length > 80) throw new DomainError("promotions.not_found");
  const [row] = await deps.db
    .select({
      ...cardColumns,
      detailsHtml: featuredGames.detailsHtml,
      screenshots: featuredGames.screenshots,
      storeUrl: featuredGames.storeUrl,
      youtubeVideoId: featuredGames.youtubeVideoId,
      companyId: featuredGames.companyId,
      companySlug: companyProfiles.slug,
      companyLogo: companyProfiles.logoUrl,
      startsAt: featuredGames.startsAt,
      endsAt: featuredGames.endsAt,
      updatedAt: featuredGames.updatedAt,
    })
    .from(featuredGames)
    .leftJoin(companyProfiles, eq(companyProfiles.id, featuredGames.companyId))
    .where(
      and(
        sql`lower(${featuredGames.slug}) = ${slug}`,
        onShow(deps.now()),
        inArray(featuredGames.featureType, [...FEATURE_TYPES_WITH_PAGE]),
      ),
    )
    .limit(1);
  if (!row) throw new DomainError("promotions.not_found");
  return row;
}

/**
 * A game page's "more from the studio": the studio's other featured games on show (any feature type: a
 * homepage-only one is a card without a link), newest first. Nothing for a game without a studio account.
 */
export async function otherStudioGames(
  deps: Pick<PromotionsDeps, "db" | "now">,
  input: { companyId: string | null; exceptId: string },
  limit = 6,
) {
  if (!input.companyId) return [];
  const rows = await deps.db
    .select(cardColumns)
    .from(featuredGames)
    .where(and(onShow(deps.now()), eq(featuredGames.companyId, input.companyId), ne(featuredGames.id, input.exceptId)))
    .orderBy(desc(featuredGames.startsAt), featuredGames.id)
    .limit(limit);
  return rows.map(withPage);
}
