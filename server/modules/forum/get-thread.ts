import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  forumCategories,
  forums,
  postLikes,
  postRevisions,
  posts,
  profiles,
  threadFollows,
  threads,
  threadSlugHistory,
  threadTags,
  forumTags,
} from "#server/db/schema";
import type { Database } from "#server/db/client";
import { prepared } from "#server/db/prepared";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import { excerpt, htmlToText } from "./excerpt";
import { slugField } from "./input";
import { lastReadColumn, markRead } from "./read-marks";
import { can, postAbilities, threadAbilities, type PostAbilities, type ThreadAbilities } from "./policy";

const getThreadInput = z.object({ forumSlug: slugField, threadSlug: slugField, page: z.unknown().optional() });

export type ThreadTag = { slug: string; nameEs: string; nameEn: string };
export type ThreadPost = {
  id: string;
  number: number;
  author: { id: string; username: string; avatarUrl: string | null } | null;
  /** Null when the post is deleted or hidden (the page shows a trace instead). */
  bodyHtml: string | null;
  bodyMd: string | null;
  deleted: boolean;
  hidden: boolean;
  likeCount: number;
  likedByViewer: boolean;
  /** Earlier versions kept (the history is read with `listRevisions`). */
  revisionCount: number;
  editedAt: Date | null;
  createdAt: Date;
  /** The thread's accepted answer (while it is hidden or deleted the thread has none). */
  accepted: boolean;
  /** What the page may offer on this post, from the policy alone. */
  can: PostAbilities;
};
/** The accepted answer, shown under the question whatever page it is on. */
export type AcceptedAnswer = {
  id: string;
  number: number;
  author: { username: string; avatarUrl: string | null } | null;
  /** Plain text, about 300 characters. */
  excerpt: string;
  /** Hidden by a moderator (only moderators get it then). */
  hidden: boolean;
};
/** A forum a moderator may move the thread to. */
export type MoveTarget = { slug: string; titleEs: string; titleEn: string; categoryEs: string; categoryEn: string };
export type ThreadView = {
  thread: {
    id: string;
    title: string;
    slug: string;
    author: { id: string; username: string; avatarUrl: string | null } | null;
    pinned: boolean;
    locked: boolean;
    hidden: boolean;
    /** Resolved: its accepted answer is in sight (hiding the answer takes it away, publishing it gives it back). */
    resolved: boolean;
    /** The accepted answer of a resolved thread, else null. */
    acceptedPostId: string | null;
    replyCount: number;
    likeCount: number;
    /** Readers, once per visitor per day. */
    viewCount: number;
    createdAt: Date;
    lastActivityAt: Date;
    tags: ThreadTag[];
    following: boolean;
    acceptedAnswer: AcceptedAnswer | null;
    /** The opening post as plain text, about 155 characters (page description, link previews). */
    description: string;
  };
  forum: { id: string; slug: string; titleEs: string; titleEn: string; category: { slug: string; titleEs: string; titleEn: string } };
  posts: ThreadPost[];
  page: number;
  pageCount: number;
  /** Every forum, for a moderator's "move" control; empty for everyone else. */
  moveTargets: MoveTarget[];
  /** What the page may offer on the thread, from the policy alone. */
  can: ThreadAbilities;
  /**
   * For a member: the highest post number they had read before this visit (null: never opened the thread).
   * The page draws its "new posts since your last visit" line before the first post past it.
   */
  lastReadNumber: number | null;
};
export type GetThreadResult = ThreadView | { redirectTo: { forumSlug: string; threadSlug: string } };

type AcceptedRow = {
  id: string;
  number: number;
  hidden: boolean;
  deleted: boolean;
  bodyHtml: string;
  username: string | null;
  avatarUrl: string | null;
};

/**
 * A thread page: the thread, its forum and category, tags, whether the viewer follows it, its accepted answer
 * (wherever it is), the forums a moderator may move it to, and 20 posts with their authors, like counts and
 * whether the viewer liked each. Two statements whatever the page size (one more to find an old slug's
 * thread). An old slug answers `{ redirectTo }`; a hidden thread is `not_found` except for moderators.
 * For a member it also tells how far they had read before, and records that they have now read this page
 * (one upsert, sent alongside the posts' statement, and only when the mark moves forward).
 */
