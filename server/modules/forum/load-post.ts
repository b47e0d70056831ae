import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { posts, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { can } from "./policy";

/**
 * A post and its thread, both rows locked for the rest of the transaction. Deleted posts, and posts the actor
 * cannot see (hidden, or in a hidden thread), are `not_found`.
 */
export async function loadPostForUpdate(tx: Pick<Database, "select">, actor: Actor, postId: string) {
  return loadPost(tx, actor, postId, true);
}

/**
 * The same without locking the rows (likes, reports: their own unique keys and atomic counter updates keep
 * them right, and concurrent likes of one post need not wait for each other's transaction).
 */
export async function loadVisiblePost(tx: Pick<Database, "select">, actor: Actor, postId: string) {
  return loadPost(tx, actor, postId, false);
}

async function loadPost(tx: Pick<Database, "select">, actor: Actor, postId: string, forUpdate: boolean) {
  const query = tx
    .select({
      id: posts.id,
      number: posts.number,
      authorId: posts.authorId,
      bodyMd: posts.bodyMd,
      hidden: posts.hidden,
      deletedAt: posts.deletedAt,
      threadId: threads.id,
      forumId: threads.forumId,
      threadAuthorId: threads.authorId,
      title: threads.title,
      slug: threads.slug,
      locked: threads.locked,
      threadHidden: threads.hidden,
      acceptedPostId: threads.acceptedPostId,
    })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(eq(posts.id, postId))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row || row.deletedAt || ((row.hidden || row.threadHidden) && !can(actor, "forum.view_hidden"))) throw new DomainError("not_found");
  return row;
}
