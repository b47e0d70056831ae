import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { forums, threads } from "#server/db/schema";

/** A community page for the sitemap: its path (without the language prefix) and when it last changed. */
export type ForumSitemapEntry = { path: string; lastmod: Date | null };

/**
 * Threads listed at most: the most recently active ones. With both languages that is 40,000 URLs, under the
 * sitemap protocol's 50,000 per file together with the other pages; a busier forum would need a sitemap index.
 */
export const SITEMAP_THREAD_CAP = 20_000;

/**
 * The community pages search engines may index: the forum index, every forum and the visible threads (hidden
 * ones never), each with its last activity. One statement: the forums and the capped threads in one UNION ALL.
 */
export async function forumSitemapEntries(db: Pick<Database, "select">, cap = SITEMAP_THREAD_CAP): Promise<ForumSitemapEntry[]> {
  const forumRows = db
    .select({
      forumSlug: forums.slug,
      threadSlug: sql<string | null>`null::text`,
      lastmod: forums.lastActivityAt,
      position: forums.position,
    })
    .from(forums);
  const threadRows = db
    .select({
      forumSlug: forums.slug,
      threadSlug: sql<string | null>`${threads.slug}`,
      lastmod: threads.lastActivityAt,
      position: forums.position,
    })
    .from(threads)
    .innerJoin(forums, eq(forums.id, threads.forumId))
    .where(eq(threads.hidden, false))
    .orderBy(desc(threads.lastActivityAt), desc(threads.id))
    .limit(cap);
  const rows = await forumRows.unionAll(threadRows);

  const forumsOnly = rows
    .filter((r) => r.threadSlug === null)
    .sort((a, b) => a.position - b.position || a.forumSlug.localeCompare(b.forumSlug));
  // UNION ALL keeps no order of its own: most recently active first again.
  const threadsOnly = rows.filter((r) => r.threadSlug !== null).sort((a, b) => (b.lastmod?.getTime() ?? 0) - (a.lastmod?.getTime() ?? 0));
  const latest = forumsOnly.reduce<Date | null>((max, r) => (r.lastmod && (!max || r.lastmod > max) ? r.lastmod : max), null);
  return [
    { path: "/community", lastmod: latest },
    ...forumsOnly.map((r) => ({ path: `/community/${r.forumSlug}`, lastmod: r.lastmod })),
    ...threadsOnly.map((r) => ({ path: `/community/${r.forumSlug}/${r.threadSlug}`, lastmod: r.lastmod })),
  ];
}
