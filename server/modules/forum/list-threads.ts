import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { forumCategories, forums, forumTags, posts, profiles, threads, threadTags } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import type { ThreadTag } from "./get-thread";
import { forumColor } from "./forum-color";
import { slugField } from "./input";
import { lastReadColumn } from "./read-marks";
import { can } from "./policy";

const listThreadsInput = z.object({
  forumSlug: slugField,
  page: z.unknown().optional(),
  tag: z.string().max(60).optional().catch(undefined),
  status: z.enum(["resolved", "open"]).optional().catch(undefined),
  sort: z.enum(["latest", "top", "newest"]).default("latest").catch("latest"),
});
export type ListThreadsInput = z.input<typeof listThreadsInput>;

/** A member shown in the topic list (an avatar, a name). */
export type ListedMember = { id: string; username: string; avatarUrl: string | null };

export type ThreadSummary = {
  id: string;
  title: string;
  slug: string;
  author: ListedMember | null;
  /** Up to four other members who posted lately (most recent first), besides the author. */
  participants: ListedMember[];
  /** Who wrote the last post (null: deleted account), and its number. */
  lastPoster: ListedMember | null;
  lastPostNumber: number;
  viewCount: number;
  /**
   * For a member: null when the thread has nothing new; otherwise the first post they have not read
   * (1 when they never opened it) and how many posts are new.
   */
  unread: { firstUnread: number; count: number; neverRead: boolean } | null;
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

type LastRow = { number: number; id: string | null; username: string | null; avatarUrl: string | null };

/**
 * A forum's threads, 20 per page: pinned first, then by the chosen order (latest activity, most liked, newest).
 * Filters: one tag, resolved or open. Hidden threads are listed for moderators only. Each thread comes with
 * its tags, its last poster, up to four recent participants and, for a member, what is unread — inside the
 * list's own statement. Two statements whatever the page holds: the forum (with the count and the tags), the list.
 */
export async function listThreads(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown) {
  const data = parseInput(listThreadsInput, input);
  const page = pageNumber(data.page);
  const db = deps.db;
  // Filters apply inside the forum's statement (its thread count) and to the list; the forum is matched there.
  const filters: SQL[] = [];
  if (!can(actor, "forum.view_hidden")) filters.push(eq(threads.hidden, false));
  if (data.status) filters.push(eq(threads.resolved, data.status === "resolved"));
  if (data.tag)
    filters.push(
      sql`exists (select 1 from ${threadTags} tt join ${forumTags} t on t.id = tt.tag_id where tt.thread_id = ${threads.id} and t.slug = ${data.tag})`,
    );
  // The forum, how many threads pass the filters, and every tag (the filter's choices): one statement.
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
      color: forums.color,
      category: { slug: forumCategories.slug, titleEs: forumCategories.titleEs, titleEn: forumCategories.titleEn },
      total: sql<number>`(select count(*)::int from ${threads} where ${and(eq(threads.forumId, forums.id), ...filters)})`.mapWith(Number),
      allTags: sql<
        ThreadTag[]
      >`coalesce((select json_agg(json_build_object('slug', g.slug, 'nameEs', g.name_es, 'nameEn', g.name_en) order by g.slug) from ${forumTags} g), '[]'::json)`,
    })
    .from(forums)
    .innerJoin(forumCategories, eq(forumCategories.id, forums.categoryId))
    .where(eq(forums.slug, data.forumSlug))
    .limit(1);
  if (!forum) throw new DomainError("not_found");
  const { total, allTags, ...forumFields } = forum;

  const where: SQL[] = [eq(threads.forumId, forum.id), ...filters];
  const order =
    data.sort === "top"
      ? [desc(threads.likeCount), desc(threads.lastActivityAt)]
      : data.sort === "newest"
        ? [desc(threads.createdAt)]
        : [desc(threads.lastActivityAt)];

  const viewerId = actor?.userId ?? null;
  const rows = await db
    .select({
      t: threads,
      author: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
      tags: sql<
        ThreadTag[]
      >`coalesce((select json_agg(json_build_object('slug', g.slug, 'nameEs', g.name_es, 'nameEn', g.name_en) order by g.slug) from ${threadTags} tt join ${forumTags} g on g.id = tt.tag_id where tt.thread_id = ${threads.id}), '[]'::json)`,
      last: sql<LastRow | null>`(select json_build_object('number', p.number, 'id', pr.id, 'username', pr.username, 'avatarUrl', pr.avatar_url) from ${posts} p left join ${profiles} pr on pr.id = p.author_id where p.id = ${threads.lastPostId})`,
      // The latest 50 posts' authors other than the thread's, most recent first: bounded however long the thread.
      participants: sql<ListedMember[]>`coalesce((
        select json_agg(json_build_object('id', pr.id, 'username', pr.username, 'avatarUrl', pr.avatar_url) order by x.last desc)
        from (
          select r.author_id, max(r.number) as last
          from (select p.author_id, p.number from ${posts} p where p.thread_id = ${threads.id} and p.deleted_at is null and not p.hidden order by p.number desc limit 50) r
          where r.author_id is not null and r.author_id is distinct from ${threads.authorId}
          group by r.author_id order by last desc limit 4
        ) x join ${profiles} pr on pr.id = x.author_id), '[]'::json)`,
      lastRead: lastReadColumn(viewerId),
    })
    .from(threads)
    .leftJoin(profiles, eq(profiles.id, threads.authorId))
    .where(and(...where))
    .orderBy(desc(threads.pinned), ...order, asc(threads.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);

  const member = (m: { id: string | null; username: string | null; avatarUrl: string | null } | null): ListedMember | null =>
    m?.id && m.username ? { id: m.id, username: m.username, avatarUrl: m.avatarUrl } : null;
  const items: ThreadSummary[] = rows.map(({ t, author, tags, last, participants, lastRead }) => {
    const lastPostNumber = last?.number ?? 1;
    const readTo = lastRead ?? 0;
    return {
      id: t.id,
      title: t.title,
      slug: t.slug,
      author: member(author),
      participants: participants ?? [],
      lastPoster: last ? member(last) : null,
      lastPostNumber,
      viewCount: t.viewCount,
      unread:
        viewerId && lastPostNumber > readTo
          ? { firstUnread: readTo + 1, count: lastPostNumber - readTo, neverRead: lastRead === null }
          : null,
      pinned: t.pinned,
      locked: t.locked,
      hidden: t.hidden,
      resolved: t.resolved,
      replyCount: t.replyCount,
      likeCount: t.likeCount,
      createdAt: t.createdAt,
      lastActivityAt: t.lastActivityAt,
      tags: tags ?? [],
    };
  });
  return {
    forum: { ...forumFields, color: forumColor(forum.color) },
    items,
    page,
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filters: { tag: data.tag ?? null, status: data.status ?? null, sort: data.sort },
    /** Every tag, by slug: the list's tag filter. */
    tags: allTags ?? [],
    can: { createThread: can(actor, "thread.create") },
  };
}

export type ThreadList = Awaited<ReturnType<typeof listThreads>>;
