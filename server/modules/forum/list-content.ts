import { asc, sql } from "drizzle-orm";
import { forumCategories, forums, forumTags, threads, threadTags } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { assertCan } from "./policy";

export type AdminForum = {
  id: string;
  categoryId: string;
  slug: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  /** Every thread, hidden ones included: a forum can be deleted only at 0. */
  threads: number;
};
export type AdminCategory = Omit<AdminForum, "categoryId" | "threads"> & { forums: AdminForum[] };
export type AdminTag = { id: string; slug: string; nameEs: string; nameEn: string; threads: number };

/**
 * The forum's structure for the content tab (Admins): categories in display order with their forums, every
 * thread counted (hidden too, since they keep a forum from being deleted), and the tags with their use.
 */
export async function listContent(deps: Pick<ForumDeps, "db">, actor: Actor): Promise<{ categories: AdminCategory[]; tags: AdminTag[] }> {
  assertCan(actor, "structure.view");
  const db = deps.db;
  const categories = await db.select().from(forumCategories).orderBy(asc(forumCategories.position), asc(forumCategories.slug));
  const forumRows = await db.select().from(forums).orderBy(asc(forums.position), asc(forums.slug));
  const threadCounts = await db
    .select({ forumId: threads.forumId, n: sql<number>`count(*)::int` })
    .from(threads)
    .groupBy(threads.forumId);
  const tagRows = await db.select().from(forumTags).orderBy(asc(forumTags.slug));
  const tagCounts = await db
    .select({ tagId: threadTags.tagId, n: sql<number>`count(*)::int` })
    .from(threadTags)
    .groupBy(threadTags.tagId);
  const forumOf = (f: (typeof forumRows)[number]): AdminForum => ({
    id: f.id,
    categoryId: f.categoryId,
    slug: f.slug,
    titleEs: f.titleEs,
    titleEn: f.titleEn,
    descriptionEs: f.descriptionEs,
    descriptionEn: f.descriptionEn,
    threads: threadCounts.find((c) => c.forumId === f.id)?.n ?? 0,
  });
  return {
    categories: categories.map((c) => ({
      id: c.id,
      slug: c.slug,
      titleEs: c.titleEs,
      titleEn: c.titleEn,
      descriptionEs: c.descriptionEs,
      descriptionEn: c.descriptionEn,
      forums: forumRows.filter((f) => f.categoryId === c.id).map(forumOf),
    })),
    tags: tagRows.map((t) => ({ ...t, threads: tagCounts.find((c) => c.tagId === t.id)?.n ?? 0 })),
  };
}
