import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { forums, posts, threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned, lockAuthor } from "./guards";
import { idField } from "./input";
import { loadPostForUpdate } from "./load-post";
import { assertCan } from "./policy";

const deletePostInput = z.object({ postId: idField });

/**
 * Soft-deletes a post (deletedAt, deletedBy): pages show a trace in its place and the counters drop. Its
 * author may delete it (not the opening post, not in a locked thread); a moderator may delete any post.
 * Publishes `post.deleted` after the commit (the XP the post earned goes). Deleting the thread's accepted answer
 * leaves the thread unresolved, and its author is told (`answer.withdrawn`).
 */
export async function deletePost(
  deps: Pick<ForumDeps, "db" | "events" | "now">,
  actor: Actor,
  input: unknown,
): Promise<{ postId: string; threadId: string }> {
  assertCan(actor, "forum.write");
  const { postId } = parseInput(deletePostInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await lockAuthor(tx, actor.userId);
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadPostForUpdate(tx, actor, postId);
    assertCan(actor, "post.delete", { authorId: post.authorId, locked: post.locked, firstPost: post.number === 1 });

    await tx.update(posts).set({ deletedAt: now, deletedBy: actor.userId }).where(eq(posts.id, post.id));
    const accepted = post.acceptedPostId === post.id;
    await tx
      .update(threads)
      .set({
        ...(post.number > 1 ? { replyCount: sql`greatest(${threads.replyCount} - 1, 0)` } : {}),
        ...(accepted ? { acceptedPostId: null, resolved: false } : {}),
        updatedAt: now,
      })
      .where(eq(threads.id, post.threadId));
    await tx
      .update(forums)
      .set({ postCount: sql`greatest(${forums.postCount} - 1, 0)` })
      .where(eq(forums.id, post.forumId));
    events.add("post.deleted", {
      postId: post.id,
      threadId: post.threadId,
      authorId: post.authorId,
      number: post.number,
      by: actor.userId,
      at: now,
    });
    if (accepted)
      events.add("answer.withdrawn", {
        threadId: post.threadId,
        postId: post.id,
        threadAuthorId: post.threadAuthorId,
        by: actor.userId,
        cause: "deleted",
        at: now,
      });
    return { postId: post.id, threadId: post.threadId };
  });
  await deps.events.publishAll(events.list);
  return result;
}
