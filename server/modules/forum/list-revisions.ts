import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { postRevisions, posts, profiles, threads } from "#server/db/schema";
import type { Actor } from "#server/modules/accounts/actor";
import { DomainError } from "#server/modules/errors";
import { parseInput, type ForumDeps } from "./deps";
import { idField } from "./input";
import { can } from "./policy";

const listRevisionsInput = z.object({ postId: idField });

export type PostRevision = { id: number; bodyMd: string; editedBy: { id: string; username: string } | null; createdAt: Date };

/** A post's edit history, newest first: visible to whoever can read the post (not for deleted posts). */
export async function listRevisions(
  deps: Pick<ForumDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ postId: string; current: string; revisions: PostRevision[] }> {
  const { postId } = parseInput(listRevisionsInput, input);
  const [post] = await deps.db
    .select({ id: posts.id, bodyMd: posts.bodyMd, hidden: posts.hidden, deletedAt: posts.deletedAt, threadHidden: threads.hidden })
    .from(posts)
    .innerJoin(threads, eq(threads.id, posts.threadId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post || post.deletedAt || ((post.hidden || post.threadHidden) && !can(actor, "forum.view_hidden")))
    throw new DomainError("not_found");
  const rows = await deps.db
    .select({
      id: postRevisions.id,
      bodyMd: postRevisions.bodyMd,
      editedById: postRevisions.editedBy,
      username: profiles.username,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .leftJoin(profiles, eq(profiles.id, postRevisions.editedBy))
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id));
  return {
    postId,
    current: post.bodyMd,
    revisions: rows.map((r) => ({
      id: r.id,
      bodyMd: r.bodyMd,
      editedBy: r.editedById && r.username ? { id: r.editedById, username: r.username } : null,
      createdAt: r.createdAt,
    })),
  };
}