export async function getThread(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown): Promise<GetThreadResult> {
  const data = parseInput(getThreadInput, input);
  const page = pageNumber(data.page);
  const viewerId = actor?.userId ?? null;
  const seesHidden = can(actor, "forum.view_hidden");
  const db = deps.db;

  const canMove = can(actor, "thread.move");
  const [row] = await threadStatement(db, viewerId !== null, canMove).execute({
    forumSlug: data.forumSlug,
    threadSlug: data.threadSlug,
    viewerId,
  });

  if (!row) {
    const [old] = await db
      .select({
        threadSlug: threads.slug,
        hidden: threads.hidden,
        forumSlug: sql<string>`(select f.slug from ${forums} f where f.id = ${threads.forumId})`,
      })
      .from(threadSlugHistory)
      .innerJoin(forums, eq(forums.id, threadSlugHistory.forumId))
      .innerJoin(threads, eq(threads.id, threadSlugHistory.threadId))
      .where(and(eq(forums.slug, data.forumSlug), eq(threadSlugHistory.slug, data.threadSlug)))
      .limit(1);
    if (!old || (old.hidden && !seesHidden)) throw new DomainError("not_found");
    // The thread may have moved to another forum since (moveThread): the redirect goes to where it is now.
    return { redirectTo: { forumSlug: old.forumSlug, threadSlug: old.threadSlug } };
  }
  const t = row.thread;
  if (t.hidden && !seesHidden) throw new DomainError("not_found");
  // The thread's chosen answer counts only while the thread is resolved (its answer in sight).
  const acceptedPostId = t.resolved ? t.acceptedPostId : null;

  // Read up to the last post of this page: recorded at the same time as the posts are read.
  const readTo = Math.min(page * PAGE_SIZE, row.lastNumber);
  const onAPage = (page - 1) * PAGE_SIZE < row.lastNumber;
  // A mark already at or past this page (most views) would not move: no statement for it.
  const alreadyRead = row.lastRead !== null && row.lastRead >= readTo;
  const marking = viewerId && onAPage && !alreadyRead ? markRead(db, viewerId, t.id, readTo, new Date()) : null;
  const postsRead = postsStatement(db, viewerId !== null).execute({ threadId: t.id, viewerId, offset: (page - 1) * PAGE_SIZE });
  const [rows] = await Promise.all([postsRead, marking]);

  const threadFacts = { authorId: t.authorId, locked: t.locked, acceptedPostId };
  return {
    thread: {
      id: t.id,
      title: t.title,
      slug: t.slug,
      author: row.author?.id ? row.author : null,
      pinned: t.pinned,
      locked: t.locked,
      hidden: t.hidden,
      resolved: t.resolved,
      acceptedPostId,
      replyCount: t.replyCount,
      likeCount: t.likeCount,
      viewCount: t.viewCount,
      createdAt: t.createdAt,
      lastActivityAt: t.lastActivityAt,
      tags: row.tags,
      following: !!row.following,
      acceptedAnswer: acceptedPostId ? acceptedAnswer(row.accepted, seesHidden) : null,
      description: excerpt(htmlToText(row.firstPostHtml ?? "")),
    },
    forum: { ...row.forum, category: row.category },
    posts: rows.map((p) => {
      const deleted = !!p.deletedAt;
      const concealed = deleted || (p.hidden && !seesHidden);
      return {
        id: p.id,
        number: p.number,
        author: p.authorId && p.username ? { id: p.authorId, username: p.username, avatarUrl: p.avatarUrl } : null,
        bodyHtml: concealed ? null : p.bodyHtml,
        bodyMd: concealed ? null : p.bodyMd,
        deleted,
        hidden: p.hidden,
        likeCount: p.likeCount,
        likedByViewer: !!p.liked,
        revisionCount: concealed ? 0 : p.revisionCount,
        editedAt: p.editedAt,
        createdAt: p.createdAt,
        accepted: acceptedPostId === p.id,
        can: postAbilities(actor, { ...p, deleted }, threadFacts),
      };
    }),
    page,
    pageCount: Math.max(1, Math.ceil(row.lastNumber / PAGE_SIZE)),
    moveTargets: row.moveTargets ?? [],
    can: threadAbilities(actor, t),
    lastReadNumber: viewerId ? (row.lastRead ?? null) : null,
  };
}

/** What readers see of the accepted answer: nothing once it is deleted, or hidden (except for moderators). */
function acceptedAnswer(row: AcceptedRow | null, seesHidden: boolean): AcceptedAnswer | null {
  if (!row || row.deleted || (row.hidden && !seesHidden)) return null;
  return {
    id: row.id,
    number: row.number,
    author: row.username ? { username: row.username, avatarUrl: row.avatarUrl } : null,
    excerpt: excerpt(htmlToText(row.bodyHtml ?? ""), 300),
    hidden: row.hidden,
  };
}

