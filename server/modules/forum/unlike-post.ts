import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { postLikes, posts, threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import type { LikeResult } from "./like-post";
import { loadVisiblePost } from "./load-post";
import { assertCan } from "./policy";

const unlikeInput = z.object({ postId: idField });

/**
 * Takes one's like back. Without a like it changes nothing; the counters drop only when a row was deleted,
 * so concurrent unlikes never count twice.
 */
export async function unlikePost(deps: Pick<ForumDeps, "db" | "events" | "now">, actor: Actor, input: unknown): Promise<LikeResult> {
  assertCan(actor, "forum.write");
  const { postId } = parseInput(unlikeInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadVisiblePost(tx, actor, postId);
    assertCan(actor, "post.like", { authorId: post.authorId });
    const deleted = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, post.id), eq(postLikes.userId, actor.userId)))
      .returning({ postId: postLikes.postId });
    if (!deleted.length) {
      const [row] = await tx.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, post.id));
      return { postId: post.id, number: post.number, liked: false, changed: false, likeCount: row.likeCount };
    }
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`greatest(${posts.likeCount} - 1, 0)` })
      .where(eq(posts.id, post.id))
      .returning({ likeCount: posts.likeCount });
    await tx
      .update(threads)
      .set({ likeCount: sql`greatest(${threads.likeCount} - 1, 0)` })
      .where(eq(threads.id, post.threadId));
    events.add("like.removed", { postId: post.id, threadId: post.threadId, userId: actor.userId, postAuthorId: post.authorId, at: now });
    return { postId: post.id, number: post.number, liked: false, changed: true, likeCount: row.likeCount };
  });
  await deps.events.publishAll(events.list);
  return result;
}
