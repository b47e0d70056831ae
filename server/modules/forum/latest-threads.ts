import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { forums, profiles, threads } from "#server/db/schema";

export type LatestThread = {
  title: string;
  slug: string;
  forumSlug: string;
  createdAt: string;
  author: { id: string; username: string; avatarUrl: string | null };
};

/**
 * SPEC §7's side-panel read: the newest visible threads (hidden ones never show here, whoever looks), with
 * their forum's slug and author, newest first. One statement.
 */
export async function latestThreads(db: Pick<Database, "select">, limit = 4): Promise<LatestThread[]> {
  const rows = await db
    .select({
      title: threads.title,
      slug: threads.slug,
      forumSlug: forums.slug,
      createdAt: threads.createdAt,
      authorId: profiles.id,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
    })
    .from(threads)
    .innerJoin(forums, eq(forums.id, threads.forumId))
    .innerJoin(profiles, eq(profiles.id, threads.authorId))
    .where(and(eq(threads.hidden, false)))
    .orderBy(desc(threads.createdAt), desc(threads.id))
    .limit(limit);
  return rows.map((r) => ({
    title: r.title,
    slug: r.slug,
    forumSlug: r.forumSlug,
    createdAt: r.createdAt.toISOString(),
    author: { id: r.authorId, username: r.username, avatarUrl: r.avatarUrl },
  }));
}