/**
 * The thread's statement, prepared once per variant (signed in or not, allowed to move threads or not): every
 * thread page runs it (server/db/prepared.ts).
 */
function threadStatement(db: Database, signedIn: boolean, canMove: boolean) {
  const viewerId = sql.placeholder("viewerId");
  return prepared(db, `thread_page_thread_${signedIn ? "member" : "visitor"}${canMove ? "_mover" : ""}`, (name) =>
    db
      .select({
        thread: threads,
        forum: { id: forums.id, slug: forums.slug, titleEs: forums.titleEs, titleEn: forums.titleEn },
        category: { slug: forumCategories.slug, titleEs: forumCategories.titleEs, titleEn: forumCategories.titleEn },
        author: { id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl },
        firstPostHtml: sql<
          string | null
        >`(select case when p.deleted_at is null and not p.hidden then p.body_html end from ${posts} p where p.id = ${threads.firstPostId})`,
        lastNumber: sql<number>`(select coalesce(max(p.number), 0)::int from ${posts} p where p.thread_id = ${threads.id})`,
        following: signedIn
          ? sql<boolean>`exists(select 1 from ${threadFollows} f where f.thread_id = ${threads.id} and f.user_id = ${viewerId})`
          : sql<boolean>`false`,
        tags: sql<
          ThreadTag[]
        >`coalesce((select json_agg(json_build_object('slug', t.slug, 'nameEs', t.name_es, 'nameEn', t.name_en) order by t.slug) from ${threadTags} tt join ${forumTags} t on t.id = tt.tag_id where tt.thread_id = ${threads.id}), '[]'::json)`,
        // Inside this statement (not a third one): the answer may be on another page than the one read.
        accepted: sql<AcceptedRow | null>`(select json_build_object('id', p.id, 'number', p.number, 'hidden', p.hidden, 'deleted', p.deleted_at is not null, 'bodyHtml', p.body_html, 'username', pr.username, 'avatarUrl', pr.avatar_url) from ${posts} p left join ${profiles} pr on pr.id = p.author_id where p.id = ${threads.acceptedPostId})`,
        moveTargets: canMove
          ? sql<
              MoveTarget[]
            >`coalesce((select json_agg(json_build_object('slug', f.slug, 'titleEs', f.title_es, 'titleEn', f.title_en, 'categoryEs', c.title_es, 'categoryEn', c.title_en) order by c.position, f.position, f.slug) from ${forums} f join ${forumCategories} c on c.id = f.category_id), '[]'::json)`
          : sql<MoveTarget[]>`'[]'::json`,
        lastRead: lastReadColumn(signedIn ? viewerId : null),
      })
      .from(threads)
      .innerJoin(forums, eq(forums.id, threads.forumId))
      .innerJoin(forumCategories, eq(forumCategories.id, forums.categoryId))
      .leftJoin(profiles, eq(profiles.id, threads.authorId))
      .where(and(eq(forums.slug, sql.placeholder("forumSlug")), eq(threads.slug, sql.placeholder("threadSlug"))))
      .limit(1)
      .prepare(name),
  );
}

/** One page of posts with their authors, revision counts and (signed in) the viewer's likes, prepared per variant. */
function postsStatement(db: Database, signedIn: boolean) {
  const viewerId = sql.placeholder("viewerId");
  return prepared(db, `thread_page_posts_${signedIn ? "member" : "visitor"}`, (name) =>
    db
      .select({
        id: posts.id,
        number: posts.number,
        authorId: posts.authorId,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        bodyMd: posts.bodyMd,
        bodyHtml: posts.bodyHtml,
        hidden: posts.hidden,
        deletedAt: posts.deletedAt,
        likeCount: posts.likeCount,
        editedAt: posts.editedAt,
        createdAt: posts.createdAt,
        liked: signedIn ? sql<boolean>`(${postLikes.userId} is not null)` : sql<boolean>`false`,
        revisionCount: sql<number>`(select count(*)::int from ${postRevisions} r where r.post_id = ${posts.id})`,
      })
      .from(posts)
      .leftJoin(profiles, eq(profiles.id, posts.authorId))
      .leftJoin(postLikes, signedIn ? and(eq(postLikes.postId, posts.id), eq(postLikes.userId, viewerId)) : sql`false`)
      .where(eq(posts.threadId, sql.placeholder("threadId")))
      .orderBy(asc(posts.number))
      .limit(PAGE_SIZE)
      .offset(sql.placeholder("offset"))
      .prepare(name),
  );
}
