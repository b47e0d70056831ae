import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { featuredGames } from "#server/db/schema";
import { FEATURE_TYPES_WITH_PAGE } from "#shared/promotions";

/** Featured game pages listed at most (they are few; this only bounds the file). */
export const SITEMAP_FEATURED_CAP = 2_000;

/**
 * Featured games for the sitemap: /featured-games and every details page on show now (visible,
 * inside its period). A finished, hidden or homepage-only feature is not listed.
 */
export async function featuredSitemapEntries(db: Pick<Database, "select">, now: Date, cap = SITEMAP_FEATURED_CAP) {
  const rows = await db
    .select({ slug: featuredGames.slug, updatedAt: featuredGames.updatedAt })
    .from(featuredGames)
    .where(
      and(
        eq(featuredGames.visible, true),
        inArray(featuredGames.scheduleStatus, ["scheduled", "active"]),
        lte(featuredGames.startsAt, now),
        gt(featuredGames.endsAt, now),
        inArray(featuredGames.featureType, [...FEATURE_TYPES_WITH_PAGE]),
      ),
    )
    .orderBy(desc(featuredGames.updatedAt))
    .limit(cap);
  return [
    { path: "/featured-games", lastmod: rows[0]?.updatedAt ?? null },
    ...rows.map((r) => ({ path: `/games/${r.slug}`, lastmod: r.updatedAt })),
  ];
}
