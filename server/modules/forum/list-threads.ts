import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { forumCategories, forums, forumTags, profiles, threads, threadTags } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import type { ThreadTag } from "./get-thread";
import { slugField } from "./input";
import { can } from "./policy";

const listThreadsInput = z.object({
  forumSlug: slugField,
  page: z.unknown().optional(),
  tag: z.string().max(60).optional().catch(undefined),
  status: z.enum(["resolved", "open"]).optional().catch(undefined),
  sort: z.enum(["latest", "top", "newest"]).default("latest").catch("latest"),
});
export type ListThreadsInput = z.input<typeof listThreadsInput>;

export type ThreadSummary = {
  id: string;
  title: string;
  slug: string;
  author: { id: string; username: string; avatarUrl: string | null } | null;
  pinned: boolean;
  locked: boolean;
  hidden: boolean;
  resolved: boolean;
  replyCount: number;
  likeCount: number;
  createdAt: Date;
  lastActivityAt: Date;
  tags: ThreadTag[];
};

/**
 * A forum's threads, 20 per page: pinned first, then by the chosen order (latest activity, most liked, newest).
 * Filters: one tag, resolved or open. Hidden threads are listed for moderators only.
 */
export async function listThreads(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown) {
  const data = parseInput(listThreadsInput, input);
  const page = pageNumber(data.page);
  const db = deps.db;
  const [forum] = await db
    .select({
      id: forums.id,
      slug: forums.slug,
      titleEs: forums.titleEs,
      titleEn: forums.titleEn,
      descriptionEs: forums.descriptionEs,
      descriptionEn: forums.descriptionEn,
      threadCount: forums.threadCount,
      postCount: forums.postCount,
      category: { slug: forumCategories.slug, titleEs: forumCategories.titleEs, titleEn: forumCategories.titleEn },
    })
    .from(forums)
    .innerJoin(forumCategories, eq(forumCategories.id, forums.categoryId))
    .where(eq(forums.slug, data.forumSlug))
    .limit(1);
  if (!forum) throw new DomainError("not_found");

  const where: SQL[] = [eq(threads.forumId, forum.id)];
  if (!can(actor, "forum.view_hidden")) where.push(eq(threads.hidden, false));
  if (data.status) where.push(eq(threads.resolved, data.status === "resolved"));
  if (data.tag)
    where.push(
      sql`exists (select 1 from ${threadTags} tt join ${forumTags} t on t.id = tt.tag_id where tt.thread_id = ${threads.id} and t.slug = ${data.tag})`,
    );
  const order =
    data.sort === "top"
      ? [desc(threads.likeCount), desc(threads.lastActivityAt)]
      : data.sort === "newest"
        ? [desc(threads.createdAt)]
        : [desc(threads.lastActivityAt)];

  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(threads)
    .where(and(...where));
  const rows = await db
    .select({ t: threads, author: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl } })
    .from(threads)
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .where(and(...where))
    .orderBy(desc(threads.pinned), ...order, asc(threads.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);

  const ids = rows.map((r) => r.t.id);
  const tagRows = ids.length
    ? await db
        .select({ threadId: threadTags.threadId, slug: forumTags.slug, nameEs: forumTags.nameEs, nameEn: forumTags.nameEn })
        .from(threadTags)
        .innerJoin(forumTags, eq(forumTags.id, threadTags.tagId))
        .where(inArray(threadTags.threadId, ids))
        .orderBy(asc(forumTags.slug))
    : [];

  const items: ThreadSummary[] = rows.map(({ t, author }) => ({
    id: t.id,
    title: t.title,
    slug: t.slug,
    author: author?.id ? author : null,
    pinned: t.pinned,
    locked: t.locked,
    hidden: t.hidden,
    resolved: t.resolved,
    replyCount: t.replyCount,
    likeCount: t.likeCount,
    createdAt: t.createdAt,
    lastActivityAt: t.lastActivityAt,
    tags: tagRows.filter((r) => r.threadId === t.id).map(({ slug, nameEs, nameEn }) => ({ slug, nameEs, nameEn })),
  }));
  return {
    forum,
    items,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters: { tag: data.tag ?? null, status: data.status ?? null, sort: data.sort },
    can: { createThread: can(actor, "thread.create") },
  };
}

export type ThreadList = Awaited<ReturnType<typeof listThreads>>;
