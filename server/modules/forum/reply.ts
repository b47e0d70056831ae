import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { forums, posts, threadFollows, threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { PAGE_SIZE, parseInput, type ForumDeps } from "./deps";
import { assertNotBanned, checkPostingLimits, lockAuthor } from "./guards";
import { bodyField, idField } from "./input";
import { assertCan, can } from "./policy";
import { markRead } from "./read-marks";

const replyInput = z.object({ threadId: idField, body: bodyField });
export type ReplyInput = z.input<typeof replyInput>;
export type CreatedReply = { postId: string; threadId: string; number: number; page: number };

/**
 * Adds a reply to a thread. The thread must exist and be visible; a locked thread takes replies from
 * moderators only. The thread row is locked while the post number is taken, so numbers never collide.
 */
export async function reply(
  deps: Pick<ForumDeps, "db" | "settings" | "events" | "renderMarkdown" | "now">,
  actor: Actor,
  input: unknown,
): Promise<CreatedReply> {
  assertCan(actor, "forum.write");
  const data = parseInput(replyInput, input);
  const now = deps.now();
  const limits = await deps.settings.get("forum_posting_limits");
  const rendered = await deps.renderMarkdown(data.body);
  const events = new PendingEvents();

  const created = await deps.db.transaction(async (tx) => {
    const me = await lockAuthor(tx, actor.userId);
    await assertNotBanned(tx, actor.userId, now);
    const [thread] = await tx
      .select({ id: threads.id, forumId: threads.forumId, authorId: threads.authorId, locked: threads.locked, hidden: threads.hidden })
      .from(threads)
      .where(eq(threads.id, data.threadId))
      .for("update");
    if (!thread || (thread.hidden && !can(actor, "forum.view_hidden"))) throw new DomainError("not_found");
    assertCan(actor, "post.reply", { locked: thread.locked });
    await checkPostingLimits(tx, actor, me, "reply", data.body, limits, now);

    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${posts.number}), 0)::int` })
      .from(posts)
      .where(eq(posts.threadId, thread.id));
    const number = last + 1;
    const postId = randomUUID();
    await tx.insert(posts).values({
      id: postId,
      threadId: thread.id,
      authorId: actor.userId,
      number,
      bodyMd: data.body,
      bodyHtml: rendered.html,
      createdAt: now,
    });
    await tx
      .update(threads)
      .set({ replyCount: sql`${threads.replyCount} + 1`, lastActivityAt: now, lastPostId: postId, updatedAt: now })
      .where(eq(threads.id, thread.id));
    await tx
      .update(forums)
      .set({ postCount: sql`${forums.postCount} + 1`, lastActivityAt: now, lastThreadId: thread.id })
      .where(eq(forums.id, thread.forumId));
    await tx.insert(threadFollows).values({ threadId: thread.id, userId: actor.userId, createdAt: now }).onConflictDoNothing();
    // One's own reply is read: it is never "new since your last visit" for its author.
    await markRead(tx, actor.userId, thread.id, number, now);
    events.add("post.created", {
      postId,
      threadId: thread.id,
      forumId: thread.forumId,
      authorId: actor.userId,
      threadAuthorId: thread.authorId,
      number,
      mentions: rendered.mentions,
      at: now,
    });
    return { postId, threadId: thread.id, number, page: Math.ceil(number / PAGE_SIZE) };
  });
  await deps.events.publishAll(events.list);
  return created;
}
