import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { forumCategories, forums, forumTags, postLikes, posts, threadFollows, threads, threadTags, userBans } from "#server/db/schema";
import { renderMarkdown } from "#server/modules/forum/markdown";
import { threadSlug } from "#server/modules/forum/slug";

/**
 * Forum factories shared by the tests and the demo seed. They write rows directly (no posting limits) and keep
 * the counters that the operations keep: forum thread/post counts and last activity, thread replies and likes.
 */
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

export type CategorySpec = {
  slug?: string;
  titleEs?: string;
  titleEn?: string;
  descriptionEs?: string;
  descriptionEn?: string;
  position?: number;
};
export async function createCategory(db: Database, spec: CategorySpec = {}) {
  const slug = spec.slug ?? `cat-${next()}`;
  const [row] = await db
    .insert(forumCategories)
    .values({
      id: randomUUID(),
      slug,
      titleEs: spec.titleEs ?? `Categoría ${slug}`,
      titleEn: spec.titleEn ?? `Category ${slug}`,
      descriptionEs: spec.descriptionEs ?? "",
      descriptionEn: spec.descriptionEn ?? "",
      position: spec.position ?? 0,
    })
    .returning();
  return row;
}

export type ForumSpec = CategorySpec & { categoryId: string };
export async function createForum(db: Database, spec: ForumSpec) {
  const slug = spec.slug ?? `forum-${next()}`;
  const [row] = await db
    .insert(forums)
    .values({
      id: randomUUID(),
      categoryId: spec.categoryId,
      slug,
      titleEs: spec.titleEs ?? `Foro ${slug}`,
      titleEn: spec.titleEn ?? `Forum ${slug}`,
      descriptionEs: spec.descriptionEs ?? "",
      descriptionEn: spec.descriptionEn ?? "",
      position: spec.position ?? 0,
    })
    .returning();
  return row;
}

export async function createTag(db: Database, spec: { slug?: string; nameEs?: string; nameEn?: string } = {}) {
  const slug = spec.slug ?? `tag-${next()}`;
  const [row] = await db
    .insert(forumTags)
    .values({ id: randomUUID(), slug, nameEs: spec.nameEs ?? slug, nameEn: spec.nameEn ?? slug })
    .returning();
  return row;
}

export type ReplySpec = { authorId: string; body: string; at?: Date; likedBy?: string[] };
export type ThreadSpec = {
  forumId: string;
  authorId: string;
  title?: string;
  slug?: string;
  body?: string;
  at?: Date;
  tags?: string[];
  pinned?: boolean;
  locked?: boolean;
  hidden?: boolean;
  likedBy?: string[];
  replies?: ReplySpec[];
  /** Markdown to HTML for the stored posts (the real renderer, without mention links, by default). */
  render?: (md: string) => { html: string };
};

/** A thread with its opening post, replies (one minute apart unless dated) and likes, counters included. */
export async function createThreadWithPosts(db: Database, spec: ThreadSpec) {
  const render = spec.render ?? ((md: string) => renderMarkdown(md));
  const title = spec.title ?? `Thread ${next()}`;
  const at = spec.at ?? new Date();
  const threadId = randomUUID();
  const all: Array<ReplySpec & { at: Date }> = [
    { authorId: spec.authorId, body: spec.body ?? `Opening post of ${title}`, at, likedBy: spec.likedBy },
    ...(spec.replies ?? []).map((r, i) => ({ ...r, at: r.at ?? new Date(at.getTime() + (i + 1) * 60_000) })),
  ];
  const postRows = all.map((p, i) => ({
    id: randomUUID(),
    threadId,
    authorId: p.authorId,
    number: i + 1,
    bodyMd: p.body,
    bodyHtml: render(p.body).html,
    likeCount: p.likedBy?.length ?? 0,
    createdAt: p.at,
  }));
  const last = postRows[postRows.length - 1];
  await db.insert(threads).values({
    id: threadId,
    forumId: spec.forumId,
    authorId: spec.authorId,
    title,
    slug: spec.slug ?? threadSlug(title),
    firstPostId: postRows[0].id,
    lastPostId: last.id,
    pinned: spec.pinned ?? false,
    locked: spec.locked ?? false,
    hidden: spec.hidden ?? false,
    replyCount: postRows.length - 1,
    likeCount: postRows.reduce((n, p) => n + p.likeCount, 0),
    lastActivityAt: last.createdAt,
    createdAt: at,
    updatedAt: last.createdAt,
  });
  await db.insert(posts).values(postRows);
  const likes = all.flatMap((p, i) => (p.likedBy ?? []).map((userId) => ({ postId: postRows[i].id, userId, createdAt: p.at })));
  if (likes.length) await db.insert(postLikes).values(likes);
  if (spec.tags?.length) {
    const tagRows = await db.select({ id: forumTags.id }).from(forumTags).where(inArray(forumTags.slug, spec.tags));
    await db.insert(threadTags).values(tagRows.map((t) => ({ threadId, tagId: t.id })));
  }
  const followers = [...new Set(all.map((p) => p.authorId))];
  await db
    .insert(threadFollows)
    .values(followers.map((userId) => ({ threadId, userId })))
    .onConflictDoNothing();
  await db
    .update(forums)
    .set({
      threadCount: sql`${forums.threadCount} + 1`,
      postCount: sql`${forums.postCount} + ${postRows.length}`,
      lastActivityAt: sql`greatest(${forums.lastActivityAt}, ${last.createdAt.toISOString()}::timestamptz)`,
      lastThreadId: sql`case when ${forums.lastActivityAt} is null or ${forums.lastActivityAt} <= ${last.createdAt.toISOString()}::timestamptz then ${threadId} else ${forums.lastThreadId} end`,
    })
    .where(eq(forums.id, spec.forumId));
  return { id: threadId, slug: spec.slug ?? threadSlug(title), title, posts: postRows.map((p) => ({ id: p.id, number: p.number })) };
}

export async function banUser(
  db: Database,
  userId: string,
  spec: { reason?: string; until?: Date | null; liftedAt?: Date | null; bannedBy?: string } = {},
) {
  const [row] = await db
    .insert(userBans)
    .values({
      id: randomUUID(),
      userId,
      reason: spec.reason ?? "Spam",
      until: spec.until ?? null,
      liftedAt: spec.liftedAt ?? null,
      bannedBy: spec.bannedBy ?? null,
    })
    .returning();
  return row;
}
