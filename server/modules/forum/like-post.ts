import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { postLikes, posts, threads } from "#server/db/schema";
import { PendingEvents } from "#server/platform/events";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned } from "./guards";
import { idField } from "./input";
import { loadVisiblePost } from "./load-post";
import { assertCan } from "./policy";

const likeInput = z.object({ postId: idField });
export type LikeInput = z.input<typeof likeInput>;
export type LikeResult = { postId: string; number: number; liked: boolean; changed: boolean; likeCount: number };

/**
 * Likes a post (one like per person per post, never one's own). Liking twice changes nothing. The like row's
 * primary key decides between concurrent likes, and the counters move by one only when a row was inserted,
 * as atomic increments: `like_count` stays equal to the number of rows whatever the concurrency.
 */
export async function likePost(deps: Pick<ForumDeps, "db" | "events" | "now">, actor: Actor, input: unknown): Promise<LikeResult> {
  assertCan(actor, "forum.write");
  const { postId } = parseInput(likeInput, input);
  const now = deps.now();
  const events = new PendingEvents();
  const result = await deps.db.transaction(async (tx) => {
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadVisiblePost(tx, actor, postId);
    assertCan(actor, "post.like", { authorId: post.authorId });
    const inserted = await tx
      .insert(postLikes)
      .values({ postId: post.id, userId: actor.userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    if (!inserted.length) {
      const [row] = await tx.select({ likeCount: posts.likeCount }).from(posts).where(eq(posts.id, post.id));
      return { postId: post.id, number: post.number, liked: true, changed: false, likeCount: row.likeCount };
    }
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + 1` })
      .where(eq(posts.id, post.id))
      .returning({ likeCount: posts.likeCount });
    await tx
      .update(threads)
      .set({ likeCount: sql`${threads.likeCount} + 1` })
      .where(eq(threads.id, post.threadId));
    events.add("like.given", { postId: post.id, threadId: post.threadId, userId: actor.userId, postAuthorId: post.authorId, at: now });
    return { postId: post.id, number: post.number, liked: true, changed: true, likeCount: row.likeCount };
  });
  await deps.events.publishAll(events.list);
  return result;
}
