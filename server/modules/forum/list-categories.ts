import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { forumCategories, forums, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import type { ForumDeps } from "./deps";
import { forumColor } from "./forum-color";
import { can } from "./policy";

export type ForumSummary = {
  id: string;
  slug: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  threadCount: number;
  postCount: number;
  /** #rrggbb, or null (the page picks one from the slug). */
  color: string | null;
  lastActivityAt: Date | null;
  lastThread: { id: string; title: string; slug: string } | null;
};
export type CategoryWithForums = {
  id: string;
  slug: string;
  titleEs: string;
  titleEn: string;
  descriptionEs: string;
  descriptionEn: string;
  forums: ForumSummary[];
};

/** The forum index: categories in display order, each with its forums, their counters and latest activity. */
export async function listCategories(deps: Pick<ForumDeps, "db">, actor: Actor): Promise<CategoryWithForums[]> {
  const lastThread = alias(threads, "last_thread");
  const categories = await deps.db.select().from(forumCategories).orderBy(asc(forumCategories.position), asc(forumCategories.slug));
  const rows = await deps.db
    .select({ f: forums, last: { id: lastThread.id, title: lastThread.title, slug: lastThread.slug, hidden: lastThread.hidden } })
    .from(forums)
    .leftJoin(lastThread, eq(lastThread.id, forums.lastThreadId))
    .orderBy(asc(forums.position), asc(forums.slug));
  const seesHidden = can(actor, "forum.view_hidden");
  return categories.map((c) => ({
    id: c.id,
    slug: c.slug,
    titleEs: c.titleEs,
    titleEn: c.titleEn,
    descriptionEs: c.descriptionEs,
    descriptionEn: c.descriptionEn,
    forums: rows
      .filter((r) => r.f.categoryId === c.id)
      .map(({ f, last }) => ({
        id: f.id,
        slug: f.slug,
        titleEs: f.titleEs,
        titleEn: f.titleEn,
        descriptionEs: f.descriptionEs,
        descriptionEn: f.descriptionEn,
        threadCount: f.threadCount,
        postCount: f.postCount,
        color: forumColor(f.color),
        lastActivityAt: f.lastActivityAt,
        lastThread: last?.id && (!last.hidden || seesHidden) ? { id: last.id, title: last.title, slug: last.slug } : null,
      })),
  }));
}
