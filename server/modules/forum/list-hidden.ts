import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { forums, posts, profiles, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { PAGE_SIZE, pageNumber, parseInput, type ForumDeps } from "./deps";
import { excerpt, EXCERPT_LENGTH } from "./list-reports";
import { assertCan } from "./policy";

const listHiddenInput = z.object({
  kind: z.enum(["thread", "post"]).default("thread").catch("thread"),
  page: z.unknown().optional(),
});
export type ListHiddenInput = z.input<typeof listHiddenInput>;

export type HiddenItem = {
  kind: "thread" | "post";
  id: string;
  number: number | null;
  excerpt: string;
  author: { id: string; username: string | null } | null;
  thread: { id: string; title: string; slug: string; forumSlug: string };
  at: Date;
};

/**
 * Hidden content for moderators (to publish again): hidden threads, or hidden posts of visible or hidden
 * threads (deleted posts left out), latest first, 20 per page; plus both totals for the tabs.
 */
export async function listHidden(deps: Pick<ForumDeps, "db">, actor: Actor, input: unknown) {
  assertCan(actor, "hidden.list");
  const data = parseInput(listHiddenInput, input);
  const page = pageNumber(data.page);
  const offset = (page - 1) * PAGE_SIZE;
  const db = deps.db;
  const [threadTotal] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(eq(threads.hidden, true));
  const [postTotal] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.hidden, true), isNull(posts.deletedAt)));
  const totals = { threads: threadTotal.n, posts: postTotal.n };

  let items: HiddenItem[];
  if (data.kind === "thread") {
    const rows = await db
      .select({
        id: threads.id,
        title: threads.title,
        slug: threads.slug,
        forumSlug: forums.slug,
        authorId: threads.authorId,
        authorName: profiles.username,
        at: threads.updatedAt,
        bodyMd: sql<string>`coalesce((select left(p.body_md, ${EXCERPT_LENGTH + 1}) from ${posts} p where p.id = ${threads.firstPostId}), '')`,
      })
      .from(threads)
      .innerJoin(forums, eq(forums.id, threads.forumId))
      .leftJoin(profiles, eq(profiles.id, threads.authorId))
      .where(eq(threads.hidden, true))
      .orderBy(desc(threads.updatedAt), desc(threads.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    items = rows.map((r) => ({
      kind: "thread",
      id: r.id,
      number: null,
      excerpt: excerpt(r.bodyMd),
      author: r.authorId ? { id: r.authorId, username: r.authorName } : null,
      thread: { id: r.id, title: r.title, slug: r.slug, forumSlug: r.forumSlug },
      at: r.at,
    }));
  } else {
    const rows = await db
      .select({
        id: posts.id,
        number: posts.number,
        bodyMd: sql<string>`left(${posts.bodyMd}, ${EXCERPT_LENGTH + 1})`,
        authorId: posts.authorId,
        authorName: profiles.username,
        at: posts.createdAt,
        threadId: threads.id,
        title: threads.title,
        slug: threads.slug,
        forumSlug: forums.slug,
      })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .innerJoin(forums, eq(forums.id, threads.forumId))
      .leftJoin(profiles, eq(profiles.id, posts.authorId))
      .where(and(eq(posts.hidden, true), isNull(posts.deletedAt)))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(PAGE_SIZE)
      .offset(offset);
    items = rows.map((r) => ({
      kind: "post",
      id: r.id,
      number: r.number,
      excerpt: excerpt(r.bodyMd),
      author: r.authorId ? { id: r.authorId, username: r.authorName } : null,
      thread: { id: r.threadId, title: r.title, slug: r.slug, forumSlug: r.forumSlug },
      at: r.at,
    }));
  }
  const total = data.kind === "thread" ? totals.threads : totals.posts;
  return {
    kind: data.kind,
    items,
    counts: { threads: totals.threads, posts: totals.posts },
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
