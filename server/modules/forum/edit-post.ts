import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { postRevisions, posts, threads, threadSlugHistory } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { parseInput, type ForumDeps } from "./deps";
import { assertNotBanned, lockAuthor } from "./guards";
import { bodyField, idField, titleField } from "./input";
import { loadPostForUpdate } from "./load-post";
import { assertCan } from "./policy";
import { freeThreadSlug, threadSlug } from "./slug";

const editPostInput = z.object({ postId: idField, body: bodyField, title: titleField.optional() });
export type EditPostInput = z.input<typeof editPostInput>;
export type EditedPost = { postId: string; threadId: string; changed: boolean; slug: string };

/**
 * Edits a post: its author (unless the thread is locked) or a moderator. The previous text is kept in
 * post_revisions. Editing the opening post may also change the thread's title; the slug follows the title and
 * the old one is kept in thread_slug_history, so old links redirect.
 */
export async function editPost(deps: Pick<ForumDeps, "db" | "renderMarkdown" | "now">, actor: Actor, input: unknown): Promise<EditedPost> {
  assertCan(actor, "forum.write");
  const data = parseInput(editPostInput, input);
  const now = deps.now();
  // Rendered before the transaction: mentions are looked up, and PGlite runs one statement at a time.
  const rendered = await deps.renderMarkdown(data.body);
  return deps.db.transaction(async (tx) => {
    await lockAuthor(tx, actor.userId);
    await assertNotBanned(tx, actor.userId, now);
    const post = await loadPostForUpdate(tx, actor, data.postId);
    assertCan(actor, "post.edit", { authorId: post.authorId, locked: post.locked });

    const newTitle = post.number === 1 && data.title !== undefined && data.title !== post.title ? data.title : null;
    const bodyChanged = data.body !== post.bodyMd;
    if (!bodyChanged && !newTitle) return { postId: post.id, threadId: post.threadId, changed: false, slug: post.slug };

    if (bodyChanged) {
      await tx.insert(postRevisions).values({ postId: post.id, bodyMd: post.bodyMd, editedBy: actor.userId, createdAt: now });
      await tx.update(posts).set({ bodyMd: data.body, bodyHtml: rendered.html, editedAt: now }).where(eq(posts.id, post.id));
    }
    let slug = post.slug;
    if (newTitle) {
      const base = threadSlug(newTitle);
      // A title that gives the same words keeps its slug (also "name-2" when it had to be numbered).
      if (post.slug !== base && !new RegExp(`^${base.replace(/[-]/g, "\\-")}-\\d+$`).test(post.slug)) {
        slug = await freeThreadSlug(tx, post.forumId, base, post.threadId);
        await tx
          .insert(threadSlugHistory)
          .values({ forumId: post.forumId, slug: post.slug, threadId: post.threadId, createdAt: now })
          .onConflictDoNothing();
        // Going back to an earlier title: that slug is current again, not a redirect.
        await tx
          .delete(threadSlugHistory)
          .where(
            and(
              eq(threadSlugHistory.forumId, post.forumId),
              eq(threadSlugHistory.slug, slug),
              eq(threadSlugHistory.threadId, post.threadId),
            ),
          );
      }
      await tx.update(threads).set({ title: newTitle, slug, updatedAt: now }).where(eq(threads.id, post.threadId));
    }
    return { postId: post.id, threadId: post.threadId, changed: true, slug };
  });
}
