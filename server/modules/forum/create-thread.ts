import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { forums, forumTags, posts, threadFollows, threads, threadTags } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned, checkPostingLimits, lockAuthor } from "./guards";
import { bodyField, slugField, tagsField, titleField } from "./input";
import { assertCan } from "./policy";
import { freeThreadSlug, threadSlug } from "./slug";
import { markRead } from "./read-marks";

const createThreadInput = z.object({ forumSlug: slugField, title: titleField, body: bodyField, tags: tagsField });
export type CreateThreadInput = z.input<typeof createThreadInput>;
export type CreatedThread = { threadId: string; postId: string; forumSlug: string; slug: string };

/**
 * Starts a thread in a forum: the thread, its opening post, its tags, the forum's counters and last activity,
 * and the author following it, all in one transaction. The slug comes from the title and is unique in the
 * forum ("-2", "-3"…), also when several people start a thread with the same title at once.
 */
export async function createThread(
  deps: Pick<ForumDeps, "db" | "settings" | "events" | "renderMarkdown" | "now">,
  actor: Actor,
  input: unknown,
): Promise<CreatedThread> {
  assertCan(actor, "thread.create");
  const data = parseInput(createThreadInput, input);
  const now = deps.now();
  const limits = await deps.settings.get("forum_posting_limits");
  const rendered = await deps.renderMarkdown(data.body);
  const tagSlugs = [...new Set(data.tags)];
  const events = new PendingEvents();

  const created = await deps.db.transaction(async (tx) => {
    const me = await lockAuthor(tx, actor.userId);
    await assertNotBanned(tx, actor.userId, now);
    const [forum] = await tx.select({ id: forums.id, slug: forums.slug }).from(forums).where(eq(forums.slug, data.forumSlug)).limit(1);
    if (!forum) throw new DomainError("not_found");
    const tags = tagSlugs.length ? await tx.select({ id: forumTags.id }).from(forumTags).where(inArray(forumTags.slug, tagSlugs)) : [];
    if (tags.length !== tagSlugs.length) throw new DomainError("forum.tag_unknown");
    await checkPostingLimits(tx, actor, me, "thread", data.body, limits, now);

    const threadId = randomUUID();
    const postId = randomUUID();
    const base = threadSlug(data.title);
    let slug: string | null = null;
    // Another transaction may take the same free slug at the same moment: the unique index decides, and the
    // loser (whose insert does nothing) looks for the next free one.
    for (let attempt = 0; attempt < 50 && !slug; attempt++) {
      const candidate = await freeThreadSlug(tx, forum.id, base);
      const inserted = await tx
        .insert(threads)
        .values({
          id: threadId,
          forumId: forum.id,
          authorId: actor.userId,
          title: data.title,
          slug: candidate,
          firstPostId: postId,
          lastPostId: postId,
          lastActivityAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [threads.forumId, threads.slug] })
        .returning({ id: threads.id });
      if (inserted.length) slug = candidate;
    }
    if (!slug) throw new Error("no free thread slug after 50 attempts");

    await tx
      .insert(posts)
      .values({ id: postId, threadId, authorId: actor.userId, number: 1, bodyMd: data.body, bodyHtml: rendered.html, createdAt: now });
    if (tags.length) await tx.insert(threadTags).values(tags.map((t) => ({ threadId, tagId: t.id })));
    await tx.insert(threadFollows).values({ threadId, userId: actor.userId, createdAt: now }).onConflictDoNothing();
    await markRead(tx, actor.userId, threadId, 1, now);
    await tx
      .update(forums)
      .set({
        threadCount: sql`${forums.threadCount} + 1`,
        postCount: sql`${forums.postCount} + 1`,
        lastActivityAt: now,
        lastThreadId: threadId,
      })
      .where(eq(forums.id, forum.id));
    events.add("thread.created", {
      threadId,
      forumId: forum.id,
      postId,
      authorId: actor.userId,
      title: data.title,
      mentions: rendered.mentions,
      at: now,
    });
    return { threadId, postId, forumSlug: forum.slug, slug };
  });
  await deps.events.publishAll(events.list);
  return created;
}
