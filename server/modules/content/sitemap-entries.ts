import { desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { podcastEpisodes, videos } from "#server/db/schema";

/** Items listed at most per kind (they are few; this only bounds the file). */
export const SITEMAP_CONTENT_CAP = 2_000;

/** /videos, /podcast and every published item's page. */
export async function contentSitemapEntries(db: Pick<Database, "select">, cap = SITEMAP_CONTENT_CAP) {
  const [v, e] = await Promise.all([
    db
      .select({ slug: videos.slug, updatedAt: videos.updatedAt })
      .from(videos)
      .where(eq(videos.published, true))
      .orderBy(desc(videos.updatedAt))
      .limit(cap),
    db
      .select({ slug: podcastEpisodes.slug, updatedAt: podcastEpisodes.updatedAt })
      .from(podcastEpisodes)
      .where(eq(podcastEpisodes.published, true))
      .orderBy(desc(podcastEpisodes.updatedAt))
      .limit(cap),
  ]);
  return [
    { path: "/videos", lastmod: v[0]?.updatedAt ?? null },
    ...v.map((r) => ({ path: `/videos/${r.slug}`, lastmod: r.updatedAt })),
    { path: "/podcast", lastmod: e[0]?.updatedAt ?? null },
    ...e.map((r) => ({ path: `/podcast/${r.slug}`, lastmod: r.updatedAt })),
  ];
}
